/// Why a layout is impossible.
public struct SheetLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong: "a 300-point sheet cannot hold 4 tiles of 80 points".
  public var reason: String

  /// Creates an error.
  ///
  /// - Parameter reason: what is wrong, in words.
  public init(_ reason: String) { self.reason = reason }

  public var description: String { reason }
}

/// The grid, in points: tile size, icon box, columns, spacing, and the scale to render at.
///
/// All sizes are whole points, so they are whole pixels at every scale. Only the margin can
/// be fractional (the even-margin formula divides), and it is rounded where it becomes a
/// pixel position: see ``SheetLayout``.
public struct SheetLayoutOptions: Sendable, Hashable {
  /// How the sheet's width is chosen.
  public enum Width: Sendable, Hashable {
    /// A fixed width in points; the margins are even: `(W − columns·tileWidth) / (columns + 1)`.
    case points(Int)
    /// A fixed margin in points around and between tiles; the width follows.
    case margin(Double)
  }

  /// Tiles per row.
  public var columns: Int
  /// A tile's width in points.
  public var tileWidth: Int
  /// A tile's height in points.
  public var tileHeight: Int
  /// The square the icon is fitted into, in points.
  public var iconBox: Int
  /// The sheet's width, or its margin.
  public var width: Width
  /// Pixels per point: 1, 2 or 3.
  public var scale: Int
  /// The label's font size in points: the label row is `fontSize × 1.25` points high.
  public var fontSize: Int
  /// A title row at the top of the sheet.
  public var title: String?

  /// Creates options; the defaults are the classic grid: 4 columns of 80 × 90 tiles with a
  /// 60-point icon box, 16-point margins, 12-point labels, at 2x.
  ///
  /// Values are not checked here: ``SheetLayout/init(content:options:)`` refuses the ones
  /// out of range.
  ///
  /// - Parameters:
  ///   - columns: tiles per row, at least 1.
  ///   - tileWidth: a tile's width in points, at least 1.
  ///   - tileHeight: a tile's height in points, at least 1.
  ///   - iconBox: the side of the square the icon is fitted into, in points; at most the
  ///     tile's width and height.
  ///   - width: the sheet's width in points (``Width/points(_:)``, even margins) or its
  ///     margin in points (``Width/margin(_:)``, the width follows).
  ///   - scale: pixels per point: 1, 2 or 3.
  ///   - fontSize: the label's font size in points, at least 1.
  ///   - title: a title row at the top of the sheet; `nil` (or empty) for none.
  public init(
    columns: Int = 4, tileWidth: Int = 80, tileHeight: Int = 90, iconBox: Int = 60,
    width: Width = .margin(16), scale: Int = 2, fontSize: Int = 12, title: String? = nil
  ) {
    self.columns = columns
    self.tileWidth = tileWidth
    self.tileHeight = tileHeight
    self.iconBox = iconBox
    self.width = width
    self.scale = scale
    self.fontSize = fontSize
    self.title = title
  }
}

/// The sheet laid out: every row's place in points and in pixels.
///
/// Rounding, so that "pixels = points × scale" holds exactly for every size: positions are
/// computed in points with the seed formula, then each row's top and each column's left
/// edge becomes the nearest pixel (`⌊points × scale + ½⌋`); sizes are whole points times the
/// scale. Tiles therefore keep their exact pixel size and the gaps between them differ by at
/// most one pixel when the margin is fractional.
public struct SheetLayout: Sendable, Hashable {
  /// What a row holds.
  public enum RowKind: Sendable, Hashable {
    /// The sheet's title.
    case title(String)
    /// The header of section `section`.
    case header(String, section: Int)
    /// Tiles `tiles` of section `section` (indices into that section's tiles).
    case tiles(section: Int, tiles: Range<Int>)
  }

  /// One row of the sheet: a title, a header, or up to `columns` tiles.
  public struct Row: Sendable, Hashable {
    /// What the row holds.
    public var kind: RowKind
    /// Top edge in points.
    public var yPoints: Double
    /// Height in points.
    public var heightPoints: Int
    /// Top edge in pixels.
    public var yPixels: Int
    /// Height in pixels (`heightPoints × scale`).
    public var heightPixels: Int
  }

  /// The options laid out.
  public let options: SheetLayoutOptions
  /// The margin between and around tiles, horizontally and vertically, in points.
  public let marginPoints: Double
  /// The sheet's width in points.
  public let widthPoints: Double
  /// The sheet's height in points.
  public let heightPoints: Double
  /// The sheet's width in pixels.
  public let widthPixels: Int
  /// The sheet's height in pixels.
  public let heightPixels: Int
  /// The rows, top to bottom.
  public let rows: [Row]

  /// Lays out `content` with `options`.
  ///
  /// - Parameters:
  ///   - content: the sections and tiles; only their titles and tile counts matter here.
  ///   - options: the grid, in points, and the scale.
  /// - Throws: ``SheetLayoutError`` when an option is out of range or the width cannot hold
  ///   the columns.
  public init(content: SheetContent, options: SheetLayoutOptions) throws {
    guard (1...3).contains(options.scale) else {
      throw SheetLayoutError("scale must be 1, 2 or 3, not \(options.scale)")
    }
    guard options.columns >= 1 else { throw SheetLayoutError("columns must be at least 1") }
    guard options.tileWidth >= 1, options.tileHeight >= 1 else {
      throw SheetLayoutError("tiles must be at least 1×1 point")
    }
    guard options.iconBox >= 1, options.iconBox <= min(options.tileWidth, options.tileHeight) else {
      throw SheetLayoutError(
        "the icon box (\(options.iconBox) pt) must fit the \(options.tileWidth)×\(options.tileHeight) tile")
    }
    guard options.fontSize >= 1 else { throw SheetLayoutError("font size must be at least 1 point") }
    let columns = Double(options.columns)
    let tileWidth = Double(options.tileWidth)
    let margin: Double
    let width: Double
    switch options.width {
    case .points(let points):
      let free = Double(points) - columns * tileWidth
      guard free >= 0 else {
        throw SheetLayoutError(
          "a \(points)-point sheet cannot hold \(options.columns) tiles of \(options.tileWidth) points")
      }
      margin = free / (columns + 1)
      width = Double(points)
    case .margin(let points):
      guard points >= 0, points.isFinite else { throw SheetLayoutError("the margin cannot be negative") }
      margin = points
      width = columns * tileWidth + (columns + 1) * points
    }
    let scale = Double(options.scale)
    let pixel = { (points: Double) -> Int in Int((points * scale + 0.5).rounded(.down)) }
    var rows: [Row] = []
    var y = margin
    func add(_ kind: RowKind, height: Int) {
      rows.append(
        Row(
          kind: kind, yPoints: y, heightPoints: height, yPixels: pixel(y),
          heightPixels: height * options.scale))
      y += Double(height) + margin
    }
    if let title = options.title, !title.isEmpty { add(.title(title), height: Self.titleHeight(options)) }
    for (index, section) in content.sections.enumerated() {
      if let header = section.title, !header.isEmpty {
        add(.header(header, section: index), height: Self.headerHeight(options))
      }
      for start in stride(from: 0, to: section.tiles.count, by: options.columns) {
        add(
          .tiles(section: index, tiles: start..<min(section.tiles.count, start + options.columns)),
          height: options.tileHeight)
      }
    }
    self.options = options
    self.marginPoints = margin
    self.widthPoints = width
    self.heightPoints = rows.isEmpty ? 2 * margin : y
    self.widthPixels = pixel(width)
    self.heightPixels = max(1, pixel(heightPoints))
    self.rows = rows
    guard widthPixels >= 1 else { throw SheetLayoutError("the sheet is less than a pixel wide") }
  }

  /// Left edge of column `column`, in points: `marginX + (marginX + tileWidth)·column`.
  ///
  /// - Parameter column: the column, from 0 at the left.
  /// - Returns: the distance from the sheet's left edge, in points (it may be fractional).
  public func xPoints(column: Int) -> Double {
    marginPoints + (marginPoints + Double(options.tileWidth)) * Double(column)
  }

  /// Left edge of column `column`, in pixels.
  ///
  /// - Parameter column: the column, from 0 at the left.
  /// - Returns: ``xPoints(column:)`` × the scale, rounded to the nearest pixel (halves up).
  public func xPixels(column: Int) -> Int {
    Int((xPoints(column: column) * Double(options.scale) + 0.5).rounded(.down))
  }

  /// The height of a section header row, in points: twice the font size.
  static func headerHeight(_ options: SheetLayoutOptions) -> Int { options.fontSize * 2 }

  /// The height of the title row, in points.
  static func titleHeight(_ options: SheetLayoutOptions) -> Int { options.fontSize * 3 }

  /// Where things go inside a tile, in points from its top-left corner.
  struct TileGeometry {
    /// The icon box's top.
    var iconTop: Double
    /// The label row's top.
    var labelTop: Double
    /// The label row's height.
    var labelHeight: Double
  }

  /// The icon box and the label under it, centred vertically as a group in the tile.
  var tileGeometry: TileGeometry {
    let labelHeight = Double(options.fontSize) * 1.25
    let gap = 4.0
    let group = Double(options.iconBox) + gap + labelHeight
    let iconTop = max(0, (Double(options.tileHeight) - group) / 2)
    return TileGeometry(
      iconTop: iconTop, labelTop: iconTop + Double(options.iconBox) + gap, labelHeight: labelHeight)
  }
}
