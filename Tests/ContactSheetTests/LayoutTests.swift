import ContactSheet
import Testing

@Suite("Layout in points and pixels")
struct LayoutTests {
  static func content(tiles: Int, sections: Int = 1, titled: Bool = false) -> SheetContent {
    SheetContent(
      sections: (0..<sections).map { s in
        SheetSection(
          title: titled ? "Section \(s)" : nil,
          tiles: (0..<tiles).map { SheetTile(name: "t\($0)", icon: "i\($0)") })
      })
  }

  @Test(arguments: [1, 2, 3])
  func seedFormulaWithFixedWidth(scale: Int) throws {
    // The seed: 3 columns of 85-point tiles on a 320-point screen; margins 16.25 points.
    let options = SheetLayoutOptions(
      columns: 3, tileWidth: 85, tileHeight: 90, iconBox: 57, width: .points(320), scale: scale)
    let layout = try SheetLayout(content: Self.content(tiles: 7), options: options)
    let marginX = (320.0 - 3 * 85) / 4
    #expect(layout.marginPoints == marginX)
    #expect(layout.widthPixels == 320 * scale)
    for index in 0..<7 {
      let column = index % 3
      let row = index / 3
      let x = marginX + (marginX + 85) * Double(column)
      let y = marginX + (marginX + 90) * Double(row)
      #expect(layout.xPoints(column: column) == x)
      #expect(layout.rows[row].yPoints == y)
      // Pixel positions: the nearest pixel, half up.
      #expect(layout.xPixels(column: column) == Int((x * Double(scale) + 0.5).rounded(.down)))
      #expect(layout.rows[row].yPixels == Int((y * Double(scale) + 0.5).rounded(.down)))
      #expect(layout.rows[row].heightPixels == 90 * scale)
    }
    let height = marginX + 3 * (90 + marginX)
    #expect(layout.heightPoints == height)
    #expect(layout.heightPixels == Int((height * Double(scale) + 0.5).rounded(.down)))
  }

  @Test(arguments: [1, 2, 3])
  func wholePointsAreExactPixels(scale: Int) throws {
    let options = SheetLayoutOptions(columns: 4, width: .margin(16), scale: scale)
    let layout = try SheetLayout(content: Self.content(tiles: 9), options: options)
    #expect(layout.widthPoints == 4 * 80 + 5 * 16)
    #expect(layout.widthPixels == (4 * 80 + 5 * 16) * scale)
    #expect(layout.heightPixels == (16 + 3 * (90 + 16)) * scale)
    #expect(layout.rows.count == 3)
    #expect(
      layout.rows.map(\.kind) == [
        .tiles(section: 0, tiles: 0..<4), .tiles(section: 0, tiles: 4..<8), .tiles(section: 0, tiles: 8..<9),
      ])
    // Tiles never overlap: each column starts at or after the previous one's end.
    for column in 1..<4 {
      #expect(layout.xPixels(column: column) >= layout.xPixels(column: column - 1) + 80 * scale)
    }
  }

  @Test func headersAndTitleTakeRowsOfTheirOwn() throws {
    let options = SheetLayoutOptions(columns: 4, width: .margin(10), scale: 2, fontSize: 12, title: "Apps")
    let layout = try SheetLayout(content: Self.content(tiles: 5, sections: 2, titled: true), options: options)
    #expect(
      layout.rows.map(\.kind) == [
        .title("Apps"),
        .header("Section 0", section: 0), .tiles(section: 0, tiles: 0..<4), .tiles(section: 0, tiles: 4..<5),
        .header("Section 1", section: 1), .tiles(section: 1, tiles: 0..<4), .tiles(section: 1, tiles: 4..<5),
      ])
    #expect(layout.rows[0].heightPoints == 36)
    #expect(layout.rows[1].heightPoints == 24)
    #expect(layout.rows[1].yPoints == 10 + 36 + 10)
    let expected = 10 + (36 + 10) + 2 * ((24 + 10) + 2 * (90 + 10))
    #expect(layout.heightPixels == expected * 2)
  }

  @Test func impossibleLayoutsThrow() {
    #expect(throws: SheetLayoutError.self) {
      try SheetLayout(content: Self.content(tiles: 1), options: .init(columns: 4, width: .points(300)))
    }
    #expect(throws: SheetLayoutError.self) {
      try SheetLayout(content: Self.content(tiles: 1), options: .init(iconBox: 100))
    }
    #expect(throws: SheetLayoutError.self) {
      try SheetLayout(content: Self.content(tiles: 1), options: .init(scale: 4))
    }
  }
}
