import Dispatch
import PNGCodec
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one image file's bytes say, as far as the check asked.
struct FileFacts: Sendable {
  /// The file's length in bytes.
  var byteCount = 0
  /// The PNG header, when the probe read one.
  var header: PNGHeader?
  /// Why the file is not a PNG a device can load; `nil` when it is (as far as was read).
  var problem: String?
  /// Whether a `tRNS` chunk precedes the image data; `nil` when not looked for.
  var hasTransparencyChunk: Bool?
  /// SHA-256 of the decoded pixels (``Bitmap/pixelDigest()``) or, header-only, of the
  /// file's bytes; `nil` when not asked for.
  var digest: String?
}

/// Reads what the rules need of a file: by default its first bytes only.
enum FileInspector {
  /// What to read beyond the header.
  struct Request: Sendable {
    var path: String
    /// Decode the whole file (`--deep`).
    var decode = false
    /// Walk the chunks before IDAT for `tRNS`.
    var transparency = false
  }

  /// The header (and, as requested, more) of the file at `request.path`.
  static func inspect(_ request: Request) -> FileFacts {
    var facts = FileFacts()
    let prefix: [UInt8]
    do {
      (prefix, facts.byteCount) = try readPrefix(request.path, count: PNGHeader.probeLength)
    } catch {
      facts.problem = error.reason
      return facts
    }
    do {
      facts.header = try PNGHeader.probe(prefix)
    } catch {
      let reason = PNGError.from(error).message
      facts.problem = sniff(prefix).map { "not a PNG: the file holds \($0) data" } ?? reason
      return facts
    }
    guard request.decode || request.transparency else { return facts }
    let bytes: [UInt8]
    do {
      bytes = try FileIO.readAll(request.path, limit: DecodingLimits.default.maxInputBytes)
    } catch {
      facts.problem = PNGError.from(error).message
      return facts
    }
    if request.transparency { facts.hasTransparencyChunk = hasChunkBeforeIDAT(bytes, "tRNS") }
    if request.decode {
      do {
        facts.digest = try PNGDecoder.decode(bytes).pixelDigest()
      } catch {
        facts.problem = "does not decode: \(PNGError.from(error).message)"
      }
    }
    return facts
  }

  /// SHA-256 of a whole file's bytes, for finding copies without decoding.
  static func byteDigest(_ path: String) -> String? {
    guard let bytes = try? FileIO.readAll(path, limit: DecodingLimits.default.maxInputBytes) else {
      return nil
    }
    var hash = SHA256()
    bytes.withUnsafeBytes { hash.update($0) }
    return hash.finalize().withUnsafeBytes { SHA256.hex($0) }
  }

  struct ReadError: Error {
    var reason: String
  }

  /// The first `count` bytes and the file's length, from one `open`, `fstat` and `read`.
  static func readPrefix(_ path: String, count: Int) throws(ReadError) -> ([UInt8], Int) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw ReadError(reason: errno == ENOENT ? "no such file" : "cannot open: \(errorText())")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw ReadError(reason: "cannot stat: \(errorText())") }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw ReadError(reason: "not a regular file") }
    var bytes = [UInt8](repeating: 0, count: count)
    var got = 0
    while got < count {
      let n = bytes.withUnsafeMutableBytes { buffer in
        read(fd, buffer.baseAddress! + got, count - got)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw ReadError(reason: "cannot read: \(errorText())")
      }
      if n == 0 { break }
      got += n
    }
    if got < count { bytes.removeSubrange(got...) }
    return (bytes, Int(info.st_size))
  }

  private static func errorText() -> String { String(cString: strerror(errno)) }

  /// What kind of file a non-PNG is, from its magic bytes, so the message says "JPEG".
  static func sniff(_ bytes: [UInt8]) -> String? {
    func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + magic.count && Array(bytes[offset..<(offset + magic.count)]) == magic
    }
    if starts([0xFF, 0xD8, 0xFF]) { return "JPEG" }
    if starts(Array("GIF8".utf8)) { return "GIF" }
    if starts(Array("%PDF".utf8)) { return "PDF" }
    if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "WebP" }
    if starts(Array("ftyp".utf8), at: 4) { return "HEIF/AVIF" }
    if starts([0x00, 0x00, 0x01, 0x00]) { return "ICO" }
    if starts(Array("<svg".utf8)) || starts(Array("<?xml".utf8)) { return "SVG/XML" }
    return nil
  }

  /// Whether a chunk of `type` appears before the first IDAT (where tRNS must be).
  static func hasChunkBeforeIDAT(_ bytes: [UInt8], _ type: String) -> Bool {
    let wanted = Array(type.utf8)
    var offset = 8
    while offset + 8 <= bytes.count {
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      let name = Array(bytes[(offset + 4)..<(offset + 8)])
      if name == wanted { return true }
      if name == Array("IDAT".utf8) { return false }
      offset += 12 + length
    }
    return false
  }
}

/// Work spread over the cores: `map` keeps the input order.
enum Parallel {
  static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
    let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    guard items.count >= 32, cores > 1 else { return items.map(transform) }
    let chunks = min(items.count, cores * 8)
    let results = Mutex<[[R]?]>(Array(repeating: nil, count: chunks))
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let start = items.count * chunk / chunks
      let end = items.count * (chunk + 1) / chunks
      let part = items[start..<end].map(transform)
      results.withLock { $0[chunk] = part }
    }
    return results.withLock { $0.flatMap { $0 ?? [] } }
  }
}
