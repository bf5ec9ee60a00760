import Dispatch
import PNGCodec

/// Colours and what to draw besides the icons.
public struct SheetStyle: Sendable, Hashable {
  /// The sheet's background; an opaque one makes an RGB PNG (smaller, faster).
  public var background: SheetColor
  /// The colour of labels, headers and the title.
  public var labelColor: SheetColor
  /// Whether tiles show their names.
  public var showLabels: Bool

  /// Creates a style: by default black-ish labels on white.
  public init(background: SheetColor = .white, labelColor: SheetColor = .label, showLabels: Bool = true) {
    self.background = background
    self.labelColor = labelColor
    self.showLabels = showLabels
  }
}

/// What a rendered sheet holds: its size and what could not be drawn as asked.
public struct SheetSummary: Sendable, Hashable {
  /// Width in pixels.
  public var widthPixels: Int
  /// Height in pixels.
  public var heightPixels: Int
  /// Pixels per point.
  public var scale: Int
  /// Tiles drawn, placeholders included.
  public var tiles: Int
  /// Sections (titled or not).
  public var sections: Int
  /// Icons with no file, each once, in sheet order; their tiles are placeholders.
  public var missing: [String]
  /// Icons whose file could not be decoded, each once, in sheet order.
  public var unreadable: [String]
  /// Icons drawn from a file of another scale, each once, in sheet order.
  public var fallbacks: [String]
}

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
  private let dataSource: any SheetDataSource
  private let labels: TextSetting?
  private let headings: TextSetting?

  /// A label renderer with the baseline of a typical line, so all labels share a baseline
  /// whether or not a renderer crops its masks to the ink.
  private struct TextSetting: Sendable {
    var renderer: any LabelRendering
    var baseline: Int
    /// Labels shown otherwise than as themselves, so shortened labels stay distinct
    /// (`DistinctLabels`); empty for headings.
    var shown: [String: String] = [:]
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
    self.headings = (headings ?? labels).map(TextSetting.init)
    var labels = labels.map(TextSetting.init)
    if style.showLabels, let renderer = labels?.renderer {
      labels?.shown = DistinctLabels.shown(
        for: content.sections.lazy.flatMap(\.tiles).map(\.name),
        maxWidth: layout.options.tileWidth * layout.options.scale, width: renderer.width(of:))
    }
    self.labels = labels
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

  /// A band of the sheet's pixel rows and the layout row it holds.
  private typealias Strip = (top: Int, height: Int, row: SheetLayout.Row?)

  /// Strips, top to bottom: strip k runs from the top of layout row k (the first from 0) to
  /// the top of row k + 1 (the last to the bottom), so it holds one row and the margin under it.
  private var strips: [Strip] {
    let rows = layout.rows
    guard !rows.isEmpty else { return [(0, layout.heightPixels, nil)] }
    return rows.indices.map { k in
      let top = k == 0 ? 0 : rows[k].yPixels
      let bottom = k + 1 < rows.count ? rows[k + 1].yPixels : layout.heightPixels
      return (top, bottom - top, rows[k])
    }
  }

  /// Draws every strip and hands each to `emit`, top to bottom.
  ///
  /// Two canvases take turns: strip k is drawn on another thread (its tiles in parallel)
  /// while this thread hands strip k − 1 to `emit` (the encoder, itself parallel), so drawing
  /// overlaps compression and memory holds two strips.
  private func produce(
    delegate: (any SheetRendererDelegate)?, emit: (UnsafeRawBufferPointer) throws -> Void
  ) throws -> SheetSummary {
    let strips = self.strips
    let maxRows = strips.map(\.height).max() ?? 1
    let canvases = [
      StripCanvas(width: layout.widthPixels, maxRows: maxRows),
      StripCanvas(width: layout.widthPixels, maxRows: maxRows),
    ]
    let drawer = DispatchQueue(label: "ContactSheet.SheetRenderer.strips")
    var report = Report(total: content.tileCount, scale: layout.options.scale)
    var drawn: StripCanvas?
    for (index, strip) in strips.enumerated() {
      let canvas = canvases[index % 2]
      let handoff = Handoff()
      let work = DispatchWorkItem { handoff.value = drawStrip(strip, into: canvas) }
      drawer.async(execute: work)
      if let drawn {
        do {
          try emit(drawn.rows)
        } catch {
          work.wait()
          throw error
        }
      }
      work.wait()
      report.add(handoff.value, delegate: delegate)
      drawn = canvas
    }
    if let drawn { try emit(drawn.rows) }
    return SheetSummary(
      widthPixels: layout.widthPixels, heightPixels: layout.heightPixels, scale: layout.options.scale,
      tiles: report.total, sections: content.sections.count, missing: report.missing.names,
      unreadable: report.unreadable.names, fallbacks: report.fallbacks.names)
  }

  /// Draws one strip into `canvas`; returns the outcome of each of its tiles.
  private func drawStrip(_ strip: Strip, into canvas: StripCanvas) -> [Outcomes.Entry] {
    canvas.reset(top: strip.top, height: strip.height, color: style.background)
    var results: [Outcomes.Entry] = []
    switch strip.row?.kind {
    case .tiles(let section, let range)?:
      let row = strip.row!
      let tiles = Array(content.sections[section].tiles[range])
      let slots = Outcomes(count: tiles.count)
      DispatchQueue.concurrentPerform(iterations: tiles.count) { column in
        slots.set(
          column, (tiles[column].icon, drawTile(tiles[column], column: column, row: row, canvas: canvas)))
      }
      results = slots.all
    case .header(let text, _)?:
      drawHeading(text, row: strip.row!, centred: false, canvas: canvas)
    case .title(let text)?:
      drawHeading(text, row: strip.row!, centred: true, canvas: canvas)
    case nil: break
    }
    if !style.background.isOpaque { canvas.unpremultiply() }
    return results
  }

  /// What has been reported so far: each name once, in sheet order.
  private struct Report {
    let total: Int
    let scale: Int
    var done = 0
    var missing = OrderedNames()
    var unreadable = OrderedNames()
    var fallbacks = OrderedNames()

    init(total: Int, scale: Int) {
      self.total = total
      self.scale = scale
    }

    mutating func add(_ outcomes: [Outcomes.Entry], delegate: (any SheetRendererDelegate)?) {
      guard !outcomes.isEmpty else { return }
      for (name, outcome) in outcomes {
        switch outcome {
        case .drawn: break
        case .fallback(let got):
          if fallbacks.insert(name) { delegate?.fallback(name: name, requested: scale, got: got) }
        case .missing:
          if missing.insert(name) { delegate?.missingIcon(name: name) }
        case .unreadable(let reason):
          if unreadable.insert(name) { delegate?.unreadableIcon(name: name, reason: reason) }
        }
      }
      done += outcomes.count
      delegate?.progress(done: done, total: total)
    }
  }

  enum TileOutcome: Sendable {
    case drawn
    case fallback(got: Int)
    case missing
    case unreadable(String)
  }

  /// Draws one tile inside its own rectangle (the clip of every call), so tiles of a row can
  /// be drawn at once.
  private func drawTile(_ tile: SheetTile, column: Int, row: SheetLayout.Row, canvas: StripCanvas)
    -> TileOutcome
  {
    let options = layout.options
    let scale = Double(options.scale)
    let tileRect = PixelRect(
      x: layout.xPixels(column: column), y: row.yPixels, width: options.tileWidth * options.scale,
      height: row.heightPixels)
    let geometry = layout.tileGeometry
    let boxSize = options.iconBox * options.scale
    let box = PixelRect(
      x: tileRect.x + (tileRect.width - boxSize) / 2,
      y: tileRect.y + Int((geometry.iconTop * scale).rounded()),
      width: boxSize, height: boxSize)
    var outcome = TileOutcome.drawn
    do {
      let icon = try dataSource.icon(named: tile.icon, scale: options.scale)
      guard icon.bitmap.width > 0, icon.bitmap.height > 0 else {
        throw SheetIconError.unreadable(name: tile.icon, reason: "the image is empty")
      }
      // Drawn at its point size, shrunk to fit the box, never enlarged beyond its points.
      let pointsWide = Double(icon.bitmap.width) / Double(icon.scale)
      let pointsHigh = Double(icon.bitmap.height) / Double(icon.scale)
      let fit = min(1, Double(options.iconBox) / pointsWide, Double(options.iconBox) / pointsHigh)
      let width = max(1, Int((pointsWide * fit * scale).rounded()))
      let height = max(1, Int((pointsHigh * fit * scale).rounded()))
      let image = resample(icon.bitmap, width: width, height: height)
      canvas.draw(image, x: box.x + (boxSize - width) / 2, y: box.y + (boxSize - height) / 2, clip: tileRect)
      if icon.isFallback { outcome = .fallback(got: icon.scale) }
    } catch SheetIconError.notFound {
      outcome = .missing
    } catch SheetIconError.unreadable(_, let reason) {
      outcome = .unreadable(reason)
    } catch {
      outcome = .unreadable("\(error)")
    }
    switch outcome {
    case .missing, .unreadable: drawPlaceholder(in: box, clip: tileRect, canvas: canvas)
    case .fallback(let got): drawTag("\(got)x", box: box, clip: tileRect, canvas: canvas)
    case .drawn: break
    }
    if let badge = tile.badge, badge > 0 {
      drawBadge(badge, box: box, clip: tileRect, canvas: canvas)
    }
    if style.showLabels, let labels {
      let mask = labels.renderer.render(labels.shown[tile.name] ?? tile.name, maxWidth: tileRect.width)
      let labelTop = tileRect.y + Int((geometry.labelTop * scale).rounded())
      let labelHeight = Int((geometry.labelHeight * scale).rounded())
      let lineTop = labelTop + (labelHeight - labels.renderer.lineHeight) / 2
      canvas.draw(
        mask, x: tileRect.x + (tileRect.width - mask.width) / 2, y: lineTop + labels.baseline - mask.baseline,
        color: style.labelColor, clip: tileRect)
    }
    return outcome
  }

  /// A light rounded square with a dashed outline and a question mark.
  private func drawPlaceholder(in box: PixelRect, clip: PixelRect, canvas: StripCanvas) {
    let scale = Double(layout.options.scale)
    let inset = scale
    let half = Double(box.width) / 2 - inset
    let centerX = Double(box.x) + Double(box.width) / 2
    let centerY = Double(box.y) + Double(box.height) / 2
    let radius = half * 0.45
    canvas.fill(box, color: .placeholderFill, clip: clip) { x, y in
      Shape.roundedRect(
        centerX: centerX, centerY: centerY, halfWidth: half, halfHeight: half, radius: radius)(
          x, y)
    }
    let outline = Shape.dashedOutline(
      centerX: centerX, centerY: centerY, halfWidth: half, halfHeight: half, radius: radius,
      lineWidth: max(1, scale), dash: 3 * scale)
    canvas.fill(box, color: .placeholderStroke, clip: clip, shape: outline)
    StrokeFont.draw(
      "?", centerX: centerX, centerY: centerY, capHeight: Double(box.height) * 0.34,
      color: .placeholderStroke, into: canvas, clip: clip)
  }

  /// A red pill at the icon box's top-right with the number in white (99+ above 99).
  private func drawBadge(_ badge: Int, box: PixelRect, clip: PixelRect, canvas: StripCanvas) {
    let scale = Double(layout.options.scale)
    let diameter = max(12, Double(layout.options.iconBox) * 0.3) * scale
    let text = badge > 99 ? "99+" : String(badge)
    let capHeight = diameter * 0.5
    let textWidth = StrokeFont.size(of: text, capHeight: capHeight).width
    let width = max(diameter, textWidth + diameter * 0.6)
    let centerX = min(Double(box.maxX) - diameter * 0.2, Double(clip.maxX) - width / 2)
    let centerY = max(Double(box.y) + diameter * 0.2, Double(clip.y) + diameter / 2)
    drawPill(
      centerX: centerX, centerY: centerY, width: width, height: diameter, color: .badgeRed, clip: clip,
      canvas: canvas)
    StrokeFont.draw(
      text, centerX: centerX, centerY: centerY, capHeight: capHeight, color: .white, into: canvas, clip: clip)
  }

  /// An orange tag such as "1x" at the icon box's bottom-left: the scale actually drawn.
  private func drawTag(_ text: String, box: PixelRect, clip: PixelRect, canvas: StripCanvas) {
    let scale = Double(layout.options.scale)
    let height = max(9, Double(layout.options.iconBox) * 0.22) * scale
    let capHeight = height * 0.55
    let width = StrokeFont.size(of: text, capHeight: capHeight).width + height * 0.7
    let centerX = max(Double(box.x) + width / 2 - scale, Double(clip.x) + width / 2)
    let centerY = Double(box.maxY) - height / 2 + scale
    drawPill(
      centerX: centerX, centerY: centerY, width: width, height: height, color: .fallbackOrange, clip: clip,
      canvas: canvas)
    StrokeFont.draw(
      text, centerX: centerX, centerY: centerY, capHeight: capHeight, color: .white, into: canvas, clip: clip)
  }

  private func drawPill(
    centerX: Double, centerY: Double, width: Double, height: Double, color: SheetColor, clip: PixelRect,
    canvas: StripCanvas
  ) {
    let rect = PixelRect(
      x: Int((centerX - width / 2).rounded(.down)) - 1, y: Int((centerY - height / 2).rounded(.down)) - 1,
      width: Int(width.rounded(.up)) + 3, height: Int(height.rounded(.up)) + 3)
    canvas.fill(
      rect, color: color, clip: clip,
      shape: Shape.roundedRect(
        centerX: centerX, centerY: centerY, halfWidth: width / 2, halfHeight: height / 2, radius: height / 2))
  }

  /// A section header (left-aligned, with a hairline under it) or the title (centred).
  private func drawHeading(_ text: String, row: SheetLayout.Row, centred: Bool, canvas: StripCanvas) {
    let left = layout.xPixels(column: 0)
    let contentWidth = max(1, layout.widthPixels - 2 * left)
    let rowRect = PixelRect(x: left, y: row.yPixels, width: contentWidth, height: row.heightPixels)
    if let headings {
      let mask = headings.renderer.render(text, maxWidth: contentWidth)
      let lineTop = row.yPixels + (row.heightPixels - headings.renderer.lineHeight) / 2
      let x = centred ? left + (contentWidth - mask.width) / 2 : left
      canvas.draw(
        mask, x: x, y: lineTop + headings.baseline - mask.baseline, color: style.labelColor, clip: rowRect)
    }
    guard !centred else { return }
    let thickness = max(1, layout.options.scale / 2)
    var rule = style.labelColor
    rule.alpha = UInt8(Int(rule.alpha) * 48 / 255)
    canvas.fill(
      PixelRect(x: left, y: rowRect.maxY - thickness, width: contentWidth, height: thickness), color: rule,
      clip: rowRect
    ) { _, _ in 1 }
  }
}

/// The outcome of each tile of a strip, one slot per tile.
///
/// `@unchecked Sendable` is safe because each slot is written by exactly one task (the one
/// drawing that tile, or the one drawing the strip) and read only after that task is known
/// to be finished (`concurrentPerform` has returned, or `DispatchWorkItem.wait()` has), which
/// orders the writes before the reads. No lock is needed, and none is taken per tile.
private final class Outcomes: @unchecked Sendable {
  typealias Entry = (icon: String, outcome: SheetRenderer.TileOutcome)
  private let slots: UnsafeMutableBufferPointer<Entry?>

  init(count: Int) {
    slots = .allocate(capacity: max(1, count))
    slots.initialize(repeating: nil)
  }

  deinit {
    _ = slots.deinitialize()
    slots.deallocate()
  }

  func set(_ index: Int, _ entry: Entry) { slots[index] = entry }

  /// The entries set so far, in tile order.
  var all: [Entry] { slots.compactMap { $0 } }
}

/// What a strip-drawing task hands back to the thread that waits for it.
///
/// `@unchecked Sendable` is safe because `value` is written once by that task and read only
/// after `DispatchWorkItem.wait()` returns.
private final class Handoff: @unchecked Sendable {
  var value: [Outcomes.Entry] = []
}

/// Names in first-seen order, each once.
private struct OrderedNames {
  private(set) var names: [String] = []
  private var seen: Set<String> = []
  /// Adds `name`; `true` when it was new.
  mutating func insert(_ name: String) -> Bool {
    guard seen.insert(name).inserted else { return false }
    names.append(name)
    return true
  }
}
