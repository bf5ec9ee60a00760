/// The names in folders, each folder listed once however often it is asked about.
///
/// For rules that ask whether a sibling file exists (`x.plist` beside `x.png`) for every file
/// of a large tree: one `readdir` per folder instead of one `access` per question.
/// Thread-safe; a folder that cannot be listed has no names. What changes on disk after a
/// folder was first listed is not seen.
package final class FolderListings: Sendable {
  private let root: String
  private let listings = Locked<[String: Listing]>([:])

  /// One folder's entries, and the extensions among them.
  private struct Listing {
    var names: [String]
    /// ``names`` as a set, built when a name is first asked for: most folders are only
    /// asked about extensions (a set of 5,000 names, hashed for nothing, was most of the
    /// second listing's cost).
    var nameSet: Set<String>?
    /// What follows the last `.` of each name that has one.
    var extensions: Set<Substring>

    init(_ names: [String]) {
      self.names = names
      var extensions: Set<Substring> = []
      for name in names {
        if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) {
          extensions.insert(name[name.utf8.index(after: dot)...])
        }
      }
      self.extensions = extensions
    }
  }

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
    let listing = listing(of: folder)
    if let nameSet = listing.nameSet { return nameSet.contains(name) }
    // Two threads may both build it; they build the same set.
    let nameSet = Set(listing.names)
    listings.withLock { $0[folder]?.nameSet = nameSet }
    return nameSet.contains(name)
  }

  /// Whether the folder `folder` (relative to the root; empty for the root) holds a name
  /// ending in `.` and one of `extensions` (exactly, case and all): one lookup that spares
  /// asking for each sibling name of a file when the folder holds no such file at all.
  ///
  /// - Parameters:
  ///   - extensions: extensions without their dot (`plist`).
  ///   - folder: the folder's path relative to the root.
  /// - Returns: whether any entry of the folder has one of the extensions.
  package func containsAny(extensions: [String], in folder: String) -> Bool {
    let listing = listing(of: folder)
    return extensions.contains { listing.extensions.contains(Substring($0)) }
  }

  private func listing(of folder: String) -> Listing {
    if let listing = listings.withLock({ $0[folder] }) { return listing }
    let listing = Listing(FileSystem.entryNames(of: folder.isEmpty ? root : Paths.join(root, folder)))
    listings.withLock { $0[folder] = listing }
    return listing
  }
}
