import AssetCheck
import TestSupport
import Testing

/// The examples of `Sources/AssetCheck/AssetCheck.docc/GettingStarted.md` over a small tree,
/// so the article cannot drift from the API.
@Suite("AssetCheck's getting-started article")
struct DocExampleTests {
  @Test func checkReportAndBaseline() throws {
    let tree = try Tree().png("App/spinner@2x.png", 20, 20)
    let report = AssetChecker.check(
      roots: [tree.path("App")], configuration: CheckConfiguration(requiredScales: [2, 3]))
    #expect(report.rendered(as: .text).contains("no @3x variant"))
    #expect(report.fails(strict: false))

    try Baseline(report.findings).write(to: tree.path("icon-baseline.json"))
    let fresh = try Baseline(contentsOf: tree.path("icon-baseline.json")).filter(report)
    #expect(fresh.findings.isEmpty)
    #expect(!fresh.fails(strict: true))
  }
}
