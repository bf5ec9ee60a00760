/// Turns one line of text into a coverage mask at a fixed pixel size.
///
/// The sheet renderer calls it from several threads at once, for the labels of one row of
/// tiles, so conformers must be safe to share.
package protocol LabelRendering: Sendable {
  /// Rasterises `text` on one line, shortened with "…" so the mask is at most `maxWidth`
  /// pixels wide.
  func render(_ text: String, maxWidth: Int) -> GlyphMask
  /// Rasterises `text` as ``render(_:maxWidth:)`` does and lends the mask to `body`, which
  /// must not keep its coverage; a conformer may draw it into storage reused from call to
  /// call rather than allocate a mask.
  func withMask<Result>(_ text: String, maxWidth: Int, _ body: (BorrowedMask) -> Result) -> Result
  /// The distance between two lines, in pixels: the height the layout reserves for a label.
  var lineHeight: Int { get }
  /// The width in pixels `text` takes on one line, not shortened.
  func width(of text: String) -> Int
  /// The pen advance of each character of `text` on one line, in 1/64 pixels, in logical
  /// order; `nil` when the renderer cannot tell. Shortening starts its search from them.
  func advances(of text: String) -> [Int]?
  /// What measuring the cuts of `text` ("Settings and Pri…", "Onb…Background") needs from
  /// its one shaping on one line; `nil` when the renderer cannot tell, and then each cut is
  /// measured with ``width(of:)``.
  func cuts(of text: String) -> LabelCuts?
  /// Readies `text` to be drawn in `maxWidth` pixels, before the sheet draws it, instead of
  /// `replaced` when that was readied before (and is now not to be drawn).
  ///
  /// - Returns: the text that will be drawn (`text`, or `text` shortened at its end with
  ///   "…"), or `nil` when the renderer cannot tell; then the caller shortens it itself.
  @discardableResult
  func prepare(_ text: String, maxWidth: Int, replacing replaced: String?) -> String?
  /// Tells the renderer that the sheet has measured and prepared its labels: what it keeps
  /// only to measure them may go.
  func finishMeasuring()
  /// How many lanes the renderer has: texts of different lanes are measured and drawn at
  /// once without waiting for each other, texts of one lane wait for each other.
  var lanes: Int { get }
  /// The lane that measures and draws `text` itself, in `0..<lanes`.
  func lane(of text: String) -> Int
  /// The renderer with every text measured and drawn in lane `index`, the same pixels as in
  /// its own lane.
  func lane(_ index: Int) -> any LabelRendering
}

extension LabelRendering {
  /// The width of the mask `text` renders to when nothing limits it.
  package func width(of text: String) -> Int {
    render(text, maxWidth: 1 << 24).width
  }

  /// The mask ``render(_:maxWidth:)`` makes, lent to `body`.
  package func withMask<Result>(_ text: String, maxWidth: Int, _ body: (BorrowedMask) -> Result) -> Result {
    BorrowedMask.lending(render(text, maxWidth: maxWidth), body)
  }

  /// No advances: shortening bisects on ``width(of:)``.
  package func advances(of text: String) -> [Int]? { nil }

  /// No cuts: each is measured whole.
  package func cuts(of text: String) -> LabelCuts? { nil }

  /// Nothing readied: each label is fitted when it is drawn.
  package func prepare(_ text: String, maxWidth: Int, replacing replaced: String?) -> String? { nil }

  /// Nothing kept to measure.
  package func finishMeasuring() {}

  /// One lane.
  package var lanes: Int { 1 }

  /// One lane.
  package func lane(of text: String) -> Int { 0 }

  /// The renderer itself: it has one lane.
  package func lane(_ index: Int) -> any LabelRendering { self }
}
