import Foundation
import ImageCore
import TestSupport
import VectorRenderer

/// Fixtures, reference tools and pixel comparisons the vector tests share.
enum Fixture {
  static func path(_ name: String) -> String {
    TestPaths.inPackage("Tests/VectorRendererTests/Fixtures/\(name)")
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path(name))))
  }

  static func image(_ name: String, limits: VectorLimits = .default) throws -> VectorImage {
    try VectorImage(contentsOf: path(name), limits: limits)
  }

  /// An in-memory SVG from text.
  static func svg(_ text: String, limits: VectorLimits = .default) throws -> VectorImage {
    try VectorImage(bytes: Array(text.utf8), format: .svg, path: "inline.svg", limits: limits)
  }
}

/// How far two renders of the same size are apart.
struct Difference: CustomStringConvertible {
  /// The largest difference of any channel of any pixel.
  var max = 0
  /// The mean absolute difference over all channels.
  var mean = 0.0

  /// Compares straight RGBA; fully transparent pixels compare equal whatever their colour,
  /// and colour differences are weighted by alpha so faint edge pixels (whose colour is
  /// rounded from few bits) do not dominate.
  init(_ a: Bitmap, _ b: Bitmap) {
    precondition(a.width == b.width && a.height == b.height)
    var total = 0
    for offset in stride(from: 0, to: a.pixels.count, by: 4) {
      let alphaA = Int(a.pixels[offset + 3])
      let alphaB = Int(b.pixels[offset + 3])
      let alpha = Swift.max(alphaA, alphaB)
      var channels = [abs(alphaA - alphaB)]
      for channel in 0..<3 {
        let premultipliedA = Int(a.pixels[offset + channel]) * alphaA
        let premultipliedB = Int(b.pixels[offset + channel]) * alphaB
        channels.append(alpha == 0 ? 0 : abs(premultipliedA - premultipliedB) / 255)
      }
      for value in channels {
        max = Swift.max(max, value)
        total += value
      }
    }
    mean = Double(total) / Double(Swift.max(1, a.pixels.count))
  }

  var description: String { "max \(max), mean \(String(format: "%.3f", mean))" }
}

extension Bitmap {
  /// The image composited over opaque white, as a reference renderer without alpha draws it.
  func overWhite() -> Bitmap {
    var out = self
    for offset in stride(from: 0, to: pixels.count, by: 4) {
      let alpha = Int(pixels[offset + 3])
      for channel in 0..<3 {
        let value = Int(pixels[offset + channel])
        out.pixels[offset + channel] = UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
      }
      out.pixels[offset + 3] = 255
    }
    return out
  }

  /// How many pixels are not fully transparent.
  var coveredPixels: Int {
    stride(from: 3, to: pixels.count, by: 4).reduce(0) { $0 + (pixels[$1] > 0 ? 1 : 0) }
  }
}
