#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What identifies a version of a file: a change of size or modification time (or a
/// replacement by rename, which changes the inode) makes a cached decode stale.
package struct FileStamp: Sendable, Hashable {
  package var size: Int64
  package var modifiedSeconds: Int64
  package var modifiedNanoseconds: Int64
  package var inode: UInt64
}

/// The few system calls the codec, the index, the library and the check make, in one place.
package enum FileSystem {
  /// The canonical absolute path with every symbolic link resolved; `nil` when it does not exist.
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether canonical `path` is `root` or lies beneath it.
  package static func isInside(_ path: String, root: String) -> Bool {
    if path == root { return true }
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix)
  }

  /// The `d_type` of `name` in the folder `fd`, from `fstatat` without following links.
  package static func type(at fd: Int32, _ name: UnsafePointer<CChar>) -> UInt8 {
    var info = stat()
    guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return UInt8(DT_UNKNOWN) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return UInt8(DT_REG)
    case S_IFDIR: return UInt8(DT_DIR)
    case S_IFLNK: return UInt8(DT_LNK)
    default: return UInt8(DT_UNKNOWN)
    }
  }

  /// Whether the C string `name` ends with the ASCII `suffix`, without making a `String`.
  package static func hasSuffix(_ name: UnsafePointer<CChar>, _ suffix: StaticString) -> Bool {
    let length = strlen(name)
    let count = suffix.utf8CodeUnitCount
    guard length > count else { return false }
    return memcmp(name + (length - count), suffix.utf8Start, count) == 0
  }

  /// `strerror(errno)`.
  package static func errorText() -> String {
    String(cString: strerror(errno))
  }

  /// `read(2)` into a buffer.
  package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    #if canImport(Glibc)
      Glibc.read(fd, buffer.baseAddress, buffer.count)
    #elseif canImport(Musl)
      Musl.read(fd, buffer.baseAddress, buffer.count)
    #else
      Darwin.read(fd, buffer.baseAddress, buffer.count)
    #endif
  }

  /// Reads from `fd` until `buffer` is full or the file ends, retrying a read that a signal
  /// interrupted.
  ///
  /// - Parameters:
  ///   - fd: an open file descriptor.
  ///   - buffer: where the bytes go.
  /// - Returns: the number of bytes read, or -1 with `errno` set when a read fails.
  package static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    var total = 0
    while total < buffer.count {
      let n = read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[total...]))
      if n < 0 {
        if errno == EINTR { continue }
        return -1
      }
      if n == 0 { break }
      total += n
    }
    return total
  }

  /// Writes all of `bytes` to `fd`, retrying a write that a signal interrupted.
  ///
  /// - Parameters:
  ///   - fd: an open file descriptor.
  ///   - bytes: what to write.
  /// - Returns: `true` when everything was written; `false` with `errno` set when a write fails.
  package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var written = 0
    while written < bytes.count {
      let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      written += n
    }
    return true
  }

  /// The stamp of the file at `path` (following links); `nil` when it cannot be `stat`ed.
  package static func stamp(_ path: String) -> FileStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return FileStamp(
      size: Int64(info.st_size), modifiedSeconds: Int64(modified.tv_sec),
      modifiedNanoseconds: Int64(modified.tv_nsec), inode: UInt64(info.st_ino))
  }

  /// The names in the folder at `path`, in the order the system lists them, without `.`
  /// and `..`; empty when the folder cannot be opened.
  ///
  /// - Parameter path: the folder.
  /// - Returns: the names of its files, folders and links.
  package static func entryNames(of path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    forEachEntry(of: directory) { name, _ in names.append(String(cString: name)) }
    return names
  }

  /// The names in the folder at `path` with whether each is a folder (following links, as
  /// ``isDirectory(_:)`` answers), in the order the system lists them, without `.` and `..`;
  /// empty when the folder cannot be opened.
  ///
  /// The type comes from `readdir`: only links and entries of a type the file system does not
  /// give are `stat`ed, not every file of a tree.
  ///
  /// - Parameter path: the folder.
  /// - Returns: each entry's name and whether it is a folder.
  package static func entries(of path: String) -> [(name: String, isDirectory: Bool)] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var entries: [(name: String, isDirectory: Bool)] = []
    forEachEntry(of: directory) { field, type in
      let name = String(cString: field)
      switch type {
      case UInt8(DT_DIR): entries.append((name, true))
      case UInt8(DT_LNK), UInt8(DT_UNKNOWN): entries.append((name, isDirectory(Paths.join(path, name))))
      default: entries.append((name, false))
      }
    }
    return entries
  }

  /// The directory walker: calls `body` with each entry of an open directory stream other
  /// than `.` and `..`, in the order `readdir` gives them.
  ///
  /// - Parameters:
  ///   - directory: a stream from `opendir` or `fdopendir`; the caller closes it.
  ///   - body: takes the entry's name, valid only during the call, and its `d_type`
  ///     (`DT_UNKNOWN` on file systems that do not say).
  package static func forEachEntry(of directory: OpaquePointer, _ body: (UnsafePointer<CChar>, UInt8) -> Void)
  {
    while let entry = readdir(directory) {
      // The name is read in place: copying `d_name` (a 256-byte tuple) would read past the
      // end of a short record, which glibc allocates only as long as the name needs
      // (AddressSanitizer reports it).
      let field = (UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \.d_name)!)
        .assumingMemoryBound(to: CChar.self)
      if field[0] == 0x2E, field[1] == 0 || (field[1] == 0x2E && field[2] == 0) { continue }
      body(field, entry.pointee.d_type)
    }
  }

  /// Whether `path` is a folder (following links).
  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }
}
