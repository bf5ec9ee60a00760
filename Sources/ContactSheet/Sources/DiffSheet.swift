import AssetDiff
import ImageCore

/// A diff report as a sheet: a section per class, only what changed.
///
/// A changed file is three tiles — before, after, and the after image faded with the
/// differing pixels in red — labelled with the name, the variant and the size change in
/// bytes, and how many pixels differ. A rename is two tiles, the old name and the new;
/// added, removed and scale tiles show the one side there is, labelled `name · variant`.
/// Re-encoded files are drawn nowhere. A file that could not be read is a placeholder.
///
/// ```swift
/// let report = AssetDiffer.compare(base: "old", head: "new", options: DiffOptions(scale: 2))
/// let sheet = DiffSheet(report: report, scale: 2)
/// // SheetRenderer(content: sheet.content, …, dataSource: sheet.dataSource, …)
/// ```
public struct DiffSheet: Sendable {
  /// The sections and tiles: tile icons are keys of ``dataSource``.
  public let content: SheetContent
  /// The previews, by tile.
  public let dataSource: any SheetDataSource
  /// Tiles per row the sheet wants: three per changed file, two files to a row.
  public static let columns = 6
  /// The tile width the sheet wants, in points: room for a name and a variant.
  public static let tileWidth = 140
  /// The style a diff sheet is drawn in: a mid-light grey, so white icons (Android's action
  /// bar icons, template images) show as well as black ones.
  public static var style: SheetStyle {
    var style = SheetStyle()
    style.background = SheetColor(red: 0xC8, green: 0xC8, blue: 0xCC)
    return style
  }
  /// The zlib level a diff sheet is written with: it is mostly background, which level 2
  /// packs almost as small as level 5 in much less time (deflate was a third of the time of
  /// a 100-change sheet at level 5).
  public static let compressionLevel = 2

  /// Lays out `report`.
  ///
  /// - Parameters:
  ///   - report: the comparison, with previews made for the sheet's icon box.
  ///   - scale: the sheet's scale in pixels per point (the previews' pixels per point).
  public init(report: DiffReport, scale: Int) {
    var sections: [SheetSection] = []
    var icons: [String: Tile] = [:]
    func add(
      _ tiles: inout [SheetTile], _ label: String, _ bitmap: Bitmap?, _ change: AssetChange, _ side: String
    ) {
      let key = "\(icons.count)"
      tiles.append(SheetTile(name: label, icon: key))
      icons[key] = Tile(
        bitmap: bitmap,
        reason: change.problem ?? "\(change.name) (\(change.variant)): no \(side) image")
    }
    for kind in ChangeClass.allCases where kind != .reencoded {
      let changes = report.changes(kind)
      guard !changes.isEmpty else { continue }
      var tiles: [SheetTile] = []
      for change in changes {
        switch kind {
        case .changed:
          add(&tiles, change.name, change.preview.before, change, "before")
          add(&tiles, "\(change.variant) · \(change.bytesText)", change.preview.after, change, "after")
          add(&tiles, Self.marksLabel(change), change.preview.marks, change, "difference")
        case .renamed:
          add(&tiles, change.previousName ?? change.name, change.preview.before, change, "before")
          add(&tiles, "→ \(change.name)", change.preview.after, change, "after")
        case .removed, .scaleRemoved:
          add(&tiles, "\(change.name) · \(change.variant)", change.preview.before, change, "before")
        case .added, .scaleAdded, .reencoded:
          add(&tiles, "\(change.name) · \(change.variant)", change.preview.after, change, "after")
        }
      }
      sections.append(SheetSection(title: "\(kind.heading) (\(changes.count))", tiles: tiles))
    }
    content = SheetContent(sections: sections)
    dataSource = Source(icons: icons, scale: scale)
  }

  /// The third tile's label: pixels that differ and the size change.
  static func marksLabel(_ change: AssetChange) -> String {
    guard let difference = change.difference else { return change.problem == nil ? "" : "cannot be read" }
    if difference.sizeChanged { return "pixel size changed" }
    return "\(difference.differingPixels) px differ"
  }

  struct Tile: Sendable {
    var bitmap: Bitmap?
    var reason: String
  }

  /// Hands the renderer the previews, already at the sheet's scale.
  struct Source: SheetDataSource {
    let icons: [String: Tile]
    let scale: Int

    func icon(named name: String, scale _: Int) throws -> SheetIcon {
      guard let tile = icons[name] else { throw SheetIconError.notFound(name: name) }
      guard let bitmap = tile.bitmap else { throw SheetIconError.unreadable(name: name, reason: tile.reason) }
      return SheetIcon(bitmap: bitmap, scale: scale, isFallback: false)
    }

    func assetNames() throws -> [String] { icons.keys.sorted() }
  }
}
