import IconGridSupport

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
  /// Every asset once (however many name spaces hold it), sorted by name, then path.
  /// Same-named assets of different name spaces are all here.
  public let assets: [Asset]
  /// The name spaces: targets of a project, catalogs no target claims, and (without a
  /// project) the root's loose files. Sorted by kind, then identifier.
  public let namespaces: [AssetNamespace]
  /// Every set folder (image sources, containers and the kinds skipped with a reason; see
  /// ``CatalogSet/kind``) and Icon Composer document, sorted by path, valid or not.
  public let sets: [CatalogSet]
  /// What was wrong, sorted by path.
  public let problems: [CatalogProblem]
  /// Files found and left out of every name space, with the reason, sorted by path:
  /// loose images no target copies, and trees with rules of their own (Android, Flutter).
  public let skipped: [SkippedFile]
  /// Which assets each name means: built when a name is first looked up (a check never
  /// does), not with the index.
  package var lookup: NameLookup { deferredLookup.value }
  private let deferredLookup: Deferred<NameLookup>
  /// The Android `res` folders found (the parents of `drawable*`, `mipmap*` and `raw`
  /// folders), relative to the root, sorted: whatever files they hold, PNG or not.
  public let androidResourceFolders: [String]

  /// Indexes `root`; a root that cannot be listed yields an empty catalog with a problem.
  ///
  /// - Parameter root: the folder to index: a tree holding catalogs and loose files, a
  ///   catalog, or a folder inside one.
  public init(root: String) {
    self.init(root: root, targets: nil)
  }

  /// Indexes `root` with the name spaces of `targets` when given, else those of the Xcode
  /// projects under the root (one per target), else one name space per catalog and one
  /// for the loose files.
  init(root: String, targets given: [TargetResources]?) {
    var scanner = CatalogScanner(root: root)
    scanner.scan()
    var targets = given
    if targets == nil, !scanner.projects.isEmpty {
      let read = TargetResources.read(projects: scanner.projects, root: root)
      scanner.problems += read.problems
      if !read.targets.isEmpty { targets = read.targets }
    }
    let index: Index
    var skipped = scanner.skipped
    if let targets {
      let built = scanner.index(targets: targets)
      index = built.index
      skipped += built.skipped
    } else {
      scanner.setAsideOutsideApps()
      skipped = scanner.skipped
      index = scanner.index()
    }
    self.skipped = skipped.sorted { $0.path < $1.path }
    self.root = root
    self.assets = index.assets
    self.namespaces = index.namespaces
    self.sets = scanner.sets.sorted { $0.path < $1.path }
    self.problems = (scanner.problems + index.problems).sorted {
      ($0.path, $0.kind.description) < ($1.path, $1.kind.description)
    }
    let assets = index.assets
    deferredLookup = Deferred { NameLookup(assets) }
    self.androidResourceFolders = Set(scanner.androidFolders.map(CatalogScanner.parent(of:))).sorted()
  }

  /// The loose files no target of the root's project copies: they do not ship, and are
  /// in no name space.
  public var unshippedFiles: [String] {
    skipped.filter { $0.reason == .notInAnyTarget }.map(\.path)
  }

  /// The name space with that identifier (a target's name, a catalog's path, or
  /// ``AssetNamespace/looseFilesID``).
  ///
  /// - Parameter id: the identifier.
  /// - Returns: the name space, or `nil` when there is none of that identifier.
  public func namespace(_ id: String) -> AssetNamespace? {
    namespaces.first { $0.id == id }
  }

  /// The name spaces that hold `asset` (several when targets share a catalog).
  ///
  /// - Parameter asset: an asset of this catalog.
  /// - Returns: the name spaces, in the order of ``namespaces``.
  public func namespaces(of asset: Asset) -> [AssetNamespace] {
    let identity = asset.identity
    return namespaces.filter { space in space.assets.contains { $0.identity == identity } }
  }

  /// Every asset a request for `name` could mean, in every name space.
  ///
  /// An exact name (`AppIcon`, `images/badge`, `Icons/mail`) matches first; when nothing
  /// has that exact name, a loose file's base name (`badge`) matches it.
  ///
  /// - Parameter name: an asset name, without scale, idiom or extension.
  /// - Returns: the matches sorted by name, then path; empty when there is none.
  public func assets(named name: String) -> [Asset] {
    lookup.matches(name).map { assets[$0] }
  }

  /// The asset a request for `name` means, when exactly one does.
  ///
  /// - Parameter name: an asset name, without scale, idiom or extension.
  /// - Returns: the one match of ``assets(named:)``; `nil` when there is none, or more
  ///   than one (see ``assets(named:)``).
  public func asset(named name: String) -> Asset? {
    let matches = lookup.matches(name)
    return matches.count == 1 ? assets[matches[0]] : nil
  }

  /// The root joined with a variant's relative path: the file to open.
  ///
  /// - Parameter variant: a variant of this catalog.
  /// - Returns: the path to open.
  public func path(of variant: Variant) -> String {
    Paths.join(root, variant.path)
  }

  /// Up to `limit` asset names close to `name` by edit distance, nearest first; loose
  /// files' base names count too.
  ///
  /// - Parameters:
  ///   - name: the name that was not found.
  ///   - limit: how many names at most.
  /// - Returns: the nearest names.
  public func suggestions(for name: String, limit: Int = 3) -> [String] {
    Suggestions.nearest(to: name, in: lookup.keys, limit: limit)
  }
}

/// Which assets a name means: exact names first, else loose files' base names.
///
/// Built once per index; ``matches(_:)`` answers from a hash table. Most names mean one
/// asset, so only names with several hold an array.
package struct NameLookup: Sendable {
  /// Per name a request may use, the index of the first asset it means.
  private let first: [String: Int]
  /// Per name that means several assets, all of them in order.
  private let several: [String: [Int]]
  /// Every name a request may use, in no particular order: what "did you mean" picks from.
  package var keys: Dictionary<String, Int>.Keys { first.keys }

  package init(_ assets: [Asset]) {
    var first: [String: Int] = [:]
    var several: [String: [Int]] = [:]
    first.reserveCapacity(assets.count)
    func add(_ key: String, _ index: Int, to first: inout [String: Int], _ several: inout [String: [Int]]) {
      if let earlier = first[key] {
        several[key, default: [earlier]].append(index)
      } else {
        first[key] = index
      }
    }
    var baseFirst: [String: Int] = [:]
    var baseSeveral: [String: [Int]] = [:]
    for (index, asset) in assets.enumerated() {
      add(asset.name, index, to: &first, &several)
      if asset.source == .looseFiles {
        let short = asset.baseName
        if short.utf8.count != asset.name.utf8.count { add(short, index, to: &baseFirst, &baseSeveral) }
      }
    }
    for (name, index) in baseFirst where first[name] == nil {
      first[name] = index
      if let all = baseSeveral[name] { several[name] = all }
    }
    self.first = first
    self.several = several
  }

  package func matches(_ name: String) -> [Int] {
    guard let index = first[name] else { return [] }
    return several[name] ?? [index]
  }
}
