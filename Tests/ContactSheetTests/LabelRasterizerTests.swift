import Foundation
import Testing

@testable import ContactSheet

/// One rasterizer for the suite: fontconfig's start-up is the slow part, and sharing it also
/// exercises the caches the sheet renderer relies on.
private let labels: LabelRasterizer = {
  do {
    return try LabelRasterizer(family: nil, pixelSize: 24)
  } catch {
    fatalError("no font for the label tests (run Scripts/setup): \(error)")
  }
}()

/// Columns that hold any ink.
private func inkedColumns(_ mask: GlyphMask) -> [Int] {
  (0..<mask.width).filter { x in (0..<mask.height).contains { y in mask[x, y] != 0 } }
}

/// Rows that hold any ink.
private func inkedRows(_ mask: GlyphMask) -> [Int] {
  (0..<mask.height).filter { y in (0..<mask.width).contains { x in mask[x, y] != 0 } }
}

/// The mask's columns `range` as their own mask.
private func columns(_ mask: GlyphMask, _ range: Range<Int>) -> GlyphMask {
  var coverage: [UInt8] = []
  for y in 0..<mask.height {
    for x in range { coverage.append(mask[x, y]) }
  }
  return GlyphMask(
    width: range.count, height: mask.height, coverage: coverage, baseline: mask.baseline,
    wasTruncated: false)
}

@Suite struct LabelRasterizerTests {
  @Test func latinLabelHasAntiAliasedInk() {
    let mask = labels.render("Mail", maxWidth: 200)
    #expect(mask.width > 20 && mask.width < 80)
    #expect(mask.height == labels.lineHeight)
    #expect(mask.coverage.count == mask.width * mask.height)
    #expect(!mask.wasTruncated)
    #expect(mask.coverage.contains(255))
    // Anti-aliasing leaves intermediate coverage on curves and diagonals.
    #expect(mask.coverage.contains { $0 > 0 && $0 < 255 })
  }

  @Test func lineHeightAndBaselineFollowThePrimaryFont() {
    #expect(labels.lineHeight >= 24 && labels.lineHeight <= 40)
    #expect(labels.baseline > labels.lineHeight / 2 && labels.baseline < labels.lineHeight)
    let x = labels.render("x", maxWidth: 100)
    #expect(x.baseline == labels.baseline)
    // "x" sits on the baseline: its lowest ink is the row just above it.
    #expect(inkedRows(x).last == x.baseline - 1)
    let g = labels.render("g", maxWidth: 100)
    #expect((inkedRows(g).last ?? 0) > g.baseline + 2)
    let cap = labels.render("H", maxWidth: 100)
    // A capital is about 0.73 em tall in sans-serif fonts.
    #expect((15...20).contains(inkedRows(cap).count))
  }

  @Test func emptyTextIsEmpty() {
    let mask = labels.render("", maxWidth: 50)
    #expect(mask.width == 0)
    #expect(mask.height == labels.lineHeight)
    #expect(!mask.wasTruncated)
  }

  @Test(
    arguments: [
      "Mail", "Settings and Privacy", "W", "WWWWWWWWWWWWWWWWWWWWWWWWWW", "邮件", "设置中心和隐私",
      "カメラ", "写真アルバム", "한국어 설정", "Ærø — Straße ffi", "  spaced  out  ", "Ж", "A\u{301}lbum",
    ],
    [0, 1, 3, 8, 13, 20, 31, 47, 64, 90, 160])
  func neverWiderThanMaxWidth(text: String, maxWidth: Int) {
    let mask = labels.render(text, maxWidth: maxWidth)
    #expect(mask.width <= maxWidth)
    #expect(mask.coverage.count == mask.width * mask.height)
    #expect(mask.height == labels.lineHeight)
    if mask.width == 0 && !text.isEmpty {
      #expect(mask.wasTruncated)
    }
  }

  @Test func longLabelEndsInEllipsis() throws {
    let ellipsis = labels.render("\u{2026}", maxWidth: 100)
    #expect(ellipsis.hasInk)
    let maxWidth = 150
    let mask = labels.render("Settings and Privacy Center", maxWidth: maxWidth)
    #expect(mask.wasTruncated)
    #expect(mask.width <= maxWidth)
    #expect(mask.width > ellipsis.width + 10)
    // The last columns are exactly the ellipsis glyph.
    let tail = columns(mask, (mask.width - ellipsis.width)..<mask.width)
    #expect(tail.coverage == ellipsis.coverage)
    // The kept prefix is drawn exactly as it is on its own.
    let head = labels.render("Settings", maxWidth: maxWidth)
    #expect(columns(mask, 0..<head.width).coverage == head.coverage)
  }

  @Test func truncationDropsWholeGraphemeClusters() throws {
    // q + combining tilde has no precomposed form: one character, two glyphs.
    let cluster = "q\u{303}"
    let text = String(repeating: cluster, count: 12)
    let mask = labels.render(text, maxWidth: 70)
    #expect(mask.wasTruncated)
    let kept = try #require(
      (0..<12).first { count in
        let candidate = labels.render(String(repeating: cluster, count: count) + "\u{2026}", maxWidth: 70)
        return candidate.width == mask.width && candidate.coverage == mask.coverage
      })
    #expect(kept > 0)
  }

  @Test func decomposedTextRendersLikeComposedText() {
    let decomposed = labels.render("Cafe\u{301}", maxWidth: 100)
    #expect(decomposed == labels.render("Café", maxWidth: 100))
  }

  @Test func nothingFitsGivesAnEmptyTruncatedMask() {
    let mask = labels.render("Photos", maxWidth: 2)
    #expect(mask.width == 0)
    #expect(mask.coverage.isEmpty)
    #expect(mask.wasTruncated)
  }

  @Test func controlsBecomeSpacesAndIgnorablesVanish() {
    #expect(labels.render("a\nb", maxWidth: 100) == labels.render("a b", maxWidth: 100))
    #expect(labels.render("A\u{200D}B", maxWidth: 100) == labels.render("AB", maxWidth: 100))
  }

  @Test(arguments: ["邮件", "设置", "カメラ", "写真", "한국어"])
  func cjkLabelsDrawRealGlyphsFromAFallbackFont(text: String) throws {
    let fonts = labels.fonts(for: text)
    #expect(fonts.count >= 1)
    #expect(!fonts.contains(labels.fontDescription.components(separatedBy: ", ").first ?? ""))
    // U+FFFF is a noncharacter no font maps, so it draws the missing-glyph box.
    let notdef = labels.render("\u{FFFF}", maxWidth: 100)
    #expect(notdef.hasInk)
    var singles: [GlyphMask] = []
    for character in text {
      let glyph = labels.render(String(character), maxWidth: 100)
      #expect(glyph.hasInk, "no ink for \(character)")
      #expect(glyph != notdef, "\(character) drew the missing-glyph box")
      // A CJK glyph is about one em square.
      #expect(glyph.width >= 18 && glyph.width <= 30)
      #expect(!singles.contains(glyph), "\(character) looks like another character")
      singles.append(glyph)
    }
    // In the whole label every character's share of the width has ink.
    let mask = labels.render(text, maxWidth: 200)
    #expect(!mask.wasTruncated)
    let count = text.count
    for index in 0..<count {
      let band = columns(mask, (mask.width * index / count)..<(mask.width * (index + 1) / count))
      #expect(band.hasInk, "character \(index) of \(text) has no ink")
    }
    // CJK ink stays inside the line, close to the shared baseline.
    let rows = inkedRows(mask)
    #expect((rows.first ?? -1) >= 0)
    #expect((rows.last ?? .max) <= mask.baseline + 4)
  }

  @Test func mixedScriptsShareOneBaseline() {
    let mixed = labels.render("Mail 邮件", maxWidth: 300)
    #expect(labels.fonts(for: "Mail 邮件").count == 2)
    #expect(mixed.height == labels.lineHeight)
    let latin = labels.render("Mail", maxWidth: 300)
    #expect(columns(mixed, 0..<latin.width).coverage == latin.coverage)
  }

  @Test func fontDescriptionNamesAnExistingFile() throws {
    let description = labels.fontDescription
    #expect(description.hasSuffix("24 px"))
    let start = try #require(description.firstIndex(of: "("))
    let end = try #require(description.firstIndex(of: ")"))
    var path = String(description[description.index(after: start)..<end])
    if let hash = path.lastIndex(of: "#") { path = String(path[..<hash]) }
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func familiesAreHonouredAndUnknownOnesSubstituted() throws {
    let serif = try LabelRasterizer(family: "serif", pixelSize: 16)
    let sans = try LabelRasterizer(family: "sans-serif", pixelSize: 16)
    #expect(serif.fontDescription != sans.fontDescription)
    #expect(serif.render("Rag", maxWidth: 100) != sans.render("Rag", maxWidth: 100))
    let unknown = try LabelRasterizer(family: "No Such Family 12345", pixelSize: 16)
    #expect(unknown.render("Rag", maxWidth: 100).hasInk)
  }

  @Test(arguments: [0, -3, 513, 100_000])
  func impossibleSizesThrow(size: Int) {
    #expect {
      _ = try LabelRasterizer(family: nil, pixelSize: size)
    } throws: { error in
      (error as? FontError)?.code == .invalidSize
    }
  }

  @Test func concurrentRendersMatchSerialOnes() async throws {
    let texts = ["Mail", "邮件", "设置", "カメラ", "Settings and Privacy Center", "Photos", "한국어", "Wallet"]
    let widths = [40, 60, 90, 200]
    let shared = try LabelRasterizer(family: nil, pixelSize: 24)
    let reference = try LabelRasterizer(family: nil, pixelSize: 24)
    var expected: [String: GlyphMask] = [:]
    for text in texts {
      for width in widths { expected["\(text)|\(width)"] = reference.render(text, maxWidth: width) }
    }
    let results = await withTaskGroup(of: [String: GlyphMask].self) { group in
      for worker in 0..<8 {
        group.addTask {
          var masks: [String: GlyphMask] = [:]
          // Each worker walks the work in its own order so first renders race each other.
          for step in 0..<(texts.count * widths.count) {
            let item = (step + worker * 5) % (texts.count * widths.count)
            let text = texts[item % texts.count]
            let width = widths[item / texts.count]
            masks["\(text)|\(width)"] = shared.render(text, maxWidth: width)
          }
          return masks
        }
      }
      var all: [[String: GlyphMask]] = []
      for await masks in group { all.append(masks) }
      return all
    }
    #expect(results.count == 8)
    for masks in results {
      #expect(masks == expected)
    }
  }

  @Test func joinedArabicIsNarrowerThanIsolatedLetters() {
    // Joined forms drop the isolated forms' tails and side bearings.
    let joined = labels.render("بيت", maxWidth: 200)
    let isolated = labels.render("\u{FE8F}\u{FEF1}\u{FE95}", maxWidth: 200)
    #expect(joined.hasInk)
    #expect(joined.width < isolated.width)
  }

  #if os(Linux)
    @Test func releasingARasterizerClosesItsFonts() throws {
      // FreeType maps font files into memory while a face is open; no other test uses this font.
      let file = "DejaVuSerifCondensed.ttf"
      func mappings() throws -> Int {
        // Read to the end: /proc files report size 0, and a size-based read stops early.
        let maps = try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile()
        return String(decoding: maps, as: UTF8.self).split(separator: "\n").count { $0.hasSuffix(file) }
      }
      let before = try mappings()
      // The scope ends the rasterizer's life; debug builds keep locals until their scope ends.
      do {
        let rasterizer = try LabelRasterizer(family: "DejaVu Serif Condensed", pixelSize: 20)
        try withExtendedLifetime(rasterizer) {
          try #require(rasterizer.fontDescription.contains(file))
          #expect(rasterizer.render("Mail", maxWidth: 100).hasInk)
          #expect(try mappings() > before)
        }
      }
      #expect(try mappings() == before)
    }
  #endif

  @Test func maskCacheEvictsTheOldestEntry() {
    var cache = BoundedMaskCache(capacity: 3)
    let mask = GlyphMask(width: 1, height: 1, coverage: [9], baseline: 1, wasTruncated: false)
    for index in 0..<5 {
      cache.insert(mask, for: .init(text: "\(index)", maxWidth: 10))
    }
    #expect(cache.count == 3)
    #expect(cache[.init(text: "0", maxWidth: 10)] == nil)
    #expect(cache[.init(text: "1", maxWidth: 10)] == nil)
    #expect(cache[.init(text: "4", maxWidth: 10)] == mask)
    #expect(cache[.init(text: "4", maxWidth: 11)] == nil)
  }
}
