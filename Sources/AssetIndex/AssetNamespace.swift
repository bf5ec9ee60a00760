/// One name space of the index: the names one bundle (or one catalog) can be asked for.
///
/// A target of an Xcode project is one name space, as its bundle sees it: its catalogs and
/// its loose resources. Without a project, each `.xcassets` folder is a name space of its
/// own and the loose files of the root are one more, under their path keys (`images/badge`).
/// The same name in two name spaces is normal (an app's and its widget's `AppIcon`); the
/// same name twice in one is a ``CatalogProblem/Kind/duplicateName`` problem.
///
/// ```swift
/// let catalog = AssetCatalog(root: "MyApp")
/// for space in catalog.namespaces { print(space.id, space.kind, space.assets.count) }
/// ```
public struct AssetNamespace: Sendable, Hashable {
  /// What a name space stands for.
  public enum Kind: Sendable, Hashable, CustomStringConvertible {
    /// A target of an Xcode project: its catalogs and the loose resources it copies.
    case target
    /// One `.xcassets` folder that no target claims (or there is no project).
    case catalog
    /// The loose image files of a root without a project, by their path keys.
    case looseFiles

    /// `target`, `catalog` or `files`: stable, for reports.
    public var description: String {
      switch self {
      case .target: "target"
      case .catalog: "catalog"
      case .looseFiles: "files"
      }
    }
  }

  /// The identifier: a target's name, a catalog's path relative to the root (its folder
  /// name when the root lies inside it), or ``AssetNamespace/looseFilesID``.
  public var id: String
  /// What the name space stands for.
  public var kind: Kind
  /// Its assets, sorted by name (then by path). A name appears twice only when it is a
  /// duplicate, and then each copy is here.
  public var assets: [Asset]
  /// The `.xcassets` folders whose sets it holds, relative to the root, sorted.
  public var catalogs: [String]
  /// For a target's name space, the target as its project describes it: platforms,
  /// deployment targets, device families, the app icon set and its alternates.
  public var target: XcodeTarget?
  /// For a target's name space, its `.xcodeproj` folder relative to the root.
  public var project: String?
  /// What the app's Info.plist says of its icon files and launch images: the target's
  /// (`INFOPLIST_FILE`, and the keys its build settings generate), or without a project the
  /// Info.plist of the app folder the name space lies in; `nil` when none is found.
  public var info: AppInfo?

  /// The identifier of the loose files' name space of a root without a project.
  public static let looseFilesID = "files"

  /// Creates a name space.
  ///
  /// - Parameters:
  ///   - id: a target's name, a catalog's path, or ``looseFilesID``.
  ///   - kind: what it stands for.
  ///   - assets: its assets (sorted here by name, then path).
  ///   - catalogs: the catalogs whose sets it holds.
  public init(id: String, kind: Kind, assets: [Asset], catalogs: [String] = []) {
    self.id = id
    self.kind = kind
    self.assets = assets.sorted { ($0.name, $0.location) < ($1.name, $1.location) }
    self.catalogs = catalogs.sorted()
    self.target = nil
    self.project = nil
    self.info = nil
  }

  /// Whether this target's name space builds the file at `path`: its target compiles or
  /// bundles it (``XcodeTarget/builds(_:)``); `nil` for a name space that is no target's.
  ///
  /// - Parameter path: a file relative to the root.
  public func builds(_ path: String) -> Bool? {
    guard let target, let project else { return nil }
    let folder = ProjectPath.normalise(project).split(separator: "/").dropLast().joined(separator: "/")
    return target.builds(ProjectPath.relative(path, from: folder))
  }

  /// Every asset of this name space called `name` (two or more only for a duplicate).
  ///
  /// - Parameter name: an asset name as the name space knows it (`AppIcon`, `Icons/mail`).
  /// - Returns: the matches, sorted by path.
  public func assets(named name: String) -> [Asset] {
    assets.filter { $0.name == name }
  }
}

extension Asset {
  /// The folder of a set, or the first file of loose variants: where the asset lives,
  /// relative to the root.
  public var location: String {
    switch source {
    case .imageSet(let path), .appIconSet(let path): path
    case .looseFiles: variants.first?.path ?? name
    }
  }

  /// The last path component of the name (`badge` for `images/badge`).
  package var baseName: String {
    guard let slash = name.utf8.lastIndex(of: UInt8(ascii: "/")) else { return name }
    return String(name[name.utf8.index(after: slash)...])
  }

  /// What identifies one indexed asset across the name spaces it belongs to.
  var identity: String { location + "\u{0}" + name }
}
