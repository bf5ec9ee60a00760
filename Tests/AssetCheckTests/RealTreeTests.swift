import AssetCheck
import Foundation
import TestSupport
import Testing

/// The check over the real repositories in `../shared/testdata/real`, against golden files
/// that hold the findings a reviewer read and judged right (see `Golden/README.md`).
///
/// Re-record with `ICONGRID_RECORD_GOLDEN=1 swift test --filter RealTreeTests`, then read
/// the diff: every new line is a finding someone must judge.
@Suite("The check on real repositories")
struct RealTreeTests {
  static let trees = [
    "GitHawkApp-GitHawk", "Ranchero-Software-NetNewsWire", "RatelHub-rflutter_alert", "SwiftGen-SwiftGen",
    "duckduckgo-iOS", "federicoiosue-Omni-Notes", "home-assistant-iOS", "infinitered-ignite",
  ]

  @Test(arguments: trees)
  func wholeTreeMatchesItsGoldenFile(_ tree: String) throws {
    let root = TestPaths.testData("real/" + tree)
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

  /// Findings with the root's path taken out of paths and messages, so the files do not
  /// depend on where the test data lies.
  static func relative(_ text: String, root: String) -> String {
    text.replacingOccurrences(of: root + "/", with: "").replacingOccurrences(of: root, with: ".")
  }

  static func goldenPath(_ tree: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(tree).txt")
      .path
  }
}
