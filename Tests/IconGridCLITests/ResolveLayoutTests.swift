import AssetIndex
import AssetResolver
import IconGridCLI
import TestSupport
import Testing

/// `resolve` on Flutter, React Native and Android trees: `--layout`, decimal `--scale`,
/// `--density`, `--explain` and the layout notes of `--list`.
@Suite struct ResolveLayoutTests {
  static func flutter() throws -> Tree {
    let tree = Tree()
    tree.text("pubspec.yaml", "name: pkg\nflutter:\n  assets:\n    - assets/\n")
    try tree.png("assets/close.png", 15, 14)
    try tree.png("assets/3.0x/close.png", 45, 42)
    return tree
  }

  @Test func parsesTheLayoutOptions() throws {
    let command = try IconGridCLI.parse([
      "resolve", "a.png", "--in", "r", "--scale", "2.625", "--layout", "rn", "--explain", "--platform",
      "android",
      "--release",
    ])
    guard case .resolve(let options) = command else {
      Issue.record("not a resolve command")
      return
    }
    #expect(options.scale == 3)
    #expect(options.layoutOptions.decimalScale == 2.625)
    #expect(options.layoutOptions.layout == .reactNative)
    #expect(options.layoutOptions.explain)
    #expect(options.layoutOptions.platform == "android")
    #expect(options.layoutOptions.releaseBundle)
    guard case .resolve(let dense) = try IconGridCLI.parse(["resolve", "a", "--in", "r", "--density", "420"])
    else {
      Issue.record("not a resolve command")
      return
    }
    #expect(dense.layoutOptions.density == AndroidDensity(dpi: 420))
    #expect(dense.layoutOptions.decimalScale == 2.625)
    guard case .resolve(let whole) = try IconGridCLI.parse(["resolve", "a", "--in", "r", "--scale", "2"])
    else {
      Issue.record("not a resolve command")
      return
    }
    #expect(whole.layoutOptions == LayoutOptions())
  }

  @Test func theMidpointTrapIsResolvedAndExplained() throws {
    let tree = try Self.flutter()
    let (status, out, err) = icongrid(["resolve", "assets/close.png", "--in", tree.root, "--scale", "2"])
    #expect(status == 0)
    #expect(err.isEmpty)
    #expect(
      out == "assets/close.png: \(tree.root)/assets/close.png main file (1x) (flutter), 15×14 px = 15×14 pt"
        + " (enlarged 2× at 2x)\n")
    let (_, explained, _) = icongrid([
      "resolve", "assets/close.png", "--in", tree.root, "--scale", "2", "--explain",
    ])
    #expect(
      explained == """
        assets/close.png: flutter (.: pubspec.yaml beside N.0x/ variant folders)
          rule: \(Layout.flutter.rule)
          request: 2x
          candidates:
          * assets/close.png       main file (1x), 15×14 px
            assets/3.0x/close.png  3x, 45×42 px
          why: 2x lies between 1x and 3x, not above their midpoint 2 (and not below 2.0): 1x wins
          why: assets/close.png is drawn at 1x and enlarged 2× on this screen
          chosen: \(tree.root)/assets/close.png

        """)
    let (_, json, _) = icongrid([
      "resolve", "assets/close.png", "--in", tree.root, "--scale", "2.625", "--explain", "--format", "json",
    ])
    #expect(json.contains("\"layout\": \"flutter\""))
    #expect(json.contains("\"chosen\": \"\(tree.root)/assets/3.0x/close.png\""))
    #expect(json.contains("above their midpoint 2"))
  }

  @Test func androidDensitiesAndAmbiguousFlavours() throws {
    let tree = Tree()
    for (bucket, size) in [("mdpi", 48), ("xxhdpi", 144)] {
      try tree.png("app/src/main/res/mipmap-\(bucket)/ic_launcher.png", size, size)
    }
    try tree.png("app/src/beta/res/mipmap-hdpi/ic_launcher.png", 72, 72)
    let main = "app/src/main/res:mipmap/ic_launcher"
    let (status, out, _) = icongrid(["resolve", main, "--in", tree.root, "--density", "tvdpi"])
    #expect(status == 0)
    // (2·160 − 213)·480 = 51360 > 213² = 45369: the lower one, scaled up.
    #expect(
      out.hasPrefix("mipmap/ic_launcher: \(tree.root)/app/src/main/res/mipmap-mdpi/ic_launcher.png mdpi"))
    let (explainStatus, explained, _) = icongrid([
      "resolve", main, "--in", tree.root, "--scale", "1.25", "--explain",
    ])
    #expect(explainStatus == 0)
    #expect(
      explained.contains("why: for 200 dpi between mdpi (160) and xxhdpi (480): (2·160 − 200)·480 = 57600"))
    let (ambiguous, _, err) = icongrid([
      "resolve", "mipmap/ic_launcher", "--in", tree.root, "--density", "xhdpi",
    ])
    #expect(ambiguous == 1)
    #expect(err.contains("is ambiguous"))
    #expect(err.contains(main))
  }

  @Test func listNotesTheLayoutOfEachPart() throws {
    let tree = try Self.flutter()
    try tree.png("example/ios/Runner/mail@2x.png", 4, 4)
    tree.text("example/pubspec.yaml", "name: example\n")
    let (status, out, err) = icongrid(["resolve", "--list", "--in", tree.root])
    #expect(status == 0)
    #expect(
      err.contains(
        "icongrid: note: layout of \(tree.root): flutter (pubspec.yaml beside N.0x/ variant folders)\n"))
    #expect(
      err.contains(
        "icongrid: note: layout of \(tree.root)/example/ios: apple (the ios/ runner of a flutter app: an Xcode tree)\n"
      ))
    // The runner is an app folder: its loose files are a name space of their own.
    #expect(out.contains("example/ios/Runner/mail\texample/ios\t@2x example/ios/Runner/mail@2x.png\n"))
    #expect(
      out.hasSuffix(
        "assets/close.png\tflutter:.\tmain file (1x) assets/close.png, 3x assets/3.0x/close.png\n"))
    let (_, json, _) = icongrid(["resolve", "--list", "--in", tree.root, "--format", "json"])
    #expect(json.contains("\"layout\": \"flutter\""))
  }

  @Test func anAppleAnswerIsUnchangedAndCanBeExplained() throws {
    let tree = Tree()
    try tree.png("mail.png", 30, 30)
    try tree.png("mail@3x.png", 90, 90)
    let (_, out, err) = icongrid(["resolve", "mail", "--in", tree.root, "--scale", "2"])
    #expect(err.isEmpty)
    #expect(out == "mail: \(tree.root)/mail@3x.png @3x, png, 90×90 px = 30×30 pt (fallback: no @2x)\n")
    let (_, explained, _) = icongrid(["resolve", "mail", "--in", tree.root, "--scale", "2", "--explain"])
    #expect(explained.contains("why: no 2x among {1x, 3x}: the nearest higher scale, 3x, wins"))
    #expect(explained.contains("* mail@3x.png"))
    // The same files read as Metro's: the first scale at or above 2 is 3.
    let (_, metro, _) = icongrid([
      "resolve", "mail.png", "--in", tree.root, "--scale", "2", "--layout", "react-native",
    ])
    #expect(metro.contains("mail@3x.png 3x (react-native)"))
  }

  @Test func aNameInNeitherIndexKeepsTheAppleError() throws {
    let tree = try Self.flutter()
    let (status, _, err) = icongrid(["resolve", "nothing", "--in", tree.root])
    #expect(status == 1)
    #expect(err.hasPrefix("icongrid: error: no asset named \"nothing\""))
  }

  @Test("--list lists what a bundle loads by name and says on stderr what it left out, and why")
  func listLeavesOutWhatNoAppLoadsByName() throws {
    let tree = try Tree().png("A.xcassets/mail.imageset/m.png", 4, 4)
      .contents("A.xcassets/mail.imageset", [slot("m.png", scale: "2x")])
      .png("A.xcassets/Launch.launchimage/l.png", 640, 1136)
      .contents(
        "A.xcassets/Launch.launchimage",
        [
          [
            "filename": "l.png", "idiom": "iphone", "subtype": "retina4", "scale": "2x",
            "orientation": "portrait",
          ]
        ]
      )
      .png("A.xcassets/Pack.stickerpack/Cat.sticker/cat.png", 300, 300)
      .text(
        "A.xcassets/Pack.stickerpack/Cat.sticker/Contents.json", #"{"properties":{"filename":"cat.png"}}"#
      )
      .png("A.xcassets/Stack.imagestack/Front.imagestacklayer/Content.imageset/f.png", 8, 8)
      .contents(
        "A.xcassets/Stack.imagestack/Front.imagestacklayer/Content.imageset", [slot("f.png", scale: "1x")]
      )
      .contents("A.xcassets/empty.imageset", [slot(nil, scale: "2x")])
    let (status, out, err) = icongrid(["resolve", "--list", "--in", tree.root])
    #expect(status == 0)
    #expect(out.hasPrefix("mail\t") && out.split(separator: "\n").count == 1)
    for (reason, name) in [
      ("a launch image set", "Launch"), ("a sticker", "Pack/Cat"),
      ("a layer of an image stack", "Stack/Front/Content"),
      ("a set with no image file", "empty"),
    ] {
      #expect(err.contains("left out 1 name no app loads by name (\(reason)"), "\(reason)")
      #expect(err.contains("): \(name)\n"), "\(name)")
    }
    let (_, json, _) = icongrid(["resolve", "--list", "--in", tree.root, "--format", "json"])
    #expect(json.contains("\"mail\"") && !json.contains("Launch") && !json.contains("Pack/Cat"))
  }
}
