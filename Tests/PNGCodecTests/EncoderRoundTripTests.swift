import Foundation
import ImageCore
import PNGCodec
import Testing

@Suite("Encoder round trips")
struct EncoderRoundTripTests {
  /// Noise, gradients, flat runs and repeated rows, so every filter wins somewhere.
  static func image(width: Int, height: Int, seed: UInt64) -> Bitmap {
    var state = seed
    func next() -> UInt8 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    var bitmap = Bitmap(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        switch y % 5 {
        case 0: bitmap[x, y] = (next(), next(), next(), next())
        case 1: bitmap[x, y] = (UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8((x + y) & 0xFF), 255)
        case 2: bitmap[x, y] = (200, 100, 50, 128)
        case 3: bitmap[x, y] = bitmap[x, y - 1]
        default: bitmap[x, y] = x % 7 == 0 ? (next(), 0, 0, 255) : (10, 20, 30, 40)
        }
      }
    }
    return bitmap
  }

  @Test(arguments: [1, 3, 97, 1000], [0, 1, 6, 9])
  func streamedStripsDecodeToTheSamePixels(width: Int, level: Int) throws {
    let height = 41
    let source = Self.image(width: width, height: height, seed: UInt64(width * 31 + level))
    for includeAlpha in [true, false] {
      for threads in [1, 2] {
        let path = NSTemporaryDirectory() + "roundtrip-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = PNGEncodingOptions(
          compressionLevel: level, scale: 2, includeAlpha: includeAlpha, threads: threads)
        var writer = try PNGStreamWriter(path: path, width: width, height: height, options: options)
        var row = 0
        for stripHeight in [1, 7, 13, 20] where row < height {
          let rows = min(stripHeight, height - row)
          let bytes = Array(source.pixels[(row * width * 4)..<((row + rows) * width * 4)])
          try writer.append(Bitmap(width: width, height: rows, pixels: bytes))
          row += rows
        }
        try writer.finish()
        var expected = source
        if !includeAlpha {
          for offset in stride(from: 3, to: expected.pixels.count, by: 4) { expected.pixels[offset] = 255 }
        }
        let decoded = try PNGDecoder.decode(contentsOf: path)
        #expect(
          decoded == expected, "width \(width), level \(level), alpha \(includeAlpha), threads \(threads)")
      }
    }
  }

  @Test func inMemoryEncodingRoundTrips() throws {
    let source = Self.image(width: 64, height: 64, seed: 7)
    let bytes = try PNGEncoder.encode(source)
    #expect(try PNGDecoder.decode(bytes) == source)
  }
}
