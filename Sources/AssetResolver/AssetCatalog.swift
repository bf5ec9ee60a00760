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
  /// Every set folder (image sources, containers and the kinds skipped with a reason; see
  /// ``CatalogSet/kind``) and Icon Composer document, sorted by path, valid or not.
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
