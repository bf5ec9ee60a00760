import ContactSheet

/// Labels as rows of blocks, one per character: the CLI's stand-in until FreeType's
/// rasteriser backs ``SheetCommand/makeLabelRenderer(family:pixelSize:)``. It keeps the
/// layout honest (widths grow with the text, long names are cut with a "…" block).
struct BlockLabelRenderer: LabelRendering {
  let pixelSize: Int

  var lineHeight: Int { max(1, pixelSize * 5 / 4) }

  func render(_ text: String, maxWidth: Int) -> GlyphMask {
    let advance = max(2, pixelSize * 11 / 20)
    let wide = max(3, pixelSize)
    let widths = text.unicodeScalars.map { $0.value >= 0x2E80 ? wide : advance }
    var total = widths.reduce(0, +)
    var count = widths.count
    var truncated = false
    if total > maxWidth {
      truncated = true
      while count > 0, widths[..<count].reduce(0, +) + advance > maxWidth { count -= 1 }
      total = min(maxWidth, widths[..<count].reduce(0, +) + advance)
    }
    let height = lineHeight
    let baseline = height * 4 / 5
    let capTop = baseline - pixelSize * 7 / 10
    var coverage = [UInt8](repeating: 0, count: max(0, total) * height)
    var x = 0
    let scalars = Array(text.unicodeScalars)
    for index in 0..<(count + (truncated ? 1 : 0)) {
      let width = index < count ? widths[index] : advance
      let isSpace = index < count && scalars[index].properties.isWhitespace
      let top = index < count ? capTop : baseline - max(1, pixelSize / 8)
      if !isSpace {
        for row in max(0, top)..<baseline {
          for column in x..<min(total, x + width - max(1, width / 5)) {
            coverage[row * total + column] = 255
          }
        }
      }
      x += width
    }
    return GlyphMask(
      width: max(0, total), height: height, coverage: coverage, baseline: baseline, wasTruncated: truncated)
  }
}
