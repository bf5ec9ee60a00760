/// The members of Xcode 16's synchronized folders (`PBXFileSystemSynchronizedRootGroup`), per
/// target, listed from disk.
///
/// A folder in a target's `fileSystemSynchronizedGroups` gives that target every item in it
/// except the `membershipExceptions` of the folder's `PBXFileSystemSynchronizedBuildFileExceptionSet`
/// for that target. For any other target, such an exception set works the other way round: it
/// names the items of the folder that *are* members (how Xcode shares one file of a folder with
/// a second target). Exceptions are paths relative to the folder; a folder in them stands for
/// everything under it, and `/Localized/dir/name` stands for `dir/xx.lproj/name` in every
/// localization. Items a `PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet`
/// assigns to another build phase of the target (a Copy Files phase) are not resources.
///
/// Only items that matter to assets are listed: asset catalogs (`.xcassets`, `.xcstickers`,
/// not entered), Icon Composer documents (`.icon`), image files, folders named in the group's
/// `explicitFolders` and `.bundle` folders (folder references). Hidden items are skipped, as
/// Xcode does; symbolic links to folders are not followed. Localized images (in `xx.lproj`)
/// are listed with their localization.
struct SynchronizedFolders {
  /// Image file extensions listed as resources.
  static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "pdf", "svg", "heic", "webp", "gif"]
  /// How deep a listing goes below a synchronized folder, and how many items it takes at most.
  static let depthLimit = 32
  static let itemLimit = 200_000

  private struct Folder {
    var location: String?
    var explicitFolders: Set<String>
    /// Exception paths by target identifier.
    var exceptions: [String: [String]]
    /// Exception paths by build phase identifier.
    var phaseExceptions: [String: [String]]
  }

  /// An item found in a folder: its path relative to the folder.
  private struct Item {
    var path: String
    var kind: ProjectResource.Kind
  }

  private var folders: [String: Folder] = [:]
  private var listings: [String: [Item]] = [:]
  private let projectDirectory: String

  /// Collects every synchronized folder of `file` and its exception sets.
  init(file: ProjectFile, tree: GroupTree, projectDirectory: String) {
    self.projectDirectory = projectDirectory
    for (id, object) in file.objects where file.isa(object) == "PBXFileSystemSynchronizedRootGroup" {
      var folder = Folder(
        location: tree.location(of: id),
        explicitFolders: Set(file.strings(object, "explicitFolders").map(Self.clean)),
        exceptions: [:], phaseExceptions: [:])
      for setID in file.strings(object, "exceptions") {
        guard let set = file.object(setID) else { continue }
        let paths = file.strings(set, "membershipExceptions")
        switch file.isa(set) {
        case "PBXFileSystemSynchronizedBuildFileExceptionSet":
          if let target = file.string(set, "target") { folder.exceptions[target, default: []] += paths }
        case "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet":
          if let phase = file.string(set, "buildPhase") {
            folder.phaseExceptions[phase, default: []] += paths
          }
        default:
          break
        }
      }
      folders[id] = folder
    }
  }

  /// Whether the project has synchronized folders at all.
  var isEmpty: Bool { folders.isEmpty }

  /// The resources the synchronized folders give the target `targetID`, sorted by path.
  ///
  /// - Parameters:
  ///   - targetID: The target's identifier.
  ///   - ownFolders: The identifiers in its `fileSystemSynchronizedGroups`.
  ///   - buildPhases: The identifiers of its build phases.
  mutating func resources(forTarget targetID: String, ownFolders: [String], buildPhases: [String])
    -> [ProjectResource]
  {
    let own = Set(ownFolders)
    var result: [ProjectResource] = []
    for id in folders.keys.sorted() {
      guard let folder = folders[id], let location = folder.location else { continue }
      let exceptions = Exceptions(folder.exceptions[targetID] ?? [])
      let isOwn = own.contains(id)
      guard isOwn || !exceptions.isEmpty else { continue }
      let elsewhere = Exceptions(buildPhases.flatMap { folder.phaseExceptions[$0] ?? [] })
      for item in listing(id, folder: folder, location: location) {
        let excepted = exceptions.matches(item.path)
        guard isOwn != excepted, !elsewhere.matches(item.path) else { continue }
        result.append(
          ProjectResource(
            path: ProjectPath.join(location, item.path), kind: item.kind, isFromSynchronizedFolder: true,
            localization: ProjectPath.localization(of: item.path)))
      }
    }
    return result.sorted { $0.path < $1.path }
  }

  /// The synchronized folders that give the target `targetID` members, with the exceptions
  /// that decide which: all their items for its own folders, only the exceptions for others'.
  ///
  /// - Parameters:
  ///   - targetID: The target's identifier.
  ///   - ownFolders: The identifiers in its `fileSystemSynchronizedGroups`.
  func memberships(forTarget targetID: String, ownFolders: [String]) -> [FolderMembership] {
    let own = Set(ownFolders)
    return folders.keys.sorted().compactMap { id in
      guard let folder = folders[id], let location = folder.location else { return nil }
      let exceptions = Exceptions(folder.exceptions[targetID] ?? [])
      guard own.contains(id) || !exceptions.isEmpty else { return nil }
      return FolderMembership(location: location, isOwn: own.contains(id), exceptions: exceptions)
    }
  }

  /// The items of folder `id`, listed once and kept for the other targets.
  private mutating func listing(_ id: String, folder: Folder, location: String) -> [Item] {
    if let known = listings[id] { return known }
    let items = Self.list(
      ProjectPath.join(projectDirectory, location), explicitFolders: folder.explicitFolders)
    listings[id] = items
    return items
  }

  /// Lists `root` depth first, without recursion and within the depth and item limits.
  private static func list(_ root: String, explicitFolders: Set<String>) -> [Item] {
    var items: [Item] = []
    var pending: [(relative: String, depth: Int)] = [("", 0)]
    var seen = 0
    while let next = pending.popLast() {
      let folder = next.relative.isEmpty ? root : root + "/" + next.relative
      for entry in FolderListing.entries(of: folder) where !entry.name.hasPrefix(".") {
        seen += 1
        guard seen <= itemLimit else { return items }
        let path = next.relative.isEmpty ? entry.name : next.relative + "/" + entry.name
        let fileExtension = ProjectPath.fileExtension(entry.name)
        guard entry.isFolder else {
          if imageExtensions.contains(fileExtension) { items.append(Item(path: path, kind: .file)) }
          continue
        }
        if explicitFolders.contains(path) {
          items.append(Item(path: path, kind: .folderReference))
        } else if fileExtension == "xcassets" || fileExtension == "xcstickers" {
          items.append(Item(path: path, kind: .assetCatalog))
        } else if fileExtension == "icon" {
          items.append(Item(path: path, kind: .iconDocument))
        } else if fileExtension == "bundle" {
          items.append(Item(path: path, kind: .folderReference))
        } else if fileExtension.isEmpty || fileExtension == "lproj", next.depth < depthLimit {
          pending.append((path, next.depth + 1))
        }
      }
    }
    return items
  }

  /// An exception path as written, without a leading `./` or `/` (but keeping `/Localized/`).
  fileprivate static func clean(_ path: String) -> String {
    if path.hasPrefix("/Localized/") {
      return "/Localized/" + ProjectPath.normalise(String(path.dropFirst(11)))
    }
    return ProjectPath.normalise(path.hasPrefix("/") ? String(path.dropFirst()) : path)
  }
}

/// A set of exception paths, each standing for itself and everything under it.
struct Exceptions: Sendable, Hashable {
  private let paths: Set<String>

  init(_ paths: [String]) {
    self.paths = Set(paths.map(SynchronizedFolders.clean))
  }

  var isEmpty: Bool { paths.isEmpty }

  /// Whether `path` (relative to the folder) or a folder above it is an exception; a localized
  /// item also matches its `/Localized/` form.
  func matches(_ path: String) -> Bool {
    guard !paths.isEmpty else { return false }
    if covers(path) { return true }
    let parts = path.split(separator: "/")
    guard let index = parts.lastIndex(where: { $0.hasSuffix(".lproj") }) else { return false }
    var rest = parts
    rest.remove(at: index)
    return covers("/Localized/" + rest.joined(separator: "/"))
  }

  private func covers(_ path: String) -> Bool {
    if paths.contains(path) { return true }
    var prefix = Substring(path)
    while let slash = prefix.lastIndex(of: "/") {
      prefix = prefix[..<slash]
      if paths.contains(String(prefix)) { return true }
    }
    return false
  }
}

/// What one synchronized folder gives a target: every item but the exceptions (its own
/// folder), or only the exceptions (another target's).
struct FolderMembership: Sendable, Hashable {
  /// The folder, relative to the project directory.
  var location: String
  /// Whether the folder is in the target's `fileSystemSynchronizedGroups`.
  var isOwn: Bool
  var exceptions: Exceptions

  /// Whether the item at `path` (relative to the project directory) is the target's.
  func contains(_ path: String) -> Bool {
    let prefix = location.isEmpty || location == "." ? "" : location + "/"
    guard path.hasPrefix(prefix), path.count > prefix.count else { return false }
    return isOwn != exceptions.matches(String(path.dropFirst(prefix.count)))
  }
}
