import AssetIndex
import AssetResolver
import IconGridSupport

/// The formats a report can be written in.
public enum ReportFormat: String, Sendable, CaseIterable {
  /// `path: error: message [rule]` lines and a summary line.
  case text
  /// One JSON object: version, roots, summary and findings.
  case json
  /// GitHub Actions workflow commands (`::error file=…,title=…::…`), which annotate the diff.
  case github
  /// JUnit XML: a test suite per root, a test case per asset, a failure per error.
  case junit
  /// SARIF 2.1.0, for code scanning dashboards.
  case sarif
}

/// What a rendering needs beyond the report.
public struct RenderOptions: Sendable, Hashable {
  /// Whether warnings fail the check (JUnit then lists them as failures too).
  public var strict: Bool
  /// The tool's name and version, for SARIF's `tool.driver`.
  public var toolName: String
  /// The tool's version.
  public var toolVersion: String
  /// List every file that was not checked (text), not just how many.
  public var verbose: Bool = false

  /// Creates options.
  ///
  /// - Parameters:
  ///   - strict: whether warnings fail the check.
  ///   - toolName: the tool's name, for SARIF.
  ///   - toolVersion: the tool's version, for SARIF.
  public init(strict: Bool = false, toolName: String = "icongrid", toolVersion: String = "0") {
    self.strict = strict
    self.toolName = toolName
    self.toolVersion = toolVersion
  }
}

extension CheckReport {
  /// The report in `format`, ending with a newline.
  ///
  /// - Parameters:
  ///   - format: text, JSON, GitHub workflow commands, JUnit XML or SARIF.
  ///   - options: strictness, verbosity and the tool's name for the formats that carry it.
  /// - Returns: the whole document.
  public func rendered(as format: ReportFormat, options: RenderOptions = .init()) -> String {
    String(decoding: renderedBytes(as: format, options: options), as: UTF8.self)
  }

  /// The report in `format` as UTF-8 bytes: the bytes of ``rendered(as:options:)``, for a
  /// caller that writes them out. The text and JSON reports are built as bytes, and making
  /// a `String` of them copies and validates every byte again (4 MB for 15,000 findings).
  ///
  /// - Parameters:
  ///   - format: text, JSON, GitHub workflow commands, JUnit XML or SARIF.
  ///   - options: strictness, verbosity and the tool's name for the formats that carry it.
  /// - Returns: the whole document, ending with a newline.
  public func renderedBytes(as format: ReportFormat, options: RenderOptions = .init()) -> [UInt8] {
    switch format {
    case .text: textReport(verbose: options.verbose)
    case .json: jsonDocumentBytes()
    case .github: Array(githubReport().utf8)
    case .junit: Array(junitReport(strict: options.strict).utf8)
    case .sarif: Self.document(sarif(options))
    }
  }

  /// A JSON document, pretty, ending with a newline; built in one byte buffer.
  private static func document(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    value.write(into: &out)
    out.append(UInt8(ascii: "\n"))
    return out
  }

  /// `checked 12 assets (30 files) in 1 root: 2 errors, 1 warning`.
  public var summaryLine: String {
    var line =
      "checked \(plural(assetCount, "asset")) (\(plural(fileCount, "file"))) in \(plural(roots.count, "root")): "
    if findings.isEmpty {
      line += "no problems"
    } else {
      line += "\(plural(errorCount, "error")), \(plural(warningCount, "warning"))"
      if noteCount > 0 { line += ", \(plural(noteCount, "note"))" }
    }
    if suppressed > 0 {
      line += " (\(plural(suppressed, "finding")) in the baseline not shown)"
    }
    return line
  }

  // MARK: - text

  private func textReport(verbose: Bool) -> [UInt8] {
    // One byte buffer for thousands of lines: string interpolation per line cost a fifth of
    // a header-only check of 10,000 icons.
    var out: [UInt8] = []
    func line(_ parts: String...) {
      for part in parts { out.append(contentsOf: part.utf8) }
      out.append(UInt8(ascii: "\n"))
    }
    for finding in findings {
      out.append(contentsOf: finding.path.utf8)
      if let number = finding.line { out.append(contentsOf: ":\(number)".utf8) }
      line(": ", finding.severity.rawValue, ": ", finding.message, " [", finding.rule.id, "]")
    }
    for note in notes(verbose: verbose) { line(note) }
    line(summaryLine)
    return out
  }

  /// `ROOT: note: …` lines: what each root was required to have, and what was not checked.
  func notes(verbose: Bool) -> [String] {
    var lines: [String] = []
    for root in roots {
      // One line per set of scales; the name spaces that have assets, each with its reason.
      var byScales: [[Int]: [CheckReport.Requirement]] = [:]
      for need in root.requirements { byScales[need.scales, default: []].append(need) }
      for scales in byScales.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
        let needs = byScales[scales]!
        let shown = scales.map { "\($0)x" }.joined(separator: ", ")
        let reasons = needs.map(\.reason)
        let listed = reasons.prefix(4).joined(separator: "; ")
        let more = reasons.count > 4 ? "; and \(reasons.count - 4) more" : ""
        lines.append("\(root.path): note: required \(shown) (\(listed)\(more))")
      }
      lines += root.notes.map { "\(root.path): note: \($0)" }
      var byReason: [String: [String]] = [:]
      for item in root.skipped { byReason[item.reason, default: []].append(item.path) }
      for reason in byReason.keys.sorted() {
        let paths = byReason[reason]!
        lines.append(
          "\(root.path): note: not checked: \(plural(paths.count, reason == "catalog-in-no-target" ? "catalog" : SetKind(rawValue: reason) == nil ? "file" : "set")) "
            + CheckReport.why(reason)
            + (verbose ? "" : " (--verbose lists them)"))
        if verbose { lines += paths.map { "\(Finding.join(root.path, $0)): note: not checked (\(reason))" } }
      }
    }
    return lines
  }

  /// Why files of a skip reason were not checked, in words.
  static func why(_ reason: String) -> String {
    switch reason {
    case "not-in-any-target": "in no target's resources (they do not ship)"
    case "android-resource": "in Android resource folders (Android's density rules, not UIKit's)"
    case "flutter-asset": "of a Flutter project (Flutter's variant folders, not UIKit's names)"
    case "react-native-asset": "of a React Native project (Metro's rules, not UIKit's)"
    case "android-project": "of an Android project (store art and resources, not UIKit's images)"
    case "javascript-project": "of a JavaScript project (Metro's or the web's rules, not UIKit's)"
    case "large-single-image": "that are single images of 1000 px or more (masters, artwork; no @2x expected)"
    case "outside-app-folders":
      "outside every app folder (no folder with an Info.plist, asset catalog or Package.swift holds them: "
        + "README, website or design images, which no bundle ships)"
    case "no-apple-app":
      "of an Android, Flutter or JavaScript tree with no Apple app in it (no Xcode project, Info.plist, "
        + "asset catalog or Package.swift): store art and documentation, not UIKit's images"
    case "documentation": "in documentation or store-metadata folders (fastlane, docs, screenshots, metadata)"
    case "catalog-in-no-target": "that no target of the project compiles (they ship in no bundle)"
    case "preview-assets": "in development assets (Preview Assets; --include-previews checks them)"
    default:
      SetKind(rawValue: reason)?.skipReason.map { "of kind \(reason) (\($0))" } ?? "(\(reason))"
    }
  }

  // MARK: - JSON

  /// The `--format json` document.
  package var json: JSONValue {
    .object(jsonMembers(findings: .array(findings.map(CheckReport.json(of:)))))
  }

  /// One finding as a member of the document's `findings`.
  private static func json(of finding: Finding) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("rule", .string(finding.rule.id)), ("severity", .string(finding.severity.rawValue)),
      ("path", .string(finding.path)),
    ]
    if let line = finding.line { fields.append(("line", .int(line))) }
    fields += [("asset", .optional(finding.asset)), ("message", .string(finding.message))]
    return .object(fields)
  }

  /// ``json`` written as `document(_:)` writes it, ending with a newline, with the findings
  /// written straight from the report: a tree of values for each of thousands of findings
  /// was most of a JSON report's time. `FormatTests.jsonDocumentIsTheValueTreeWritten`
  /// holds the two to the same bytes.
  package func jsonDocument() -> String {
    String(decoding: jsonDocumentBytes(), as: UTF8.self)
  }

  /// ``jsonDocument()``'s UTF-8 bytes.
  private func jsonDocumentBytes() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(4096 + 256 * findings.count)
    out.append(UInt8(ascii: "{"))
    for (index, (key, value)) in jsonMembers(findings: .null).enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: "\n  ".utf8)
      JSONValue.quote(key, into: &out)
      out.append(contentsOf: ": ".utf8)
      if key == "findings" {
        writeFindings(into: &out)
      } else {
        value.write(into: &out, indent: 1)
      }
    }
    out.append(contentsOf: "\n}\n".utf8)
    return out
  }

  /// The `findings` array at the document's second level, as ``JSONValue`` would write it.
  private func writeFindings(into out: inout [UInt8]) {
    guard !findings.isEmpty else {
      out.append(contentsOf: "[]".utf8)
      return
    }
    out.append(UInt8(ascii: "["))
    // Runs of findings are written at once, each into its own buffer, and joined in order.
    let runs = stride(from: 0, to: findings.count, by: 1024).map { $0..<min($0 + 1024, findings.count) }
    for part in Parallel.map(runs, { writeFindings($0) }) { out.append(contentsOf: part) }
    out.append(contentsOf: "\n  ]".utf8)
  }

  /// The findings at `range` as members of the `findings` array, each after a comma but the
  /// first of all.
  private func writeFindings(_ range: Range<Int>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256 * range.count)
    for index in range {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: "\n    {\n      \"rule\": ".utf8)
      JSONValue.quote(findings[index].rule.id, into: &out)
      out.append(contentsOf: ",\n      \"severity\": ".utf8)
      JSONValue.quote(findings[index].severity.rawValue, into: &out)
      out.append(contentsOf: ",\n      \"path\": ".utf8)
      JSONValue.quote(findings[index].path, into: &out)
      if let line = findings[index].line {
        out.append(contentsOf: ",\n      \"line\": ".utf8)
        out.append(contentsOf: String(line).utf8)
      }
      out.append(contentsOf: ",\n      \"asset\": ".utf8)
      if let asset = findings[index].asset {
        JSONValue.quote(asset, into: &out)
      } else {
        out.append(contentsOf: "null".utf8)
      }
      out.append(contentsOf: ",\n      \"message\": ".utf8)
      JSONValue.quote(findings[index].message, into: &out)
      out.append(contentsOf: "\n    }".utf8)
    }
    return out
  }

  /// The document's members in order, `findings` as given (``jsonDocument()`` writes that
  /// member itself).
  private func jsonMembers(findings: JSONValue) -> [(String, JSONValue)] {
    [
      ("version", .int(1)),
      ("roots", .array(roots.map { .string($0.path) })),
      (
        "summary",
        .object([
          ("assets", .int(assetCount)), ("files", .int(fileCount)), ("errors", .int(errorCount)),
          ("warnings", .int(warningCount)),
        ])
      ),
      (
        "requirements",
        .array(
          roots.flatMap { root in
            root.requirements.map { need in
              .object([
                ("root", .string(root.path)), ("scales", .array(need.scales.map { .int($0) })),
                ("reason", .string(need.reason)),
                ("namespaces", .array(need.namespaces.map { .string($0) })),
              ])
            }
          })
      ),
      (
        "notes",
        .array(
          roots.flatMap { root in
            root.notes.map { .object([("root", .string(root.path)), ("note", .string($0))]) }
          })
      ),
      (
        "skipped",
        .array(
          roots.flatMap { root in
            root.skipped.map {
              .object([
                ("root", .string(root.path)), ("path", .string($0.path)), ("reason", .string($0.reason)),
              ])
            }
          })
      ),
      ("findings", findings),
    ] + referencesJSON
  }

  /// The `references` member of the JSON document, present when a root's sources were read.
  private var referencesJSON: [(String, JSONValue)] {
    guard roots.contains(where: { $0.patterns != nil }) else { return [] }
    let patterns: [JSONValue] = roots.flatMap { root in
      (root.patterns ?? []).map {
        .object([
          ("root", .string(root.path)), ("path", .string($0.path)), ("line", .int($0.line)),
          ("pattern", .string($0.pattern)),
        ])
      }
    }
    return [("references", .object([("patterns", .array(patterns))]))]
  }

  // MARK: - GitHub workflow commands

  private func githubReport() -> String {
    var out = ""
    for finding in findings {
      // GitHub's annotation levels are error, warning and notice.
      let level = finding.severity == .note ? "notice" : finding.severity.rawValue
      out += "::\(level) file=\(GitHubCommand.property(finding.path))"
      if let line = finding.line { out += ",line=\(line)" }
      out += ",title=\(GitHubCommand.property(finding.rule.id))"
      out += "::\(GitHubCommand.data(finding.message))\n"
    }
    return out + summaryLine + "\n"
  }

  // MARK: - JUnit

  /// One test case per asset; a case with failing findings gets one `<failure>` holding
  /// all of them (JUnit readers count failures per case), the others go to `system-out`.
  private func junitReport(strict: Bool) -> String {
    var cases: [(root: Root, name: String, findings: [Finding])] = []
    for root in roots {
      var byAsset: [String: [Finding]] = [:]
      for finding in findings where finding.root == root.path {
        byAsset[finding.asset ?? finding.relativePath, default: []].append(finding)
      }
      // Findings outside any asset (a catalog folder's Contents.json) get a case of their own.
      let known = Set(root.assets)
      for name in root.assets { cases.append((root, name, byAsset[name] ?? [])) }
      for name in byAsset.keys.filter({ !known.contains($0) }).sorted() {
        cases.append((root, name, byAsset[name] ?? []))
      }
    }
    func fails(_ findings: [Finding]) -> Bool {
      findings.contains { CheckReport.isFailure($0, strict: strict) }
    }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"icongrid check\" tests=\"\(cases.count)\""
    out += " failures=\"\(cases.count { fails($0.findings) })\">\n"
    for root in roots {
      let mine = cases.filter { $0.root.path == root.path }
      out += "  <testsuite name=\"\(XML.attribute(root.path))\" tests=\"\(mine.count)\""
      out += " failures=\"\(mine.count { fails($0.findings) })\" errors=\"0\" skipped=\"0\">\n"
      for testCase in mine {
        out +=
          "    <testcase classname=\"\(XML.attribute(root.path))\" name=\"\(XML.attribute(testCase.name))\""
        guard !testCase.findings.isEmpty else {
          out += "/>\n"
          continue
        }
        out += ">\n"
        let lines = testCase.findings.map { finding in
          (
            finding,
            "\(finding.location): \(finding.severity.rawValue): \(finding.message) [\(finding.rule.id)]"
          )
        }
        let failing = lines.filter { CheckReport.isFailure($0.0, strict: strict) }
        if let first = failing.first {
          let types = failing.map(\.0.rule.id).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
          }
          let summary =
            failing.count == 1 ? first.0.message : "\(failing.count) problems: \(first.0.message); …"
          out += "      <failure type=\"\(XML.attribute(types.joined(separator: " ")))\""
          out += " message=\"\(XML.attribute(summary))\">"
          out += XML.text(failing.map(\.1).joined(separator: "\n")) + "</failure>\n"
        }
        let notes = lines.filter { !CheckReport.isFailure($0.0, strict: strict) }.map(\.1)
        if !notes.isEmpty {
          out += "      <system-out>\(XML.text(notes.joined(separator: "\n")))</system-out>\n"
        }
        out += "    </testcase>\n"
      }
      out += "  </testsuite>\n"
    }
    return out + "</testsuites>\n"
  }

  // MARK: - SARIF

  /// The `--format sarif` document: one run, every rule described, one result per finding.
  package func sarif(_ options: RenderOptions) -> JSONValue {
    let ruleIndex = Dictionary(uniqueKeysWithValues: Rule.all.enumerated().map { ($1.id, $0) })
    let rules: [JSONValue] = Rule.all.map { rule in
      .object([
        ("id", .string(rule.id)),
        ("shortDescription", .object([("text", .string(rule.summary))])),
        ("defaultConfiguration", .object([("level", .string(rule.severity.rawValue))])),
      ])
    }
    var baseIDs: [String: String] = [:]
    var bases: [(String, JSONValue)] = []
    for (index, root) in roots.enumerated() where baseIDs[root.path] == nil {
      let id = "ROOT\(index)"
      baseIDs[root.path] = id
      let uri = root.absolutePath.map { "file://" + URIPath.encode($0.hasSuffix("/") ? $0 : $0 + "/") }
      var base: [(String, JSONValue)] = []
      if let uri { base.append(("uri", .string(uri))) }
      base.append(("description", .object([("text", .string("the root \(root.path)"))])))
      bases.append((id, .object(base)))
    }
    let results: [JSONValue] = findings.map { finding in
      var location: [(String, JSONValue)] = [
        ("uri", .string(finding.relativePath.isEmpty ? "./" : URIPath.encode(finding.relativePath)))
      ]
      if let id = baseIDs[finding.root] { location.append(("uriBaseId", .string(id))) }
      return .object([
        ("ruleId", .string(finding.rule.id)),
        ("ruleIndex", .int(ruleIndex[finding.rule.id] ?? 0)),
        ("level", .string(finding.severity.rawValue)),
        ("message", .object([("text", .string(finding.message))])),
        (
          "locations",
          // GitHub code scanning places a result only when it has a start line; a finding
          // about a whole file gets line 1.
          .array([
            .object([
              (
                "physicalLocation",
                .object([
                  ("artifactLocation", .object(location)),
                  ("region", .object([("startLine", .int(finding.line ?? 1))])),
                ])
              )
            ])
          ])
        ),
        (
          "partialFingerprints",
          .object([("assetCheck/v1", .string(Baseline.Key(finding).description))])
        ),
      ])
    }
    return .object([
      ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("version", .string("2.1.0")),
      (
        "runs",
        .array([
          .object([
            (
              "tool",
              .object([
                (
                  "driver",
                  .object([
                    ("name", .string(options.toolName)), ("version", .string(options.toolVersion)),
                    ("rules", .array(rules)),
                  ])
                )
              ])
            ),
            ("originalUriBaseIds", .object(bases)),
            ("results", .array(results)),
          ])
        ])
      ),
    ])
  }
}

private func plural(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// Escaping for GitHub Actions workflow commands.
enum GitHubCommand {
  /// The message after `::`: `%`, CR and LF are escaped.
  static func data(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A property value (`file=…`): as ``data(_:)``, plus `:` and `,`, which end a property.
  static func property(_ text: String) -> String {
    data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }
}

/// Escaping for XML 1.0 text and attributes.
enum XML {
  /// Character data: `&`, `<` and `>` escaped; characters XML 1.0 forbids become U+FFFD.
  static func text(_ value: String) -> String {
    escape(value, quotes: false)
  }

  /// An attribute value in double quotes: also `"`, `'` and line breaks escaped.
  static func attribute(_ value: String) -> String {
    escape(value, quotes: true)
  }

  private static func escape(_ value: String, quotes: Bool) -> String {
    var out = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where quotes: out += "&quot;"
      case "'" where quotes: out += "&apos;"
      case "\n" where quotes: out += "&#10;"
      case "\r": out += "&#13;"
      case "\t" where quotes: out += "&#9;"
      case "\n", "\t": out.unicodeScalars.append(scalar)
      case let c where c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF:
        out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

/// Percent-encoding of a file path as a URI path (RFC 3986), `/` kept.
enum URIPath {
  static func encode(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      let allowed =
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        || "-._~/!$&'()*+,;=@".utf8.contains(byte)
      if allowed {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let digits = String(byte, radix: 16, uppercase: true)
        out += "%" + (digits.count == 1 ? "0" : "") + digits
      }
    }
    return out
  }
}
