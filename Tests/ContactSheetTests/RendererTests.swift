import ContactSheet
import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

@Suite("Sheet rendering")
struct RendererTests {
  static let red = (UInt8(255), UInt8(0), UInt8(0))

  /// Two sections: a badge, a fallback (only @1x), a missing icon, an oversized icon.
  static func sampleContent() -> SheetContent {
    SheetContent(sections: [
      SheetSection(
        title: "Apps",
        tiles: [
          SheetTile(name: "Mail", icon: "mail", badge: 3),
          SheetTile(name: "Maps", icon: "maps"),
          SheetTile(name: "Ghost", icon: "ghost"),
        ]),
      SheetSection(
        title: "Tools",
        tiles: [SheetTile(name: "Big", icon: "big", badge: 120), SheetTile(name: "Notes", icon: "notes")]),
    ])
  }

  static func sampleSource() -> MemorySource {
    MemorySource(icons: [
      "mail": [
        1: squareIcon(size: 40, color: (20, 120, 250)), 2: squareIcon(size: 80, color: (20, 120, 250)),
        3: squareIcon(size: 120, color: (20, 120, 250)),
      ],
      "maps": [1: squareIcon(size: 40, color: (40, 180, 60))],
      "big": [
        2: squareIcon(size: 300, color: (240, 150, 20)), 3: squareIcon(size: 450, color: (240, 150, 20)),
      ],
      "notes": [
        1: squareIcon(size: 48, color: (250, 210, 40)), 2: squareIcon(size: 96, color: (250, 210, 40)),
        3: squareIcon(size: 144, color: (250, 210, 40)),
      ],
    ])
  }

  static func renderer(scale: Int, labels: (any LabelRendering)? = nil, style: SheetStyle = .init())
    throws -> SheetRenderer
  {
    let content = sampleContent()
    let layout = try SheetLayout(
      content: content, options: .init(columns: 3, width: .margin(12), scale: scale, title: "Sample"))
    return SheetRenderer(
      content: content, layout: layout, style: style, dataSource: sampleSource(),
      labels: labels ?? BlockLabels(pixelSize: 12 * scale))
  }

  /// The rectangles labels and headings may occupy, in pixels: the only tolerant region.
  static func textRegions(_ layout: SheetLayout) -> [(x: Int, y: Int, w: Int, h: Int)] {
    let scale = layout.options.scale
    var regions: [(x: Int, y: Int, w: Int, h: Int)] = []
    for row in layout.rows {
      switch row.kind {
      case .tiles(_, let tiles):
        for column in 0..<tiles.count {
          let labelTop = row.yPixels + (layout.options.tileHeight - 20) * scale
          regions.append(
            (layout.xPixels(column: column), labelTop, layout.options.tileWidth * scale, 20 * scale))
        }
      case .header, .title:
        regions.append((0, row.yPixels, layout.widthPixels, row.heightPixels - scale))
      }
    }
    return regions
  }

  @Test(arguments: [1, 2, 3])
  func matchesGoldenImage(scale: Int) throws {
    let renderer = try Self.renderer(scale: scale)
    let (bitmap, _) = try renderer.render()
    let golden = URL(
      fileURLWithPath: TestPaths.inPackage("Tests/ContactSheetTests/Fixtures/sheet@\(scale)x.png")
    )
    .path
    if ProcessInfo.processInfo.environment["ICONGRID_RECORD_GOLDEN"] != nil {
      try PNGEncoder.write(bitmap, to: golden)
    }
    let expected = try PNGDecoder.decode(contentsOf: golden)
    try #require(expected.width == bitmap.width && expected.height == bitmap.height)
    let regions = Self.textRegions(renderer.layout)
    func inText(_ x: Int, _ y: Int) -> Bool {
      regions.contains { x >= $0.x && x < $0.x + $0.w && y >= $0.y && y < $0.y + $0.h }
    }
    var strictMismatches = 0
    var textMismatches = 0
    var textPixels = 0
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width {
        let a = bitmap[x, y]
        let b = expected[x, y]
        let delta = max(
          abs(Int(a.0) - Int(b.0)), abs(Int(a.1) - Int(b.1)), abs(Int(a.2) - Int(b.2)),
          abs(Int(a.3) - Int(b.3)))
        if inText(x, y) {
          textPixels += 1
          if delta > 48 { textMismatches += 1 }
        } else if delta > 1 {
          strictMismatches += 1
        }
      }
    }
    // Icons, badges, tags, placeholders and background: within 1 level per channel.
    #expect(strictMismatches == 0)
    // Text: at most 2% of its pixels may differ by more than 48 levels (antialiasing, hinting).
    #expect(textMismatches * 50 <= textPixels)
  }

  @Test(arguments: [1, 2, 3])
  func pixelSizeIsPointsTimesScale(scale: Int) throws {
    let (bitmap, summary) = try Self.renderer(scale: scale).render()
    #expect(bitmap.width == (3 * 80 + 4 * 12) * scale)
    #expect(summary.widthPixels == bitmap.width)
    #expect(summary.heightPixels == bitmap.height)
    #expect(summary.tiles == 5)
    #expect(summary.sections == 2)
  }

  @Test func reportsMissingAndFallbacks() throws {
    let delegate = RecordingDelegate()
    let (_, summary) = try Self.renderer(scale: 2).render(delegate: delegate)
    #expect(summary.missing == ["ghost"])
    #expect(summary.fallbacks == ["maps"])
    #expect(delegate.all.contains("missing ghost"))
    #expect(delegate.all.contains("fallback maps 2->1"))
    #expect(delegate.all.last == "progress 5/5")
  }

  /// Tile `index` of the first section's row, in pixels.
  static func tileRect(_ layout: SheetLayout, row: Int, column: Int) -> (x: Int, y: Int, w: Int, h: Int) {
    let tileRows = layout.rows.filter { if case .tiles = $0.kind { return true } else { return false } }
    let s = layout.options.scale
    return (layout.xPixels(column: column), tileRows[row].yPixels, layout.options.tileWidth * s, 90 * s)
  }

  static func count(
    _ bitmap: Bitmap, in rect: (x: Int, y: Int, w: Int, h: Int),
    where test: ((UInt8, UInt8, UInt8, UInt8)) -> Bool
  ) -> Int {
    var n = 0
    for y in rect.y..<(rect.y + rect.h) {
      for x in rect.x..<(rect.x + rect.w) where test(bitmap[x, y]) { n += 1 }
    }
    return n
  }

  @Test func badgeFallbackTagAndPlaceholderAreDrawn() throws {
    let renderer = try Self.renderer(scale: 2)
    let (bitmap, _) = try renderer.render()
    let layout = renderer.layout
    let mail = Self.tileRect(layout, row: 0, column: 0)
    let maps = Self.tileRect(layout, row: 0, column: 1)
    let ghost = Self.tileRect(layout, row: 0, column: 2)
    let notes = Self.tileRect(layout, row: 1, column: 1)
    let badgeRed = { (p: (UInt8, UInt8, UInt8, UInt8)) in p.0 == 255 && p.1 == 59 && p.2 == 48 }
    let orange = { (p: (UInt8, UInt8, UInt8, UInt8)) in p.0 == 255 && p.1 == 149 && p.2 == 0 }
    let placeholder = { (p: (UInt8, UInt8, UInt8, UInt8)) in p.0 == 0xEE && p.1 == 0xEE && p.2 == 0xF2 }
    // The badge sits in the top-right quarter of its tile.
    let topRight = (x: mail.x + mail.w / 2, y: mail.y, w: mail.w / 2, h: mail.h / 2)
    #expect(Self.count(bitmap, in: topRight, where: badgeRed) > 200)
    #expect(Self.count(bitmap, in: notes, where: badgeRed) == 0)
    // The fallback tag sits in the bottom-left of the icon box of the @1x-only icon.
    #expect(Self.count(bitmap, in: maps, where: orange) > 100)
    #expect(Self.count(bitmap, in: mail, where: orange) == 0)
    // The missing icon is a light placeholder.
    #expect(Self.count(bitmap, in: ghost, where: placeholder) > 4000)
    #expect(Self.count(bitmap, in: mail, where: placeholder) == 0)
  }

  @Test(arguments: [1, 2, 3])
  func labelsNeverLeaveTheirTile(scale: Int) throws {
    let content = SheetContent(assetNames: ["a", "b", "c", "d", "e"])
    let layout = try SheetLayout(
      content: content, options: .init(columns: 3, width: .margin(4), scale: scale))
    let style = SheetStyle(labelColor: SheetColor(red: 0, green: 0, blue: 255))
    let source = MemorySource(
      icons: [:].merging(
        ["a", "b", "c", "d", "e"].map { ($0, [1: squareIcon(size: 60, color: (255, 0, 0))]) }
      ) { a, _ in a })
    let renderer = SheetRenderer(
      content: content, layout: layout, style: style, dataSource: source, labels: OverwideLabels())
    let (bitmap, _) = try renderer.render()
    var tiles: [(x: Int, y: Int, w: Int, h: Int)] = []
    for row in layout.rows {
      guard case .tiles(_, let range) = row.kind else { continue }
      for column in 0..<range.count {
        tiles.append((layout.xPixels(column: column), row.yPixels, 80 * scale, 90 * scale))
      }
    }
    var inside = 0
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width where bitmap[x, y] == (0, 0, 255, 255) {
        let contained = tiles.contains { x >= $0.x && x < $0.x + $0.w && y >= $0.y && y < $0.y + $0.h }
        #expect(contained, "label pixel at \(x),\(y) outside every tile")
        if !contained { return }
        inside += 1
      }
    }
    #expect(inside > 0)
  }

  @Test(arguments: [1, 2, 3])
  func shrinkingHalfTransparentRedNeverDarkens(scale: Int) throws {
    // A 500-pixel half-transparent red disc on transparent black, shrunk into a 60-point box.
    var icon = Bitmap(width: 500, height: 500)
    for y in 0..<500 {
      for x in 0..<500 where (x - 250) * (x - 250) + (y - 250) * (y - 250) < 240 * 240 {
        icon[x, y] = (255, 0, 0, 128)
      }
    }
    let content = SheetContent(assetNames: ["disc"])
    let layout = try SheetLayout(content: content, options: .init(columns: 1, scale: scale))
    let renderer = SheetRenderer(
      content: content, layout: layout, dataSource: MemorySource(icons: ["disc": [scale: icon]]))
    let (bitmap, _) = try renderer.render()
    // Red at alpha 128 over white is (255, 127, 127); white is (255, 255, 255): nothing may be
    // darker than both in any channel.
    var reddish = 0
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width {
        let p = bitmap[x, y]
        #expect(p.0 >= 254 && p.1 >= 126 && p.2 >= 126, "pixel \(x),\(y) is \(p)")
        if p.0 >= 254 && p.1 >= 126 && p.2 >= 126 {} else { return }
        if p.1 < 130 { reddish += 1 }
      }
    }
    // The disc is there, 60 points across.
    #expect(reddish > (50 * scale) * (50 * scale))
  }

  @Test func iconsAreNeverEnlargedBeyondTheirPointSize() throws {
    // A 20-pixel @2x icon is 10 points: at 2x it stays 20 pixels wide in a 60-point box.
    let content = SheetContent(assetNames: ["tiny"])
    let layout = try SheetLayout(content: content, options: .init(columns: 1, scale: 2))
    let renderer = SheetRenderer(
      content: content, layout: layout,
      dataSource: MemorySource(icons: ["tiny": [2: Bitmap(width: 20, height: 20, filling: (0, 0, 0, 255))]]))
    let (bitmap, _) = try renderer.render()
    let black = Self.count(bitmap, in: (0, 0, bitmap.width, bitmap.height)) { $0 == (0, 0, 0, 255) }
    #expect(black == 400)
  }

  @Test func writtenFileDecodesToTheSamePixels() throws {
    let directory = TemporaryFolder.make("contactsheet-tests")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let renderer = try Self.renderer(scale: 2)
    let path = directory + "/sheet.png"
    let summary = try renderer.write(to: path)
    let decoded = try PNGDecoder.decode(contentsOf: path)
    let (bitmap, _) = try renderer.render()
    #expect(decoded == bitmap)
    #expect(summary.widthPixels == decoded.width)
    // Opaque background: RGB, with a pHYs chunk for 2x (144 dpi = 5669 pixels per metre).
    let header = try PNGHeader.probe(contentsOf: path)
    #expect(header.colorType.description == "rgb")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let phys = try #require(bytes.range(of: Data("pHYs".utf8)))
    let value = bytes[phys.upperBound..<(phys.upperBound + 4)].reduce(0) { $0 << 8 | Int($1) }
    #expect(value == 5669)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["sheet.png"])
  }

  @Test func transparentBackgroundKeepsStraightAlpha() throws {
    let renderer = try Self.renderer(
      scale: 1, style: SheetStyle(background: SheetColor(parsing: "transparent")!))
    let directory = TemporaryFolder.make("contactsheet-tests")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    _ = try renderer.write(to: directory + "/sheet.png")
    let decoded = try PNGDecoder.decode(contentsOf: directory + "/sheet.png")
    #expect(decoded[0, 0] == (0, 0, 0, 0))
    #expect(!decoded.isOpaque)
    let (bitmap, _) = try renderer.render()
    #expect(decoded == bitmap)
  }

  @Test func unwritableOutputLeavesNothing() throws {
    let renderer = try Self.renderer(scale: 1)
    #expect(throws: ImageError.self) {
      try renderer.write(to: "/nonexistent-dir/sheet.png")
    }
  }
}
