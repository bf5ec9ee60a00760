internal import CLibPNG

/// The zlib calls the codec needs, with zlib's failures turned into ``PNGError``.
enum Zlib {
  /// Inflates a raw deflate stream (no zlib wrapper), stopping after `expectedBytes`
  /// so a bomb cannot make it allocate, and returns the Adler-32 of what it produced.
  ///
  /// - Throws: ``PNGError/Code/cgbi`` when the stream is damaged or ends early.
  static func adlerOfRawInflate(_ input: UnsafeRawBufferPointer, expectedBytes: Int) throws
    -> UInt32
  {
    var stream = z_stream()
    guard icongrid_inflate_init(&stream, -15) == Z_OK else {
      throw PNGError(.io, "zlib could not start inflating (out of memory?)")
    }
    defer { inflateEnd(&stream) }
    let chunk = 1 << 16
    var buffer = [UInt8](repeating: 0, count: chunk)
    var adler = adler32(0, nil, 0)
    var produced = 0
    stream.next_in = UnsafeMutablePointer(
      mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
    stream.avail_in = uInt(input.count)
    var status = Z_OK
    while produced < expectedBytes {
      let want = min(chunk, expectedBytes - produced)
      let got = buffer.withUnsafeMutableBufferPointer { out -> Int in
        stream.next_out = out.baseAddress
        stream.avail_out = uInt(want)
        status = inflate(&stream, Z_NO_FLUSH)
        let got = want - Int(stream.avail_out)
        adler = adler32(adler, out.baseAddress, uInt(got))
        return got
      }
      produced += got
      if status == Z_STREAM_END { break }
      guard status == Z_OK || (status == Z_BUF_ERROR && got > 0) else {
        let said = stream.msg.map { String(cString: $0) } ?? "inflate returned \(status)"
        throw PNGError(.cgbi, "CgBI file: damaged image data", underlying: said)
      }
      if got == 0 && stream.avail_in == 0 { break }
    }
    guard produced == expectedBytes else {
      throw PNGError(
        .truncated, "CgBI file: truncated inside IDAT (\(produced) of \(expectedBytes) bytes)")
    }
    return UInt32(adler)
  }

  /// Wraps bytes in a zlib stream of stored blocks: the data is decoded at once, so
  /// compressing it would only cost time. Written by hand because `compress2` at level 0
  /// still sets up a whole deflate state (hundreds of kilobytes) for every call.
  static func stored(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    let blockLimit = 65_535
    let blocks = max(1, (bytes.count + blockLimit - 1) / blockLimit)
    var out: [UInt8] = [0x78, 0x01]
    out.reserveCapacity(2 + blocks * 5 + bytes.count + 4)
    var offset = 0
    repeat {
      let length = min(blockLimit, bytes.count - offset)
      let final: UInt8 = offset + length == bytes.count ? 1 : 0
      let check = ~UInt16(length)
      out += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(check & 0xFF), UInt8(check >> 8)]
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]))
      offset += length
    } while offset < bytes.count
    let checksum = adler32(1, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), uInt(bytes.count))
    appendUInt32(&out, UInt32(checksum))
    return out
  }
}
