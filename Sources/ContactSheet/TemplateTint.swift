import ImageCore

/// Template images drawn as UIKit draws them: every pixel takes the tint colour, and keeps
/// its own alpha multiplied by the tint's.
///
/// A template image (`template-rendering-intent: template`, or a symbol) is a shape: its
/// colours are ignored, so a white icon on a white sheet shows in the label colour.
package enum TemplateTint {
  /// `bitmap` with every pixel's colour replaced by `color`, its alpha multiplied by
  /// `color.alpha / 255` (rounded to nearest).
  ///
  /// - Parameters:
  ///   - bitmap: straight RGBA pixels.
  ///   - color: the tint, straight alpha.
  /// - Returns: a bitmap of the same size in the tint colour.
  /// - Complexity: O(width × height).
  package static func apply(_ bitmap: Bitmap, color: SheetColor) -> Bitmap {
    var pixels = bitmap.pixels
    let tintAlpha = Int(color.alpha)
    pixels.withUnsafeMutableBufferPointer { buffer in
      var offset = 0
      while offset < buffer.count {
        let alpha = Int(buffer[offset + 3])
        buffer[offset] = color.red
        buffer[offset + 1] = color.green
        buffer[offset + 2] = color.blue
        buffer[offset + 3] = UInt8((alpha * tintAlpha + 127) / 255)
        offset += 4
      }
    }
    return Bitmap(width: bitmap.width, height: bitmap.height, pixels: pixels)
  }
}
