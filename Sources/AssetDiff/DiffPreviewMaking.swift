import ImageCore
import Resampling

/// Fits images into the preview box and marks differing pixels.
enum DiffPreviewMaking {
  /// `image` resized to fit a `box`-pixel square, aspect kept; `nil` for no box.
  static func fitted(_ image: Bitmap, box: Int) -> Bitmap? {
    guard box > 0, image.width > 0, image.height > 0 else { return nil }
    let ratio = min(Double(box) / Double(image.width), Double(box) / Double(image.height))
    let width = max(1, Int((Double(image.width) * ratio).rounded()))
    let height = max(1, Int((Double(image.height) * ratio).rounded()))
    return Resampler.resize(image, width: width, height: height)
  }

  /// The head image faded to a light grey, each preview pixel red where any pixel it covers
  /// differs, so a single changed pixel of a large icon still shows.
  static func marks(after: Bitmap, mask: [Bool], box: Int) -> Bitmap? {
    guard let faded = fitted(after, box: box) else { return nil }
    var pixels = faded.pixels
    let everything = mask.isEmpty
    for y in 0..<faded.height {
      let top = y * after.height / faded.height
      let bottom = max(top + 1, (y + 1) * after.height / faded.height)
      for x in 0..<faded.width {
        let left = x * after.width / faded.width
        let right = max(left + 1, (x + 1) * after.width / faded.width)
        var hit = everything
        if !hit {
          search: for sy in top..<min(bottom, after.height) {
            for sx in left..<min(right, after.width) where mask[sy * after.width + sx] {
              hit = true
              break search
            }
          }
        }
        let offset = (y * faded.width + x) * 4
        if hit {
          pixels[offset] = 255
          pixels[offset + 1] = 32
          pixels[offset + 2] = 64
          pixels[offset + 3] = 255
        } else {
          let grey = (Int(pixels[offset]) * 3 + Int(pixels[offset + 1]) * 6 + Int(pixels[offset + 2])) / 10
          let light = UInt8(160 + grey * 95 / 255)
          pixels[offset] = light
          pixels[offset + 1] = light
          pixels[offset + 2] = light
          pixels[offset + 3] = UInt8(Int(pixels[offset + 3]) / 3)
        }
      }
    }
    return Bitmap(width: faded.width, height: faded.height, pixels: pixels)
  }
}
