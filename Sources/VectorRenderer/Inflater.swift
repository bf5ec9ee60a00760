internal import CRsvg
import ImageCore

/// zlib's inflate, bounded: `.svgz` files and a PDF's FlateDecode streams are decompressed
/// through it, so a bomb stops at its budget instead of handing a renderer gigabytes.
enum Inflater {
  /// How the compressed bytes are framed.
  enum Framing {
    /// A gzip member (an `.svgz` file).
    case gzip
    /// zlib or gzip, detected from the header (a PDF stream).
    case detected
  }

  /// How a run ended before its budget was passed.
  enum Ending {
    /// The stream's end was reached.
    case end
    /// The input ran out before the stream's end.
    case truncated(String)
    /// zlib refused the data.
    case damaged(String)
  }

  /// Whether `bytes` start with the gzip magic number.
  static func isGzip(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
  }

  /// Inflates `input`, handing each piece of output to `body`, until the stream ends, the
  /// data turns out damaged or truncated, or the output passes `limit` bytes.
  ///
  /// - Returns: how the run ended and how many bytes came out; `nil` when the output passed
  ///   `limit` (no more is inflated).
  /// - Throws: ``ImageError/Code/io`` when zlib cannot start.
  static func run(
    _ input: UnsafeBufferPointer<UInt8>, framing: Framing, limit: Int,
    _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws -> (ending: Ending, bytes: Int)? {
    var stream = z_stream()
    let started =
      framing == .gzip ? icongrid_rsvg_gunzip_init(&stream) : icongrid_rsvg_inflate_init(&stream)
    guard started == Z_OK else {
      throw ImageError(.io, "zlib could not start decompressing (out of memory?)")
    }
    defer { inflateEnd(&stream) }
    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
    stream.avail_in = uInt(input.count)
    var total = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      var status = Z_OK
      let got = chunk.withUnsafeMutableBufferPointer { out -> Int in
        stream.next_out = out.baseAddress
        stream.avail_out = uInt(out.count)
        status = inflate(&stream, Z_NO_FLUSH)
        return out.count - Int(stream.avail_out)
      }
      total += got
      guard total <= limit else { return nil }
      chunk.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<got])) }
      if status == Z_STREAM_END { return (.end, total) }
      if status == Z_OK && (got > 0 || stream.avail_in > 0) { continue }
      let said = stream.msg.map { String(cString: $0) } ?? "inflate returned \(status)"
      return (status == Z_BUF_ERROR || status == Z_OK ? .truncated(said) : .damaged(said), total)
    }
  }

  /// The decompressed bytes of a gzip stream (one member; what follows it is ignored).
  ///
  /// - Throws: ``ImageError/Code/limitExceeded`` as soon as the output passes `limit`
  ///   bytes; ``ImageError/Code/malformed`` for damaged or truncated data.
  static func gunzip(_ bytes: [UInt8], limit: Int) throws -> [UInt8] {
    var output: [UInt8] = []
    let result = try bytes.withUnsafeBufferPointer { input in
      try run(input, framing: .gzip, limit: limit) { output.append(contentsOf: $0) }
    }
    switch result {
    case nil:
      throw ImageError(
        .limitExceeded, "the compressed SVG expands to more than \(limit) bytes; the limit is \(limit)")
    case (.end, _)?: return output
    case (.truncated(let said), _)?:
      throw ImageError(.malformed, "the compressed SVG is truncated", underlying: said)
    case (.damaged(let said), _)?:
      throw ImageError(.malformed, "the compressed SVG is damaged", underlying: said)
    }
  }
}
