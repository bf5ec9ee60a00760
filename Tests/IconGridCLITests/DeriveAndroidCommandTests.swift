import Foundation
import IconGridCLI
import ImageCore
import PNGCodec
import TestSupport
import Testing

@Suite("icongrid derive: Android density folders on the command line")
struct DeriveAndroidCommandTests {

  /// A launcher icon in every mipmap density, `star` in drawable-xxxhdpi and -hdpi only,
  /// and a nine-patch in xhdpi only.
  private func tree() throws -> Tree {
    let tree = Tree()
    let densities = [("mdpi", 1), ("hdpi", 2), ("xhdpi", 3), ("xxhdpi", 4), ("xxxhdpi", 5)]
    // Each file its own colour, so none is a byte-identical copy of another (android-duplicate).
    for (folder, index) in densities {
      let pixels = 48 * [2, 3, 4, 6, 8][index - 1] / 2
      try tree.png(
        "res/mipmap-\(folder)/ic_launcher.png", pixels, pixels, color: (UInt8(index * 40), 0, 0, 255))
    }
    for (folder, index) in densities.dropLast() {
      let pixels = 24 * [2, 3, 4, 6][index - 1] / 2
      try tree.png("res/drawable-\(folder)/icon.png", pixels, pixels, color: (0, UInt8(index * 40), 0, 255))
    }
    try tree.png("res/drawable-xxxhdpi/star.png", 96, 96, color: (0, 0, 200, 255))
    try tree.png("res/drawable-hdpi/star.png", 36, 36, color: (0, 0, 100, 255))
    try tree.png("res/drawable-xhdpi/bar.9.png", 10, 10)
    return tree
  }

  private func findings(_ tree: Tree) throws -> [(rule: String, path: String, message: String)] {
    let check = icongrid(["check", tree.root, "--format", "json"])
    let object = try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [String: Any]
    return ((object?["findings"] as? [[String: Any]]) ?? []).map {
      ($0["rule"] as? String ?? "", $0["path"] as? String ?? "", $0["message"] as? String ?? "")
    }
  }

  @Test func planNamesDensitiesWriteMakesThemAndCheckThenFindsOnlyTheNinePatch() throws {
    let tree = try tree()
    let before = try findings(tree)
    // hdpi lacks the nine-patch; mdpi and xxhdpi the nine-patch and star; xhdpi star alone.
    #expect(before.count == 4 && before.filter { $0.message.contains("star.png") }.count == 3)
    let plan = icongrid(["derive", tree.root])
    #expect(plan.status == 1)
    #expect(
      plan.out.contains(
        "make   \(tree.root)/res/drawable-mdpi/star.png  24×24 px mdpi  from drawable-xxxhdpi/star.png "
          + "(96×96 px xxxhdpi), a density of its own"))
    #expect(
      plan.out.contains(
        "cannot \(tree.root)/res/drawable-hdpi/bar.9.png hdpi: drawable-xhdpi/bar.9.png is a nine-patch"))
    #expect(plan.out.contains("Plan: 3 to make, 0 exist, 3 cannot be made. Nothing was changed"))
    #expect(!FileManager.default.fileExists(atPath: tree.path("res/drawable-mdpi/star.png")))
    let write = icongrid(["derive", tree.root, "--write"])
    #expect(write.status == 1)
    #expect(write.out.contains("Made 3 files; 0 exist, 3 cannot be made."))
    #expect(try PNGHeader.probe(contentsOf: tree.path("res/drawable-xxhdpi/star.png")).width == 72)
    // The findings derive addressed are gone, and nothing new appears.
    let after = try findings(tree)
    #expect(after.count == 3)
    #expect(after.allSatisfy { found in before.contains { $0.rule == found.rule && $0.path == found.path } })
    #expect(after.allSatisfy { $0.message.hasPrefix("lacks bar.9.png (found in drawable-xhdpi)") })
  }

  @Test func jsonNamesDensitiesAndPlacement() throws {
    let tree = try tree()
    let result = icongrid(["derive", tree.root, "--format", "json"])
    let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    let steps = (object?["steps"] as? [[String: Any]]) ?? []
    let star = try #require(steps.first { $0["target"] as? String == "res/drawable-xhdpi/star.png" })
    #expect(star["density"] as? String == "xhdpi" && star["sourceDensity"] as? String == "xxxhdpi")
    #expect(star["placement"] as? String == "android-resource" && star["width"] as? Int == 48)
    let notes = (object?["notes"] as? [String]) ?? []
    #expect(notes.contains { $0.contains("mipmap-hdpi, mipmap-mdpi, mipmap-xhdpi, … left alone") })
  }
}
