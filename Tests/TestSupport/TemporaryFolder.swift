import IconGridSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Fresh scratch folders for tests, and their removal.
package enum TemporaryFolder {
  /// A fresh empty folder `<tmp>/<prefix>.XXXXXX`, where `<tmp>` is `$TMPDIR` or `/tmp`.
  ///
  /// - Parameter prefix: names the test suite in the folder's name.
  /// - Returns: the folder's absolute path.
  package static func make(_ prefix: String) -> String {
    var base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    if base.isEmpty { base = "/tmp" }
    while base.count > 1, base.hasSuffix("/") { base.removeLast() }
    var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed for \(base)/\(prefix)")
    return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// Removes `path` and everything under it, without following symbolic links; a folder
  /// a test made read-only is made writable first.
  ///
  /// - Parameter path: a folder from ``make(_:)`` (or any file or folder).
  package static func remove(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      unlink(path)
      return
    }
    chmod(path, 0o755)
    for name in FileSystem.entryNames(of: path) { remove(path + "/" + name) }
    rmdir(path)
  }
}

/// Small file operations tests share: raw writes and sorted listings.
package enum TestFiles {
  /// Writes `bytes` to `path`, replacing what is there; a failure stops the test run.
  ///
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - path: where to write them.
  package static func write(_ bytes: [UInt8], to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0, "cannot create \(path)")
    defer { close(fd) }
    let written = bytes.withUnsafeBytes { FileSystem.writeAll(fd, $0) }
    precondition(written, "short write to \(path)")
  }

  /// The names of a folder's entries (files and subfolders), sorted.
  ///
  /// - Parameter directory: the folder.
  /// - Returns: the names, without `.` and `..`.
  package static func entries(of directory: String) -> [String] {
    FileSystem.entryNames(of: directory).sorted()
  }
}
