import ImageCore

/// How a stored image is turned to be shown upright: the EXIF `Orientation` tag's eight
/// values (TIFF 6.0, tag 274).
package enum Orientation: Int, Sendable, CaseIterable {
  /// Stored upright.
  case up = 1
  /// Mirrored left to right.
  case upMirrored = 2
  /// Upside down.
  case down = 3
  /// Mirrored top to bottom.
  case downMirrored = 4
  /// Mirrored along the top-left to bottom-right diagonal.
  case leftMirrored = 5
  /// Shown after turning it 90° clockwise.
  case right = 6
  /// Mirrored along the top-right to bottom-left diagonal.
  case rightMirrored = 7
  /// Shown after turning it 90° counterclockwise.
  case left = 8

  /// Whether showing the image upright swaps its width and height.
  package var swapsSides: Bool { rawValue >= 5 }

  /// The orientation an EXIF block (a JPEG APP1 payload, starting `Exif\0\0`) names, or
  /// `nil` when it names none or is malformed; a malformed block is ignored, as viewers do.
  ///
  /// - Parameter exif: the APP1 payload.
  /// - Returns: the orientation, or `nil`.
  package static func fromEXIF(_ exif: [UInt8]) -> Orientation? {
    let header: [UInt8] = Array("Exif".utf8) + [0, 0]
    guard exif.count >= header.count + 8, Array(exif[0..<header.count]) == header else { return nil }
    let tiff = header.count
    let little: Bool
    switch (exif[tiff], exif[tiff + 1]) {
    case (0x49, 0x49): little = true
    case (0x4D, 0x4D): little = false
    default: return nil
    }
    func u16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= exif.count else { return nil }
      let a = Int(exif[at])
      let b = Int(exif[at + 1])
      return little ? a | b << 8 : a << 8 | b
    }
    func u32(_ at: Int) -> Int? {
      guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
      return high << 16 | low
    }
    guard u16(tiff + 2) == 42, let ifd = u32(tiff + 4), let count = u16(tiff + ifd) else { return nil }
    for index in 0..<count {
      let entry = tiff + ifd + 2 + index * 12
      guard let tag = u16(entry) else { return nil }
      // Orientation is a SHORT whose value sits in the first two bytes of the value field.
      if tag == 0x0112, u16(entry + 2) == 3, let value = u16(entry + 8) {
        return Orientation(rawValue: value)
      }
    }
    return nil
  }

  /// `bitmap` turned upright.
  ///
  /// - Parameter bitmap: the image as stored.
  /// - Returns: the image as it is shown.
  package func apply(to bitmap: Bitmap) -> Bitmap {
    guard self != .up else { return bitmap }
    let width = bitmap.width
    let height = bitmap.height
    let outWidth = swapsSides ? height : width
    let outHeight = swapsSides ? width : height
    var output = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    bitmap.pixels.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        for y in 0..<outHeight {
          for x in 0..<outWidth {
            // The stored pixel shown at (x, y).
            let (sx, sy): (Int, Int)
            switch self {
            case .up: (sx, sy) = (x, y)
            case .upMirrored: (sx, sy) = (width - 1 - x, y)
            case .down: (sx, sy) = (width - 1 - x, height - 1 - y)
            case .downMirrored: (sx, sy) = (x, height - 1 - y)
            case .leftMirrored: (sx, sy) = (y, x)
            case .right: (sx, sy) = (y, height - 1 - x)
            case .rightMirrored: (sx, sy) = (width - 1 - y, height - 1 - x)
            case .left: (sx, sy) = (width - 1 - y, x)
            }
            let from = (sy * width + sx) * 4
            let to = (y * outWidth + x) * 4
            target[to] = source[from]
            target[to + 1] = source[from + 1]
            target[to + 2] = source[from + 2]
            target[to + 3] = source[from + 3]
          }
        }
      }
    }
    return Bitmap(width: outWidth, height: outHeight, pixels: output)
  }
}
