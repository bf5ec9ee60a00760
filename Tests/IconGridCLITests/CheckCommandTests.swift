import AssetCheck
import Foundation
import IconGridCLI
import TestSupport
import Testing

@Suite("icongrid check: command line and exit status")
struct CheckCommandTests {

  @Test func cleanTreeExitsZero() throws {
    let tree = try Tree().png("a.png", 10, 10).png("a@2x.png", 20, 20)
    let result = icongrid(["check", tree.root])
    #expect(result.status == 0)
    #expect(result.out.hasSuffix("no problems\n"))
  }

  @Test func errorsExitOneWarningsOnlyWhenStrict() throws {
    let errors = try Tree().png("a.png", 10, 10)
    #expect(icongrid(["check", errors.root]).status == 1)
    // A misspelt idiom suffix beside a file the device falls back to: a warning.
    let warnings = try Tree().png("a@2x.png", 20, 20).png("a@2x~iPad.png", 20, 20)
    #expect(icongrid(["check", warnings.root]).status == 0)
    #expect(icongrid(["check", warnings.root, "--strict"]).status == 1)
    #expect(icongrid(["check", warnings.root, "--strict", "--ignore", "suffix-case"]).status == 0)
    // Notes never fail, not even with --strict.
    let notes = try Tree().png("A.xcassets/a.imageset/a@2x.png", 10, 10).png(
      "A.xcassets/a.imageset/x.png", 1, 1
    )
    .contents("A.xcassets/a.imageset", [slot("a@2x.png", scale: "2x")])
    #expect(icongrid(["check", notes.root, "--strict"]).status == 0)
  }

  @Test func missingRootExits66() {
    let result = icongrid(["check", "/no/such/folder/anywhere"])
    #expect(result.status == 66)
    #expect(result.err.contains("no such folder"))
  }

  @Test(arguments: [
    ["check"], ["check", ".", "--require", "4x"], ["check", ".", "--require", "2x,,3x"],
    ["check", ".", "--ignore", "missing-scal"], ["check", ".", "--format", "xml"], ["check", ".", "--deeep"],
  ])
  func usageErrorsExit64(_ arguments: [String]) {
    let result = icongrid(arguments)
    #expect(result.status == 64)
    #expect(result.err.hasPrefix("icongrid: error: "))
    #expect(result.out.isEmpty)
  }

  @Test func unknownRuleSuggestsTheNearest() {
    #expect(
      icongrid(["check", ".", "--ignore", "missing-scal"]).err.contains("did you mean 'missing-scale'?"))
  }

  @Test(arguments: [("2x", [2]), ("2x,3x", [2, 3]), ("1x,2x,3x", [1, 2, 3]), ("3x, 2x", [2, 3])])
  func requireParsing(_ text: String, _ scales: [Int]) throws {
    guard case .check(let options) = try IconGridCLI.parse(["check", "r", "--require", text]) else {
      Issue.record("not a check command")
      return
    }
    #expect(options.requiredScales == scales)
  }

  @Test func parseCollectsOptions() throws {
    let command = try IconGridCLI.parse([
      "check", "a", "b", "--deep", "--format", "sarif", "--ignore", "duplicate,cgbi", "--ignore",
      "suffix-case",
      "--baseline", "base.json", "--strict",
    ])
    let expected = CheckOptions(
      roots: ["a", "b"], deep: true, format: .sarif, baseline: "base.json",
      ignoredRules: ["duplicate", "cgbi", "suffix-case"], strict: true)
    #expect(command == .check(expected))
  }

  @Test func baselineAdoptionFlow() throws {
    let tree = try Tree().png("a.png", 10, 10)
    let file = tree.path("baseline.json")
    let written = icongrid(["check", tree.root, "--write-baseline", file])
    #expect(written.status == 0)
    #expect(written.err.contains("recorded 1 findings"))
    #expect(icongrid(["check", tree.root, "--baseline", file]).status == 0)
    try tree.png("b.png", 10, 10, color: (0, 0, 0, 255))
    let fresh = icongrid(["check", tree.root, "--baseline", file, "--format", "json"])
    #expect(fresh.status == 1)
    #expect(fresh.out.contains("b.png"))
    #expect(fresh.out.contains("\"path\": \"\(tree.root)/b.png\""))
    #expect(!fresh.out.contains("\"path\": \"\(tree.root)/a.png\""))
    #expect(icongrid(["check", tree.root, "--baseline", tree.path("none.json")]).status == 66)
    tree.text("junk.json", "not json")
    #expect(icongrid(["check", tree.root, "--baseline", tree.path("junk.json")]).status == 65)
  }

  @Test(arguments: ReportFormat.allCases)
  func everyFormatRuns(_ format: ReportFormat) throws {
    let tree = try Tree().png("a.png", 10, 10)
    let result = icongrid(["check", tree.root, "--format", format.rawValue])
    #expect(result.status == 1)
    #expect(result.out.contains("missing-scale"))
  }

  @Test func helpListsEveryRule() {
    let result = icongrid(["check", "--help"])
    #expect(result.status == 0)
    for rule in Rule.all { #expect(result.out.contains(rule.id)) }
  }
}
