/// A JPEG's first start-of-frame segment, found by walking the marker segments that come
/// before it; the one walk both the header-only size read and the decoders' preflight use.
package struct JPEGFrameHeader: Sendable, Equatable {
  /// The start-of-frame marker: `0xC0`–`0xCF` except DHT (`C4`), JPG (`C8`) and DAC (`CC`).
  package let marker: UInt8
  /// The frame's width in pixels, as stored (before any EXIF orientation).
  package let width: Int
  /// The frame's height in pixels, as stored.
  package let height: Int

  /// Whether the frame is sequential DCT (baseline, extended or arithmetic), which libjpeg
  /// decodes a band of rows at a time; progressive and lossless frames are held whole.
  package var isSequential: Bool { [0xC0, 0xC1, 0xC9].contains(marker) }

  /// Walks `bytes` from the start-of-image marker to the first start-of-frame segment.
  ///
  /// - Parameters:
  ///   - bytes: the file's first bytes.
  ///   - segment: called with the marker and payload (the bytes after the length field) of
  ///     every segment before the frame whose payload lies wholly within `bytes`.
  /// - Returns: the frame header, or `nil` when `bytes` do not start a JPEG, a segment's
  ///   length is damaged (under 2), a marker is missing, or the bytes end first.
  package static func read(
    _ bytes: [UInt8], segment: (_ marker: UInt8, _ payload: ArraySlice<UInt8>) -> Void = { _, _ in }
  ) -> JPEGFrameHeader? {
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var index = 2
    while index + 9 < bytes.count {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      // Fill bytes: any number of 0xFF may precede a marker.
      if marker == 0xFF {
        index += 1
        continue
      }
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      guard length >= 2 else { return nil }
      if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
        return JPEGFrameHeader(
          marker: marker,
          width: Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]),
          height: Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
      }
      if index + 2 + length <= bytes.count {
        segment(marker, bytes[(index + 4)..<(index + 2 + length)])
      }
      index += 2 + length
    }
    return nil
  }
}
