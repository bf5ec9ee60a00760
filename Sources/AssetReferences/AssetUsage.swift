import IconGridSupport

/// Which assets the sources use, how, and which names they use that no asset provides.
///
/// ```swift
/// let references = SourceReferences.scan(root: "MyApp")
/// let usage = AssetUsage(references, known: ["welcome", "Icons/mail"], judged: ["welcome"])
/// for missing in usage.missing { print(missing.use.path, missing.use.line, missing.use.name) }
/// ```
public struct AssetUsage: Sendable {
  /// How an asset is used.
  public enum Reason: String, Sendable, Hashable {
    /// A string names it.
    case literal
    /// A generated symbol or accessor member names it.
    case symbol
    /// A name built at run time can produce it.
    case pattern
  }

  /// A name used in a place that takes only an asset, which no asset provides.
  public struct Missing: Sendable, Hashable {
    /// The use.
    public var use: SourceReferences.Use
    /// The asset it most likely means, when one differs only in case or spelling.
    public var suggestion: String?
    /// Whether an asset has the same name in another letter case.
    public var differsOnlyInCase: Bool
  }

  /// How each judged asset is used, by name; an asset not here is used by nothing read.
  public var used: [String: Reason] = [:]
  /// The strict uses no known name provides, in file and line order.
  public var missing: [Missing] = []
  /// The patterns that count: those in an image initialiser, and those elsewhere with at
  /// least three fixed letters or digits that match a known asset (`"\(a) - \(b)"` is text,
  /// not a name).
  public var patterns: [SourceReferences.Pattern] = []

  /// Whether `name` is one of AppKit's named system images (`NSActionTemplate`, `NSFolder`,
  /// `NSApplicationIcon`): `NS` and a capital letter, a name no app's catalog needs.
  public static func isSystemImageName(_ name: String) -> Bool {
    let scalars = Array(name.unicodeScalars.prefix(3))
    return scalars.count == 3 && scalars[0] == "N" && scalars[1] == "S" && scalars[2].properties.isUppercase
  }

  /// Matches the uses of `references` against asset names.
  ///
  /// - Parameters:
  ///   - references: what the sources use.
  ///   - known: every name an image initialiser can load in the tree (asset names of all
  ///     name spaces, set names of every kind, loose file names); a strict use outside them
  ///     is missing.
  ///   - judged: the asset names whose use is wanted.
  public init(_ references: SourceReferences, known: Set<String>, judged: [String]) {
    var lowerKnown: [String: String] = [:]
    for name in known.sorted() where lowerKnown[name.lowercased()] == nil {
      lowerKnown[name.lowercased()] = name
    }
    var byBaseName: [String: String] = [:]
    for name in known.sorted() {
      if let slash = name.lastIndex(of: "/") {
        let base = String(name[name.index(after: slash)...]).lowercased()
        if byBaseName[base] == nil { byBaseName[base] = name }
      }
    }
    var symbolKeys: Set<String> = []
    for name in known { symbolKeys.formUnion(AssetSymbols.keys(forAsset: name)) }
    let declaredKeys = Set(references.declared.map(AssetSymbols.key))

    // Literals: the whole name, or its last component, in any case; a use where only an
    // image can be meant is counted before a string that only happens to match.
    var literalNames: Set<String> = []
    var strictLiterals: Set<String> = []
    var strictSymbols: Set<String> = []
    for use in references.uses {
      switch use.kind {
      case .literal:
        literalNames.insert(use.name.lowercased())
        if use.isStrict { strictLiterals.insert(use.name.lowercased()) }
      case .symbol:
        let last = use.name.split(separator: ".").last.map(String.init) ?? use.name
        strictSymbols.insert(AssetSymbols.key(last))
      }
    }
    let memberKeys = Set(references.members.map(AssetSymbols.key))
    var counting: [SourceReferences.Pattern] = []
    for pattern in references.patterns {
      if pattern.isStrict || (pattern.fixedAlphanumerics >= 3 && known.contains(where: pattern.matches)) {
        counting.append(pattern)
      }
    }
    patterns = counting
    for name in judged {
      let lowered = name.lowercased()
      let base = lowered.split(separator: "/").last.map(String.init) ?? lowered
      let keys = AssetSymbols.keys(forAsset: name)
      if strictLiterals.contains(lowered) || strictLiterals.contains(base) {
        used[name] = .literal
      } else if !keys.isDisjoint(with: strictSymbols) {
        used[name] = .symbol
      } else if literalNames.contains(lowered) || literalNames.contains(base) {
        used[name] = .literal
      } else if !keys.isDisjoint(with: memberKeys) {
        used[name] = .symbol
      } else if counting.contains(where: { $0.matches(name) || $0.matches(base) }) {
        used[name] = .pattern
      }
    }

    for use in references.uses where use.isStrict {
      switch use.kind {
      case .literal:
        guard !use.name.isEmpty, !known.contains(use.name), !references.imageFiles.contains(use.name),
          !Self.isSystemImageName(use.name)
        else {
          continue
        }
        let lowered = use.name.lowercased()
        if let other = lowerKnown[lowered] {
          missing.append(Missing(use: use, suggestion: other, differsOnlyInCase: true))
        } else {
          let suggestion =
            byBaseName[lowered] ?? Suggestions.nearest(to: use.name, in: known.sorted(), limit: 1).first
          missing.append(Missing(use: use, suggestion: suggestion, differsOnlyInCase: false))
        }
      case .symbol:
        let last = use.name.split(separator: ".").last.map(String.init) ?? use.name
        let keys = [AssetSymbols.key(last), AssetSymbols.key(use.name)]
        guard keys.allSatisfy({ !symbolKeys.contains($0) && !declaredKeys.contains($0) }) else { continue }
        let suggestion = Suggestions.nearest(
          to: AssetSymbols.key(last), in: known.sorted().map(AssetSymbols.key), limit: 1
        ).first.flatMap { key in known.sorted().first { AssetSymbols.key($0) == key } }
        missing.append(Missing(use: use, suggestion: suggestion, differsOnlyInCase: false))
      }
    }
  }
}
