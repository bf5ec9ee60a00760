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
  let labels: TextSetting?
  let headings: TextSetting?

  /// A label renderer with the baseline of a typical line, so all labels share a baseline
  /// whether or not a renderer crops its masks to the ink.
  struct TextSetting: Sendable {
    var renderer: any LabelRendering
    var baseline: Int
    init(_ renderer: any LabelRendering) {
      self.renderer = renderer
      self.baseline = renderer.render("Hg", maxWidth: 1 << 20).baseline
    }
  }

  /// Creates a renderer that draws no text (icons, badges and markers only).
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
    self.labels = labels.map(TextSetting.init)
    self.headings = (headings ?? labels).map(TextSetting.init)
  }

  /// The zlib level sheets are written with. Measured on 5,000 real icons (Scripts/bench
  /// sheet): level 5 takes about 10% less time than 6 for a file 2% larger, and is still 10%
  /// smaller than libvips' output; below 5 files grow quickly (level 3: +16%).
  public static let defaultCompressionLevel = 5

  /// Renders the sheet into a PNG at `path`, written atomically with a pHYs chunk for the
  /// scale; an opaque background gives an RGB file.
  ///
  /// - Throws: ``PNGCodec/PNGError`` when the file cannot be written; nothing is left
  ///   behind then.
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
  public func render(delegate: (any SheetRendererDelegate)? = nil) throws -> (Bitmap, SheetSummary) {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(layout.widthPixels * layout.heightPixels * 4)
    let summary = try produce(delegate: delegate) { rows in pixels.append(contentsOf: rows) }
    return (Bitmap(width: layout.widthPixels, height: layout.heightPixels, pixels: pixels), summary)
  }
}
