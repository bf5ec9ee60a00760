import AssetReferences
import TestSupport
import Testing

/// What the scan reads from each kind of source, on files of a few lines.
@Suite("Source references: Swift, Objective-C, Interface Builder and property lists")
struct SourceScanTests {
  /// Scans a tree holding one file.
  static func scan(_ path: String, _ text: String) -> SourceReferences {
    let tree = Tree().text(path, text)
    return withExtendedLifetime(tree) { SourceReferences.scan(root: tree.root) }
  }

  /// The strict literal names of a scan, as `name@line`.
  static func strict(_ references: SourceReferences, kind: SourceReferences.Use.Kind = .literal) -> [String] {
    references.uses.filter { $0.isStrict && $0.kind == kind }.map { "\($0.name)@\($0.line)" }
  }

  @Test func swiftImageInitialisersAreStrictLiterals() {
    let references = SourceScanTests.scan(
      "App/View.swift",
      """
      let a = UIImage(named: "welcome")
      let b = Image("banner", bundle: .main)
      let c = NSImage(named: NSImage.Name("mac-only"))
      let d = UIImage(named: "in-bundle", in: bundle, compatibleWith: nil)
      let e = #imageLiteral(resourceName: "literal.png")
      let f = Image(decorative: "pattern@2x")
      let g = UIImage.init(named: "initialised")
      let h = NSImage(imageLiteralResourceName: "fixed")
      let i = Label("Title", image: "labelled")
      let j = RSImage(named: "aliased")
      let k = UIColor(named: "not-an-image")
      let l = UIApplicationShortcutIcon(templateImageName: "shortcut")
      let m = UIApplicationShortcutIcon(systemImageName: "star")
      """)
    #expect(
      SourceScanTests.strict(references) == [
        "welcome@1", "banner@2", "mac-only@3", "in-bundle@4", "literal@5", "pattern@6", "initialised@7",
        "fixed@8", "labelled@9", "aliased@10", "shortcut@12",
      ])
    #expect(references.codeFiles == 1)
  }

  @Test func coloursSymbolsAndOtherNamesAreNotStrict() {
    let references = SourceScanTests.scan(
      "App/View.swift",
      """
      let a = UIColor(named: "Brand")
      let b = Image(systemName: "trash")
      let c = Notification.Name("DidChange")
      let d = NSNib.Name("Sheet")
      let e = "loose-string"
      """)
    #expect(SourceScanTests.strict(references).isEmpty)
    // `systemName:` is an SF Symbol; other strings still mark what they name as used.
    #expect(references.uses.map(\.name).contains("loose-string"))
  }

  @Test func commentsAreNotUses() {
    let references = SourceScanTests.scan(
      "App/View.swift",
      """
      // UIImage(named: "in-a-line-comment")
      /* Image("in-a-block") /* nested */ Image("still-inside") */
      let kept = Image("after-comments")
      """)
    #expect(references.uses.map(\.name) == ["after-comments"])
    #expect(references.uses.first?.line == 3)
  }

  @Test func interpolationsAndFormatSpecifiersArePatterns() throws {
    let references = SourceScanTests.scan(
      "App/View.swift",
      """
      let a = UIImage(named: "icon_\\(index)")
      let b = String(format: "flag_%02d-%@", n, s)
      let c = "multi\\n\\("nested")-end"
      let d = "100%% done"
      """)
    #expect(
      references.patterns.map(\.pattern) == ["icon_\\(index)", "flag_%02d-%@", "multi\\n\\(\"nested\")-end"])
    #expect(references.patterns.map(\.line) == [1, 2, 3])
    #expect(references.patterns.first?.isStrict == true)
    try #require(references.patterns.count == 3)
    #expect(references.patterns[0].matches("icon_12"))
    #expect(!references.patterns[0].matches("iconic"))
    #expect(references.patterns[1].matches("flag_07-de"))
    // A literal `%%` is no format specifier.
    #expect(references.uses.map(\.name).contains("100%% done"))
  }

  @Test func aLiteralJoinedByPlusIsAPieceOfAPattern() throws {
    // SwipeCellKit's example: `UIImage(named: style == .backgroundColor ? name : name + "-circle")`.
    let references = SourceScanTests.scan(
      "App/ActionDescriptor.swift",
      """
      let a = UIImage(named: style == .backgroundColor ? name : name + "-circle")
      let b = UIImage(named: "icon_" + code)
      name += "-small"
      let d = "plain" + "joined"
      """)
    #expect(references.patterns.map(\.pattern) == ["\\(…)-circle", "icon_\\(…)", "\\(…)-small"])
    try #require(references.patterns.count == 3)
    #expect(references.patterns[0].matches("Read-circle"))
    #expect(!references.patterns[0].matches("Read"))
    #expect(references.patterns[1].matches("icon_de"))
    // The literal given to `named:` is no whole name, so not strict; its pattern is.
    #expect(references.patterns[1].isStrict)
    #expect(!references.patterns[0].isStrict)
    #expect(SourceScanTests.strict(references).isEmpty)
    // Literals joined only to literals are no pattern.
    #expect(references.uses.map(\.name).contains("plain"))
  }

  @Test func generatedSymbolsInImageContextsAreStrict() {
    let references = SourceScanTests.scan(
      "App/View.swift",
      """
      let a = Image(.profileAvatar)
      let b = UIImage(resource: .headerImage)
      let c = ImageResource.onboardingStep1
      let d = Image(.editing.checkmark)
      let e = Label("Title", image: .labelIcon)
      let f = view.frame(alignment: .center)
      """)
    #expect(
      SourceScanTests.strict(references, kind: .symbol) == [
        "profileAvatar@1", "headerImage@2", "onboardingStep1@3", "editing.checkmark@4", "labelIcon@5",
      ])
    #expect(references.members.isSuperset(of: ["profileAvatar", "center", "checkmark"]))
  }

  @Test func objectiveCImageNamedIsStrict() {
    let references = SourceScanTests.scan(
      "App/View.m",
      """
      // [UIImage imageNamed:@"commented"];
      UIImage *a = [UIImage imageNamed:@"toolbar-back"];
      char q = '"';
      NSString *name = @"settings";
      UIImage *b = [UIImage imageNamed:[NSString stringWithFormat:@"badge-%ld", (long)n]];
      """)
    #expect(SourceScanTests.strict(references) == ["toolbar-back@2"])
    #expect(references.uses.map(\.name).contains("settings"))
    #expect(references.patterns.map(\.pattern) == ["badge-%ld"])
  }

  @Test func storyboardsNameImagesButNotSystemSymbols() {
    let references = SourceScanTests.scan(
      "App/Main.storyboard",
      """
      <document>
        <imageView image="hero" id="1"/>
        <button><state key="normal" image="trash" backgroundImage="button-bg"/></button>
        <behavior key="behavior" doesNotDimImage="YES"/>
        <accessibilityTraits key="traits" image="YES" header="YES"/>
        <resources>
          <image name="hero" width="10" height="10"/>
          <image name="trash" catalog="system" width="10" height="10"/>
          <image name="NSAddTemplate" width="10" height="10"/>
        </resources>
      </document>
      """)
    #expect(
      SourceScanTests.strict(references) == ["hero@2", "button-bg@3", "hero@7", "NSAddTemplate@9"])
    // A set named as the system symbol is its fallback: used, never missing.
    #expect(references.uses.contains { $0.name == "trash" && !$0.isStrict })
    #expect(references.otherFiles == 1 && references.codeFiles == 0)
  }

  @Test func plistStringsMarkUsesOnly() {
    let references = SourceScanTests.scan(
      "App/Info.plist",
      "<plist><dict><key>UIImageName</key><string>launch-logo</string></dict></plist>")
    #expect(references.uses.map(\.name) == ["launch-logo"])
    #expect(references.uses.allSatisfy { !$0.isStrict })
  }

  @Test func generatedAccessorsAreNotUses() {
    let tree = Tree()
      .text(
        "App/Assets.swift",
        "// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen\n"
          + "enum Asset { static let checkmark20 = ImageAsset(name: \"checkmark-20\") }\n"
      )
      .text("App/R.generated.swift", "let x = UIImage(named: \"rswift-only\")\n")
    let references = SourceReferences.scan(root: tree.root)
    #expect(references.uses.isEmpty)
    #expect(references.members.isEmpty)
    #expect(references.generated == ["App/Assets.swift", "App/R.generated.swift"])
  }

  @Test func unreadableAndBinaryFilesAreListed() {
    let tree = Tree().bytes("App/Settings.plist", Array("bplist00".utf8) + [0, 1, 2])
      .text("Pods/Lib/Lib.swift", "let x = UIImage(named: \"pod-image\")\n")
    let references = SourceReferences.scan(root: tree.root)
    #expect(references.unreadable.map(\.path) == ["App/Settings.plist"])
    #expect(references.unreadable.map(\.reason) == ["bad-binary-plist"])
    // Other projects' code (Pods, Carthage, build output) is not read.
    #expect(references.uses.isEmpty)
  }

  @Test func utf16SourcesAreRead() {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in "let a = UIImage(named: \"wide\")\n".utf16 {
      bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    let tree = Tree().bytes("App/Wide.swift", bytes)
    let references = withExtendedLifetime(tree) { SourceReferences.scan(root: tree.root) }
    #expect(SourceScanTests.strict(references) == ["wide@1"])
  }

  @Test(arguments: [
    ("profile-avatar", "profileAvatar"), ("Profile Avatar", "profileAvatar"), ("header_image", "header"),
    ("HeaderImage", "headerImage"), ("1up", "_1up"), ("checkmark-20", "checkmark20"), ("app.logo", "appLogo"),
    ("Editing/checkmark", "checkmark"), ("BrandColor", "brand"),
  ])
  func generatedSymbolNamesMatchTheirAsset(name: String, symbol: String) {
    #expect(AssetSymbols.keys(forAsset: name).contains(AssetSymbols.key(symbol)))
  }

  @Test func unterminatedStringsAndCommentsEnd() {
    let references = SourceScanTests.scan(
      "App/Broken.swift", "let a = \"open\nlet b = Image(\"next\")\n/* never closed")
    #expect(SourceScanTests.strict(references) == ["next@2"])
  }
}

/// Matching uses against asset names.
@Suite("Asset usage: used, unused and missing names")
struct AssetUsageTests {
  static func usage(_ path: String, _ text: String, known: Set<String>) -> AssetUsage {
    AssetUsage(SourceScanTests.scan(path, text), known: known, judged: known.sorted())
  }

  @Test func literalSymbolAndPatternUses() {
    let usage = AssetUsageTests.usage(
      "App/View.swift",
      """
      let a = UIImage(named: "welcome")
      let b = Image(.profileAvatar)
      let c = Asset.Editing.checkmark20.image
      let d = R.image.settingsGear()
      let e = UIImage(named: "icon_\\(n)")
      """,
      known: [
        "welcome", "profile-avatar", "Editing/checkmark-20", "settings_gear", "icon_1", "icon_2", "orphan",
      ])
    #expect(usage.used["welcome"] == .literal)
    #expect(usage.used["profile-avatar"] == .symbol)
    #expect(usage.used["Editing/checkmark-20"] == .symbol)
    #expect(usage.used["settings_gear"] == .symbol)
    #expect(usage.used["icon_1"] == .pattern && usage.used["icon_2"] == .pattern)
    #expect(usage.used["orphan"] == nil)
    #expect(usage.missing.isEmpty)
    #expect(usage.patterns.map(\.line) == [5])
  }

  @Test func missingNamesWithSuggestions() {
    let usage = AssetUsageTests.usage(
      "App/View.swift",
      """
      let a = UIImage(named: "welcom")
      let b = Image("Banner")
      let c = Image(.profileAvatr)
      let d = UIImage(named: "checkmark")
      let e = Image(systemName: "nothing")
      """,
      known: ["welcome", "banner", "profile-avatar", "Editing/checkmark"])
    let found = usage.missing.map { "\($0.use.name)@\($0.use.line)→\($0.suggestion ?? "-")" }
    #expect(
      found == [
        "welcom@1→welcome", "Banner@2→banner", "profileAvatr@3→profile-avatar",
        "checkmark@4→Editing/checkmark",
      ])
    #expect(usage.missing.map(\.differsOnlyInCase) == [false, true, false, false])
  }

  @Test func symbolsDeclaredInAnImageResourceExtensionAreNotMissing() {
    let usage = AssetUsageTests.usage(
      "App/View.swift",
      """
      extension ImageResource { static let handMade = ImageResource(name: "welcome", bundle: .main) }
      enum Source { case kavita; static let tracker = 1 }
      let a = Image(.handMade)
      let b = Image(.kavita)
      """,
      known: ["welcome"])
    #expect(usage.missing.map(\.use.name) == ["kavita"])
  }

  @Test func aPatternOfPunctuationOnlyIsNoUse() {
    let usage = AssetUsageTests.usage("App/View.swift", "let t = \"\\(a) - \\(b)\"\n", known: ["x - y"])
    #expect(usage.used["x - y"] == nil)
    #expect(usage.patterns.isEmpty)
  }

  @Test func appKitSystemImagesAreNotMissing() {
    let usage = AssetUsageTests.usage(
      "App/View.swift", "let a = NSImage(named: \"NSActionTemplate\")\n", known: ["welcome"])
    #expect(usage.missing.isEmpty)
  }
}
