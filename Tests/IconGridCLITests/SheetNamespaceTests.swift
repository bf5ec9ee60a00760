import AssetIndex
import AssetResolver
import ContactSheet
import Foundation
import IconGridCLI
import ImageCore
import ImageDecoding
import PNGCodec
import SheetManifest
import TestSupport
import Testing

/// A folder's sheet over several name spaces: a section per target or catalog, so a name
/// two of them provide is drawn in each instead of as an ambiguous placeholder.
@Suite struct SheetNamespaceTests {
  /// An app and its widget (the shape of NetNewsWire and home-assistant), each target
  /// compiling its own catalog with an `icon` set of its own colour, a catalog no target
  /// compiles with one more `icon`, and a screenshot no target copies.
  static func appAndWidget() throws -> Tree {
    let tree = Tree()
    for (catalog, red) in [
      ("App/Assets.xcassets", UInt8(200)), ("Widget/Assets.xcassets", 40), ("Old.xcassets", 120),
    ] {
      try tree.png("\(catalog)/icon.imageset/i.png", 120, 120, color: (red, 0, 0, 255))
      tree.contents("\(catalog)/icon.imageset", [slot("i.png", scale: "2x")])
    }
    try tree.png("docs/screenshot.png", 50, 50)
    tree.text(
      "P.xcodeproj/project.pbxproj",
      """
      // !$*UTF8*$!
      { archiveVersion = 1; objectVersion = 56; objects = {
        R = { isa = PBXProject; mainGroup = G; targets = ( TA, TW ); };
        G = { isa = PBXGroup; children = ( FA, FW ); sourceTree = "<group>"; };
        FA = { isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = "App/Assets.xcassets"; sourceTree = "<group>"; };
        FW = { isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = "Widget/Assets.xcassets"; sourceTree = "<group>"; };
        BA = { isa = PBXBuildFile; fileRef = FA; };
        BW = { isa = PBXBuildFile; fileRef = FW; };
        PA = { isa = PBXResourcesBuildPhase; files = ( BA ); };
        PW = { isa = PBXResourcesBuildPhase; files = ( BW ); };
        TA = { isa = PBXNativeTarget; name = App; buildPhases = ( PA ); productType = "com.apple.product-type.application"; };
        TW = { isa = PBXNativeTarget; name = Widget; buildPhases = ( PW ); productType = "com.apple.product-type.app-extension"; };
      }; rootObject = R; }
      """)
    return tree
  }

  /// How many pixels of `sheet` are exactly this opaque colour.
  static func count(rgb: (UInt8, UInt8, UInt8), in sheet: Bitmap) -> Int {
    var count = 0
    for offset in stride(from: 0, to: sheet.pixels.count, by: 4)
    where sheet.pixels[offset] == rgb.0 && sheet.pixels[offset + 1] == rgb.1
      && sheet.pixels[offset + 2] == rgb.2
    {
      count += 1
    }
    return count
  }

  static func count(_ red: UInt8, in sheet: Bitmap) -> Int {
    var count = 0
    for offset in stride(from: 0, to: sheet.pixels.count, by: 4)
    where sheet.pixels[offset] == red && sheet.pixels[offset + 1] == 0 && sheet.pixels[offset + 2] == 0
      && sheet.pixels[offset + 3] == 255
    {
      count += 1
    }
    return count
  }

  /// Draws `tree`'s whole sheet without labels under `--strict`, which must succeed silently;
  /// the sheet's path and its JSON summary.
  static func strictSheet(_ tree: Tree) throws -> (output: String, json: [String: Any]) {
    let output = tree.path("sheet.png")
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", tree.root, "-o", output, "--no-labels", "--strict", "--format", "json"],
      console: captured.console)
    #expect(status == 0)
    #expect(captured.err.isEmpty)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [String: Any])
    return (output, json)
  }

  @Test func eachTargetIsASectionAndEveryTileIsDrawn() throws {
    let tree = try Self.appAndWidget()
    let (output, json) = try Self.strictSheet(tree)
    #expect(json["tiles"] as? Int == 3)
    #expect(json["sections"] as? Int == 3)
    #expect(json["missing"] as? [String] == [])
    let parts = try #require(json["namespaces"] as? [[String: Any]])
    #expect(parts.map { $0["title"] as? String } == ["App", "Widget", "Old.xcassets (in no target)"])
    #expect(parts.map { $0["namespace"] as? String } == ["App", "Widget", "Old.xcassets"])
    #expect(parts.map { $0["kind"] as? String } == ["target", "target", "catalog"])
    #expect(parts.map { $0["tiles"] as? Int } == [1, 1, 1])
    #expect(parts.allSatisfy { ($0["missing"] as? [String]) == [] })
    // Each section's `icon` is its own name space's: three colours, each a whole 120-pixel icon.
    let sheet = try PNGDecoder.decode(contentsOf: output)
    #expect(Self.count(200, in: sheet) == 120 * 120)
    #expect(Self.count(40, in: sheet) == 120 * 120)
    #expect(Self.count(120, in: sheet) == 120 * 120)
  }

  @Test func aTargetPickedDrawsOnlyItsOwnTiles() throws {
    let tree = try Self.appAndWidget()
    let output = tree.path("sheet.png")
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", tree.root, "-o", output, "--no-labels", "--target", "Widget", "--format", "json"],
      console: captured.console)
    #expect(status == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [String: Any])
    #expect(json["sections"] as? Int == 1)
    #expect(json["namespaces"] == nil)
    let sheet = try PNGDecoder.decode(contentsOf: output)
    #expect(Self.count(40, in: sheet) == 120 * 120)
    #expect(Self.count(200, in: sheet) == 0)
  }

  @Test func aPlaceholderNamesItsNameSpaceAndLabelsKeepTheAssetName() throws {
    let tree = try Self.appAndWidget()
    try FileManager.default.removeItem(atPath: tree.path("Widget/Assets.xcassets/icon.imageset/i.png"))
    let output = tree.path("sheet.png")
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", tree.root, "-o", output, "--label", "path", "--strict", "--format", "json"],
      console: captured.console)
    #expect(status == 1)
    #expect(captured.err.contains("no icon 'icon (in Widget)'; drew a placeholder"))
    let json = try #require(try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [String: Any])
    #expect(json["missing"] as? [String] == ["icon (in Widget)"])
    let parts = try #require(json["namespaces"] as? [[String: Any]])
    #expect(parts.map { $0["missing"] as? [String] } == [[], ["icon"], []])
    let sheet = try PNGDecoder.decode(contentsOf: output)
    #expect(Self.count(200, in: sheet) == 120 * 120)
    #expect(Self.count(40, in: sheet) == 0)
  }

  /// A Mac app's icon (only `mac` slots, as NetNewsWire's Mac target has) in a section of a
  /// sheet for a generic iOS screen: drawn from its Mac file, with a note and a blue "mac"
  /// tag on the tile, not a placeholder; the same on a sheet asked for an iPhone.
  @Test func aSetForOnlyAMacIsDrawnForTheMac() throws {
    let tree = try Self.appAndWidget()
    try tree.png("App/Assets.xcassets/MacIcon.appiconset/m.png", 64, 64, color: (80, 0, 0, 255))
    tree.contents(
      "App/Assets.xcassets/MacIcon.appiconset", [slot("m.png", idiom: "mac", size: "32x32", scale: "2x")])
    let output = tree.path("sheet.png")
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", tree.root, "-o", output, "--no-labels", "--strict"], console: captured.console)
    #expect(status == 0)
    #expect(captured.err.contains("note: MacIcon (in App) has no iOS variant; drew its mac one"))
    #expect(captured.out.contains("4 tiles in 3 sections, 0 missing"))
    let sheet = try PNGDecoder.decode(contentsOf: output)
    // The 32-point icon in the 60-point box; its tag at the box's corner, beside it.
    let drawn = Self.count(80, in: sheet)
    #expect(drawn == 64 * 64)
    #expect(Self.count(rgb: (0x00, 0x7A, 0xFF), in: sheet) > 20)
    // Asked for an iPhone, the sheet still draws the one file the set has, and says whose.
    let iphone = CapturedConsole()
    let iphoneStatus = IconGridCLI.main(
      arguments: ["sheet", tree.root, "-o", output, "--no-labels", "--idiom", "iphone", "--strict"],
      console: iphone.console)
    #expect(iphoneStatus == 0)
    #expect(iphone.err.contains("note: MacIcon (in App) has no iphone variant; drew its mac one"))
    #expect(Self.count(80, in: try PNGDecoder.decode(contentsOf: output)) == drawn)
  }

  /// Two projects of one file name in different folders, each with a target of one name
  /// (the shape of Wolf3D's `code/iphone/wolf3d.xcodeproj` and `newCode/iphone/wolf3d.xcodeproj`,
  /// or a Flutter app's `ios/Runner.xcodeproj` and `macos/Runner.xcodeproj`): two sections
  /// whose titles tell them apart, each drawing its own project's files, the `icon` both
  /// copy and the `episode` only the second copies.
  @Test func targetsOfOneNameInProjectsOfOneNameAreTwoSections() throws {
    let tree = Tree()
    for (folder, files) in [
      ("old/ios", [("icon", UInt8(200))]), ("new/ios", [("icon", 40), ("episode", 120)]),
    ] {
      for (name, red) in files {
        try tree.png("\(folder)/\(name)@2x.png", 120, 120, color: (red, 0, 0, 255))
      }
      tree.text(
        "\(folder)/Game.xcodeproj/project.pbxproj",
        XcodeProjectFixture(targets: [
          .init(name: "Game", settings: ["SDKROOT": "iphoneos"], resources: files.map { "\($0.0)@2x.png" })
        ]).text)
    }
    let (output, json) = try Self.strictSheet(tree)
    #expect(json["missing"] as? [String] == [])
    let parts = try #require(json["namespaces"] as? [[String: Any]])
    #expect(parts.map { $0["title"] as? String } == ["new/ios/Game/Game", "old/ios/Game/Game"])
    #expect(parts.map { $0["namespace"] as? String } == ["new/ios/Game/Game", "old/ios/Game/Game"])
    #expect(parts.map { $0["tiles"] as? Int } == [2, 1])
    let sheet = try PNGDecoder.decode(contentsOf: output)
    #expect(Self.count(200, in: sheet) == 120 * 120)
    #expect(Self.count(40, in: sheet) == 120 * 120)
    #expect(Self.count(120, in: sheet) == 120 * 120)
    // The check's note on what each target requires names each by its own id too.
    let check = icongrid("check", tree.root)
    #expect(check.out.contains("target new/ios/Game/Game: iPhone"))
    #expect(check.out.contains("target old/ios/Game/Game: iPhone"))
  }

  /// One name space: the flat sheet, byte for byte what the renderer draws for the
  /// folder's names without sections.
  @Test func oneNameSpaceKeepsTheFlatSheet() throws {
    let tree = Tree()
    for (name, red) in [("a", UInt8(200)), ("b", 40)] {
      try tree.png("Only.xcassets/\(name).imageset/i.png", 120, 120, color: (red, 0, 0, 255))
      tree.contents("Only.xcassets/\(name).imageset", [slot("i.png", scale: "2x")])
    }
    let output = tree.path("out/sheet.png")
    try FileManager.default.createDirectory(atPath: tree.path("out"), withIntermediateDirectories: true)
    let captured = CapturedConsole()
    #expect(
      IconGridCLI.main(
        arguments: ["sheet", tree.path("Only.xcassets"), "-o", output, "--no-labels", "--format", "json"],
        console: captured.console) == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [String: Any])
    #expect(json["sections"] as? Int == 1)
    #expect(json["namespaces"] == nil)
    let library = try AssetLibrary(root: tree.path("Only.xcassets"), loader: FormatLoader())
    let content = SheetContent(assetNames: ["a", "b"])
    let layout = try SheetLayout(content: content, options: SheetLayoutOptions())
    var style = SheetStyle()
    style.showLabels = false
    let expected = tree.path("out/expected.png")
    _ = try SheetRenderer(
      content: content, layout: layout, style: style, dataSource: AssetLibrarySource(library)
    ).write(to: expected)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: output)) == Data(contentsOf: URL(fileURLWithPath: expected)))
  }
}
