internal import CLibPNG

/// zlib streams the codec writes by hand (inflating is ``Inflate``, deflating the
/// encoder's `Deflate`).
enum Zlib {
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
