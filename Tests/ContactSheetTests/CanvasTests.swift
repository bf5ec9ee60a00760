import Resampling
import Testing

@testable import ContactSheet

@Suite struct CanvasTests {
  /// Source-over of one premultiplied pixel, painted through `coverage`, one pixel at a time:
  /// what the canvas's raw loop must match byte for byte.
  private static func painted(_ pixel: [UInt8], color: SheetColor, coverage: UInt32) -> [UInt8] {
    guard coverage > 0 else { return pixel }
    let a = multiply255(UInt32(color.alpha), coverage)
    guard a > 0 else { return pixel }
    let source = [
      multiply255(UInt32(color.red), a), multiply255(UInt32(color.green), a),
      multiply255(UInt32(color.blue), a), a,
    ]
    if a == 255 { return source.map { UInt8($0) } }
    return (0..<4).map { UInt8(source[$0] + multiply255(UInt32(pixel[$0]), 255 - a)) }
  }

  /// Every coverage value, in opaque and translucent colours, over a translucent background,
  /// clipped at the mask's edges: the same bytes as painting each pixel on its own.
  @Test(arguments: [
    SheetColor(red: 0x1C, green: 0x1C, blue: 0x1E), SheetColor(red: 200, green: 40, blue: 90, alpha: 128),
  ])
  func maskPaintingMatchesPaintingEachPixel(color: SheetColor) {
    let width = 20
    let height = 16
    let canvas = StripCanvas(width: width, maxRows: height)
    let background = SheetColor(red: 10, green: 200, blue: 90, alpha: 180)
    canvas.reset(top: 100, height: height, color: background)
    let before = Array(canvas.rows)
    let coverage = (0..<256).map { UInt8($0) }
    let clip = PixelRect(x: 2, y: 101, width: 15, height: 14)
    coverage.withUnsafeBufferPointer {
      canvas.draw(coverage: $0, width: 16, height: 16, x: -3, y: 99, color: color, clip: clip)
    }
    let after = Array(canvas.rows)
    for row in 0..<height {
      for column in 0..<width {
        let offset = (row * width + column) * 4
        let pixel = Array(before[offset..<(offset + 4)])
        let x = column + 3
        let y = row + 100 - 99
        let inside = clip.x <= column && column < clip.maxX && clip.y <= row + 100 && row + 100 < clip.maxY
        let expected =
          inside && x < 16 && y < 16
          ? Self.painted(pixel, color: color, coverage: UInt32(coverage[y * 16 + x])) : pixel
        #expect(Array(after[offset..<(offset + 4)]) == expected, "(\(column), \(row))")
      }
    }
  }

  /// Runs of uncovered pixels shorter and longer than the eight the loop skips at once,
  /// between covered ones and at a row's ends, clipped: the same bytes as painting each pixel.
  @Test func uncoveredRunsMatchPaintingEachPixel() {
    let width = 40
    let height = 6
    let canvas = StripCanvas(width: width, maxRows: height)
    canvas.reset(top: 0, height: height, color: SheetColor(red: 10, green: 200, blue: 90, alpha: 180))
    let before = Array(canvas.rows)
    let maskWidth = 37
    // Each row: covered pixels after gaps of 0, 1, 7, 8, 9 and 16, some at the row's ends.
    let gaps = [0, 1, 7, 8, 9, 16]
    var coverage = [UInt8](repeating: 0, count: maskWidth * height)
    for row in 0..<height {
      var x = gaps[row]
      var value = 40 + row * 30
      while x < maskWidth {
        coverage[row * maskWidth + x] = UInt8(value)
        value = value == 255 ? 1 : min(255, value + 90)
        x += 1 + gaps[(row + x) % gaps.count]
      }
    }
    let color = SheetColor(red: 200, green: 40, blue: 90, alpha: 128)
    let clip = PixelRect(x: 1, y: 0, width: 38, height: 5)
    coverage.withUnsafeBufferPointer {
      canvas.draw(coverage: $0, width: maskWidth, height: height, x: 0, y: 0, color: color, clip: clip)
    }
    let after = Array(canvas.rows)
    var painted = 0
    for row in 0..<height {
      for column in 0..<width {
        let offset = (row * width + column) * 4
        let pixel = Array(before[offset..<(offset + 4)])
        let inside = clip.x <= column && column < clip.maxX && row < clip.maxY && column < maskWidth
        let value = inside ? UInt32(coverage[row * maskWidth + column]) : 0
        if value > 0 { painted += 1 }
        #expect(
          Array(after[offset..<(offset + 4)]) == Self.painted(pixel, color: color, coverage: value),
          "(\(column), \(row))")
      }
    }
    #expect(painted > 20)
  }
}
