internal import CLibPNG

/// The codec's one inflate: a zlib or raw deflate stream into a buffer of exactly the size
/// the header implies, never more, so a decompression bomb costs no more memory or time
/// than an honest image of the same size.
enum Inflate {
  /// How the compressed bytes are wrapped.
  enum Wrapping {
    /// A zlib stream (header and Adler-32), as IDAT holds in a standard PNG.
    case zlib
    /// Raw deflate, as IDAT holds in a CgBI file.
    case raw
  }

  /// Why a stream did not inflate to the size asked for.
  enum Failure: Error {
    /// zlib could not allocate its state.
    case noMemory
    /// The stream is damaged; zlib's words.
    case damaged(String)
    /// The stream ended after `produced` bytes.
    case short(produced: Int)
  }

  /// Inflates `input` into exactly `expectedBytes`, stopping there even when the stream
  /// holds more.
  ///
  /// - Throws: ``Failure``.
  static func bounded(_ input: UnsafeRawBufferPointer, _ wrapping: Wrapping, expectedBytes: Int)
    throws(Failure)
    -> [UInt8]
  {
    var stream = z_stream()
    guard icongrid_inflate_init(&stream, wrapping == .zlib ? 15 : -15) == Z_OK else { throw .noMemory }
    defer { inflateEnd(&stream) }
    var status = Z_OK
    var produced = 0
    let output = [UInt8](unsafeUninitializedCapacity: expectedBytes) { buffer, count in
      stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
      stream.avail_in = uInt(input.count)
      stream.next_out = buffer.baseAddress
      stream.avail_out = uInt(expectedBytes)
      status = inflate(&stream, Z_FINISH)
      produced = expectedBytes - Int(stream.avail_out)
      // Bytes zlib did not write are zeroed so the array never holds uninitialised memory.
      if produced < expectedBytes {
        (buffer.baseAddress! + produced).initialize(repeating: 0, count: expectedBytes - produced)
      }
      count = expectedBytes
    }
    if status == Z_DATA_ERROR || status == Z_NEED_DICT || status == Z_MEM_ERROR || status == Z_STREAM_ERROR {
      throw .damaged(stream.msg.map { String(cString: $0) } ?? "inflate returned \(status)")
    }
    guard produced == expectedBytes else { throw .short(produced: produced) }
    return output
  }
}
