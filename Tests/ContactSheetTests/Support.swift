import ContactSheet
import Foundation
import ImageCore
import Synchronization

/// Icons held in memory: name → scale → bitmap, looked up by the scale rule.
struct MemorySource: SheetDataSource {
  var icons: [String: [Int: Bitmap]]

  func icon(named name: String, scale: Int) throws -> SheetIcon {
    guard let variants = icons[name] else { throw SheetIconError.notFound(name: name) }
    let order = [scale] + (1...3).filter { $0 > scale } + (1...3).filter { $0 < scale }.reversed()
    for candidate in order {
      if let bitmap = variants[candidate] {
        return SheetIcon(bitmap: bitmap, scale: candidate, isFallback: candidate != scale)
      }
    }
    throw SheetIconError.notFound(name: name)
  }

  func assetNames() throws -> [String] { icons.keys.sorted() }
}

/// Labels as solid blocks, one per character, honouring `maxWidth`.
struct BlockLabels: LabelRendering {
  var pixelSize: Int
  var lineHeight: Int { pixelSize * 5 / 4 }

  func render(_ text: String, maxWidth: Int) -> GlyphMask {
    let advance = max(2, pixelSize / 2)
    let width = min(maxWidth, text.count * advance)
    let height = lineHeight
    var coverage = [UInt8](repeating: 0, count: width * height)
    for row in (height / 4)..<(height * 4 / 5) {
      for column in 0..<width where column % advance < advance - 1 {
        coverage[row * width + column] = 255
      }
    }
    return GlyphMask(
      width: width, height: height, coverage: coverage, baseline: height * 4 / 5,
      wasTruncated: text.count * advance > maxWidth)
  }
}

/// A renderer that ignores `maxWidth`: what a buggy one might do.
struct OverwideLabels: LabelRendering {
  var lineHeight: Int { 20 }
  func render(_ text: String, maxWidth: Int) -> GlyphMask {
    let width = maxWidth + 60
    return GlyphMask(
      width: width, height: 20, coverage: [UInt8](repeating: 255, count: width * 20), baseline: 16,
      wasTruncated: false)
  }
}

/// Records what the renderer reports.
final class RecordingDelegate: SheetRendererDelegate, Sendable {
  let events = Mutex<[String]>([])
  func progress(done: Int, total: Int) { events.withLock { $0.append("progress \(done)/\(total)") } }
  func missingIcon(name: String) { events.withLock { $0.append("missing \(name)") } }
  func fallback(name: String, requested: Int, got: Int) {
    events.withLock { $0.append("fallback \(name) \(requested)->\(got)") }
  }
  var all: [String] { events.withLock { $0 } }
}

/// A square icon: a coloured rounded-ish square (corners transparent) of `size` pixels.
func squareIcon(size: Int, color: (UInt8, UInt8, UInt8)) -> Bitmap {
  var bitmap = Bitmap(width: size, height: size, filling: (color.0, color.1, color.2, 255))
  let corner = max(1, size / 8)
  for y in 0..<size {
    for x in 0..<size {
      let dx = min(x, size - 1 - x)
      let dy = min(y, size - 1 - y)
      if dx + dy < corner { bitmap[x, y] = (0, 0, 0, 0) }
    }
  }
  return bitmap
}
