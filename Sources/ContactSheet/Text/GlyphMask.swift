/// One line of text as 8-bit coverage, ready to be blended onto a bitmap in any colour.
///
/// Rows run top to bottom, `coverage[y * width + x]` is 0 (no ink) to 255 (full ink). Every
/// mask from one ``LabelRasterizer`` has the same `height` and `baseline`, so labels drawn at
/// the same `y` line up whatever their script.
package struct GlyphMask: Sendable, Hashable, CustomStringConvertible {
  /// Width in pixels; never more than the `maxWidth` the text was rendered for.
  package var width: Int
  /// Height in pixels: the primary font's ascender minus its descender.
  package var height: Int
  /// `width × height` coverage values, row by row.
  package var coverage: [UInt8]
  /// The row of the baseline, counted from the mask's top.
  package var baseline: Int
  /// Whether the text was shortened with "…" (or dropped entirely) to fit.
  package var wasTruncated: Bool

  /// Wraps existing coverage.
  ///
  /// - Precondition: `coverage.count == width * height`; a mismatch is a programmer error.
  package init(width: Int, height: Int, coverage: [UInt8], baseline: Int, wasTruncated: Bool) {
    precondition(width >= 0 && height >= 0, "negative mask size")
    precondition(coverage.count == width * height, "coverage does not match \(width)×\(height)")
    self.width = width
    self.height = height
    self.coverage = coverage
    self.baseline = baseline
    self.wasTruncated = wasTruncated
  }

  /// The coverage at column `x`, row `y`.
  package subscript(x: Int, y: Int) -> UInt8 {
    coverage[y * width + x]
  }

  /// Whether any pixel has ink.
  package var hasInk: Bool { coverage.contains { $0 != 0 } }

  /// A one-line summary; the coverage itself would drown test failure messages.
  package var description: String {
    let inked = coverage.count { $0 != 0 }
    return "GlyphMask(\(width)×\(height), baseline \(baseline), \(inked) inked px"
      + (wasTruncated ? ", truncated)" : ")")
  }
}

/// A mask's coverage lent to a closure (``LabelRendering/withMask(_:maxWidth:_:)``): the
/// same fields as ``GlyphMask``, over storage that lives only during the call.
package struct BorrowedMask {
  /// Width in pixels.
  package var width: Int
  /// Height in pixels.
  package var height: Int
  /// `width × height` coverage values, row by row; valid only inside the call.
  package var coverage: UnsafeBufferPointer<UInt8>
  /// The row of the baseline, counted from the mask's top.
  package var baseline: Int
  /// Whether the text was shortened with "…" (or dropped entirely) to fit.
  package var wasTruncated: Bool

  /// Lends `mask`'s coverage to `body`.
  package static func lending<Result>(_ mask: GlyphMask, _ body: (BorrowedMask) -> Result) -> Result {
    mask.coverage.withUnsafeBufferPointer { coverage in
      body(
        BorrowedMask(
          width: mask.width, height: mask.height, coverage: coverage, baseline: mask.baseline,
          wasTruncated: mask.wasTruncated))
    }
  }
}
