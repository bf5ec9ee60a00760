internal import CRsvg
import ImageCore

/// Decompression of `.svgz` files, bounded, so a gzip bomb stops at the input limit
/// instead of handing librsvg gigabytes of text.
enum Gunzip {
  /// Whether `bytes` start with the gzip magic number.
  static func isGzip(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
  }

  /// The decompressed bytes of a gzip stream (one member; what follows it is ignored).
  ///
  /// - Throws: ``ImageError/Code/limitExceeded`` as soon as the output passes `limit`
  ///   bytes; ``ImageError/Code/malformed`` for damaged or truncated data.
  static func decompress(_ bytes: [UInt8], limit: Int) throws -> [UInt8] {
    var stream = z_stream()
    guard icongrid_rsvg_gunzip_init(&stream) == Z_OK else {
      throw ImageError(.io, "zlib could not start decompressing (out of memory?)")
    }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    return try bytes.withUnsafeBufferPointer { input in
      stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
      stream.avail_in = uInt(input.count)
      while true {
        var status = Z_OK
        let got = chunk.withUnsafeMutableBufferPointer { out -> Int in
          stream.next_out = out.baseAddress
          stream.avail_out = uInt(out.count)
          status = inflate(&stream, Z_NO_FLUSH)
          return out.count - Int(stream.avail_out)
        }
        guard output.count + got <= limit else {
          throw ImageError(
            .limitExceeded, "the compressed SVG expands to more than \(limit) bytes; the limit is \(limit)")
        }
        output.append(contentsOf: chunk[0..<got])
        if status == Z_STREAM_END { return output }
        guard status == Z_OK || (status == Z_BUF_ERROR && got > 0) else {
          let said = stream.msg.map { String(cString: $0) } ?? "inflate returned \(status)"
          if status == Z_BUF_ERROR {
            throw ImageError(.malformed, "the compressed SVG is truncated", underlying: said)
          }
          throw ImageError(.malformed, "the compressed SVG is damaged", underlying: said)
        }
      }
    }
  }
}
