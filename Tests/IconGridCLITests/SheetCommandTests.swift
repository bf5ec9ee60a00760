import ContactSheet
import Foundation
import IconGridCLI
import ImageCore
import PNGCodec
import Synchronization
import TestSupport
import Testing

@Suite("icongrid sheet")
struct SheetCommandTests {
  /// A folder with `mail` at 1x and 2x, and `maps` at 1x only.
  static func assetFolder() throws -> String {
    let path = TemporaryFolder.make("icongrid-sheet")
    try PNGEncoder.write(Bitmap(width: 60, height: 60, filling: (0, 0, 255, 255)), to: path + "/mail.png")
    try PNGEncoder.write(
      Bitmap(width: 120, height: 120, filling: (0, 0, 255, 255)), to: path + "/mail@2x.png")
    try PNGEncoder.write(Bitmap(width: 60, height: 60, filling: (0, 255, 0, 255)), to: path + "/maps.png")
    return path
  }

  @Test func parsesDefaultsAndOptions() throws {
    let command = try IconGridCLI.parse(["sheet", "apps.plist", "-o", "out.png"])
    #expect(command == .sheet(SheetOptions(input: "apps.plist", output: "out.png")))
    let custom = try IconGridCLI.parse([
      "sheet", "in", "--output", "o.png", "--columns", "5", "--tile", "100x120", "--icon", "72", "--width",
      "700",
      "--scale", "3", "--background", "#000000", "--label-color", "#FFFFFF", "--no-labels", "--format",
      "json",
      "--strict", "--title", "Hello", "--font-size", "14",
    ])
    guard case .sheet(let options) = custom else {
      Issue.record("not a sheet command")
      return
    }
    #expect(options.layout.columns == 5)
    #expect(options.layout.tileWidth == 100 && options.layout.tileHeight == 120)
    #expect(options.layout.iconBox == 72)
    #expect(options.layout.width == .points(700))
    #expect(options.layout.scale == 3)
    #expect(options.layout.title == "Hello")
    #expect(options.layout.fontSize == 14)
    #expect(options.style.background.description == "#000000")
    #expect(!options.style.showLabels)
    #expect(options.strict && options.format == .json)
  }

  static let badCommandLines: [([String], String)] = [
    (["sheet", "in"], "no output given"),
    (["sheet", "-o", "o.png"], "no INPUT given"),
    (["sheet", "in", "-o", "o.png", "--width", "400", "--margin", "8"], "either --width or --margin"),
    (["sheet", "in", "-o", "o.png", "--tile", "80"], "--tile expects WxH"),
    (["sheet", "in", "-o", "o.png", "--scale", "4"], "--scale expects a whole number from 1 to 3"),
    (["sheet", "in", "-o", "o.png", "--background", "red"], "--background expects #RRGGBB"),
    (["sheet", "in", "-o", "o.png", "--icon", "100"], "must fit"),
    (["sheet", "in", "-o", "o.png", "--colums", "3"], "did you mean '--columns'?"),
    (["sheet", "in", "-o", "o.png", "--label", "title"], "--label expects name, path or manifest"),
  ]

  @Test(arguments: [("name", SheetLabelSource.name), ("path", .path), ("manifest", .manifest)])
  func parsesLabelSources(text: String, source: SheetLabelSource) throws {
    let command = try IconGridCLI.parse(["sheet", "in", "-o", "o.png", "--label", text])
    guard case .sheet(let options) = command else {
      Issue.record("not a sheet command")
      return
    }
    #expect(options.label == source)
  }

  @Test func manifestLabelsOfAFolderAreAUsageError() throws {
    let folder = try Self.assetFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", folder, "-o", folder + "/out.png", "--label", "manifest"],
      console: captured.console)
    #expect(status == 64)
    #expect(captured.err.contains("--label manifest needs a manifest"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/out.png"))
  }

  @Test(arguments: badCommandLines)
  func badCommandLinesExit64(arguments: [String], message: String) {
    let captured = CapturedConsole()
    #expect(IconGridCLI.main(arguments: arguments, console: captured.console) == 64)
    #expect(captured.err.contains(message))
  }

  @Test func folderInputWithJSONSummary() throws {
    let folder = try Self.assetFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let output = folder + "/out/sheet.png"
    try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", folder, "-o", output, "--format", "json", "--columns", "2", "--margin", "10"],
      console: captured.console)
    #expect(status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [String: Any])
    #expect(json["output"] as? String == output)
    #expect(json["width"] as? Int == (2 * 80 + 3 * 10) * 2)
    #expect(json["height"] as? Int == (10 + 90 + 10) * 2)
    #expect(json["scale"] as? Int == 2)
    #expect(json["tiles"] as? Int == 2)
    #expect(json["sections"] as? Int == 1)
    #expect(json["missing"] as? [String] == [])
    #expect(json["fallbacks"] as? [String] == ["maps"])
    #expect(captured.err.contains("icon 'maps' has no @2x file"))
    let sheet = try PNGDecoder.decode(contentsOf: output)
    #expect(sheet.width == 380 && sheet.height == 220)
  }

  /// A tile drawn from another device's file is listed in the JSON with that device.
  @Test func jsonListsTilesDrawnFromAnotherDevicesFile() throws {
    let tree = Tree()
    try tree.png("A.xcassets/Shelf.imageset/t.png", 60, 30)
    tree.contents("A.xcassets/Shelf.imageset", [slot("t.png", idiom: "tv", scale: "2x")])
    try tree.png("A.xcassets/Plain.imageset/p.png", 40, 40)
    tree.contents("A.xcassets/Plain.imageset", [slot("p.png", scale: "2x")])
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", tree.root, "-o", tree.path("s.png"), "--format", "json"], console: captured.console
    )
    #expect(status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [String: Any])
    let drawnFor = try #require(json["drawnFor"] as? [[String: String]])
    #expect(drawnFor.count == 1)
    #expect(drawnFor.first?["device"] == "tv")
    #expect(drawnFor.first?["icon"]?.hasSuffix("Shelf") == true)
  }

  @Test func brokenManifestExits65AndLeavesNoFile() throws {
    let folder = try Self.assetFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(#"[{"name": "Mail", "icon": 12}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/apps.json"))
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", folder + "/apps.json", "-o", folder + "/sheet.png"], console: captured.console)
    #expect(status == 65)
    #expect(captured.err.contains("apps.json: item 0: key 'icon': expected a string"))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("sheet") }
    #expect(left.isEmpty)
  }

  @Test func missingIconsArePlaceholdersAndStrictExits1() throws {
    let folder = try Self.assetFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(#"[{"name": "Mail", "icon": "mail"}, {"name": "Gone", "icon": "gone"}]"#.utf8)
      .write(to: URL(fileURLWithPath: folder + "/apps.json"))
    let relaxed = CapturedConsole()
    #expect(
      IconGridCLI.main(
        arguments: ["sheet", folder + "/apps.json", "-o", folder + "/a.png"], console: relaxed.console)
        == 0)
    #expect(relaxed.err.contains("no icon 'gone'"))
    let strict = CapturedConsole()
    #expect(
      IconGridCLI.main(
        arguments: ["sheet", folder + "/apps.json", "-o", folder + "/b.png", "--strict"],
        console: strict.console)
        == 1)
    #expect(FileManager.default.fileExists(atPath: folder + "/b.png"))
  }

  @Test func missingInputExits66AndUnwritableOutputExits74() throws {
    let captured = CapturedConsole()
    #expect(
      IconGridCLI.main(
        arguments: ["sheet", "/nonexistent/apps.plist", "-o", "/tmp/x.png"], console: captured.console)
        == 66)
    let folder = try Self.assetFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(
      IconGridCLI.main(
        arguments: ["sheet", folder, "-o", "/nonexistent-dir/x.png"], console: captured.console) == 74)
    #expect(captured.err.contains("/nonexistent-dir/x.png"))
  }

  @Test func progressGoesToStderrOnlyWhenAsked() throws {
    let folder = try Self.assetFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The sheet goes beside the folder: inside it, it would be an asset of the next run.
    let output = folder + "-sheet.png"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let quiet = CapturedConsole()
    #expect(IconGridCLI.main(arguments: ["sheet", folder, "-o", output], console: quiet.console) == 0)
    #expect(!quiet.err.contains("tiles"))
    let loud = CapturedConsole()
    let arguments = ["sheet", folder, "-o", output, "--progress"]
    #expect(IconGridCLI.main(arguments: arguments, console: loud.console) == 0)
    #expect(loud.err.contains("sheet: 2/2 tiles"))
    #expect(loud.out.hasPrefix(output + ": 800×244 px at 2x, 2 tiles"))
  }

  @Test func unsafeIconNamesAreRefused() throws {
    let folder = try Self.assetFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(#"[{"name": "Passwords", "icon": "../../etc/passwd"}]"#.utf8)
      .write(to: URL(fileURLWithPath: folder + "/apps.json"))
    let captured = CapturedConsole()
    #expect(
      IconGridCLI.main(
        arguments: ["sheet", folder + "/apps.json", "-o", folder + "/s.png"], console: captured.console)
        == 65)
    #expect(captured.err.contains("outside the assets folder"))
  }
}
