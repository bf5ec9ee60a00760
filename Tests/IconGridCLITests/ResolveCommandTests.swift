import AssetIndex
import AssetResolver
import IconGridCLI
import ImageCore
import PNGCodec
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A folder of icons for `icongrid resolve`: mail at 1x and 2x, a catalog set, a broken set.
final class ResolveFixture {
  let root: String

  init() throws {
    root = TemporaryFolder.make("icongrid-cli-resolve")
    try PNGEncoder.write(Bitmap(width: 30, height: 30, filling: (1, 2, 3, 255)), to: root + "/mail.png")
    try PNGEncoder.write(Bitmap(width: 60, height: 60, filling: (1, 2, 3, 255)), to: root + "/mail@2x.png")
    mkdir(root + "/A.xcassets", 0o755)
    mkdir(root + "/A.xcassets/maps.imageset", 0o755)
    try PNGEncoder.write(
      Bitmap(width: 87, height: 87, filling: (1, 2, 3, 255)), to: root + "/A.xcassets/maps.imageset/m.png")
    write(
      "A.xcassets/maps.imageset/Contents.json",
      #"{"images": [{"idiom": "iphone", "scale": "3x", "filename": "m.png"}]}"#)
  }

  deinit {
    TemporaryFolder.remove(root)
  }

  func write(_ relative: String, _ text: String) {
    let fd = open(root + "/" + relative, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var copy = text
    copy.withUTF8 { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }
}

@Suite struct ResolveCommandTests {
  @Test func parsesEveryOption() throws {
    let command = try IconGridCLI.parse([
      "resolve", "mail", "--in", "Assets", "--scale", "3", "--idiom", "ipad", "--format", "json",
    ])
    guard case .resolve(let options) = command else {
      Issue.record("expected resolve, got \(command)")
      return
    }
    #expect(options.name == "mail")
    #expect(options.root == "Assets")
    #expect(options.scale == 3)
    #expect(options.idiom?.rawValue == "ipad")
    #expect(options.format == .json)
    #expect(!options.list)
    let list = try IconGridCLI.parse(["resolve", "--list", "--in", "Assets"])
    #expect(list == .resolve(ResolveOptions(name: nil, root: "Assets", list: true)))
  }

  @Test(arguments: [
    (["resolve", "mail"], "missing '--in ROOT'"),
    (["resolve", "--in", "x"], "no asset name given"),
    (["resolve", "a", "b", "--in", "x"], "one asset name at a time; got 2"),
    (
      ["resolve", "a", "--in", "x", "--scale", "0"],
      "'--scale' needs a number above 0 and up to 16 (2, 2.625), not '0'"
    ),
    (
      ["resolve", "a", "--in", "x", "--scale", "two"],
      "'--scale' needs a number above 0 and up to 16 (2, 2.625), not 'two'"
    ),
    (
      ["resolve", "a", "--in", "x", "--layout", "flutte"],
      "unknown layout 'flutte'; expected apple, flutter, react-native or android; did you mean 'flutter'?"
    ),
    (
      ["resolve", "a", "--in", "x", "--density", "superhdpi"],
      "'--density' needs ldpi, mdpi, tvdpi, hdpi, xhdpi, xxhdpi, xxxhdpi, nodpi, anydpi or a dpi, not 'superhdpi'"
    ),
    (
      ["resolve", "a", "--in", "x", "--density", "hdpi", "--scale", "2"],
      "give '--scale' or '--density', not both"
    ),
    (["resolve", "a", "--in", "x", "--platform", "web"], "'--platform' needs ios or android, not 'web'"),
    (
      ["resolve", "a", "--in", "x", "--idiom", "iPad"],
      "unknown idiom 'iPad'; expected iphone, ipad, car, watch, mac, tv or vision; did you mean 'ipad'?"
    ),
    (["resolve", "a", "--list", "--in", "x"], "'--list' takes no asset name"),
  ])
  func rejectsBadCommandLines(arguments: [String], message: String) {
    let captured = CapturedConsole()
    let status = IconGridCLI.main(arguments: arguments, console: captured.console)
    #expect(status == 64)
    #expect(captured.err.hasPrefix("icongrid: error: \(message)\n"))
    #expect(captured.out.isEmpty)
  }

  @Test func answersInJSONWithTheDocumentedKeys() throws {
    let fixture = try ResolveFixture()
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["resolve", "mail", "--in", fixture.root, "--scale", "3", "--format", "json"],
      console: captured.console)
    #expect(status == 0)
    #expect(
      captured.out == """
        {
          "name": "mail",
          "requestedScale": 3,
          "scale": 2,
          "idiom": null,
          "path": "\(fixture.root)/mail@2x.png",
          "format": "png",
          "formatMismatch": null,
          "vector": false,
          "pixelWidth": 60,
          "pixelHeight": 60,
          "pointWidth": 30,
          "pointHeight": 30,
          "fallback": true,
          "request": "@3x",
          "slot": null
        }

        """)
    #expect(captured.err.isEmpty)
  }

  @Test func answersInText() throws {
    let fixture = try ResolveFixture()
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["resolve", "maps", "--in", fixture.root, "--scale", "3", "--idiom", "iphone"],
      console: captured.console)
    #expect(status == 0)
    #expect(
      captured.out
        == "maps: \(fixture.root)/A.xcassets/maps.imageset/m.png @3x ~iphone, png, 87×87 px = 29×29 pt; slot: iphone @3x\n"
    )
  }

  @Test func aMissingNameExitsOneWithASuggestion() throws {
    let fixture = try ResolveFixture()
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["resolve", "mial", "--in", fixture.root], console: captured.console)
    #expect(status == 1)
    #expect(captured.out.isEmpty)
    #expect(
      captured.err == "icongrid: error: no asset named \"mial\" in \(fixture.root); did you mean \"mail\"?\n")
  }

  @Test func aMissingRootExitsSixtySix() {
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["resolve", "mail", "--in", "/nonexistent/icongrid"], console: captured.console)
    #expect(status == 66)
    #expect(captured.err == "icongrid: error: /nonexistent/icongrid: no such folder\n")
  }

  @Test func listsEveryAssetWithItsVariants() throws {
    let fixture = try ResolveFixture()
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["resolve", "--list", "--in", fixture.root], console: captured.console)
    #expect(status == 0)
    #expect(
      captured.out == """
        mail\tfiles\t@1x mail.png, @2x mail@2x.png
        maps\tA.xcassets\t@3x iphone A.xcassets/maps.imageset/m.png

        """)
    let json = CapturedConsole()
    _ = IconGridCLI.main(
      arguments: ["resolve", "--list", "--in", fixture.root, "--format", "json"], console: json.console)
    #expect(json.out.contains("\"name\": \"maps\""))
    #expect(json.out.contains("\"source\": \"imageset\""))
    #expect(json.out.contains("\"namespaces\": [\n      \"A.xcassets\"\n    ]"))
    #expect(json.out.contains("\"path\": \"\(fixture.root)/mail@2x.png\""))
  }

  @Test func anAmbiguousNameExitsOneWithItsCandidatesAndTargetPicksOne() throws {
    let fixture = try ResolveFixture()
    // A second catalog with its own "maps", as an app and its widget each have their AppIcon.
    mkdir(fixture.root + "/B.xcassets", 0o755)
    mkdir(fixture.root + "/B.xcassets/maps.imageset", 0o755)
    try PNGEncoder.write(
      Bitmap(width: 20, height: 20, filling: (1, 2, 3, 255)),
      to: fixture.root + "/B.xcassets/maps.imageset/b.png")
    fixture.write(
      "B.xcassets/maps.imageset/Contents.json", #"{"images": [{"idiom": "universal", "filename": "b.png"}]}"#)
    defer {
      unlink(fixture.root + "/B.xcassets/maps.imageset/b.png")
      unlink(fixture.root + "/B.xcassets/maps.imageset/Contents.json")
      rmdir(fixture.root + "/B.xcassets/maps.imageset")
      rmdir(fixture.root + "/B.xcassets")
    }
    let ambiguous = CapturedConsole()
    #expect(
      IconGridCLI.main(arguments: ["resolve", "maps", "--in", fixture.root], console: ambiguous.console) == 1)
    #expect(ambiguous.out.isEmpty)
    #expect(
      ambiguous.err
        == "icongrid: error: asset \"maps\" in \(fixture.root) is ambiguous: 2 name spaces provide it; pick one: "
        + "A.xcassets/maps.imageset (in A.xcassets), B.xcassets/maps.imageset (in B.xcassets)\n")
    let picked = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["resolve", "maps", "--in", fixture.root, "--target", "B.xcassets"], console: picked.console)
    #expect(status == 0)
    #expect(
      picked.out
        == "maps: \(fixture.root)/B.xcassets/maps.imageset/b.png @1x, png, 20×20 px = 20×20 pt; slot: universal\n"
    )
    let unknown = CapturedConsole()
    #expect(
      IconGridCLI.main(
        arguments: ["resolve", "maps", "--in", fixture.root, "--target", "C"], console: unknown.console)
        == 64)
    #expect(
      unknown.err.contains(
        "no target or catalog named 'C' in \(fixture.root) (there are: A.xcassets, B.xcassets, files)"))
    let list = CapturedConsole()
    _ = IconGridCLI.main(
      arguments: ["resolve", "--list", "--in", fixture.root, "--target", "B.xcassets"], console: list.console)
    #expect(list.out == "maps\tB.xcassets\t@1x universal B.xcassets/maps.imageset/b.png\n")
  }

  @Test func helpListsResolve() {
    let captured = CapturedConsole()
    #expect(IconGridCLI.main(arguments: ["--help"], console: captured.console) == 0)
    #expect(captured.out.contains("  resolve  Show which file a device at a scale gets for an asset name."))
  }
}

/// `resolve` with a device and traits: what the chosen slot is, and watch-only sets.
@Suite struct ResolveTraitTests {
  /// A watch-only app icon set and an image set with a dark slot.
  static func tree() throws -> Tree {
    let tree = Tree("icongrid-cli-traits")
    try tree.png("A.xcassets/WatchIcon.appiconset/w.png", 216, 216, color: (1, 2, 3, 255))
    for file in ["light", "dark"] {
      try tree.png("A.xcassets/banner.imageset/\(file).png", 20, 20, color: (1, 2, 3, 255))
    }
    tree.text(
      "A.xcassets/WatchIcon.appiconset/Contents.json",
      #"{"images": [{"filename": "w.png", "idiom": "watch", "role": "quickLook", "scale": "2x", "size": "108x108", "subtype": "44mm"}]}"#
    )
    tree.text(
      "A.xcassets/banner.imageset/Contents.json",
      #"{"images": [{"filename": "light.png", "idiom": "universal", "scale": "2x"}, "#
        + #"{"filename": "dark.png", "idiom": "universal", "scale": "2x", "appearances": [{"appearance": "luminosity", "value": "dark"}]}]}"#
    )
    return tree
  }

  @Test func aWatchOnlySetNamesItsDevicesAndIdiomWatchResolvesIt() throws {
    let tree = try Self.tree()
    let plain = CapturedConsole()
    #expect(
      IconGridCLI.main(
        arguments: ["resolve", "WatchIcon", "--in", tree.root, "--scale", "2"], console: plain.console) == 1)
    #expect(plain.err.hasSuffix("has no variant usable at scale 2; its variants are for watch\n"))
    let watch = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["resolve", "WatchIcon", "--in", tree.root, "--scale", "2", "--idiom", "watch"],
      console: watch.console)
    #expect(status == 0)
    #expect(
      watch.out
        == "WatchIcon: \(tree.root)/A.xcassets/WatchIcon.appiconset/w.png @2x, png, 216×216 px = 108×108 pt; "
        + "slot: watch 44mm quickLook 108x108 @2x\n")
  }

  @Test func appearanceDarkPicksTheDarkSlotAndSaysSo() throws {
    let tree = try Self.tree()
    let text = CapturedConsole()
    #expect(
      IconGridCLI.main(
        arguments: ["resolve", "banner", "--in", tree.root, "--scale", "2", "--appearance", "dark"],
        console: text.console)
        == 0)
    #expect(
      text.out.hasSuffix(
        "/A.xcassets/banner.imageset/dark.png @2x, png, 20×20 px = 10×10 pt; slot: universal @2x dark\n"))
    let json = CapturedConsole()
    _ = IconGridCLI.main(
      arguments: ["resolve", "banner", "--in", tree.root, "--scale", "2", "--format", "json"],
      console: json.console)
    #expect(json.out.contains("\"slot\": \"universal @2x\""))
    #expect(json.out.contains("\"request\": \"@2x\""))
  }

  @Test(arguments: [
    (
      ["--appearance", "drak"],
      "unknown appearance 'drak'; expected any, light, dark, tinted or high-contrast; did you mean 'dark'?"
    ),
    (["--gamut", "P3x"], "unknown gamut 'P3x'; expected srgb or p3; did you mean 'p3'?"),
    (
      ["--idiom", "wacth"],
      "unknown idiom 'wacth'; expected iphone, ipad, car, watch, mac, tv or vision; did you mean 'watch'?"
    ),
  ])
  func badTraitValuesAreUsageErrors(extra: [String], message: String) {
    let captured = CapturedConsole()
    #expect(
      IconGridCLI.main(arguments: ["resolve", "a", "--in", "x"] + extra, console: captured.console) == 64)
    #expect(captured.err.contains(message))
  }

  @Test func theTraitOptionsParse() throws {
    let parsed = try IconGridCLI.parse([
      "resolve", "a", "--in", "x", "--idiom", "vision", "--appearance", "high-contrast", "--gamut", "p3",
    ])
    guard case .resolve(let options) = parsed else {
      Issue.record("expected resolve, got \(parsed)")
      return
    }
    #expect(options.request == TraitRequest(scale: 1, idiom: .vision, highContrast: true, gamut: .p3))
  }
}
