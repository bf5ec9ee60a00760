import Foundation
import ImageCore
import Testing

@testable import ContactSheet

/// A glyph as `hb-shape --no-glyph-names --no-positions` prints it (`glyph=cluster`), with the
/// file of the face that drew it.
private struct Expected: Equatable, CustomStringConvertible {
  var file: String
  var glyph: UInt32
  var cluster: Int
  var description: String { "\(file):\(glyph)=\(cluster)" }
}

private let noto = "/usr/share/fonts/truetype/noto/"
private let dejavuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
private let notoCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

/// The glyphs of `text` shaped by a label engine for `family`, in visual order.
private func shaped(_ text: String, family: String) throws -> (glyphs: [Expected], line: ShapedLine) {
  let engine = try FontEngine(family: family, pixelSize: 24)
  let normalized = LabelText.normalized(text)
  let line = engine.shape(Array(normalized), language: LabelText.languageHint(normalized))
  let glyphs = line.glyphs.map { glyph in
    let face = engine.face(id: glyph.face)
    return Expected(
      file: face.file + (face.index == 0 ? "" : "#\(face.index)"), glyph: glyph.glyph, cluster: glyph.cluster)
  }
  return (glyphs, line)
}

/// `hb-shape` output (`[g=c|g=c…]`) as expectations for one font file.
private func hb(_ file: String, _ output: String) -> [Expected] {
  output.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: "|").map { item in
    let parts = item.split(separator: "=")
    return Expected(file: file, glyph: UInt32(parts[0])!, cluster: Int(parts[1])!)
  }
}

/// Every expectation below was produced once, by hand, with HarfBuzz 6.0.0's `hb-shape`
/// (Debian 12 `libharfbuzz-bin`) on the same font file, e.g.
/// `hb-shape --no-glyph-names --no-positions /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf 'بيت'`.
/// Fonts come from Debian's fonts-noto-core 20201225, fonts-noto-cjk 20220127 and
/// fonts-dejavu-core 2.37 (Scripts/setup installs them). For a run of a longer label, the
/// command shaped that run alone and its clusters are shifted by the run's offset in the label.
@Suite struct LabelShapingTests {
  @Test func arabicLettersJoin() throws {
    let arabic = noto + "NotoSansArabic-Regular.ttf"
    // hb-shape NotoSansArabic-Regular.ttf 'بيت' → [1266=2|1492=1|102=0]: final teh, medial
    // yeh, initial beh, right to left.
    let word = try shaped("بيت", family: "Noto Sans Arabic")
    #expect(word.glyphs == hb(arabic, "[1266=2|1492=1|102=0]"))
    #expect(word.line.isRightToLeft)
    // Alone, each letter takes its isolated form: other glyphs than the joined ones.
    for (letter, joined) in zip(["ب", "ي", "ت"], [102, 1492, 1266] as [UInt32]) {
      let alone = try shaped(letter, family: "Noto Sans Arabic").glyphs
      #expect(alone.count == 1 && alone[0].glyph != joined, "\(letter) did not change form")
    }
  }

  @Test func lamAlefFormsOneLigature() throws {
    // hb-shape NotoSansArabic-Regular.ttf 'سلام' → [769=3|705=1|1077=0]: lam and alef (clusters
    // 1 and 2) are one glyph.
    let word = try shaped("سلام", family: "Noto Sans Arabic")
    #expect(word.glyphs == hb(noto + "NotoSansArabic-Regular.ttf", "[769=3|705=1|1077=0]"))
  }

  @Test func hebrewDigitsStayLeftToRight() throws {
    // Noto Sans Hebrew has no digits, so "123" comes from fontconfig's fallback, Noto Sans.
    // hb-shape --direction=rtl NotoSansHebrew-Regular.ttf 'קובץ ' → [106=4|27=3|12=2|124=1|82=0]
    // hb-shape NotoSans-Regular.ttf '123' → [20=0|21=1|22=2], clusters + 5 in the label.
    let label = try shaped("קובץ 123", family: "Noto Sans Hebrew")
    #expect(label.line.isRightToLeft)
    let digits = hb(noto + "NotoSans-Regular.ttf", "[20=5|21=6|22=7]")
    let hebrew = hb(noto + "NotoSansHebrew-Regular.ttf", "[106=4|27=3|12=2|124=1|82=0]")
    // Visual order: the digits (read left to right) at the left, the word to their right.
    #expect(label.glyphs == digits + hebrew)
    let x = label.line.glyphs.map(\.x)
    #expect(x == x.sorted())
  }

  @Test func devanagariReordersAndForms() throws {
    let devanagari = noto + "NotoSansDevanagari-Regular.ttf"
    // hb-shape NotoSansDevanagari-Regular.ttf 'कि' → [607=0|25=0]: the i-matra is drawn before
    // (left of) the consonant it follows in memory; both belong to cluster 0.
    let ki = try shaped("कि", family: "sans-serif")
    #expect(ki.glyphs == hb(devanagari, "[607=0|25=0]"))
    #expect(ki.line.glyphs[0].x < ki.line.glyphs[1].x)
    // hb-shape … 'क्षत्रिय' → [179=0|607=3|269=3|51=7]: क्ष one conjunct glyph, त्र another
    // with the i-matra before it.
    #expect(try shaped("क्षत्रिय", family: "sans-serif").glyphs == hb(devanagari, "[179=0|607=3|269=3|51=7]"))
    // hb-shape … 'हिन्दी' → [607=0|61=0|202=2|42=4|653=4]: half na, and the long ii after da.
    #expect(try shaped("हिन्दी", family: "sans-serif").glyphs == hb(devanagari, "[607=0|61=0|202=2|42=4|653=4]"))
  }

  @Test func thaiMarksStackOnTheirBase() throws {
    // hb-shape NotoSansThai-Regular.ttf 'สวัสดี' → [110=0|134=1|45=1|110=3|12=4|94=4]; the
    // vowel marks 45 and 94 advance by 0.
    let label = try shaped("สวัสดี", family: "sans-serif")
    #expect(label.glyphs == hb(noto + "NotoSansThai-Regular.ttf", "[110=0|134=1|45=1|110=3|12=4|94=4]"))
    #expect(label.line.glyphs[2].advance == 0 && label.line.glyphs[5].advance == 0)
  }

  @Test func mixedLatinArabicAndChineseInOneLabel() throws {
    // hb-shape DejaVuSans.ttf 'Mail ' → [48=0|68=1|76=2|79=3|3=4]
    // hb-shape DejaVuSans.ttf 'بريد' → [5284=3|5357=2|5288=1|5259=0], clusters + 5
    // hb-shape DejaVuSans.ttf ' ' → [3=0], cluster + 9
    // hb-shape --face-index=2 NotoSansCJK-Regular.ttc '邮件' → [40657=0|9837=1], clusters + 10
    let label = try shaped("Mail بريد 邮件", family: "DejaVu Sans")
    #expect(!label.line.isRightToLeft)
    let expected =
      hb(dejavuSans, "[48=0|68=1|76=2|79=3|3=4]") + hb(dejavuSans, "[5284=8|5357=7|5288=6|5259=5]")
      + hb(dejavuSans, "[3=9]") + hb(notoCJK + "#2", "[40657=10|9837=11]")
    #expect(label.glyphs == expected)
  }

  @Test func kerningComesFromTheFont() throws {
    // hb-shape DejaVuSans.ttf 'AV' (positions) → [36=0+1270|57=1+1401]; alone A advances 1401.
    let pair = try shaped("AV", family: "DejaVu Sans").line
    let a = try shaped("A", family: "DejaVu Sans").line
    #expect(pair.glyphs[0].advance < a.glyphs[0].advance)
    // 24 px per em at 2048 units per em, in 26.6: 1270 units are 1270 × 24 × 64 / 2048.
    #expect(abs(pair.glyphs[0].advance - 1270 * 24 * 64 / 2048) <= 1)
  }

  @Test func rightToLeftLabelsAreCentredAsAWhole() throws {
    // Centred as a whole: the mask of the label is as wide as its shaped advance (the
    // renderer centres the mask), whichever the direction.
    let labels = try LabelRasterizer(family: "Noto Sans Arabic", pixelSize: 24)
    let engine = try FontEngine(family: "Noto Sans Arabic", pixelSize: 24)
    for text in ["بيت", "سلام عليكم", "Mail"] {
      let mask = labels.render(text, maxWidth: 400)
      let advance = (engine.shape(Array(text), language: nil).advance + 32) >> 6
      #expect(abs(mask.width - advance) <= 3, "\(text)")
    }
  }

  @Test(arguments: [
    "سلام عليكم ورحمة الله", "הגדרות פרטיות ואבטחה", "हिन्दी समाचार और मौसम", "สวัสดีครับ ยินดีต้อนรับ",
    "Mail بريد 邮件 קובץ 123", "क्षत्रिय",
  ])
  func labelsOfEveryScriptStayInsideTheirWidthAndLine(text: String) throws {
    let labels = try LabelRasterizer(family: nil, pixelSize: 24)
    for maxWidth in [0, 12, 30, 60, 100, 160, 400] {
      let mask = labels.render(text, maxWidth: maxWidth)
      #expect(mask.width <= maxWidth)
      #expect(mask.height == labels.lineHeight)
      #expect(mask.coverage.count == mask.width * mask.height)
      if maxWidth >= 60 { #expect(mask.hasInk) }
    }
  }

  @Test func truncatedRightToLeftLabelKeepsItsLogicalStart() throws {
    let labels = try LabelRasterizer(family: "Noto Sans Hebrew", pixelSize: 24)
    let ellipsis = labels.render("\u{2026}", maxWidth: 100)
    let text = "הגדרות פרטיות ואבטחה"
    let mask = labels.render(text, maxWidth: 120)
    #expect(mask.wasTruncated)
    // The ellipsis is at the visual left; the first word (the logical start) at the right.
    let first = labels.render("הגדרות", maxWidth: 200)
    let left = (0..<mask.height).flatMap { y in (0..<ellipsis.width).map { x in mask[x, y] } }
    #expect(left == ellipsis.coverage)
    let right = (0..<mask.height).flatMap { y in
      ((mask.width - first.width)..<mask.width).map { x in mask[x, y] }
    }
    #expect(right == first.coverage)
  }

  @Test func everyLabelOfAMultiScriptSheetStaysInItsTile() throws {
    let names = [
      "بريد", "سلام عليكم ورحمة الله وبركاته", "קובץ 123", "हिन्दी", "क्षत्रिय समाचार", "สวัสดี",
      "Mail بريد 邮件", "设置",
    ]
    let tiles = names.map { SheetTile(name: $0, icon: "none") }
    let content = SheetContent(sections: [SheetSection(title: nil, tiles: tiles)])
    let layout = try SheetLayout(content: content, options: .init(columns: 4, scale: 2))
    let labels = try LabelRasterizer(family: nil, pixelSize: layout.options.fontSize * 2)
    let plain = SheetRenderer(
      content: content, layout: layout, dataSource: MemorySource(icons: [:]), labels: nil)
    let labelled = SheetRenderer(
      content: content, layout: layout, dataSource: MemorySource(icons: [:]), labels: labels)
    let (without, _) = try plain.render()
    let (with, _) = try labelled.render()
    // Ink the labels add lies inside the tile of its label, and every tile got some.
    let tileWidth = layout.options.tileWidth * 2
    var inked = Set<Int>()
    for y in 0..<with.height {
      for x in 0..<with.width where with[x, y] != without[x, y] {
        let tile = try #require(
          (0..<names.count).first { index in
            let left = layout.xPixels(column: index % 4)
            let top = layout.rows.first { row in
              if case .tiles(_, let range) = row.kind { return range.contains(index) }
              return false
            }!.yPixels
            return x >= left && x < left + tileWidth && y >= top && y < top + layout.options.tileHeight * 2
          }, "label ink at \(x),\(y) is outside every tile")
        inked.insert(tile)
      }
    }
    #expect(inked.count == names.count)
  }
}
