import IconGridSupport

/// One named image: its variants and where they come from.
public struct Asset: Sendable, Hashable {
  /// Where an asset's variants are declared.
  public enum Source: Sendable, Hashable {
    /// Loose PNG files named `base[@Nx][~idiom].png`.
    case looseFiles
    /// An `.imageset` folder, by its path relative to the root.
    case imageSet(path: String)
    /// An `.appiconset` folder, by its path relative to the root.
    case appIconSet(path: String)
  }

  /// The name a request uses: `tabs/home` for loose files, `Namespace/mail` in a catalog.
  public var name: String
  /// Loose files or a catalog set.
  public var source: Source
  /// Every indexed file, ordered by scale, then generic before idiom-specific.
  public var variants: [Variant]
  /// The chosen variant's index for scales 1…3 × idioms (generic, iphone, ipad); -1 for none.
  let choices: [Int16]

  init(name: String, source: Source, variants: [Variant]) {
    self.name = name
    self.source = source
    self.variants = variants.sorted { a, b in
      if a.scale != b.scale { return a.scale < b.scale }
      if a.idiom != b.idiom { return Asset.rank(a.idiom) < Asset.rank(b.idiom) }
      return a.path < b.path
    }
    var choices: [Int16] = []
    for scale in 1...3 {
      for idiom in [nil, Idiom.iphone, .ipad] {
        let index = ScaleRule.choose(in: self.variants, scale: scale, idiom: idiom)
        choices.append(Int16(index ?? -1))
      }
    }
    self.choices = choices
  }

  private static func rank(_ idiom: Idiom?) -> Int {
    switch idiom {
    case nil: 0
    case .iphone: 1
    case .ipad: 2
    }
  }

  /// The variant a device of `idiom` at `scale` gets, by the scale rule; `nil` when no
  /// variant can serve it.
  ///
  /// - Complexity: O(1) for scales 1…3, O(variants × scales) above.
  public func variant(scale: Int, idiom: Idiom?) -> Variant? {
    guard let index = choiceIndex(scale: scale, idiom: idiom) else { return nil }
    return variants[index]
  }

  func choiceIndex(scale: Int, idiom: Idiom?) -> Int? {
    if scale >= 1, scale <= 3 {
      let column: Int
      switch idiom {
      case nil: column = 0
      case .iphone: column = 1
      case .ipad: column = 2
      }
      let index = Int(choices[(scale - 1) * 3 + column])
      return index < 0 ? nil : index
    }
    return ScaleRule.choose(in: variants, scale: max(1, scale), idiom: idiom)
  }
}

/// A catalog slot: one entry of the `images` array of a set's `Contents.json`.
public struct CatalogSlot: Sendable, Hashable {
  /// The file it names, relative to the set folder; `nil` for an empty slot.
  public var filename: String?
  /// The `idiom` as written (`universal`, `iphone`, `ipad`, `ios-marketing`, `mac`…).
  public var idiom: String?
  /// The scale (`2x` → 2); `nil` when the slot gives none or an unreadable one.
  public var scale: Int?
  /// The `size` in points, for app icon slots.
  public var size: PointSize?
  /// The `platform`, when the slot gives one (`ios`, `watchos`…).
  public var platform: String?
  /// The slot's `appearances`, kind to value (`["luminosity": "dark"]`); empty for the
  /// default ("any") appearance.
  public var appearances: [String: String] = [:]
}

/// An `.imageset` or `.appiconset` folder as indexed.
public struct CatalogSet: Sendable, Hashable {
  /// Which kind of set.
  public enum Kind: String, Sendable, Hashable {
    /// `Name.imageset`.
    case imageSet = "imageset"
    /// `Name.appiconset`: slots carry a `size`, and pixels must be size × scale.
    case appIconSet = "appiconset"
  }

  /// Which kind of set.
  public var kind: Kind
  /// The asset name it provides (with its namespace).
  public var name: String
  /// The set folder relative to the root.
  public var path: String
  /// Every slot of its `Contents.json`, empty ones included; empty when the file is bad.
  public var slots: [CatalogSlot]
  /// The names of the files in the folder, sorted, without `Contents.json` and hidden files.
  public var files: [String]
  /// Whether `Contents.json` was read and understood.
  public var isValid: Bool
}

/// Something wrong in the tree, recorded by the index instead of thrown.
public struct CatalogProblem: Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem. Extensible: switch with a `default`.
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    /// A stable, kebab-case name for reports.
    public let description: String
    private init(_ name: String) { description = name }

    /// A `Contents.json` is missing, unreadable or not what a catalog expects.
    public static let catalogInvalid = Kind("catalog-invalid")
    /// A slot names a file the set folder does not hold.
    public static let catalogMissingFile = Kind("catalog-missing-file")
    /// A folder could not be listed.
    public static let unreadableFolder = Kind("unreadable-folder")
    /// Two sets (or a set and loose files) provide the same asset name; the first is kept.
    public static let duplicateName = Kind("duplicate-name")
    /// A symbolic link leads outside the root; it is not followed.
    public static let symlinkOutsideRoot = Kind("symlink-outside-root")
    /// A file or folder name is not valid UTF-8; it is skipped.
    public static let nonUTF8Name = Kind("non-utf8-name")
  }

  /// What kind of problem.
  public var kind: Kind
  /// The file or folder concerned, relative to the root (`""` for the root itself).
  public var path: String
  /// What is wrong, in words a person can act on.
  public var message: String

  /// Creates a problem.
  public init(kind: Kind, path: String, message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// `path: message`.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// The index of a root folder: loose PNGs and `.xcassets` sets, by asset name.
///
/// Building it lists folders and reads `Contents.json` files, nothing more: PNG headers
/// are read later, when a variant is asked for. Problems are recorded in ``problems``;
/// one bad set never hides the others. The value is immutable; build a new one to see
/// changes on disk.
///
/// ```swift
/// let catalog = AssetCatalog(root: "Assets")
/// for asset in catalog.assets { print(asset.name, asset.variants.map(\.scale)) }
/// ```
///
/// - Complexity: O(files) system calls, one `readdir` pass per folder and no `stat` of
///   regular files.
public struct AssetCatalog: Sendable {
  /// The root folder, as given.
  public let root: String
  /// Every asset, sorted by name.
  public let assets: [Asset]
  /// Every `.imageset` and `.appiconset` folder, sorted by path, valid or not.
  public let sets: [CatalogSet]
  /// What was wrong, sorted by path.
  public let problems: [CatalogProblem]
  let byName: [String: Int]

  /// Indexes `root`; a root that cannot be listed yields an empty catalog with a problem.
  public init(root: String) {
    var scanner = CatalogScanner(root: root)
    scanner.scan()
    let merged = scanner.mergedAssets()
    self.root = root
    self.assets = merged.assets
    self.sets = scanner.sets.sorted { $0.path < $1.path }
    self.problems = (scanner.problems + merged.problems).sorted {
      ($0.path, $0.kind.description) < ($1.path, $1.kind.description)
    }
    var byName: [String: Int] = [:]
    byName.reserveCapacity(merged.assets.count)
    for (index, asset) in merged.assets.enumerated() { byName[asset.name] = index }
    self.byName = byName
  }

  /// The asset of that exact name (no scale, idiom or extension), if indexed.
  public func asset(named name: String) -> Asset? {
    byName[name].map { assets[$0] }
  }

  /// The root joined with a variant's relative path: the file to open.
  public func path(of variant: Variant) -> String {
    CatalogScanner.join(root, variant.path)
  }

  /// Up to `limit` asset names close to `name` by edit distance, nearest first.
  public func suggestions(for name: String, limit: Int = 3) -> [String] {
    Suggestions.nearest(to: name, in: assets.lazy.map(\.name), limit: limit)
  }
}
