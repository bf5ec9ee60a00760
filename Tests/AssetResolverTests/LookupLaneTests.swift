import AssetIndex
import AssetResolver
import TestSupport
import Testing

@Suite("Lookup lanes")
struct LookupLaneTests {
  @Test(
    "any number of lanes gives the same answers, before and after refresh", arguments: [1, 2, 3, 16, 1000])
  func lanesAgree(lanes: Int) throws {
    let tree = Tree()
    try tree.png("mail.png", width: 60, height: 60)
    try tree.png("mail@3x.png", width: 180, height: 180)
    let library = try AssetLibrary(root: tree.root, lookupLanes: lanes)
    #expect(try library.variant(named: "mail", scale: 2).path == "mail@3x.png")
    try tree.png("mail@2x.png", width: 120, height: 120)
    library.refresh()
    #expect(try library.image(named: "mail", scale: 2).resolution.path == "mail@2x.png")
  }
}
