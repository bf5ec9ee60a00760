import IconGridSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The temporary files a ``PNGStreamWriter`` writes beside its destination:
/// `.NAME.XXXXXX` in the destination's directory, locked while their writer lives.
///
/// A writer killed with SIGKILL cannot remove its temporary file, but the kernel drops its
/// lock; the next writer to the same destination removes every such file whose lock it
/// can take, so kills leave nothing behind for long and live writers are never disturbed.
enum TemporaryFiles {
  /// Creates and locks a temporary file for `path`; returns its descriptor and path.
  static func create(for path: String) throws -> (fd: Int32, path: String) {
    let (directory, name) = split(path)
    var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else {
      throw FileIO.systemError("cannot create a file in \(directory)", path: path)
    }
    fchmod(fd, 0o644)
    _ = flock(fd, LOCK_EX)
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    removeAbandoned(for: path, except: temporary)
    return (fd, temporary)
  }

  /// Removes temporary files for `path` left by writers that are gone.
  static func removeAbandoned(for path: String, except keep: String) {
    let (directory, name) = split(path)
    let prefix = ".\(name)."
    for entryName in FileSystem.entryNames(of: directory) {
      guard entryName.hasPrefix(prefix), entryName.utf8.count == prefix.utf8.count + 6 else { continue }
      let candidate = "\(directory)/\(entryName)"
      guard candidate != keep else { continue }
      let fd = open(candidate, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
      guard fd >= 0 else { continue }
      // A live writer holds the lock; only a dead writer's file can be locked here.
      if flock(fd, LOCK_EX | LOCK_NB) == 0 { unlink(candidate) }
      close(fd)
    }
  }

  private static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }
}
