import AssetCheck
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A tree with an error and a warning whose names need escaping in every format.
private func awkwardTree() throws -> Tree {
  try Tree().png("a&b <c>, \"d\": e%.png", 16, 16)
    .png("A.xcassets/x.imageset/x.png", 10, 10).png(
      "A.xcassets/x.imageset/spare.png", 10, 10, color: (1, 1, 1, 1)
    )
    .contents("A.xcassets/x.imageset", [slot("x.png", scale: "1x"), slot("x.png", scale: "2x")])
}

@Suite("Report formats are well formed")
struct FormatTests {
  @Test func textLinesAndSummary() throws {
    let report = try awkwardTree().check()
    let lines = report.rendered(as: .text).split(separator: "\n").map(String.init)
    // Findings, then one note per requirement applied, then the summary.
    #expect(lines.count == report.findings.count + 1 + 1)
    #expect(
      lines[report.findings.count] == "\(report.roots[0].path): note: required 2x (given with --require)")
    let first = try #require(report.findings.first)
    #expect(lines[0] == "\(first.path): \(first.severity.rawValue): \(first.message) [\(first.rule.id)]")
    #expect(lines.last == report.summaryLine)
    #expect(report.summaryLine.contains("\(report.errorCount) error"))
  }

  @Test func jsonHasTheDocumentedShape() throws {
    let tree = try awkwardTree()
    let report = tree.check()
    let data = Data(report.rendered(as: .json).utf8)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    #expect(object["roots"] as? [String] == [tree.root])
    let summary = try #require(object["summary"] as? [String: Int])
    #expect(
      summary == [
        "assets": report.assetCount, "files": report.fileCount, "errors": report.errorCount,
        "warnings": report.warningCount,
      ])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(findings.count == report.findings.count)
    for (item, finding) in zip(findings, report.findings) {
      #expect(Set(item.keys) == ["rule", "severity", "path", "asset", "message"])
      #expect(item["rule"] as? String == finding.rule.id)
      #expect(item["path"] as? String == finding.path)
      #expect(item["message"] as? String == finding.message)
    }
  }

  /// The JSON report writes its findings itself, not through a value tree: byte for byte
  /// what the tree writes, whatever the members hold (lines, no asset, escapes, no findings).
  @Test func jsonDocumentIsTheValueTreeWritten() throws {
    let report = try awkwardTree().check()
    #expect(!report.findings.isEmpty)
    #expect(report.rendered(as: .json) == report.json.rendered() + "\n")
    var root = CheckReport.Root(
      path: "r\"oot", assets: ["a"], files: 2,
      requirements: [CheckReport.Requirement(scales: [2, 3], reason: "given", namespaces: ["files"])],
      skipped: [CheckReport.Skipped(path: "x.pdf", reason: "documentation")])
    root.notes = ["a note\twith a tab"]
    root.patterns = [CheckReport.Pattern(path: "r/a.swift", line: 3, pattern: "icon_\\(n)")]
    let findings = [
      Finding(
        rule: .missingAsset, root: "r\"oot", relativePath: "a.swift", asset: nil, message: "no \"x\"\n",
        line: 7),
      Finding(rule: .missingScale, root: "r\"oot", relativePath: "b.png", asset: "b\u{1}", message: "é"),
    ]
    let built = CheckReport(roots: [root], findings: findings)
    #expect(built.rendered(as: .json) == built.json.rendered() + "\n")
    let empty = CheckReport(roots: [root], findings: [])
    #expect(empty.rendered(as: .json) == empty.json.rendered() + "\n")
  }

  @Test("each format's bytes are its text's UTF-8", arguments: ReportFormat.allCases)
  func bytesAreTheText(_ format: ReportFormat) throws {
    let report = try awkwardTree().check()
    #expect(!report.findings.isEmpty)
    let bytes = report.renderedBytes(as: format)
    #expect(bytes == Array(report.rendered(as: format).utf8))
    #expect(bytes.last == UInt8(ascii: "\n"))
  }

  @Test("findings are put in order of root, path, rule and message, the same however they come")
  func findingsInOrder() {
    let roots = [
      CheckReport.Root(path: "b", assets: [], files: 0), CheckReport.Root(path: "a", assets: [], files: 0),
    ]
    var findings: [Finding] = []
    for root in ["a", "b"] {
      for path in ["y\u{E9}.png", "x.png", "ye\u{301}.png"] {
        for rule in [Rule.missingScale, .duplicate, .caseConflict] {
          for message in ["m2", "m1"] {
            findings.append(Finding(rule: rule, root: root, relativePath: path, asset: nil, message: message))
          }
        }
      }
    }
    let rank = Dictionary(uniqueKeysWithValues: Rule.all.enumerated().map { ($1.id, $0) })
    // Stable: `y\u{E9}` and `ye\u{301}` are equal paths to `<`, so they keep their order.
    let expected = findings.enumerated().sorted { a, b in
      let (x, y) = (a.element, b.element)
      if x.root != y.root { return x.root == "b" }
      if x.relativePath != y.relativePath { return x.relativePath < y.relativePath }
      if x.rule.id != y.rule.id { return rank[x.rule.id]! < rank[y.rule.id]! }
      if x.message != y.message { return x.message < y.message }
      return a.offset < b.offset
    }.map(\.element)
    #expect(CheckReport(roots: roots, findings: findings).findings == expected)
    // An array the caller still holds is left as it was.
    let shared = findings
    #expect(CheckReport(roots: roots, findings: shared).findings == expected)
    #expect(shared == findings)
  }

  @Test func githubCommandsEscapeTheirParts() throws {
    let report = try awkwardTree().check()
    let lines = report.rendered(as: .github).split(separator: "\n").map(String.init)
    let commands = lines.filter { $0.hasPrefix("::") }
    #expect(commands.count == report.findings.count)
    let awkward = try #require(commands.first { $0.contains("missing-scale") && $0.contains("a&b") })
    #expect(awkward.hasPrefix("::error file="))
    #expect(awkward.contains("a&b <c>%2C \"d\"%3A e%25.png,title=missing-scale::"))
    // GitHub's level for a note is notice.
    #expect(
      commands.contains { $0.hasPrefix("::notice file=") && $0.contains("title=catalog-unassigned::") })
  }

  @Test func githubDataEscapesLineBreaks() throws {
    let finding = Finding(
      rule: .unreadable, root: "r", relativePath: "x.png", asset: "x", message: "50%\r\nnext")
    let report = CheckReport(roots: [.init(path: "r", assets: ["x"], files: 1)], findings: [finding])
    #expect(
      report.rendered(as: .github).hasPrefix("::error file=r/x.png,title=unreadable::50%25%0D%0Anext\n"))
  }

  @Test func junitIsXMLWithACasePerAsset() throws {
    let report = try awkwardTree().check()
    let xml = report.rendered(as: .junit)
    #if canImport(FoundationXML) || canImport(Darwin)
      let document = try XMLDocument(xmlString: xml, options: [])
      let root = try #require(document.rootElement())
      #expect(root.name == "testsuites")
      let cases = try root.nodes(forXPath: "//testcase")
      #expect(cases.count == report.assetCount)
      // One failure per failing case, never more failures than tests, every error message in it.
      let failing = Set(report.findings.filter { $0.severity == .error }.map { $0.asset ?? $0.relativePath })
      let failures = try root.nodes(forXPath: "//failure")
      #expect(failures.count == failing.count)
      #expect(failures.count <= cases.count)
      #expect(root.attribute(forName: "failures")?.stringValue == "\(failing.count)")
      let failureText = failures.compactMap(\.stringValue).joined(separator: "\n")
      for finding in report.findings where finding.severity == .error {
        #expect(failureText.contains(finding.message))
      }
      let names = cases.compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
      #expect(names.contains("a&b <c>, \"d\": e%"))
    #else
      #expect(xml.hasPrefix("<?xml"))
    #endif
    let strict = report.rendered(as: .junit, options: RenderOptions(strict: true))
    // Under --strict warnings fail too; notes never do.
    let withFindings = Set(
      report.findings.filter { $0.severity != .note }.map { $0.asset ?? $0.relativePath })
    #expect(strict.components(separatedBy: "<failure ").count - 1 == withFindings.count)
  }

  @Test func junitPutsAllOfACasesErrorsInOneFailure() throws {
    let findings = [
      Finding(rule: .missingScale, root: "r", relativePath: "x.png", asset: "x", message: "no @2x"),
      Finding(rule: .sizeMismatch, root: "r", relativePath: "x@3x.png", asset: "x", message: "is 10×10 px"),
      Finding(rule: .duplicate, root: "r", relativePath: "x@3x.png", asset: "x", message: "byte-identical"),
    ]
    let report = CheckReport(roots: [.init(path: "r", assets: ["x", "y"], files: 3)], findings: findings)
    let xml = report.rendered(as: .junit)
    #expect(xml.components(separatedBy: "<failure ").count - 1 == 1)
    #expect(xml.contains("tests=\"2\" failures=\"1\""))
    #expect(xml.contains("type=\"missing-scale size-mismatch\""))
    #expect(xml.contains("no @2x") && xml.contains("is 10×10 px"))
    #expect(xml.contains("<system-out>r/x@3x.png: note: byte-identical [duplicate]</system-out>"))
  }

  @Test func junitSurvivesControlCharacters() throws {
    let finding = Finding(
      rule: .unreadable, root: "r", relativePath: "a\u{1}b.png", asset: "a\u{1}b",
      message: "x < y & \"z\"\u{7}")
    let report = CheckReport(roots: [.init(path: "r", assets: ["a\u{1}b"], files: 1)], findings: [finding])
    let xml = report.rendered(as: .junit)
    #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #if canImport(FoundationXML) || canImport(Darwin)
      let document = try XMLDocument(xmlString: xml, options: [])
      let failure = try #require(try document.nodes(forXPath: "//failure").first as? XMLElement)
      #expect(failure.attribute(forName: "message")?.stringValue == "x < y & \"z\"\u{FFFD}")
    #endif
  }

  @Test func sarifHasRulesAndResults() throws {
    let tree = try awkwardTree()
    let report = tree.check()
    let text = report.rendered(as: .sarif, options: RenderOptions(toolVersion: "9.9"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["version"] as? String == "2.1.0")
    let run = try #require((object["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "icongrid")
    #expect(driver["version"] as? String == "9.9")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.compactMap { $0["id"] as? String } == Rule.all.map(\.id))
    for rule in rules {
      #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
      let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
      #expect(level == "error" || level == "warning" || level == "note")
    }
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == report.findings.count)
    for (result, finding) in zip(results, report.findings) {
      #expect(result["ruleId"] as? String == finding.rule.id)
      #expect(result["level"] as? String == finding.severity.rawValue)
      #expect((result["message"] as? [String: Any])?["text"] as? String == finding.message)
      let location = try #require((result["locations"] as? [[String: Any]])?.first)
      let physical = try #require(location["physicalLocation"] as? [String: Any])
      #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 1)
      let artifact = try #require(physical["artifactLocation"] as? [String: Any])
      let uri = try #require(artifact["uri"] as? String)
      #expect(uri.removingPercentEncoding == finding.relativePath)
      #expect(!uri.contains(" "))
      let base = try #require(artifact["uriBaseId"] as? String)
      let bases = try #require(run["originalUriBaseIds"] as? [String: [String: Any]])
      let baseURI = try #require(bases[base]?["uri"] as? String)
      #expect(
        URL(string: uri, relativeTo: URL(string: baseURI))?.path == tree.root + "/" + finding.relativePath)
    }
  }

  @Test func cleanReport() throws {
    let tree = try Tree().png("a.png", 10, 10).png("a@2x.png", 20, 20)
    let report = tree.check()
    #expect(report.findings.isEmpty)
    #expect(
      report.rendered(as: .text)
        == "\(tree.root): note: required 2x (given with --require)\nchecked 1 asset (2 files) in 1 root: no problems\n"
    )
    #expect(!report.fails(strict: true))
  }
}
