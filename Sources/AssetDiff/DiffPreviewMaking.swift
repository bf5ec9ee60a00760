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

  /// How far, in preview pixels, a mark spreads around each differing pixel, so one pixel
  /// of difference is a dot a reader sees.
  static let markRadius = 2

  /// The head image faded to a light grey, red where any pixel a preview pixel covers
  /// differs (spread by ``markRadius``), so a single changed pixel of a large icon shows.
  static func marks(after: Bitmap, mask: [Bool], box: Int) -> Bitmap? {
    guard let faded = fitted(after, box: box) else { return nil }
    let width = faded.width
    let height = faded.height
    var hits = [Bool](repeating: mask.isEmpty, count: width * height)
    if !mask.isEmpty {
      for y in 0..<height {
        let top = y * after.height / height
        let bottom = min(after.height, max(top + 1, (y + 1) * after.height / height))
        for x in 0..<width {
          let left = x * after.width / width
          let right = min(after.width, max(left + 1, (x + 1) * after.width / width))
          search: for sy in top..<bottom {
            for sx in left..<right where mask[sy * after.width + sx] {
              hits[y * width + x] = true
              break search
            }
          }
        }
      }
    }
    var spread = hits
    for y in 0..<height {
      for x in 0..<width where hits[y * width + x] {
        for ny in max(0, y - markRadius)...min(height - 1, y + markRadius) {
          for nx in max(0, x - markRadius)...min(width - 1, x + markRadius) { spread[ny * width + nx] = true }
        }
      }
    }
    var pixels = faded.pixels
    for index in 0..<(width * height) {
      let offset = index * 4
      if spread[index] {
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
    return Bitmap(width: width, height: height, pixels: pixels)
  }
}
