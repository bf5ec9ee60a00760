extension LabelRasterizer {
  /// The rasterizer with every text sent to one engine, `slot`, rather than to the engine of
  /// its own text (``LabelRasterizer/lane(of:)``).
  ///
  /// The sheet measures, fits and draws everything of one label (its candidates, the cut
  /// chosen, the label drawn) in the lane of the label's name, so that a thread working
  /// through the labels of one lane takes only that engine's lock, and the fitting a label's
  /// search made is in the engine that draws it. Every engine draws a text the same, so the
  /// lane changes no pixel.
  struct Lane: LabelRendering {
    let rasterizer: LabelRasterizer
    let slot: Int

    var lineHeight: Int { rasterizer.lineHeight }
    var lanes: Int { rasterizer.lanes }

    func lane(of text: String) -> Int { slot }

    func lane(_ index: Int) -> any LabelRendering { rasterizer.lane(index) }

    func render(_ text: String, maxWidth: Int) -> GlyphMask {
      rasterizer.render(text, maxWidth: maxWidth, slot: slot)
    }

    func withMask<Result>(_ text: String, maxWidth: Int, _ body: (BorrowedMask) -> Result) -> Result {
      rasterizer.withMask(text, maxWidth: maxWidth, slot: slot, body)
    }

    func width(of text: String) -> Int { rasterizer.width(of: text, slot: slot) }

    func advances(of text: String) -> [Int]? { rasterizer.advances(of: text, slot: slot) }

    func cuts(of text: String) -> LabelCuts? { rasterizer.cuts(of: text, slot: slot) }

    func prepare(_ text: String, maxWidth: Int, replacing replaced: String?) -> String? {
      rasterizer.prepare(text, maxWidth: maxWidth, replacing: replaced, slot: slot)
    }

    func finishMeasuring() { rasterizer.finishMeasuring() }
  }

  /// The rasterizer with every text sent to engine `index` (``Lane``).
  package func lane(_ index: Int) -> any LabelRendering {
    Lane(rasterizer: self, slot: min(max(0, index), lanes - 1))
  }
}
