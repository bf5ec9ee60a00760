import AssetIndex
import AssetResolver
import Foundation
import IconGridCLI
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// `icongrid sheet` over several name spaces: `--target`, and the device and traits options.
@Suite struct SheetTargetTests {
  /// Two catalogs, each with an `icon` set (an app's and its widget's), at 2x.
  static func twoCatalogs() throws -> String {
    let root = TemporaryFolder.make("icongrid-sheet-spaces")
    for (catalog, colour) in [("App.xcassets", UInt8(200)), ("Widget.xcassets", 40)] {
      let set = root + "/\(catalog)/icon.imageset"
      try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
      try PNGEncoder.write(Bitmap(width: 120, height: 120, filling: (colour, 0, 0, 255)), to: set + "/i.png")
      try Data(#"{"images": [{"filename": "i.png", "idiom": "universal", "scale": "2x"}]}"#.utf8)
        .write(to: URL(fileURLWithPath: set + "/Contents.json"))
    }
    return root
  }

  @Test func parsesTargetAndTraits() throws {
    let command = try IconGridCLI.parse([
      "sheet", "in", "-o", "o.png", "--target", "Widget", "--idiom", "watch", "--appearance", "dark",
      "--gamut", "p3",
    ])
    guard case .sheet(let options) = command else {
      Issue.record("not a sheet command")
      return
    }
    #expect(options.target == "Widget")
    #expect(options.traits == TraitRequest(scale: 1, idiom: .watch, appearance: .dark, gamut: .p3))
    #expect(throws: (any Error).self) {
      try IconGridCLI.parse(["sheet", "in", "-o", "o.png", "--appearance", "dim"])
    }
  }

  @Test func aNameInTwoNameSpacesIsDrawnInASectionOfEachOrInTheTargetPicked() throws {
    let root = try Self.twoCatalogs()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/sheet.png"
    let whole = CapturedConsole()
    #expect(
      IconGridCLI.main(
        arguments: ["sheet", root, "-o", output, "--no-labels", "--strict"], console: whole.console)
        == 0)
    #expect(whole.err.isEmpty)
    #expect(whole.out.contains("2 tiles in 2 sections, 0 missing"))
    let picked = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", root, "-o", output, "--no-labels", "--target", "Widget.xcassets", "--strict"],
      console: picked.console)
    #expect(status == 0)
    #expect(picked.err.isEmpty)
    #expect(picked.out.contains("1 tiles in 1 section, 0 missing"))
    let unknown = CapturedConsole()
    #expect(
      IconGridCLI.main(arguments: ["sheet", root, "-o", output, "--target", "Mac"], console: unknown.console)
        == 64)
    #expect(unknown.err.contains("no target or catalog named 'Mac' in \(root)"))
  }
}
