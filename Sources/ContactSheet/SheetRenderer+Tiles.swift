import IconGridSupport
import ImageCore
import Resampling

/// Drawing one tile (icon, placeholder, badge, fallback tag, label) and the headings.
extension SheetRenderer {
  enum TileOutcome: Sendable {
    case drawn
    case fallback(got: Int)
    case missing
    case unreadable(String)
  }

  /// Draws one tile inside its own rectangle (the clip of every call), so tiles of a row can
  /// be drawn at once; its icon is decoded and resampled within `budget`. Returns what became
  /// of it and the device whose file was drawn when that is not the sheet's.
  func drawTile(
    _ tile: SheetTile, column: Int, row: SheetLayout.Row, canvas: StripCanvas, budget: AreaBudget
  ) -> (outcome: TileOutcome, device: String?) {
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
    var device: String?
    do {
      // The decode, and the resampler's output floats (16 bytes a pixel: four pixels' worth);
      // the resampler streams the decode, so nothing else it holds grows with the icon.
      let decode = dataSource.pixelArea(named: tile.icon, scale: options.scale) ?? boxSize * boxSize
      let area = decode + 4 * boxSize * boxSize
      let drawn = try budget.withBudget(area) {
        try drawIcon(tile, box: box, tileRect: tileRect, canvas: canvas)
      }
      outcome = drawn.outcome
      device = drawn.device
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
    if let device {
      drawTag(device, box: box, clip: tileRect, canvas: canvas, color: .otherDeviceBlue, trailing: true)
    }
    if let badge = tile.badge, badge > 0 {
      drawBadge(badge, box: box, clip: tileRect, canvas: canvas)
    }
    if style.showLabels, let labels {
      let labelTop = tileRect.y + Int((geometry.labelTop * scale).rounded())
      let labelHeight = Int((geometry.labelHeight * scale).rounded())
      let lineTop = labelTop + (labelHeight - labels.renderer.lineHeight) / 2
      // In the lane that fitted the label.
      let renderer = labels.renderer.lane(labels.lanes[tile.name] ?? labels.renderer.lane(of: tile.name))
      renderer.withMask(labels.shown[tile.name] ?? tile.name, maxWidth: tileRect.width) { mask in
        canvas.draw(
          coverage: mask.coverage, width: mask.width, height: mask.height,
          x: tileRect.x + (tileRect.width - mask.width) / 2, y: lineTop + labels.baseline - mask.baseline,
          color: style.labelColor, clip: tileRect)
      }
    }
    return (outcome, device)
  }

  /// Decodes the tile's icon and draws it into `box`: drawn, or drawn from another scale;
  /// with the device whose file it is when that is not the sheet's.
  private func drawIcon(_ tile: SheetTile, box: PixelRect, tileRect: PixelRect, canvas: StripCanvas) throws
    -> (outcome: TileOutcome, device: String?)
  {
    let options = layout.options
    let scale = Double(options.scale)
    let boxSize = box.width
    var icon = try dataSource.icon(named: tile.icon, scale: options.scale)
    // Tinting commutes with resampling (a one-colour image stays one colour), so the
    // shape is tinted at its own size.
    if icon.isTemplate { icon.bitmap = TemplateTint.apply(icon.bitmap, color: style.templateColor) }
    guard icon.bitmap.width > 0, icon.bitmap.height > 0 else {
      throw SheetIconError.unreadable(name: tile.icon, reason: "the image is empty")
    }
    // Drawn at its point size, shrunk to fit the box, never enlarged beyond its points.
    let pointsWide = Double(icon.bitmap.width) / Double(icon.scale)
    let pointsHigh = Double(icon.bitmap.height) / Double(icon.scale)
    let fit = min(1, Double(options.iconBox) / pointsWide, Double(options.iconBox) / pointsHigh)
    let width = max(1, Int((pointsWide * fit * scale).rounded()))
    let height = max(1, Int((pointsHigh * fit * scale).rounded()))
    let image = Resampler.resizePremultiplied(
      icon.bitmap, width: width, height: height, options: ResampleOptions(kernel: .area))
    canvas.draw(image, x: box.x + (boxSize - width) / 2, y: box.y + (boxSize - height) / 2, clip: tileRect)
    return (icon.isFallback ? .fallback(got: icon.scale) : .drawn, icon.drawnFor)
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

  /// A tag at the bottom of the icon box: orange at the left, such as "1x", for the scale
  /// actually drawn; blue at the right, such as "tv", for the device whose file was drawn.
  private func drawTag(
    _ text: String, box: PixelRect, clip: PixelRect, canvas: StripCanvas, color: SheetColor = .fallbackOrange,
    trailing: Bool = false
  ) {
    let scale = Double(layout.options.scale)
    let height = max(9, Double(layout.options.iconBox) * 0.22) * scale
    let capHeight = height * 0.55
    let width = StrokeFont.size(of: text, capHeight: capHeight).width + height * 0.7
    let centerX =
      trailing
      ? min(Double(box.maxX) - width / 2 + scale, Double(clip.maxX) - width / 2)
      : max(Double(box.x) + width / 2 - scale, Double(clip.x) + width / 2)
    let centerY = Double(box.maxY) - height / 2 + scale
    drawPill(
      centerX: centerX, centerY: centerY, width: width, height: height, color: color, clip: clip,
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
  func drawHeading(_ text: String, row: SheetLayout.Row, centred: Bool, canvas: StripCanvas) {
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
