import IconGridSupport
import Testing

@testable import ContactSheet

/// Theme-icon names: long, sharing their start, repeats ending in "-2" and "-3", a family alike
/// but in the middle (so labels fall back to texts other labels may take), and other scripts.
private let themeNames: [String] = {
  let stems = ["keyboard-shortcuts", "keyboard", "locale", "display", "display-color", "sound"]
  var names: [String] = []
  for stem in stems {
    let name = "gnome-apps-preferences-desktop-\(stem)"
    names += [name, "\(name)-2", "\(name)-3", "moka-apps-preferences-desktop-\(stem)"]
  }
  names += (0..<6).map { "IconSet-\($0)-VeryLongSharedSuffixForEveryone" }
  names += [
    "Cafe\u{301}-Crème-Brûlée-Übersicht-Straße", "Café-Crème-Brûlée-Übersicht-Straße-2",
    "مرحبا بالعالم في التطبيقات الكثيرة", "مرحبا بالعالم في التطبيقات الجديدة",
    "设置和隐私偏好设置图标很长的名字", "设置和隐私偏好设置图标很短",
    "emoji-👩‍👩‍👧‍👦-family-🇫🇷-flag-long-name", "emoji-👩‍👩‍👧‍👦-family-🇫🇷-flag-long-name-2", "short",
    "gnome-apps-preferences-desktop-keyboard",
  ]
  return names
}()

@Suite struct ConcurrentLabelPassTests {
  /// The pass spread over the cores, with a rasterizer of several engines, chooses the labels
  /// the serial pass chooses with one engine, and every label draws the same pixels.
  @Test(arguments: [60, 100, 160])
  func theConcurrentPassChoosesWhatTheSerialPassChooses(maxWidth: Int) throws {
    let rasterizer = try LabelRasterizer(font: .systemDefault, pixelSize: 24, engines: 3)
    let plain = try FontEngine(source: LabelFont.systemDefault.source, pixelSize: 24)
    let concurrent = DistinctLabels.shownConcurrently(
      for: themeNames, maxWidth: maxWidth, width: { rasterizer.width(of: $0) },
      advances: { rasterizer.advances(of: $0) }, cuts: { rasterizer.cuts(of: $0) },
      prepare: { rasterizer.prepare($0, maxWidth: maxWidth, replacing: $1) })
    let serial = DistinctLabels.shown(
      for: themeNames, maxWidth: maxWidth, width: plain.width(of:),
      advances: { plain.shapedLabel($0).advances.map(Int.init) })
    #expect(concurrent == serial)
    #expect(!serial.isEmpty)
    for name in themeNames {
      let text = serial[name] ?? name
      #expect(
        rasterizer.render(text, maxWidth: maxWidth) == plain.renderLine(text, maxWidth: maxWidth), "\(name)")
    }
  }

  /// A rasterizer of several engines measures, fits and draws a text as one engine does,
  /// from whichever thread asks.
  @Test func engineCountDoesNotChangeAText() throws {
    let several = try LabelRasterizer(font: .systemDefault, pixelSize: 24, engines: 4)
    let one = try LabelRasterizer(font: .systemDefault, pixelSize: 24, engines: 1)
    let measured = Parallel.map(themeNames) { name in
      (
        several.width(of: name), several.advances(of: name),
        several.prepare(name, maxWidth: 100, replacing: nil)
      )
    }
    for (name, (width, advances, prepared)) in zip(themeNames, measured) {
      #expect(width == one.width(of: name))
      #expect(advances == one.advances(of: name))
      #expect(prepared == one.prepare(name, maxWidth: 100, replacing: nil))
      #expect(several.render(name, maxWidth: 100) == one.render(name, maxWidth: 100))
    }
  }

  /// With a lane per thread, the pass chooses what it chooses in one lane, records a lane for
  /// every label, and each label drawn in its lane, lent or rendered, is the mask one engine
  /// renders.
  @Test(arguments: [60, 160])
  func aLanePerThreadChoosesAndDrawsWhatOneLaneDoes(maxWidth: Int) throws {
    let rasterizer = try LabelRasterizer(font: .systemDefault, pixelSize: 24, engines: 2)
    let one = try LabelRasterizer(font: .systemDefault, pixelSize: 24, engines: 1)
    let lanes = (0..<rasterizer.lanes).map { index in
      let lane = rasterizer.lane(index)
      return DistinctLabels.Measures(
        width: { lane.width(of: $0) }, advances: { lane.advances(of: $0) }, cuts: { lane.cuts(of: $0) },
        prepare: { lane.prepare($0, maxWidth: maxWidth, replacing: $1) })
    }
    let pass = DistinctLabels.shownConcurrently(for: themeNames, maxWidth: maxWidth, lanes: lanes)
    let single = DistinctLabels.shownConcurrently(
      for: themeNames, maxWidth: maxWidth, width: { one.width(of: $0) }, advances: { one.advances(of: $0) },
      cuts: { one.cuts(of: $0) }, prepare: { one.prepare($0, maxWidth: maxWidth, replacing: $1) })
    #expect(pass.shown == single)
    #expect(Set(pass.lanes.keys) == Set(themeNames))
    #expect(pass.lanes.values.allSatisfy { (0..<rasterizer.lanes).contains($0) })
    for name in themeNames {
      let text = single[name] ?? name
      let expected = one.render(text, maxWidth: maxWidth)
      let lane = rasterizer.lane(pass.lanes[name] ?? 0)
      let lent = lane.withMask(text, maxWidth: maxWidth) { mask in
        GlyphMask(
          width: mask.width, height: mask.height, coverage: Array(mask.coverage), baseline: mask.baseline,
          wasTruncated: mask.wasTruncated)
      }
      #expect(lent == expected, "\(name)")
      // A repeat of the label is lent from the same fitting.
      #expect(lane.withMask(text, maxWidth: maxWidth) { Array($0.coverage) } == expected.coverage, "\(name)")
    }
  }
}
