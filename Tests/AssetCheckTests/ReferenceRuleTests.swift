import AssetCheck
import Foundation
import TestSupport
import Testing

/// `--references`: missing-asset and unused-asset over a small app of each naming form.
@Suite("Reference rules: missing-asset and unused-asset")
struct ReferenceRuleTests {
  /// An image set `name` in `catalog`, its one image a 2x PNG.
  static func imageSet(_ tree: Tree, _ catalog: String, _ name: String) throws {
    let folder = "\(catalog)/\(name).imageset"
    try tree.png("\(folder)/image@2x.png", 20, 20)
    tree.contents(folder, [slot("image@2x.png", scale: "2x")])
  }

  /// A catalog of `names` under `App/Assets.xcassets`.
  static func app(_ names: [String]) throws -> Tree {
    let tree = Tree()
    for name in names { try imageSet(tree, "App/Assets.xcassets", name) }
    return tree
  }

  static func check(_ tree: Tree, previews: Bool = false) -> CheckReport {
    var configuration = CheckConfiguration(requiredScales: [2], includePreviews: previews)
    configuration.references = true
    return AssetChecker.check(roots: [tree.root], configuration: configuration)
  }

  @Test func eachNamingFormUsesItsAsset() throws {
    let tree = try ReferenceRuleTests.app([
      "welcome", "profile-avatar", "checkmark-20", "settings_gear", "toolbar-back", "hero", "icon_1",
      "icon_2",
      "orphan",
    ])
    try ReferenceRuleTests.imageSet(tree, "App/Assets.xcassets/Editing", "pencil")
    tree.text("App/Assets.xcassets/Editing/Contents.json", "{\"properties\":{\"provides-namespace\":true}}")
      .text(
        "App/View.swift",
        """
        import SwiftUI
        // Image("orphan") is only a comment.
        struct V: View {
          var body: some View {
            Image("welcome")
            Image(.profileAvatar)
            Image(uiImage: Asset.checkmark20.image)
            Image(uiImage: R.image.settingsGear()!)
            Image(uiImage: UIImage(named: "Editing/pencil")!)
            Image(uiImage: UIImage(named: "icon_\\(index)")!)
          }
        }
        """
      )
      .text("App/Legacy.m", "UIImage *back = [UIImage imageNamed:@\"toolbar-back\"];\n")
      .text("App/Main.storyboard", "<document><imageView image=\"hero\"/></document>\n")
    let report = ReferenceRuleTests.check(tree)
    #expect(report.findings(.missingAsset).isEmpty)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["orphan"])
    let unused = try #require(report.findings(.unusedAsset).first)
    #expect(unused.relativePath == "App/Assets.xcassets/orphan.imageset")
    #expect(unused.severity == .warning && unused.line == nil)
    let note = try #require(report.roots[0].notes.first { $0.contains("image sets judged") })
    #expect(
      note.contains(
        "10 image sets judged: 4 by literal, 3 by symbol, 2 by pattern, 1 unused; 0 missing names"))
    #expect(report.roots[0].patterns?.map(\.line) == [10])
  }

  @Test func aMissingNameIsAnErrorAtItsLine() throws {
    let tree = try ReferenceRuleTests.app(["welcome", "profile-avatar"])
      .text("App/View.swift", "let a = Image(.profileAvatar)\n\nlet b = UIImage(named: \"welcom\")\n")
    let report = ReferenceRuleTests.check(tree)
    let missing = try #require(report.findings(.missingAsset).first)
    #expect(report.findings(.missingAsset).count == 1)
    #expect(missing.relativePath == "App/View.swift" && missing.line == 3 && missing.asset == "welcom")
    #expect(missing.severity == .error)
    #expect(missing.message.contains("did you mean \"welcome\""))
    #expect(
      report.rendered(as: .text).contains("/App/View.swift:3: error: line 3 names the image \"welcom\""))
    #expect(report.rendered(as: .github).contains("App/View.swift,line=3,title=missing-asset"))
    // The JSON carries the line; findings about whole sets do not.
    let json = try JSONSerialization.jsonObject(with: Data(report.rendered(as: .json).utf8)) as? [String: Any]
    let findings = json?["findings"] as? [[String: Any]] ?? []
    let entry = try #require(findings.first { $0["rule"] as? String == "missing-asset" })
    #expect(entry["line"] as? Int == 3)
    #expect(findings.first { $0["rule"] as? String == "unused-asset" }?["line"] == nil)
    let sarif = report.rendered(as: .sarif)
    #expect(sarif.contains("\"startLine\" : 3") || sarif.contains("\"startLine\": 3"))
  }

  @Test func patternsAreListedInTheJSON() throws {
    let tree = try ReferenceRuleTests.app(["flag_de", "flag_fr"])
      .text(
        "App/Flags.swift", "func flag(_ code: String) -> UIImage? {\n  UIImage(named: \"flag_\\(code)\")\n}\n"
      )
    let report = ReferenceRuleTests.check(tree)
    #expect(report.findings.filter { $0.rule == .unusedAsset || $0.rule == .missingAsset }.isEmpty)
    let json = try JSONSerialization.jsonObject(with: Data(report.rendered(as: .json).utf8)) as? [String: Any]
    let references = json?["references"] as? [String: Any]
    let patterns = references?["patterns"] as? [[String: Any]] ?? []
    #expect(patterns.count == 1)
    #expect(patterns.first?["line"] as? Int == 2)
    #expect(patterns.first?["pattern"] as? String == "flag_\\(code)")
    #expect((patterns.first?["path"] as? String)?.hasSuffix("/App/Flags.swift") == true)
  }

  /// A binary plist cut short, as a property list and as a strings file: neither is read, so
  /// no set is called unused, and the note names the file.
  @Test(arguments: ["App/Names.plist", "App/en.lproj/Localizable.strings"])
  func anUnreadableFileTurnsOffUnused(path: String) throws {
    let tree = try ReferenceRuleTests.app(["welcome", "orphan"])
      .text("App/View.swift", "let a = Image(\"welcome\")\n")
      .bytes(path, Array("bplist00".utf8) + [0, 0, 0])
    let report = ReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).isEmpty)
    #expect(
      report.roots[0].notes.contains {
        $0.contains("1 files could not be read: \(path) (bad-binary-plist)")
          && $0.contains("unused-asset not checked")
      })
  }

  @Test func localizedStringsUseButNeverMiss() throws {
    let tree = try ReferenceRuleTests.app(["welcome", "banner_summer", "orphan"])
      .text(
        "App/View.swift",
        "let a = Image(\"welcome\")\nlet b = UIImage(named: NSLocalizedString(\"banner\", comment: \"\"))\n"
      )
      .text(
        "App/en.lproj/Localizable.strings", "\"banner\" = \"banner_summer\";\n\"title\" = \"not_an_asset\";\n"
      )
    let report = ReferenceRuleTests.check(tree)
    // The set named only by a localized value is used; the other value names nothing and is
    // no finding; the set nothing names is still unused.
    #expect(report.findings(.unusedAsset).map(\.asset) == ["orphan"])
    #expect(report.findings(.missingAsset).isEmpty)
  }

  /// Two targets of one project, each with its catalog and its own source file: `--target`
  /// judges only its own sets (against uses pooled over the root) and reports a missing
  /// name only where a file it builds uses it.
  @Test func aTargetJudgesItsOwnSetsAndItsOwnFiles() throws {
    let tree = try ReferenceRuleTests.app(["welcome", "orphan"])
    try ReferenceRuleTests.imageSet(tree, "Widget/Widget.xcassets", "badge")
    try ReferenceRuleTests.imageSet(tree, "Widget/Widget.xcassets", "stale")
    tree.text(
      "App/View.swift", "let a = Image(\"welcome\")\nlet b = Image(\"badge\")\nlet c = Image(\"gone\")\n"
    )
    .text("Widget/Entry.swift", "let w = Image(\"lost\")\n")
    .text(
      "Game.xcodeproj/project.pbxproj",
      XcodeProjectFixture(targets: [
        .init(name: "App", settings: [:], resources: ["App/Assets.xcassets"], sources: ["App/View.swift"]),
        .init(
          name: "Widget", productType: "com.apple.product-type.app-extension", settings: [:],
          resources: ["Widget/Widget.xcassets"], sources: ["Widget/Entry.swift"]),
      ]).text)
    func check(_ target: String?) -> CheckReport {
      var configuration = CheckConfiguration(requiredScales: [2])
      configuration.references = true
      configuration.target = target
      return AssetChecker.check(roots: [tree.root], configuration: configuration)
    }
    let whole = check(nil)
    #expect(whole.findings(.unusedAsset).compactMap(\.asset).sorted() == ["orphan", "stale"])
    #expect(whole.findings(.missingAsset).compactMap(\.asset).sorted() == ["gone", "lost"])
    // The widget's set used only by the app's code is not unused; only the app's file misses.
    let app = check("App")
    #expect(app.findings(.unusedAsset).map(\.asset) == ["orphan"])
    #expect(app.findings(.missingAsset).map(\.asset) == ["gone"])
    #expect(app.findings(.missingAsset).first?.line == 3)
    #expect(
      app.roots[0].notes.contains {
        $0.contains("(1 in files target App does not build, reported by a run without --target)")
      })
    let widget = check("Widget")
    #expect(widget.findings(.unusedAsset).map(\.asset) == ["stale"])
    #expect(widget.findings(.missingAsset).map(\.asset) == ["lost"])
  }

  @Test func aNameCarriedByAPropertyIsMissingAsAWarning() throws {
    let tree = try ReferenceRuleTests.app(["Wikipedia", "TED"])
      .text(
        "App/Category.swift",
        """
        enum Category {
          case wikipedia, ted, other
          var icon: String {
            switch self {
            case .wikipedia: "Wikipedia"
            case .ted: "TED"
            case .other: "Other"
            }
          }
        }
        """
      )
      .text(
        "App/Favicon.swift", "struct Favicon: View {\n  var body: some View { Image(category.icon) }\n}\n")
    let report = ReferenceRuleTests.check(tree)
    let missing = report.findings(.missingAsset)
    #expect(missing.map(\.asset) == ["Other"])
    #expect(missing.first?.severity == .warning)
    #expect(missing.first?.line == 7)
    #expect(missing.first?.relativePath == "App/Category.swift")
    #expect(
      missing.first?.message.contains("as `icon`, which an image initialiser takes at App/Favicon.swift:2")
        == true)
    #expect(report.findings(.unusedAsset).isEmpty)
  }

  @Test func aNameGivenByLabelToTheAppsTypeIsMissingAsAWarning() throws {
    let tree = try ReferenceRuleTests.app(["card_welcome"])
      .text(
        "App/Card.swift",
        """
        struct Card {
          let imageName: String
        }
        struct CardView: View {
          let content: Card
          var body: some View { Image(content.imageName) }
        }
        """
      )
      .text(
        "App/Screens.swift",
        "let a = Card(imageName: \"card_welcome\")\nlet b = Card(imageName: \"card_lost\")\n")
    let report = ReferenceRuleTests.check(tree)
    let missing = report.findings(.missingAsset)
    #expect(missing.map(\.asset) == ["card_lost"])
    #expect(missing.first?.severity == .warning)
    #expect(missing.first?.line == 2)
    #expect(
      missing.first?.message.contains(
        "by label to `Card.imageName`, which an image initialiser takes at App/Card.swift:6")
        == true)
    #expect(report.findings(.unusedAsset).isEmpty)
  }

  @Test func aNameGivenByLabelToAFunctionsParameterIsMissingAsAWarning() throws {
    let tree = try ReferenceRuleTests.app(["about_forum"])
      .text(
        "App/About.swift",
        """
        struct About: View {
          var body: some View { link(icon: "about_forum"); link(icon: "about_lost") }
          func link(icon: String) -> some View { Image(icon) }
        }
        """
      )
    let report = ReferenceRuleTests.check(tree)
    let missing = report.findings(.missingAsset)
    #expect(missing.map(\.asset) == ["about_lost"])
    #expect(missing.first?.severity == .warning)
    #expect(
      missing.first?.message.contains(
        "by label to `link(icon:)`, whose parameter an image initialiser takes at App/About.swift:3")
        == true)
  }

  @Test func aConstantEveryConformerGivesARequirementIsMissingAsAWarning() throws {
    let tree = try ReferenceRuleTests.app(["widget_search"])
      .text(
        "App/Widgets.swift",
        """
        protocol HomeWidget {
          var imageName: String { get }
        }
        extension HomeWidget {
          var body: some View { WidgetIcon(artwork: imageName) }
        }
        struct SearchWidget: HomeWidget { let imageName = "widget_search" }
        struct ChatWidget: HomeWidget { let imageName = "widget_chat" }
        struct WidgetIcon: View {
          let artwork: String
          var body: some View { Image(artwork) }
        }
        """
      )
    let report = ReferenceRuleTests.check(tree)
    let missing = report.findings(.missingAsset)
    #expect(missing.map(\.asset) == ["widget_chat"])
    #expect(missing.first?.severity == .warning)
    #expect(missing.first?.line == 8)
    #expect(
      missing.first?.message.contains(
        "to the constant `HomeWidget.imageName`, which its type's or protocol's code hands to an image "
          + "initialiser at App/Widgets.swift:11") == true)
    #expect(report.findings(.unusedAsset).isEmpty)
  }

  @Test func aNameGivenToAnImplicitImageInitIsMissingAsAWarning() throws {
    let tree = try ReferenceRuleTests.app(["tile_light"])
      .text(
        "App/Picker.swift",
        """
        struct Tile {
          let picture: Image
        }
        func row(tiles: [Tile]) -> some View { EmptyView() }
        let light = row(tiles: [.init(picture: .init("tile_light"))])
        let dark = row(tiles: [.init(picture: .init("tile_dark"))])
        """
      )
    let report = ReferenceRuleTests.check(tree)
    let missing = report.findings(.missingAsset)
    #expect(missing.map(\.asset) == ["tile_dark"])
    #expect(missing.first?.severity == .warning)
    #expect(missing.first?.line == 6)
    #expect(
      missing.first?.message.contains(
        "an `Image` by the types its place declares (`row(tiles:) → [] → .picture`)") == true)
  }

  @Test func aMinifiedScriptOfATreeWithoutTargetsIsReadForItsStrings() throws {
    // What ships is not known without a target, so the script counts; its strings are read
    // by quote pairs, so it no longer stops the verdict.
    let tree = try ReferenceRuleTests.app(["welcome", "orphan", "stray"])
      .text("App/View.swift", "let a = Image(\"welcome\")\n")
      .text("App/Web/bundle.min.js", "var r=/\"/,a=\"Orphan\";\n")
    let report = ReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["stray"])
    #expect(
      report.roots[0].notes.contains {
        $0.contains(
          "1 minified scripts that an Xcode target bundles (or whose target is not known) read for their")
          && $0.contains("App/Web/bundle.min.js (minified") && $0.contains("WKScriptMessageHandler")
      })
    #expect(!report.roots[0].notes.contains { $0.contains("unused-asset not checked") })
  }

  /// An app whose target bundles `App/Assets.xcassets` and the given resources, compiling
  /// `App/View.swift` (which uses `welcome`), and an unread script at `script`.
  static func appWithScript(_ script: String, bundled: [String]) throws -> Tree {
    try ReferenceRuleTests.app(["welcome", "orphan"])
      .text("App/View.swift", "let a = Image(\"welcome\")\n")
      .text(script, "var a=\"orphan\";\n")
      .text(
        "App.xcodeproj/project.pbxproj",
        XcodeProjectFixture(targets: [
          .init(
            name: "App", settings: [:], resources: ["App/Assets.xcassets"] + bundled,
            sources: ["App/View.swift"])
        ]).text)
  }

  @Test func anUnreadScriptNoTargetBundlesLeavesTheVerdictOn() throws {
    // A vendored pod's documentation (GitHawk's `Local Pods/…/docs/js/jquery.min.js`): no
    // target bundles it, and a web page's script cannot load a catalog image anyway.
    let tree = try ReferenceRuleTests.appWithScript("Local Pods/Kit/docs/js/jquery.min.js", bundled: [])
    let report = ReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["orphan"])
    let notes = report.roots[0].notes
    #expect(!notes.contains { $0.contains("unused-asset not checked") })
    #expect(
      notes.contains {
        $0.contains(
          "1 scripts not read, which no Xcode target of the root bundles and no React Native project holds")
          && $0.contains("Local Pods/Kit/docs/js/jquery.min.js (minified") && $0.contains("no file URL")
          && $0.contains("podspecs are not read")
      })
  }

  @Test func aMinifiedScriptATargetBundlesNamesSetsByItsStrings() throws {
    // A user script the app injects into its web views (duckduckgo's autoconsent bundle)
    // may post a name to native code: its strings count as uses, and the verdict is on.
    let tree = try ReferenceRuleTests.appWithScript(
      "App/Web/bundle.min.js", bundled: ["App/Web/bundle.min.js"])
    try ReferenceRuleTests.imageSet(tree, "App/Assets.xcassets", "stray")
    let report = ReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["stray"])
    #expect(!report.roots[0].notes.contains { $0.contains("unused-asset not checked") })
  }

  /// An app whose target compiles `App/View.swift` (with `code`) and bundles the catalog of
  /// `names` and `App/entities.json`, which names `Acme`; `App/other.json` names `Orphan`
  /// and no target bundles it.
  static func appWithData(_ code: String, names: [String]) throws -> Tree {
    try ReferenceRuleTests.app(names)
      .text("App/View.swift", code)
      .text("App/entities.json", "{\"entities\": [{\"name\": \"Acme\", \"stray\": 1}]}\n")
      .text("App/other.json", "[\"Orphan\"]\n")
      .text(
        "App.xcodeproj/project.pbxproj",
        XcodeProjectFixture(targets: [
          .init(
            name: "App", settings: [:], resources: ["App/Assets.xcassets", "App/entities.json"],
            sources: ["App/View.swift"])
        ]).text)
  }

  @Test func anUntracedLookupLetsBundledDataNameSets() throws {
    // `UIImage(named: entity)` with entities decoded from the bundle at run time.
    let tree = try ReferenceRuleTests.appWithData(
      "let a = Image(\"welcome\")\nfunc logo(for entity: String) -> UIImage? { UIImage(named: entity) }\n",
      names: ["welcome", "acme", "orphan", "stray"])
    let report = ReferenceRuleTests.check(tree)
    // A key (`stray`) is no value; a file the target does not bundle names nothing.
    #expect(report.findings(.unusedAsset).map(\.asset) == ["orphan", "stray"])
    #expect(
      report.roots[0].notes.contains {
        $0.contains(
          "1 image lookup takes a name no literal, carrier or pattern accounts for: App/View.swift:2 (entity)"
        )
          && $0.contains("App/entities.json") && !$0.contains("App/other.json")
          && $0.contains("1 image sets used so")
      })
  }

  @Test func bundledDataNamesNothingWhenEveryLookupIsTraced() throws {
    // GitHawk's emoji.json names octicons as emoji aliases, but every lookup that takes a
    // variable gets literals: the data reaches no image, and the sets stay unused.
    let tree = try ReferenceRuleTests.appWithData(
      "func status(done: Bool) -> UIImage? {\n  let icon = done ? \"welcome\" : \"orphan\"\n  return UIImage(named: icon)\n}\n",
      names: ["welcome", "acme", "orphan"])
    let report = ReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["acme"])
    #expect(!report.roots[0].notes.contains { $0.contains("image lookup") })
  }

  @Test func aCharacterGivenAsANameUsesTheOneCharacterSets() throws {
    let tree = try ReferenceRuleTests.app(["a", "z", "ab"])
      .text(
        "App/Letters.swift",
        "func letter(_ character: Character) -> UIImage? { UIImage(named: String(character)) }\n")
    let report = ReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["ab"])
    let json = try JSONSerialization.jsonObject(with: Data(report.rendered(as: .json).utf8)) as? [String: Any]
    let patterns = (json?["references"] as? [String: Any])?["patterns"] as? [[String: Any]] ?? []
    #expect(patterns.map { $0["pattern"] as? String } == ["String(character) of a Character"])
  }

  @Test func anUnreadScriptOfAReactNativeProjectStopsTheVerdict() throws {
    // In a React Native project, `{uri: 'orphan'}` reaches the catalog through UIImage.
    let tree = try ReferenceRuleTests.appWithScript("src/vendor.min.js", bundled: [])
      .text("package.json", "{\"dependencies\": {\"react-native\": \"0.74.0\"}}\n")
    let report = ReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).isEmpty)
    #expect(
      report.roots[0].notes.contains {
        $0.contains("--references: 1 files could not be read: src/vendor.min.js (minified")
      })
  }

  @Test func aTreeWithoutCodeSaysSo() throws {
    let tree = try ReferenceRuleTests.app(["welcome", "orphan"])
      .text(
        "App/Main.storyboard",
        "<document><imageView image=\"welcome\"/><imageView image=\"gone\"/></document>\n")
    let report = ReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).isEmpty)
    #expect(report.roots[0].notes.contains { $0.contains("no Swift or Objective-C source under the root") })
    // What a storyboard names is still held to the catalog.
    #expect(report.findings(.missingAsset).map(\.asset) == ["gone"])
  }

  @Test func previewAssetsAreNeverUnused() throws {
    let tree = try ReferenceRuleTests.app(["welcome"])
    try ReferenceRuleTests.imageSet(tree, "App/Preview Content/Preview Assets.xcassets", "sample")
    tree.text("App/View.swift", "let a = Image(\"welcome\")\n")
    #expect(ReferenceRuleTests.check(tree).findings(.unusedAsset).isEmpty)
    #expect(ReferenceRuleTests.check(tree, previews: true).findings(.unusedAsset).isEmpty)
  }

  @Test func withoutTheOptionNothingIsRead() throws {
    let tree = try ReferenceRuleTests.app(["orphan"]).text("App/View.swift", "let a = Image(\"gone\")\n")
    let report = tree.check()
    #expect(report.findings(.unusedAsset).isEmpty && report.findings(.missingAsset).isEmpty)
    #expect(report.roots[0].patterns == nil)
    #expect(!report.rendered(as: .json).contains("\"references\""))
  }

  @Test func theCommandLineTakesReferences() throws {
    let tree = try ReferenceRuleTests.app(["welcome"]).text("App/View.swift", "let a = Image(\"welcom\")\n")
    let result = icongrid("check", tree.root, "--references", "--require", "2x")
    #expect(result.status == 1)
    #expect(result.out.contains("App/View.swift:1: error:"))
    #expect(result.out.contains("[missing-asset]"))
  }

  @Test func aNameSpaceNoProjectBuildsIsNotJudgedWithTarget() throws {
    // A catalog no project names: which sources are its own is not known.
    let tree = try ReferenceRuleTests.app(["welcome"]).text("App/View.swift", "let a = Image(\"welcom\")\n")
    let result = icongrid(
      "check", tree.root, "--references", "--require", "2x", "--target", "App/Assets.xcassets")
    #expect(result.status == 0)
    #expect(!result.out.contains("[missing-asset]") && !result.out.contains("[unused-asset]"))
    #expect(result.out.contains("--references: not checked for --target App/Assets.xcassets"))
    #expect(result.out.contains("it is no Xcode target"))
  }
}
