import AssetCheck
import Foundation
import TestSupport
import Testing

@Suite("Baselines")
struct BaselineTests {
  @Test func roundTripSuppressesRecordedFindings() throws {
    let tree = try Tree().png("a.png", 10, 10).png("b.png", 12, 12).png("c@2X.png", 12, 12)
    let report = tree.check()
    #expect(report.findings.count >= 3)
    let file = tree.path("baseline.json")
    try Baseline(report.findings).write(to: file)
    let reread = try Baseline(contentsOf: file)
    #expect(reread.count == report.findings.count)
    let filtered = reread.filter(report)
    #expect(filtered.findings.isEmpty)
    #expect(filtered.suppressed == report.findings.count)
    #expect(!filtered.fails(strict: true))
  }

  @Test func newFindingsStillShow() throws {
    let tree = try Tree().png("a.png", 10, 10)
    let baseline = Baseline(tree.check().findings)
    try tree.png("b.png", 12, 12)
    let filtered = baseline.filter(tree.check())
    #expect(filtered.findings.map(\.relativePath) == ["b.png"])
    #expect(filtered.suppressed == 1)
  }

  @Test func matchingIgnoresTheMessage() throws {
    let tree = try Tree().png("a.png", 12, 12).png("a@2x.png", 30, 30).png("a@3x.png", 30, 30)
    let before = tree.check(require: [2, 3])
    #expect(before.findings(.sizeMismatch).count == 2)
    let baseline = Baseline(before.findings)
    // Still wrong, by a different amount: the same problem, so still suppressed.
    try tree.png("a@2x.png", 24, 24)
    let after = tree.check(require: [2, 3])
    func twoX(_ report: CheckReport) -> String? {
      report.findings(.sizeMismatch).first { $0.relativePath == "a@2x.png" }?.message
    }
    #expect(twoX(after) != nil)
    #expect(twoX(after) != twoX(before))
    #expect(baseline.filter(after).findings.isEmpty)
  }

  @Test func eachEntrySuppressesOneFinding() throws {
    let tree = try Tree().png("a.png", 10, 10)
    let report = tree.check(require: [2, 3])
    #expect(report.findings.count == 2)
    let half = Baseline(Array(report.findings.prefix(1)))
    #expect(half.filter(report).findings.count == 1)
  }

  @Test func badFiles() throws {
    let tree = Tree().text("bad.json", "{\"version\": 1}").text(
      "v2.json", "{\"version\": 2, \"findings\": []}")
    #expect(throws: BaselineError.self) { try Baseline(contentsOf: tree.path("bad.json")) }
    #expect(throws: BaselineError.self) { try Baseline(contentsOf: tree.path("v2.json")) }
    do {
      _ = try Baseline(contentsOf: tree.path("none.json"))
      Issue.record("a missing baseline must throw")
    } catch {
      #expect(error.isMissing)
    }
  }

  @Test func fileIsSortedJSON() throws {
    let tree = try Tree().png("b.png", 10, 10).png("a.png", 12, 12)
    let text = Baseline(tree.check().findings).rendered
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let paths = try #require(object["findings"] as? [[String: Any]]).compactMap { $0["path"] as? String }
    #expect(paths == paths.sorted())
    #expect(paths.count == 2)
  }
}
