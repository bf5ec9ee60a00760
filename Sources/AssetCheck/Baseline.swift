import IconGridSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Findings a project has accepted for now: a check with a baseline reports only what is new.
///
/// A finding is matched by rule, path and asset, not by its message: a message can carry
/// sizes or another file's name that change while the problem stays the same one. Each
/// recorded entry suppresses one finding, so a second problem of the same rule on the same
/// file and asset still shows. Paths are the paths as printed, so check with the same roots
/// (from the same folder) as when the baseline was written.
///
/// ```swift
/// try Baseline(report.findings).write(to: "icongrid-baseline.json")
/// let fresh = try Baseline(contentsOf: "icongrid-baseline.json").filter(report)
/// ```
public struct Baseline: Sendable, Hashable {
  /// What identifies a finding across runs.
  struct Key: Hashable, CustomStringConvertible, Comparable {
    var rule: String
    var path: String
    var asset: String?

    init(rule: String, path: String, asset: String?) {
      self.rule = rule
      self.path = path
      self.asset = asset
    }

    init(_ finding: Finding) {
      self.init(rule: finding.rule.id, path: finding.path, asset: finding.asset)
    }

    var description: String { "\(rule):\(path):\(asset ?? "")" }

    static func < (a: Key, b: Key) -> Bool {
      (a.path, a.rule, a.asset ?? "") < (b.path, b.rule, b.asset ?? "")
    }
  }

  private struct Entry: Hashable {
    var key: Key
    var message: String
  }

  private var entries: [Entry]

  /// A baseline recording `findings`.
  ///
  /// - Parameter findings: the findings to record.
  public init(_ findings: [Finding]) {
    entries = findings.map { Entry(key: Key($0), message: $0.message) }.sorted {
      $0.key == $1.key ? $0.message < $1.message : $0.key < $1.key
    }
  }

  /// How many findings it records.
  public var count: Int { entries.count }

  /// Reads a baseline written by ``write(to:)``.
  ///
  /// - Parameter path: the baseline file written by ``write(to:)``.
  /// - Throws: ``BaselineError``: the file is missing, unreadable or not a baseline.
  public init(contentsOf path: String) throws(BaselineError) {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let missing = !FileManager.default.fileExists(atPath: path)
      throw BaselineError(path: path, reason: missing ? "no such file" : "cannot read it", isMissing: missing)
    }
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch {
      throw BaselineError(path: path, reason: "not an icongrid baseline (invalid JSON or fields)")
    }
    guard file.version == 1 else {
      throw BaselineError(
        path: path, reason: "baseline version \(file.version) is not supported (expected 1)")
    }
    self.entries = file.findings.map {
      // Another tool's id (lint's `IconDensities`) stands for the rule it aliases.
      Entry(
        key: Key(rule: Rule.named($0.rule)?.id ?? $0.rule, path: $0.path, asset: $0.asset),
        message: $0.message ?? "")
    }
  }

  /// The baseline as a JSON document, sorted so that it diffs well under version control.
  public var rendered: String {
    let findings: [JSONValue] = entries.map { entry in
      .object([
        ("rule", .string(entry.key.rule)), ("path", .string(entry.key.path)),
        ("asset", .optional(entry.key.asset)), ("message", .string(entry.message)),
      ])
    }
    return JSONValue.object([
      ("version", .int(1)), ("tool", .string("icongrid check")), ("findings", .array(findings)),
    ]).rendered() + "\n"
  }

  /// Writes the baseline to `path`, replacing it atomically.
  ///
  /// - Parameter path: the file to write (atomically, through a temporary file).
  /// - Throws: ``BaselineError`` when the file cannot be written.
  public func write(to path: String) throws(BaselineError) {
    do {
      try Data(rendered.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw BaselineError(path: path, reason: "cannot write it")
    }
  }

  /// The report without the findings this baseline records; ``CheckReport/suppressed`` counts them.
  ///
  /// - Parameter report: a check's report.
  /// - Returns: the report without the findings this baseline records, counting them in `suppressed`.
  public func filter(_ report: CheckReport) -> CheckReport {
    var remaining: [Key: Int] = [:]
    for entry in entries { remaining[entry.key, default: 0] += 1 }
    var kept: [Finding] = []
    var suppressed = report.suppressed
    for finding in report.findings {
      let key = Key(finding)
      if let left = remaining[key], left > 0 {
        remaining[key] = left - 1
        suppressed += 1
      } else {
        kept.append(finding)
      }
    }
    return CheckReport(roots: report.roots, findings: kept, suppressed: suppressed)
  }

  private struct File: Decodable {
    struct Item: Decodable {
      var rule: String
      var path: String
      var asset: String?
      var message: String?
    }
    var version: Int
    var findings: [Item]
  }
}

/// A baseline file that cannot be read or written.
public struct BaselineError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The baseline file.
  public var path: String
  /// What is wrong.
  public var reason: String
  /// Whether the file does not exist (exit 66 rather than 65).
  public var isMissing: Bool

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - path: the baseline file.
  ///   - reason: what is wrong with it.
  ///   - isMissing: whether the file does not exist.
  public init(path: String, reason: String, isMissing: Bool = false) {
    self.path = path
    self.reason = reason
    self.isMissing = isMissing
  }

  public var description: String { "\(path): \(reason)" }
}
