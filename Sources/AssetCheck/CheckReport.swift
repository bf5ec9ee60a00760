import IconGridSupport

/// What a check found over its roots: the findings, sorted, and what was looked at.
public struct CheckReport: Sendable {
  /// One root as checked.
  public struct Root: Sendable, Hashable {
    /// The root, as given.
    public var path: String
    /// The canonical absolute path of the root (SARIF's base URI); `nil` when unknown.
    public var absolutePath: String?
    /// The names of the assets indexed under it, sorted.
    public var assets: [String]
    /// How many image files were examined under it.
    public var files: Int
    /// What the assets were required to have, and which name spaces each requirement held.
    public var requirements: [Requirement]
    /// What was found and deliberately not checked, with the reason.
    public var skipped: [Skipped]
    /// The identifiers of every name space the index found (targets, catalogs, `files`),
    /// whether or not this run checked them all.
    public var namespaces: [String] = []
    /// What the Flutter, React Native and Android rules held each part of the root to,
    /// one sentence each (`android/app/src/main/res: Android resources: …`).
    public var notes: [String] = []
    /// With `--references`, the names built at run time that counted as uses; `nil` when
    /// the sources were not read.
    public var patterns: [Pattern]? = nil

    /// Creates a root summary.
    ///
    /// - Parameters:
    ///   - path: the root as given.
    ///   - absolutePath: its canonical absolute path, when known.
    ///   - assets: the names of the assets indexed under it.
    ///   - files: how many image files were examined.
    ///   - requirements: the scale requirements applied.
    ///   - skipped: what was not checked, and why.
    public init(
      path: String, absolutePath: String? = nil, assets: [String], files: Int,
      requirements: [Requirement] = [],
      skipped: [Skipped] = []
    ) {
      self.path = path
      self.absolutePath = absolutePath
      self.assets = assets
      self.files = files
      self.requirements = requirements
      self.skipped = skipped
    }
  }

  /// A scale requirement as applied to some name spaces of a root.
  public struct Requirement: Sendable, Hashable {
    /// The scales required of universal and iPhone images.
    public var scales: [Int]
    /// Why (`given with --require`, or a target's platforms).
    public var reason: String
    /// The name spaces it applied to (target names, catalog paths, `files`).
    public var namespaces: [String]

    /// Creates a requirement record.
    ///
    /// - Parameters:
    ///   - scales: the scales required.
    ///   - reason: why.
    ///   - namespaces: where it applied.
    public init(scales: [Int], reason: String, namespaces: [String]) {
      self.scales = scales
      self.reason = reason
      self.namespaces = namespaces
    }
  }

  /// A name the code builds at run time (`"icon_\(n)"`, `"icon_%d"`): every asset it can
  /// match counts as used; it is never a finding.
  public struct Pattern: Sendable, Hashable {
    /// The source file, as reports print it (the root joined with its relative path).
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// The string as written between its quotes.
    public var pattern: String

    /// Creates a pattern record.
    ///
    /// - Parameters:
    ///   - path: the source file.
    ///   - line: the 1-based line.
    ///   - pattern: the string as written.
    public init(path: String, line: Int, pattern: String) {
      self.path = path
      self.line = line
      self.pattern = pattern
    }
  }

  /// Something under a root that was not checked, and why.
  public struct Skipped: Sendable, Hashable {
    /// The file or set, relative to the root.
    public var path: String
    /// Why, as a stable kebab-case word (`not-in-any-target`, `android-resource`, `preview-assets`…).
    public var reason: String

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - path: the file or set, relative to the root.
    ///   - reason: why it was not checked.
    public init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
  }

  /// The roots, in the order given.
  public var roots: [Root]
  /// What was found, sorted by root, path, rule and message.
  public var findings: [Finding]
  /// How many findings a baseline suppressed.
  public var suppressed: Int

  /// Creates a report; the findings are sorted.
  ///
  /// - Parameters:
  ///   - roots: the roots as checked, in the order given.
  ///   - findings: what was found, in any order.
  ///   - suppressed: how many findings a baseline kept out.
  public init(roots: [Root], findings: [Finding], suppressed: Int = 0) {
    self.roots = roots
    self.findings = CheckReport.sorted(consume findings, roots: roots.map(\.path))
    self.suppressed = suppressed
  }

  /// Assets over all roots.
  public var assetCount: Int { roots.reduce(0) { $0 + $1.assets.count } }
  /// Image files examined over all roots.
  public var fileCount: Int { roots.reduce(0) { $0 + $1.files } }
  /// Findings that are errors.
  public var errorCount: Int { count(of: .error) }
  /// Findings that are warnings.
  public var warningCount: Int { count(of: .warning) }
  /// Findings that are notes.
  public var noteCount: Int { count(of: .note) }

  /// Findings of `severity`, each read in place (a closure over the array copied every
  /// finding, eight strings retained and released, for each count).
  private func count(of severity: Severity) -> Int {
    var count = 0
    for index in findings.indices where findings[index].severity == severity { count += 1 }
    return count
  }

  /// Whether the check fails: any error, or with `strict` any warning too.
  ///
  /// - Parameter strict: whether warnings count as failures (`--strict`).
  /// - Returns: `true` when the check should fail the build.
  public func fails(strict: Bool) -> Bool {
    errorCount > 0 || (strict && warningCount > 0)
  }

  /// Whether a finding counts as a failure (an error, or a warning under `strict`).
  static func isFailure(_ finding: Finding, strict: Bool) -> Bool {
    finding.severity == .error || (strict && finding.severity == .warning)
  }

  private static func sorted(_ findings: consuming [Finding], roots: [String]) -> [Finding] {
    let order = ranking(findings, roots: roots)
    // The findings are moved into their places, not copied into a new array with the old
    // one freed after (15,000 findings: eight strings retained and released each).
    return Permutation.apply(order, to: findings)
  }

  /// The positions of `findings` in the report's order: by root (in `roots`' order), path,
  /// rule (in ``Rule/all``'s order) and message; stable.
  private static func ranking(_ findings: [Finding], roots: [String]) -> [Int] {
    let order = Dictionary(roots.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let ruleOrder = Dictionary(uniqueKeysWithValues: Rule.all.enumerated().map { ($1.id, $0) })
    // Each finding's root and rule rank looked up once, and indices sorted rather than the
    // findings themselves: thousands of findings made hash lookups and moves of whole
    // findings in every comparison a few percent of a check. The sort is stable, as before.
    // Both read each finding's field in place (a closure over the findings copied each whole).
    let rootRank = findings.indices.map { order[findings[$0].root] ?? Int.max }
    let ruleRank = findings.indices.map { ruleOrder[findings[$0].rule.id] ?? Int.max }
    // The fields compared are read in place, not whole findings copied for each comparison.
    // Two halves are sorted at once (stable, as one sort of them all would be).
    return Parallel.sortedIndices(count: findings.count) { i, j in
      if rootRank[i] != rootRank[j] { return rootRank[i] < rootRank[j] }
      if findings[i].relativePath != findings[j].relativePath {
        return findings[i].relativePath < findings[j].relativePath
      }
      if ruleRank[i] != ruleRank[j] { return ruleRank[i] < ruleRank[j] }
      return findings[i].message < findings[j].message
    }
  }
}
