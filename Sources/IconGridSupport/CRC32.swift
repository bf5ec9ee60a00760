/// The CRC-32 of ISO 3309 / ITU-T V.42 (polynomial 0xEDB88320, reflected), which PNG
/// chunks, gzip members and zip entries carry.
package enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  /// The checksum of `bytes`.
  ///
  /// - Parameter bytes: the data, such as a PNG chunk's type and data.
  /// - Returns: the CRC-32, as PNG stores it (big-endian when written).
  package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }
}
