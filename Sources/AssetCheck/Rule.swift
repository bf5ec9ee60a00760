import IconGridSupport

/// How much a finding matters: an error fails the check, a warning only with `--strict`,
/// a note never.
///
/// The check reports an error only where a shipped device certainly gets a missing or wrong
/// image, a warning where it likely does, and a note where it cannot tell for lack of
/// context (a setting in an `.xcconfig` it cannot see, code it does not read) or where
/// nothing a user sees is wrong (a duplicate that only costs bytes).
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Fails the check.
  case error
  /// Reported; fails the check only when warnings are treated as errors.
  case warning
  /// Reported; never fails the check.
  case note

  private var rank: Int {
    switch self {
    case .error: 2
    case .warning: 1
    case .note: 0
    }
  }

  /// Whether `lhs` matters less than `rhs` (note < warning < error).
  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One rule of the check: a stable id that reports, baselines and `--ignore` name, a
/// severity, and a sentence saying what it finds.
public struct Rule: Sendable, Hashable, CustomStringConvertible {
  /// The stable, kebab-case id: `missing-scale`.
  public let id: String
  /// Whether its findings are errors or warnings.
  public let severity: Severity
  /// What it finds, in one sentence (SARIF's `shortDescription`).
  public let summary: String
  /// Other tools' ids for the same finding (Android lint's `IconDensities`), which
  /// ``named(_:)``, `--ignore` and baselines accept in place of ``id``.
  public let aliases: [String]

  init(_ id: String, _ severity: Severity, _ summary: String, aliases: [String] = []) {
    self.id = id
    self.severity = severity
    self.summary = summary
    self.aliases = aliases
  }

  public var description: String { id }

  /// An asset lacks a required scale (loose files, or a catalog slot that is empty or absent).
  public static let missingScale = Rule(
    "missing-scale", .error,
    "An asset lacks a required scale: no loose @Nx file, or a catalog slot that is empty or absent.")
  /// A variant's pixel size is not scale × the asset's point size (±1 px).
  public static let sizeMismatch = Rule(
    "size-mismatch", .error,
    "A variant's pixel size differs from its scale × the asset's point size by more than 1 px.")
  /// A file is not a PNG a device can load.
  public static let unreadable = Rule(
    "unreadable", .error,
    "A file a device cannot load: a PNG truncated or with a bad header, a PDF or SVG that does not parse, raster data"
      + " in a vector file or a symbol set (with --deep: any file that does not decode or render)."
  )
  /// An Apple CgBI ("iPhone-optimized") PNG.
  public static let cgbi = Rule(
    "cgbi", .error,
    "A file is an Apple CgBI (\"iPhone-optimized\") PNG, which only Apple's tools read.")
  /// Two files or assets whose names differ only in case.
  public static let caseConflict = Rule(
    "case-conflict", .error,
    "Two files or assets have names that differ only in case; a case-insensitive disk keeps one.")
  /// A scale or idiom suffix in the wrong case or order.
  public static let suffixCase = Rule(
    "suffix-case", .error,
    "A scale or idiom suffix is spelt in a way a device ignores (@2X, ~iPad, ~ipad@2x).")
  /// A set's `Contents.json` is missing or not valid.
  public static let catalogInvalid = Rule(
    "catalog-invalid", .error, "An asset catalog's Contents.json is missing or not valid JSON.")
  /// A slot names a file that does not exist.
  public static let catalogMissingFile = Rule(
    "catalog-missing-file", .error, "A Contents.json slot names a file that does not exist.")
  /// A file in a set that no slot references.
  public static let catalogUnassigned = Rule(
    "catalog-unassigned", .note,
    "A file in an image or app icon set that no slot references (it ships in no bundle; no device misses it)."
  )
  /// An app icon whose pixels are not size × scale.
  public static let appIconSize = Rule(
    "appicon-size", .error, "An app icon slot holds an image whose pixels are not size × scale.")
  /// The App Store icon has an alpha channel.
  public static let marketingAlpha = Rule(
    "marketing-alpha", .error,
    "The 1024-px App Store icon has an alpha channel or transparency, which App Store Connect rejects.")
  /// An app icon set a target's build settings name does not exist.
  public static let appIconMissing = Rule(
    "appicon-missing", .error,
    "A target's ASSETCATALOG_COMPILER_APPICON_NAME names an app icon set none of its catalogs holds.")
  /// An App Store or watch icon with an alpha channel every pixel of which is opaque.
  public static let opaqueAlpha = Rule(
    "opaque-alpha", .warning,
    "An App Store or watch icon has an alpha channel, though every pixel is opaque; drop the channel.")
  /// An alternate icon with transparent pixels.
  public static let iconTransparency = Rule(
    "icon-transparency", .warning,
    "An alternate app icon has transparent pixels, which iOS draws black on the home screen.")
  /// Different assets with pixel-identical images.
  public static let duplicate = Rule(
    "duplicate", .note,
    "Different assets hold pixel-identical images (bytes twice in the bundle; no device shows a wrong image)."
  )

  /// The same asset name twice in one name space (a target's bundle, or one catalog).
  public static let duplicateName = Rule(
    "duplicate-name", .error,
    "Two sets or files provide the same asset name in one name space (one target's bundle, or one catalog).")
  /// A file or folder name the check cannot index (not UTF-8).
  public static let badFileName = Rule(
    "bad-file-name", .error, "A file or folder name is not valid UTF-8; it cannot be an asset name.")
  /// A symbolic link that leads outside the root, or nowhere; not followed.
  public static let linkOutsideRoot = Rule(
    "link-outside-root", .warning,
    "A symbolic link leads outside the checked root (or nowhere), so what it points to is not checked.")

  /// A name the code uses where only an asset can be meant, which no asset provides
  /// (`--references`).
  public static let missingAsset = Rule(
    "missing-asset", .error,
    "A name or path the code uses for an image (a literal, a generated symbol, an Android resource or a"
      + " required file) that no asset of the tree provides (with --references).")
  /// An image (a catalog set, an Android drawable or mipmap, a Flutter or Metro asset) that
  /// nothing of its app uses (`--references`).
  public static let unusedAsset = Rule(
    "unused-asset", .warning,
    "An image (a catalog set, an Android drawable or mipmap, a pubspec or Metro asset) that no source, storyboard,"
      + " layout, manifest, property list, build setting or system role uses (with --references).")

  /// Every rule, in the order reports list them.
  public static let all: [Rule] = appleRules + layoutRules + referenceRules

  /// The rules of `--references`: what the code uses against what the tree holds.
  static let referenceRules: [Rule] = [missingAsset, unusedAsset]

  /// The rules of catalogs and `@Nx` files.
  static let appleRules: [Rule] = [
    missingScale, sizeMismatch, unreadable, cgbi, duplicateName, caseConflict, suffixCase, badFileName,
    linkOutsideRoot, catalogInvalid, catalogMissingFile, catalogUnassigned, appIconSize, appIconMissing,
    marketingAlpha, opaqueAlpha,
    iconTransparency, duplicate,
  ]

  /// The rule with that id or alias, if there is one.
  ///
  /// - Parameter id: a rule id (`missing-scale`) or an alias (`IconDensities`).
  /// - Returns: the rule, or `nil` for an unknown id.
  public static func named(_ id: String) -> Rule? {
    all.first { $0.id == id } ?? all.first { $0.aliases.contains(id) }
  }
}

/// One problem the check found.
public struct Finding: Sendable, Hashable {
  /// The rule that found it.
  public var rule: Rule
  /// The file or folder, as reports print it: the root as given joined with ``relativePath``.
  public var path: String
  /// The asset concerned; `nil` for a problem outside any asset (a catalog folder).
  public var asset: String?
  /// What is wrong and what to do, in words a person can act on.
  public var message: String
  /// The root this finding was made under, as given.
  public var root: String
  /// The file or folder relative to ``root`` (`""` for the root itself).
  public var relativePath: String
  /// The 1-based line in the file at ``path``, for a finding about one place in a source
  /// (`missing-asset`); `nil` for a finding about a whole file or folder.
  public var line: Int?
  /// How much it matters: the rule's severity unless the finding was made with another
  /// (a missing scale is an error where a device certainly needs it, a note where the
  /// context that would say so is missing).
  public var severity: Severity

  /// Creates a finding for `relativePath` under `root`.
  ///
  /// - Parameters:
  ///   - rule: the rule that found it.
  ///   - root: the root as given.
  ///   - relativePath: the file or folder relative to `root`.
  ///   - asset: the asset concerned, or `nil`.
  ///   - message: what is wrong and what to do.
  ///   - severity: how much it matters; `nil` for the rule's severity.
  ///   - line: the 1-based line in the file, or `nil` for the whole file or folder.
  public init(
    rule: Rule, root: String, relativePath: String, asset: String?, message: String,
    severity: Severity? = nil,
    line: Int? = nil
  ) {
    self.rule = rule
    self.line = line
    self.severity = severity ?? rule.severity
    self.root = root
    self.relativePath = relativePath
    self.asset = asset
    self.message = message
    self.path = Finding.join(root, relativePath)
  }

  /// `path:line` for a finding at a line, else ``path``: how text reports place it.
  public var location: String { line.map { "\(path):\($0)" } ?? path }

  static func join(_ root: String, _ relative: String) -> String {
    if relative.isEmpty { return root }
    if root == "." { return relative }
    return Paths.join(root, relative)
  }
}
