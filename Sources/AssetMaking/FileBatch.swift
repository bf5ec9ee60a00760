import IconGridSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files written as one change: every new file goes to a temporary file beside its
/// destination first, and only when all are written are they renamed into place (and the
/// files to remove removed). A failure before that point removes the temporary files and
/// leaves every destination as it was, and removes the folders the batch made.
struct FileBatch {
  private var staged: [(temporary: String, destination: String)] = []
  private var removals: [String] = []
  private var folderRemovals: [String] = []
  /// Folders made for staged files, in the order made.
  private var madeFolders: [String] = []

  /// Makes `path` and its missing parents for files to be staged there; a discarded batch
  /// removes them again (each only if it is still empty).
  mutating func makeFolders(_ path: String) throws {
    var built = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      built += "/" + part
      if mkdir(built, 0o755) == 0 {
        madeFolders.append(built)
      } else if errno != EEXIST {
        throw MakingError(
          .io, "cannot create the folder: \(FileSystem.errorText()); nothing was changed", path: built)
      }
    }
  }

  /// Adds a file with `bytes` to the batch, written now to a temporary file.
  mutating func stage(_ bytes: [UInt8], at destination: String) throws {
    let directory = FileBatch.parent(destination)
    let name = String(destination.split(separator: "/").last ?? Substring(destination))
    var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else {
      throw MakingError(
        .io, "cannot create a file in \(directory): \(FileSystem.errorText()); nothing was changed",
        path: destination)
    }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    fchmod(fd, 0o644)
    let written = bytes.withUnsafeBytes { FileSystem.writeAll(fd, $0) }
    let synced = written && fsync(fd) == 0
    let text = FileSystem.errorText()
    close(fd)
    guard synced else {
      unlink(temporary)
      throw MakingError(.io, "cannot write: \(text); nothing was changed", path: destination)
    }
    staged.append((temporary, destination))
  }

  /// Adds a file to remove when the batch commits.
  mutating func remove(_ path: String) { removals.append(path) }

  /// Adds a folder to remove when the batch commits, after the files, if it is empty then
  /// (a folder something else still holds files in stays). Deeper folders go first.
  mutating func removeFolder(_ path: String) { folderRemovals.append(path) }

  /// Renames every staged file into place and removes the files to remove.
  ///
  /// A rename fails only when the folder changes under us; the files renamed before it
  /// stay (each is complete), the rest are removed.
  mutating func commit() throws {
    for (index, item) in staged.enumerated() where rename(item.temporary, item.destination) != 0 {
      let text = FileSystem.errorText()
      for rest in staged[index...] { unlink(rest.temporary) }
      staged = []
      throw MakingError(.io, "cannot rename into place: \(text)", path: item.destination)
    }
    staged = []
    madeFolders = []
    for path in removals { unlink(path) }
    removals = []
    for path in folderRemovals.sorted(by: { $0.count > $1.count }) { rmdir(path) }
    folderRemovals = []
  }

  /// Removes every staged temporary file; the destinations are untouched.
  mutating func discard() {
    for item in staged { unlink(item.temporary) }
    for folder in madeFolders.reversed() { rmdir(folder) }
    staged = []
    removals = []
    folderRemovals = []
    madeFolders = []
  }

  /// Whether nothing is staged and nothing is to be removed.
  var isEmpty: Bool { staged.isEmpty && removals.isEmpty && madeFolders.isEmpty }

  static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }
}

/// Small file helpers the operations share.
enum Files {
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  static func read(_ path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
      if errno == ENOENT { throw MakingError(.notFound, "no such file", path: path) }
      throw MakingError(.io, "cannot open: \(FileSystem.errorText())", path: path)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      throw MakingError(.badData, "is not a regular file", path: path)
    }
    guard info.st_size <= 64 << 20 else {
      throw MakingError(.badData, "is larger than 64 MB; give a smaller file", path: path)
    }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    let got = bytes.withUnsafeMutableBytes { FileSystem.readFully(fd, into: $0) }
    guard got >= 0 else { throw MakingError(.io, "cannot read: \(FileSystem.errorText())", path: path) }
    if got < bytes.count { bytes.removeSubrange(got...) }
    return bytes
  }

  /// Makes `path` and its missing parents.
  static func makeFolders(_ path: String) throws {
    var built = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      built += "/" + part
      if mkdir(built, 0o755) != 0, errno != EEXIST {
        throw MakingError(.io, "cannot create the folder: \(FileSystem.errorText())", path: built)
      }
    }
  }
}
