import AssetIndex
import TestSupport
import Testing

@Suite("Catalog slots keep their appearances")
struct AppearanceTests {
  @Test func darkAndTintedSlotsAreTold() throws {
    let tree = Tree()
    let set = "A.xcassets/AppIcon.appiconset"
    try tree.png(set + "/any.png", width: 8, height: 8)
    try tree.png(set + "/dark.png", width: 8, height: 8)
    tree.text(
      set + "/Contents.json",
      """
      {"images": [
        {"filename": "any.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"},
        {"appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "dark.png",
         "idiom": "universal", "platform": "ios", "size": "1024x1024"},
        {"appearances": [{"appearance": "luminosity", "value": "tinted"}, {"appearance": "contrast", "value": "high"}],
         "idiom": "universal", "platform": "ios", "size": "1024x1024"}
      ]}
      """)
    let catalog = AssetCatalog(root: tree.root)
    let slots = try #require(catalog.sets.first?.slots)
    #expect(
      slots.map(\.appearances) == [
        [:], ["luminosity": "dark"], ["luminosity": "tinted", "contrast": "high"],
      ])
    #expect(catalog.problems.isEmpty)
    // The dark slot shares idiom, scale and size with the default one: not a repeat.
    #expect(catalog.assets.first?.variants.map(\.path) == [set + "/any.png", set + "/dark.png"])
  }
}
