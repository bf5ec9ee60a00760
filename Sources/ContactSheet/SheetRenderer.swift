import IconGridSupport
import ImageCore
import PNGCodec

/// Renders a contact sheet strip by strip: one row of tiles at a time is fetched (in
/// parallel), drawn and handed to the PNG encoder, so memory holds two strips (one drawn
/// while the other is compressed), never the sheet.
///
/// ```swift
/// let layout = try SheetLayout(content: content, options: .init(columns: 5, scale: 3))
/// let renderer = SheetRenderer(content: content, layout: layout, dataSource: library)
/// let summary = try renderer.write(to: "sheet.png", delegate: reporter)
/// ```
///
/// Icons come from the ``SheetDataSource``; what happens (progress, missing icons, fallbacks)
/// goes to the ``SheetRendererDelegate``, on the calling thread.
public struct SheetRenderer: Sendable {
  /// The tiles.
  public let content: SheetContent
  /// Where they go.
  public let layout: SheetLayout
  /// How they look.
  public let style: SheetStyle
  let dataSource: any SheetDataSource
  /// The most pixel area whose icons are decoded and resampled at once (each icon
  /// weighed by its data source's ``SheetDataSource/pixelArea(named:scale:)``, or one icon
  /// box when unknown, plus four icon boxes for the resampler's float output);
  /// ``defaultPixelsInFlight`` by default. A larger icon is decoded alone.
  public var pixelsInFlight = SheetRenderer.defaultPixelsInFlight
  let labels: TextSetting?
  let headings: TextSetting?

  /// A label renderer with the baseline of a typical line, so all labels share a baseline
  /// whether or not a renderer crops its masks to the ink.
  struct TextSetting: Sendable {
    var renderer: any LabelRendering
    var baseline: Int
    /// Labels shown otherwise than as themselves, so shortened labels stay distinct
    /// (`DistinctLabels`); empty for headings.
    var shown: [String: String] = [:]
    /// The lane (``LabelRendering/lane(_:)``) each label was fitted in, to be drawn in;
    /// empty for headings.
    var lanes: [String: Int] = [:]
    init(_ renderer: any LabelRendering) {
      self.renderer = renderer
      self.baseline = renderer.render("Hg", maxWidth: 1 << 20).baseline
    }
  }

  /// Creates a renderer that draws no text (icons, badges and markers only).
  ///
  /// To draw labels, the title and section headers, use
  /// ``init(content:layout:style:dataSource:labelFont:)``.
  ///
  /// - Parameters:
  ///   - content: the tiles.
  ///   - layout: where they go, and the scale; lay out the same `content`.
  ///   - style: the background colour; its label settings do not matter, as no text is
  ///     drawn.
  ///   - dataSource: where the icons come from; called from several threads at once.
  public init(
    content: SheetContent, layout: SheetLayout, style: SheetStyle = .init(),
    dataSource: any SheetDataSource
  ) {
    self.init(
      content: content, layout: layout, style: style, dataSource: dataSource, labels: nil, headings: nil)
  }

  /// Creates a renderer; `labels` draws tile names at the sheet's pixel size, `headings`
  /// (or `labels` when `nil`) the title and section headers.
  package init(
    content: SheetContent, layout: SheetLayout, style: SheetStyle = .init(),
    dataSource: any SheetDataSource, labels: (any LabelRendering)?, headings: (any LabelRendering)? = nil
  ) {
    self.content = content
    self.layout = layout
    self.style = style
    self.dataSource = dataSource
    self.headings = (headings ?? labels).map(TextSetting.init)
    var labels = labels.map(TextSetting.init)
    if style.showLabels, let renderer = labels?.renderer {
      let maxWidth = layout.options.tileWidth * layout.options.scale
      // Each thread of the pass measures and fits in a lane of its own, and each label is
      // drawn in the lane that fitted it.
      let lanes = (0..<renderer.lanes).map { lane in
        let renderer = renderer.lane(lane)
        return DistinctLabels.Measures(
          width: { renderer.width(of: $0) }, advances: { renderer.advances(of: $0) },
          cuts: { renderer.cuts(of: $0) },
          prepare: { renderer.prepare($0, maxWidth: maxWidth, replacing: $1) })
      }
      let pass = DistinctLabels.shownConcurrently(
        for: content.sections.lazy.flatMap(\.tiles).map(\.name), maxWidth: maxWidth, lanes: lanes)
      labels?.shown = pass.shown
      labels?.lanes = pass.lanes
      // Each label is drawn from its fitting now, so the whole-label shapings may go; they
      // and the pass's index of names are freed on this thread, and the drawing threads
      // allocate in arenas of their own, so hand their pages back rather than hold both at
      // the peak.
      renderer.finishMeasuring()
      FreedMemory.release()
    }
    self.labels = labels
  }

  /// 32 megapixels (128 MB of RGBA), the most one image may have by default
  /// (`DecodingLimits.default`): a sheet of full-size images decodes them one at a time,
  /// a sheet of icons as many as there are cores.
  public static let defaultPixelsInFlight = 32 * 1_048_576

  /// The zlib level sheets are written with. Level 3 is the slowest of zlib's fast
  /// (non-lazy) levels. Measured on the labelled 2x sheet of `Scripts/bench sheet` (5,000
  /// real icons of four themes): 27.0 MB, 0.91× libvips' bytes for the same icons, in
  /// 5.1–5.4 s of CPU, against 24.8 MB in 6.6–7.2 s at level 5 and 24.2 MB in 7.7–8.6 s at 6;
  /// deflating the filtered rows was most of the sheet's CPU at level 5.
  public static let defaultCompressionLevel = 3

  /// Renders the sheet into a PNG at `path`, written atomically with a pHYs chunk for the
  /// scale; an opaque background gives an RGB file.
  ///
  /// The file is written through a temporary file beside `path` and renamed into place when
  /// the last row is written.
  ///
  /// - Parameters:
  ///   - path: the PNG file to create or replace.
  ///   - delegate: told of progress, missing and unreadable icons and fallbacks, on the
  ///     calling thread; `nil` for none.
  ///   - compressionLevel: the zlib level, 0 (store) to 9 (smallest); values outside are
  ///     clamped.
  /// - Returns: the sheet's size in pixels and what could not be drawn as asked.
  /// - Throws: `ImageError` (from PNGCodec) when the file cannot be written; nothing is left
  ///   behind then. A missing or unreadable icon is not an error: its tile is a placeholder.
  public func write(
    to path: String, delegate: (any SheetRendererDelegate)? = nil,
    compressionLevel: Int = defaultCompressionLevel
  ) throws -> SheetSummary {
    let options = PNGEncodingOptions(
      compressionLevel: compressionLevel, scale: layout.options.scale,
      includeAlpha: !style.background.isOpaque)
    var writer = try PNGStreamWriter(
      path: path, width: layout.widthPixels, height: layout.heightPixels, options: options)
    let summary = try produce(delegate: delegate) { rows in try writer.append(rows: rows) }
    try writer.finish()
    return summary
  }

  /// Renders the whole sheet into memory: for small sheets and tests.
  ///
  /// The bitmap holds `layout.widthPixels × layout.heightPixels × 4` bytes at once.
  ///
  /// - Parameter delegate: told of progress, missing and unreadable icons and fallbacks, on
  ///   the calling thread; `nil` for none.
  /// - Returns: the sheet as straight RGBA, and the summary of what was drawn.
  /// - Throws: nothing in practice: a missing or unreadable icon becomes a placeholder and
  ///   is reported to `delegate`, and memory output cannot fail.
  public func render(delegate: (any SheetRendererDelegate)? = nil) throws -> (Bitmap, SheetSummary) {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(layout.widthPixels * layout.heightPixels * 4)
    let summary = try produce(delegate: delegate) { rows in pixels.append(contentsOf: rows) }
    return (Bitmap(width: layout.widthPixels, height: layout.heightPixels, pixels: pixels), summary)
  }
}
