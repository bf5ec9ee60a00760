import AssetCheck
import Foundation
import TestSupport
import Testing

/// The check over the real repositories in `../shared/testdata/real` and `real2`, against
/// golden files that hold the findings a reviewer read and judged (see `Golden/README.md`,
/// which gives each tree's verdicts and their reasons).
///
/// Re-record with `ICONGRID_RECORD_GOLDEN=1 swift test --filter RealTreeTests`, then read
/// the diff: every new line is a finding someone must judge.
@Suite("The check on real repositories", .needsSharedData, .tags(.sharedData, .slow))
struct RealTreeTests {
  static let trees = [
    "real/GitHawkApp-GitHawk", "real/Ranchero-Software-NetNewsWire", "real/RatelHub-rflutter_alert",
    "real/SwiftGen-SwiftGen", "real/duckduckgo-iOS", "real/federicoiosue-Omni-Notes",
    "real/home-assistant-iOS",
    "real/infinitered-ignite", "real2/Aidoku-Aidoku", "real2/Automattic-WordPressWorldStickers",
    "real2/EhPanda-Team-EhPanda", "real2/Etar-Group-Etar-Calendar", "real2/FossifyOrg-Calculator",
    "real2/aranja-rakning-c19-app", "real2/gitpoint-git-point", "real2/haqu-tiny-wings",
    "real2/id-Software-Wolf3D-iOS", "real2/jesusrp98-spacex-go", "real2/kiwix-kiwix-apple",
    "real2/localsend-localsend", "real2/mateusz-bak-openreads", "real2/rm335-dumpert-apple-tv",
    "real2/rxhanson-Rectangle", "real2/softdevstory-OhMyPlane", "real2/termux-termux-app",
    "real2/todotxt-todo.txt-ios", "real2/vinhnx-Clendar", "real2/yattee-yattee",
  ]

  @Test(arguments: trees)
  func wholeTreeMatchesItsGoldenFile(_ tree: String) throws {
    let root = TestPaths.testData(tree)
    try #require(FileManager.default.fileExists(atPath: root), "no \(root): see ../shared/testdata/README.md")
    let report = AssetChecker.check(roots: [root])
    let text = RealTreeTests.relative(report.rendered(as: .text), root: root)
    let golden = RealTreeTests.goldenPath(tree)
    if ProcessInfo.processInfo.environment["ICONGRID_RECORD_GOLDEN"] != nil {
      try text.write(toFile: golden, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOfFile: golden, encoding: .utf8)
    let got = text.split(separator: "\n", omittingEmptySubsequences: false)
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let unexpected = got.filter { !want.contains($0) }
    let missing = want.filter { !got.contains($0) }
    #expect(unexpected.isEmpty, "findings not in Golden/\(tree).txt:\n\(unexpected.joined(separator: "\n"))")
    #expect(missing.isEmpty, "findings of Golden/\(tree).txt not found:\n\(missing.joined(separator: "\n"))")
  }

  /// A folder inside a catalog gives exactly the catalog's findings for its files.
  @Test(arguments: [
    ("home-assistant-iOS/Sources/App/Resources/Assets.xcassets", "AlternateIcons"),
    ("SwiftGen-SwiftGen/Fixtures/XCAssets/Food.xcassets", "Round"),
    ("duckduckgo-iOS/DuckDuckGo/Assets.xcassets", "DesignSystemIcons"),
    ("GitHawkApp-GitHawk/Resources/Assets.xcassets", "merge-alert.imageset"),
  ])
  func aFolderInsideACatalogGivesTheCatalogsFindings(_ catalog: String, _ folder: String) throws {
    let whole = TestPaths.testData("real/" + catalog)
    try #require(FileManager.default.fileExists(atPath: whole + "/" + folder))
    let inside = AssetChecker.check(roots: [whole + "/" + folder]).findings
    let expected = AssetChecker.check(roots: [whole]).findings.filter {
      $0.path.hasPrefix(whole + "/" + folder + "/")
    }
    #expect(
      Set(inside.map { "\($0.rule.id) \($0.path) \($0.message)" })
        == Set(expected.map { "\($0.rule.id) \($0.path) \($0.message)" }))
  }

  /// A run on one target finds nothing the whole run does not, and every set the target
  /// holds is checked (its findings are all there).
  @Test(arguments: [
    "GitHawkApp-GitHawk", "duckduckgo-iOS", "home-assistant-iOS", "Ranchero-Software-NetNewsWire",
  ])
  func eachTargetsRunIsPartOfTheWholeRun(_ tree: String) throws {
    let root = TestPaths.testData("real/" + tree)
    let whole = AssetChecker.check(roots: [root])
    let key: (Finding) -> String = { "\($0.rule.id) \($0.path)" }
    let all = Set(whole.findings.map(key))
    // A catalog no target compiles is left out of the whole run (it ships in no bundle); asked
    // for with --target it is checked, so it is not part of this comparison.
    let unshipped = Set(whole.roots[0].skipped.filter { $0.reason == "catalog-in-no-target" }.map(\.path))
    let targets = whole.roots[0].namespaces.filter { !unshipped.contains($0) }
    #expect(!targets.isEmpty)
    var union: Set<String> = []
    for target in targets {
      let one = AssetChecker.check(roots: [root], configuration: CheckConfiguration(target: target))
      // A duplicate needs both copies in view; everything else a target finds, the whole run finds.
      let found = Set(one.findings.filter { $0.rule != .duplicate }.map(key))
      #expect(found.isSubset(of: all), "\(target): \(found.subtracting(all).sorted())")
      union.formUnion(one.findings.map(key))
    }
    let perTarget = Set(whole.findings.filter { $0.rule != .duplicate && $0.rule != .caseConflict }.map(key))
    #expect(perTarget.isSubset(of: union), "\(perTarget.subtracting(union).sorted())")
  }

  /// Findings with the root's path taken out of paths and messages, so the files do not
  /// depend on where the test data lies.
  static func relative(_ text: String, root: String) -> String {
    text.replacingOccurrences(of: root + "/", with: "").replacingOccurrences(of: root, with: ".")
  }

  static func goldenPath(_ tree: String) -> String {
    let name = tree.split(separator: "/").last.map(String.init) ?? tree
    return TestPaths.inPackage("Tests/EndToEndTests/Golden/\(name).txt")
  }
}
