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
    for name in entries(of: path) { remove(path + "/" + name) }
    rmdir(path)
  }

  /// The names in a folder, without `.` and `..`.
  private static func entries(of path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      // Read in place: copying the whole `d_name` tuple would read past the end of a short
      // record (AddressSanitizer reports it).
      let field = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \.d_name)!
      let name = String(cString: field.assumingMemoryBound(to: CChar.self))
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
