/// The names in folders, each folder listed once however often it is asked about.
///
/// For rules that ask whether a sibling file exists (`x.plist` beside `x.png`) for every file
/// of a large tree: one `readdir` per folder instead of one `access` per question.
/// Thread-safe; a folder that cannot be listed has no names. What changes on disk after a
/// folder was first listed is not seen.
package final class FolderListings: Sendable {
  private let root: String
  private let listings = Locked<[String: Set<String>]>([:])

  /// Listings of folders under `root`.
  ///
  /// - Parameter root: the folder paths are relative to.
  package init(root: String) {
    self.root = root
  }

  /// Whether `path` (relative to the root, `/`-separated) names an entry of its folder.
  ///
  /// - Parameter path: a file or folder path relative to the root.
  /// - Returns: whether its folder's listing holds its last component.
  package func contains(_ path: String) -> Bool {
    contains(Paths.lastComponent(of: path), in: Paths.parent(of: path))
  }

  /// Whether the folder `folder` (relative to the root; empty for the root) holds `name`.
  ///
  /// - Parameters:
  ///   - name: an entry name, without `/`.
  ///   - folder: the folder's path relative to the root.
  /// - Returns: whether the folder's listing holds `name`.
  package func contains(_ name: String, in folder: String) -> Bool {
    if let names = listings.withLock({ $0[folder] }) { return names.contains(name) }
    let names = Set(FileSystem.entryNames(of: folder.isEmpty ? root : Paths.join(root, folder)))
    listings.withLock { $0[folder] = names }
    return names.contains(name)
  }
}
