/// A line of text rasterised to coverage: what a label renderer hands the sheet renderer.
///
/// `coverage` holds `width × height` bytes, row by row from the top, 0 (no ink) to 255 (full
/// ink). `baseline` is the row of the text's baseline, counted from the top of the mask.
package struct GlyphMask: Sendable {
  /// Width in pixels.
  package var width: Int
  /// Height in pixels.
  package var height: Int
  /// `width × height` coverage values, 0...255.
  package var coverage: [UInt8]
  /// The baseline's row, from the top.
  package var baseline: Int
  /// Whether the text was shortened (with "…") to fit the width asked for.
  package var wasTruncated: Bool

  /// Creates a mask.
  package init(width: Int, height: Int, coverage: [UInt8], baseline: Int, wasTruncated: Bool) {
    self.width = width
    self.height = height
    self.coverage = coverage
    self.baseline = baseline
    self.wasTruncated = wasTruncated
  }
}
