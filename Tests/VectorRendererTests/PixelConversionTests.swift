import Testing

@testable import VectorRenderer

@Suite("cairo ARGB32 to straight RGBA")
struct PixelConversionTests {
  @Test("every premultiplied value un-premultiplies to the nearest straight value, halves up")
  func exhaustiveRounding() {
    for alpha in UInt32(1)...255 {
      for channel in UInt32(0)...alpha {
        let expected = UInt8((Double(channel) * 255 / Double(alpha)).rounded(.toNearestOrAwayFromZero))
        let argb = alpha << 24 | channel << 16 | channel << 8 | channel
        let pixel = CairoCanvas.unpremultiply(argb)
        #expect(pixel == (expected, expected, expected, UInt8(alpha)), "alpha \(alpha), channel \(channel)")
        if pixel != (expected, expected, expected, UInt8(alpha)) { return }
      }
    }
  }

  @Test("channels come out in RGBA order from cairo's native-endian ARGB")
  func order() {
    #expect(CairoCanvas.unpremultiply(0xFF_1E_64_C8) == (0x1E, 0x64, 0xC8, 0xFF))
    // 0x40 at alpha 0x80 is a quarter... of 255 at half alpha: 127.5 → 128 straight.
    #expect(CairoCanvas.unpremultiply(0x80_40_20_00) == (128, 64, 0, 0x80))
    var row: [UInt32] = [0xFF_01_02_03, 0x00_00_00_00, 0x80_80_00_40]
    var out = [UInt8](repeating: 9, count: 12)
    row.withUnsafeMutableBytes { raw in
      out.withUnsafeMutableBufferPointer {
        CairoCanvas.convertRow(raw.baseAddress!, count: 3, into: $0.baseAddress!)
      }
    }
    #expect(out == [1, 2, 3, 255, 0, 0, 0, 0, 255, 0, 128, 128])
  }

  @Test("a transparent pixel is transparent black; values beyond alpha are capped")
  func edges() {
    #expect(CairoCanvas.unpremultiply(0x00_FF_FF_FF) == (0, 0, 0, 0))
    #expect(CairoCanvas.unpremultiply(0x10_FF_00_20) == (255, 0, 255, 0x10))
  }
}
