import IconGridSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One `readdir` pass over a folder for the project reader: names, and which are real folders.
enum FolderListing {
  /// An entry of a folder.
  struct Entry {
    var name: String
    /// Whether it is a folder; a symbolic link to a folder is not one (links are not followed,
    /// so a link loop cannot trap a walk).
    var isFolder: Bool
  }

  /// The entries of `folder` other than `.` and `..`, unsorted; empty when it cannot be opened.
  static func entries(of folder: String) -> [Entry] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var entries: [Entry] = []
    FileSystem.forEachEntry(of: directory) { field, type in
      let name = String(cString: field)
      entries.append(Entry(name: name, isFolder: isFolder(folder + "/" + name, type: type)))
    }
    return entries
  }

  private static func isFolder(_ path: String, type: UInt8) -> Bool {
    if type == UInt8(DT_DIR) { return true }
    guard type == UInt8(DT_UNKNOWN) else { return false }
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether `path` is a regular file (following links).
  static func isFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }
}
