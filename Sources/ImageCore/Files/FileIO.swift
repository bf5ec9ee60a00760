import IconGridSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// File access at the edge of the codec: the core works on bytes.
package enum FileIO {
  /// Reads a whole file, refusing files longer than `limit` before reading them.
  package static func readAll(_ path: String, limit: Int) throws -> [UInt8] {
    let fd = try open(path)
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw systemError("cannot stat", path: path) }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw ImageError(.io, "is a directory, not a file", path: path)
    }
    let size = Int(info.st_size)
    try ImageError.attributing(path) { try DecodingLimits.checkLength(size, limit: limit) }
    var bytes = [UInt8](repeating: 0, count: size)
    let got = try bytes.withUnsafeMutableBytes { (buffer) throws -> Int in
      try readFully(fd, into: buffer, path: path)
    }
    if got < size { bytes.removeSubrange(got...) }
    return bytes
  }

  /// Reads at most `count` bytes from the start of a file.
  package static func readPrefix(_ path: String, count: Int) throws -> [UInt8] {
    let fd = try open(path)
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: count)
    let got = try bytes.withUnsafeMutableBytes { (buffer) throws -> Int in
      try readFully(fd, into: buffer, path: path)
    }
    if got < count { bytes.removeSubrange(got...) }
    return bytes
  }

  /// Opens a regular file for reading. `O_NONBLOCK` keeps a FIFO from blocking the open
  /// until a writer appears; FIFOs, devices and sockets are then refused, since reading one
  /// could wait forever or never end.
  private static func open(_ path: String) throws -> Int32 {
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
      if errno == ENOENT || errno == ENOTDIR {
        throw ImageError(.notFound, "no such file", path: path)
      }
      throw systemError("cannot open", path: path)
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let error = systemError("cannot stat", path: path)
      close(fd)
      throw error
    }
    let type = info.st_mode & S_IFMT
    guard type == S_IFREG || type == S_IFDIR else {
      close(fd)
      throw ImageError(.io, "is not a regular file (a FIFO, device or socket)", path: path)
    }
    return fd
  }

  private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String)
    throws -> Int
  {
    let total = FileSystem.readFully(fd, into: buffer)
    if total < 0 { throw systemError("cannot read", path: path) }
    return total
  }

  /// An `.io` error carrying `strerror(errno)`.
  package static func systemError(_ what: String, path: String?) -> ImageError {
    let words = FileSystem.errorText()
    return ImageError(.io, "\(what): \(words)", path: path, underlying: nil)
  }
}

extension DecodingLimits {
  static func checkLength(_ length: Int, limit: Int) throws {
    if length > limit {
      throw ImageError(.limitExceeded, "input of \(length) bytes exceeds the \(limit)-byte limit")
    }
  }
}
