import AssetCheck
import AssetIndex
import AssetResolver
import Foundation
import TestSupport
import Testing

/// The layout rules on the real Flutter, React Native and Android trees, run on each part
/// as a user would point the tool at it, against golden files a reviewer judged (see
/// `Golden/README.md`); and Android lint's own rules worked out by hand for Omni-Notes.
@Suite("Layout rules on the real non-Apple trees", .needsSharedData, .tags(.sharedData, .slow))
struct LayoutRealTreeTests {
  /// A part of a real tree, the layout it is read with, and its golden file.
  struct Part: Sendable, CustomStringConvertible {
    var path: String
    var layout: Layout?
    var golden: String
    var description: String { path + (layout.map { " --layout \($0)" } ?? "") }
  }

  static let parts = [
    Part(path: "RatelHub-rflutter_alert/example", layout: nil, golden: "rflutter_alert-example"),
    Part(
      path: "RatelHub-rflutter_alert/example/android", layout: nil, golden: "rflutter_alert-example-android"),
    Part(path: "RatelHub-rflutter_alert/example/ios", layout: nil, golden: "rflutter_alert-example-ios"),
    Part(path: "federicoiosue-Omni-Notes/omniNotes", layout: nil, golden: "Omni-Notes-omniNotes"),
    Part(path: "infinitered-ignite", layout: .reactNative, golden: "ignite-react-native"),
    Part(
      path: "infinitered-ignite/boilerplate", layout: .reactNative, golden: "ignite-boilerplate-react-native"),
  ]

  @Test(arguments: parts)
  func partMatchesItsGoldenFile(_ part: Part) throws {
    let root = TestPaths.testData("real/" + part.path)
    try #require(FileManager.default.fileExists(atPath: root), "no \(root): see ../shared/testdata/README.md")
    var configuration = CheckConfiguration()
    configuration.layout = part.layout
    let report = AssetChecker.check(roots: [root], configuration: configuration)
    let text = RealTreeTests.relative(report.rendered(as: .text), root: root)
    let golden = TestPaths.inPackage("Tests/EndToEndTests/Golden/parts/\(part.golden).txt")
    if ProcessInfo.processInfo.environment["ICONGRID_RECORD_GOLDEN"] != nil {
      try text.write(toFile: golden, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOfFile: golden, encoding: .utf8)
    #expect(text == expected, "Golden/parts/\(part.golden).txt differs:\n\(text)")
  }

  /// What Android lint's `IconDensities`, `IconDipSize` and `IconDuplicates` report on
  /// Omni-Notes, worked out from lint's rules (IconDetector) against the files; the check
  /// must report exactly that under lint's ids.
  ///
  /// - IconDensities: only `drawable-{mdpi,hdpi,xhdpi,xxhdpi}` count (exactly those names,
  ///   no `-v11`, no mipmaps); each lacks, by name without extension, what another has.
  /// - IconDipSize: `ic_call_merge_white_24dp.png` is 48 px in xxhdpi (16 dp, the xhdpi
  ///   file copied) where the other densities make 24 dp; its name says 24 dp too.
  /// - IconDuplicates / IconDuplicatesConfig: four pairs of identical files, every one of
  ///   them named `_<N>dp` (the material icons' pattern lint exempts), so none.
  @Test func omniNotesAsLintSeesIt() throws {
    let root = TestPaths.testData("real/federicoiosue-Omni-Notes")
    try #require(FileManager.default.fileExists(atPath: root))
    let report = AssetChecker.check(roots: [root])
    func lint(_ id: String) -> [Finding] { report.findings.filter { $0.rule.aliases.contains(id) } }
    let res = "omniNotes/src/main/res/"
    let densities = Dictionary(
      uniqueKeysWithValues: lint("IconDensities").map { ($0.relativePath, $0.message) })
    let lacking: [String: [String]] = [
      "drawable-hdpi": [
        "ic_checkbox_blank_circle_outline_indigo_18dp.png", "ic_checkbox_blank_outline_indigo_18dp.png",
        "ic_checkbox_marked_circle_outline_indigo_18dp.png", "ic_checkbox_marked_outline_indigo_18dp.png",
        "ic_undobar_undo.png", "undobar.9.png", "undobar_button_focused.9.png",
        "undobar_button_pressed.9.png",
        "undobar_divider.9.png",
      ],
      "drawable-mdpi": [
        "drawer_shadow.9.png", "ic_unarchive_white_24dp.png", "ic_undobar_undo.png", "jingles_1.png",
        "jingles_2.png", "jingles_3.png", "jingles_4.png", "jingles_5.png", "jingles_6.png", "undobar.9.png",
        "undobar_button_focused.9.png", "undobar_button_pressed.9.png", "undobar_divider.9.png",
      ],
      "drawable-xhdpi": ["drawer_shadow.9.png"],
      "drawable-xxhdpi": [
        "drawer_shadow.9.png", "ic_undobar_undo.png", "undobar.9.png", "undobar_button_focused.9.png",
        "undobar_button_pressed.9.png", "undobar_divider.9.png",
      ],
    ]
    #expect(Set(densities.keys) == Set(lacking.keys.map { res + $0 }))
    for (folder, names) in lacking {
      #expect(
        densities[res + folder]?.hasPrefix("lacks " + names.joined(separator: ", ")) == true, "\(folder)")
    }
    let dip = lint("IconDipSize")
    #expect(
      dip.map(\.relativePath)
        == Array(repeating: res + "drawable-xxhdpi/ic_call_merge_white_24dp.png", count: 2))
    #expect(dip.contains { $0.message.contains("drawable-xxhdpi: 16×16 dp (48×48 px)") })
    #expect(lint("IconDuplicates").isEmpty)
    #expect(lint("IconDuplicatesConfig").isEmpty)
    // The other icon checks: one nine-patch in drawable/ (IconLocation), nothing else.
    #expect(lint("IconLocation").map(\.relativePath) == [res + "drawable/fab_labels_background.9.png"])
    for id in [
      "IconMissingDensityFolder", "IconNoDpi", "IconMixedNinePatch", "IconXmlAndPng", "IconExtension",
    ] {
      #expect(lint(id).isEmpty, "\(id)")
    }
    #expect(report.findings.count == 7)
  }
}
