import IconGridSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Walks a root with `openat`/`readdir`, trusting `d_type` so regular files are never
/// `stat`ed: indexing costs about what `find ROOT -name '*.png'` costs.
package struct CatalogScanner {
  let root: String
  var sets: [CatalogSet] = []
  var problems: [CatalogProblem] = []
  var looseVariants: [String: [Variant]] = [:]
  var setAssets: [Asset] = []
  var canonicalRoot: String?
  /// Every folder entered, with the path it was first indexed under.
  var visited: [FileID: String] = [:]
  /// Symbolic links met in plain folders, followed once the walk is done.
  var pendingLinks: [String] = []
  /// The catalog the root lies inside (its folder name), when the root is not above it.
  var enclosingCatalog: String?
  /// Files found and left out of every name space (Android and Flutter trees).
  var skipped: [SkippedFile] = []
  /// Android density folders found (`res/drawable-hdpi`), relative to the root.
  var androidFolders: [String] = []
  /// Folders holding a `pubspec.yaml` (Flutter projects), relative to the root.
  var flutterProjects: [String] = []
  /// Folders holding an Android project's build files (`build.gradle`, `settings.gradle`,
  /// `AndroidManifest.xml`) or a JavaScript project's `package.json`, relative to the root.
  var otherProjects: [(folder: String, reason: SkippedFile.Reason)] = []
  /// Folders holding a `Package.swift`, relative to the root.
  var swiftPackages: [String] = []
  /// The `.xcodeproj` folders found, relative to the root.
  var projects: [String] = []
  /// The Info.plist files found (`Info.plist`, `NAME-Info.plist`), relative to the root.
  var infoPlists: [String] = []
  /// Folders holding the `app.json` of a React Native or Expo app, relative to the root.
  var reactNativeRoots: [String] = []
  /// Whether a loose file lies in a documentation folder (``isDocumentation(_:)``): without
  /// one, and without app folders or other projects, no loose file is set aside.
  var looseInDocumentation = false
  /// Whether a loose file could make its folder a React Native app (``mayBeMetroAsset(_:)``):
  /// without one, only a root inside an `assets` folder can.
  var looseMayBeMetro = false

  struct FileID: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  init(root: String) {
    self.root = root
  }

  mutating func scan() {
    canonicalRoot = FileSystem.realPath(root)
    let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else {
      problems.append(
        CatalogProblem(
          kind: .unreadableFolder, path: "", message: "cannot list the root: \(FileSystem.errorText())"))
      return
    }
    guard let place = canonicalRoot.flatMap(CatalogScanner.placeInCatalog) else {
      if let canonicalRoot { noteEnclosingLayouts(of: canonicalRoot) }
      walk(fd, relative: "")
      followPendingLinks()
      setAsideOtherLayouts()
      return
    }
    // A root inside a catalog is read as part of it: the namespaces of the folders
    // between the catalog and the root prefix its names, as in a run on the catalog.
    enclosingCatalog = place.catalog
    var namespace = ""
    for (index, folder) in place.folders.enumerated() {
      let isRoot = index == place.folders.count - 1
      if isRoot, SetKind.of(folder: folder) != nil {
        // A set (or a container of sets) as the root: read as its catalog reads it.
        enterCatalogFolder(fd, relative: "", folder: folder, namespace: namespace, container: nil)
        return
      }
      let folderFD = isRoot ? dup(fd) : open(place.path(through: index), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard folderFD >= 0 else { continue }
      switch ContentsFile.read(at: folderFD) {
      case .success(let contents?):
        if contents.properties?.providesNamespace == true { namespace += folder + "/" }
      case .success(nil):
        break
      case .failure(let reason):
        // The root's own Contents.json is a file of this run; the catalog run reports it too.
        if isRoot {
          problems.append(CatalogProblem(kind: .catalogInvalid, path: "Contents.json", message: reason.text))
        }
      }
      close(folderFD)
    }
    walkCatalog(fd, relative: "", namespace: namespace)
  }

  /// A root inside an Android density folder or a Flutter project is all of it: the
  /// layout is said by folders above the root.
  mutating func noteEnclosingLayouts(of canonical: String) {
    let components = canonical.split(separator: "/").map(String.init)
    if let last = components.last, components.count >= 2,
      CatalogScanner.isAndroidResourceFolder(last, parent: components[components.count - 2])
    {
      androidFolders.append("")
    }
    var folder = canonical
    while true {
      if access(Paths.join(folder, "pubspec.yaml"), F_OK) == 0 {
        let inner = String(canonical.dropFirst(folder.count)) + "/"
        if CatalogScanner.isFlutterAsset(inner, project: "/") { flutterProjects.append("") }
        return
      }
      guard let slash = folder.lastIndex(of: "/"), folder != "/" else { return }
      folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
    }
  }

  /// Where a canonical path lies in an asset catalog: the catalog's folder name, and the
  /// folders from the catalog (exclusive) to the path (inclusive); `nil` outside every
  /// catalog. The root that is a catalog has no folders.
  struct CatalogPlace {
    var catalog: String
    var catalogPath: String
    var folders: [String]

    /// The catalog's path joined with `folders[0...index]`.
    func path(through index: Int) -> String {
      folders[...index].reduce(catalogPath) { Paths.join($0, $1) }
    }
  }

  static func placeInCatalog(_ canonical: String) -> CatalogPlace? {
    let components = canonical.split(separator: "/").map(String.init)
    guard let index = components.firstIndex(where: { CatalogScanner.isCatalog($0) }) else { return nil }
    return CatalogPlace(
      catalog: components[index], catalogPath: "/" + components[...index].joined(separator: "/"),
      folders: Array(components[(index + 1)...]))
  }

  /// The index in name spaces: without a project, one per catalog and one for the loose
  /// files. Every asset stays; a name twice in one name space is recorded as a problem.
  func index() -> Index {
    var byCatalog: [String: [Asset]] = [:]
    for asset in setAssets { byCatalog[catalogID(of: asset.location), default: []].append(asset) }
    var namespaces = byCatalog.map { id, assets in
      AssetNamespace(id: id, kind: .catalog, assets: assets, catalogs: [id])
    }
    namespaces.sort { $0.id < $1.id }
    // Each app folder's loose files are the resources of one bundle: a name space of their
    // own, so that two apps of one repository never share names or duplicates. A root that
    // is itself the one app folder, or holds none, keeps one name space of loose files.
    let apps = appFolders
    var byApp: [String: [Asset]] = [:]
    for asset in looseAssets() {
      let app = CatalogScanner.appFolder(of: asset.location, in: apps) ?? ""
      byApp[apps.count > 1 || !app.isEmpty ? app : "", default: []].append(asset)
    }
    for (app, assets) in byApp.sorted(by: { $0.key < $1.key }) {
      let id = app.isEmpty ? AssetNamespace.looseFilesID : app
      namespaces.append(AssetNamespace(id: id, kind: .looseFiles, assets: assets))
    }
    for index in namespaces.indices {
      let folder =
        namespaces[index].kind == .catalog
        ? CatalogScanner.appFolder(of: namespaces[index].id, in: apps)
        : CatalogScanner.appFolder(of: (namespaces[index].assets.first?.location ?? ""), in: apps)
      namespaces[index].info = folder.flatMap(appInfo(in:))
    }
    return Index(namespaces: namespaces)
  }

  /// The Info.plist of an app folder (the first, when it holds several), read.
  func appInfo(in folder: String) -> AppInfo? {
    let prefix = folder.isEmpty ? "" : folder + "/"
    let plists = infoPlists.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
      .sorted()
    return plists.lazy.compactMap { try? AppInfo(contentsOf: Paths.join(root, $0), path: $0) }.first
  }

  /// The loose files as assets, under their path keys.
  func looseAssets() -> [Asset] {
    looseVariants.map { name, variants in Asset(name: name, source: .looseFiles, variants: variants) }
  }

  /// The catalog a set's path lies in: the path up to its `.xcassets` (or `.xcstickers`) folder, or the name
  /// of the catalog the root itself lies in.
  func catalogID(of path: String) -> String {
    var end = path.startIndex
    for component in path.split(separator: "/", omittingEmptySubsequences: false) {
      end = component.endIndex
      if CatalogScanner.isCatalog(String(component)) { return String(path[..<end]) }
    }
    return enclosingCatalog ?? Paths.lastComponent(of: root)
  }
}

/// The index a scan builds: name spaces, the distinct assets in them and what is wrong.
package struct Index {
  var namespaces: [AssetNamespace]
  /// Each asset once, however many name spaces hold it, sorted by name then path.
  var assets: [Asset]
  /// Names repeated within one name space.
  var problems: [CatalogProblem]

  init(namespaces: [AssetNamespace]) {
    self.namespaces = namespaces
    var seen: Set<String> = []
    var assets: [Asset] = []
    var problems: [CatalogProblem] = []
    // Only targets share assets (a catalog two targets compile); catalogs and loose files
    // each hold their own.
    let shared = namespaces.contains { $0.kind == .target }
    for namespace in namespaces {
      if shared {
        for asset in namespace.assets where seen.insert(asset.identity).inserted { assets.append(asset) }
      } else {
        assets += namespace.assets
      }
      problems += Index.duplicates(in: namespace)
    }
    assets.sort { ($0.name, $0.location) < ($1.name, $1.location) }
    self.assets = assets
    self.problems = problems
  }

  /// A problem for each copy of a name after the first in `namespace`, naming both places.
  static func duplicates(in namespace: AssetNamespace) -> [CatalogProblem] {
    var problems: [CatalogProblem] = []
    // Each name's first asset by its position: the table holds no copies of assets.
    var first: [String: Int] = [:]
    first.reserveCapacity(namespace.assets.count)
    for (index, asset) in namespace.assets.enumerated() {
      guard let keptIndex = first[asset.name] else {
        first[asset.name] = index
        continue
      }
      let kept = namespace.assets[keptIndex]
      let other = asset.source == .looseFiles ? "these files" : "this set"
      problems.append(
        CatalogProblem(
          kind: .duplicateName, path: asset.location,
          message:
            "asset \"\(asset.name)\" is provided twice in \(namespace.kind) \(namespace.id): by \(kept.location) "
            + "and by \(other); a request for it there is ambiguous"))
    }
    return problems
  }

}
