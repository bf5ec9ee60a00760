import AssetCheck
import AssetIndex
import AssetMaking
import AssetResolver
import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

@Suite("appicon: app icon sets and Android icons from one master")
struct AppIconSetTests {
  /// A 1024 master: an opaque blue square with a red quarter; `hole` makes its corner transparent.
  private func master(_ tree: Tree, _ name: String = "master.png", side: Int = 1024, hole: Bool = false)
    throws
    -> String
  {
    var image = Bitmap(width: side, height: side, filling: (30, 90, 220, 255))
    for y in 0..<side / 2 {
      for x in 0..<side / 2 { image[x, y] = (220, 30, 30, 255) }
    }
    if hole {
      for y in 0..<8 {
        for x in 0..<8 { image[side - 1 - x, side - 1 - y] = (0, 0, 0, 0) }
      }
    }
    try PNGEncoder.write(image, to: tree.path(name))
    return tree.path(name)
  }

  private func listing(_ root: String) -> [String: Data] {
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: root)
    while let name = walker?.nextObject() as? String {
      files[name] = FileManager.default.contents(atPath: root + "/" + name)
    }
    return files
  }

  private func slots(_ path: String) throws -> [SlotTraits] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path + "/Contents.json"))
    let document = try ContentsDocument(parsing: Array(data), path: path)
    return (document.images ?? []).map { image in
      var traits = SlotTraits(
        idiom: image["idiom"]?.text, scale: image["scale"]?.text.flatMap { Int($0.dropLast()) },
        size: image["size"]?.text.map { text in
          let parts = text.split(separator: "x").map { Double($0)! }
          return PointSize(width: parts[0], height: parts[1])
        })
      traits.platform = image["platform"]?.text
      traits.role = image["role"]?.text
      traits.subtype = image["subtype"]?.text
      if case .array(let list)? = image["appearances"], let value = list.first?["value"]?.text {
        traits.appearances = ["luminosity": value]
      }
      return traits
    }
  }

  /// Every platform in both forms, in three sets (each 1024 costs seconds in a debug build).
  static let choices: [([AppIconPlatform], AppIconSetForm)] = [
    ([.ios, .macos, .watchos], .allSizes), ([.ios, .watchos], .singleSize), ([.macos], .singleSize),
  ]

  @Test(arguments: choices)
  func everySlotOfTheTableWithFilesOfTheRightSizeAndCheckFindsNothing(
    platforms: [AppIconPlatform], form: AppIconSetForm
  ) throws {
    let tree = Tree()
    let master = try master(tree)
    let output = tree.path("App/Assets.xcassets/AppIcon.appiconset")
    let result = try AppIconSetBuilder.build(
      master: master, output: output, options: AppIconOptions(platforms: platforms, form: form))
    var expected: [AppIconSlotSpec] = []
    for platform in [AppIconPlatform.ios, .macos, .watchos] where platforms.contains(platform) {
      let tableForm: AppIconForm =
        platform == .macos ? .classic : form == .singleSize ? .singleSize : .universalAllSizes
      expected += AppIconTable.slots(for: platform, form: tableForm)
    }
    let written = try slots(output)
    #expect(written.count == expected.count)
    for (traits, spec) in zip(written, expected) { #expect(spec.matches(traits), "\(traits) is not \(spec)") }
    for file in result.files {
      let header = try PNGHeader.probe(contentsOf: output + "/" + file.fileName)
      #expect(header.width == file.slot.pixelWidth && header.height == file.slot.pixelHeight)
      // The App Store icon and iOS/watchOS icons carry no alpha; the Mac's keep theirs.
      #expect(header.colorType.hasAlpha == !file.isFlattened, "\(file.fileName)")
      #expect(file.isFlattened == (file.slot.platform != .macos && file.slot.appearance == nil))
    }
    let report = AssetChecker.check(roots: [tree.path("App")], configuration: CheckConfiguration())
    #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
  }

  @Test func singleSizeWritesDarkAndTintedOrLeavesTheirSlotsEmpty() throws {
    let tree = Tree()
    let master = try master(tree)
    let dark = try self.master(tree, "dark.png", hole: true)
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    let plain = try AppIconSetBuilder.build(master: master, output: output, options: AppIconOptions())
    #expect(plain.files.map(\.fileName) == ["AppIcon-ios-1024.png"])
    #expect(try slots(output).map(\.luminosity) == [nil, "dark", "tinted"])
    let both = try AppIconSetBuilder.build(
      master: master, output: output, options: AppIconOptions(dark: dark, tinted: master))
    #expect(
      both.files.map(\.fileName) == [
        "AppIcon-ios-1024.png", "AppIcon-ios-1024-dark.png", "AppIcon-ios-1024-tinted.png",
      ])
    // Dark keeps its transparency.
    let darkImage = try PNGDecoder.decode(contentsOf: output + "/AppIcon-ios-1024-dark.png")
    #expect(darkImage[1023, 1023].3 == 0)
    #expect(
      AssetChecker.check(roots: [tree.path("A.xcassets")], configuration: CheckConfiguration()).findings
        .isEmpty)
  }

  @Test func transparencyIsReportedAndFlattenedOnTheBackground() throws {
    let tree = Tree()
    let master = try master(tree, hole: true)
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    let result = try AppIconSetBuilder.build(
      master: master, output: output,
      options: AppIconOptions(background: IconBackground(parsing: "#00FF00")!))
    #expect(result.warnings.count == 1)
    #expect(result.warnings.first?.contains("64 of 1048576 pixels are not opaque") == true)
    let icon = try PNGDecoder.decode(contentsOf: output + "/AppIcon-ios-1024.png")
    #expect(icon[1023, 1023] == (0, 255, 0, 255))
    #expect(icon[0, 0] == (220, 30, 30, 255))
  }

  @Test(arguments: [(1000, 1000, "1000 × 1000 px"), (1024, 1000, "not square")])
  func badMasterIsRefusedBeforeAnythingIsWritten(width: Int, height: Int, words: String) throws {
    let tree = try Tree().png("m.png", width, height)
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    #expect {
      try AppIconSetBuilder.build(master: tree.path("m.png"), output: output, options: AppIconOptions())
    } throws: { error in
      (error as? MakingError)?.code == .badData && "\(error)".contains(words)
    }
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func vectorMasterIsRenderedAt1024AndANonSquareOneRefused() throws {
    let svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\">"
      + "<rect width=\"64\" height=\"32\" fill=\"#ff0000\"/><rect y=\"32\" width=\"64\" height=\"32\" fill=\"#0000ff\"/></svg>"
    let tree = Tree().text("m.svg", svg).text(
      "wide.svg", svg.replacingOccurrences(of: "height=\"64\"", with: "height=\"40\""))
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    _ = try AppIconSetBuilder.build(master: tree.path("m.svg"), output: output, options: AppIconOptions())
    let icon = try PNGDecoder.decode(contentsOf: output + "/AppIcon-ios-1024.png")
    #expect(icon.width == 1024 && icon[512, 100] == (255, 0, 0, 255) && icon[512, 900] == (0, 0, 255, 255))
    #expect {
      try AppIconSetBuilder.build(master: tree.path("wide.svg"), output: output, options: AppIconOptions())
    } throws: { error in
      (error as? MakingError)?.code == .badData && "\(error)".contains("not square")
    }
  }

  @Test func reRunIsByteIdenticalAndRemovesOnlyWhatItWrote() throws {
    let tree = Tree()
    let master = try master(tree)
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    let all = AppIconOptions(platforms: [.ios, .macos], form: .allSizes)
    _ = try AppIconSetBuilder.build(master: master, output: output, options: all)
    let first = listing(output)
    _ = try AppIconSetBuilder.build(master: master, output: output, options: all)
    #expect(listing(output) == first)
    // A file someone else put there survives a regeneration; an earlier run's files that
    // the new set lacks do not.
    try Data([1]).write(to: URL(fileURLWithPath: output + "/notes.txt"))
    let single = try AppIconSetBuilder.build(master: master, output: output, options: AppIconOptions())
    #expect(single.kept == ["notes.txt"])
    #expect(single.removed.count == first.count - 2)
    #expect(Set(listing(output).keys) == ["AppIcon-ios-1024.png", "Contents.json", "notes.txt"])
  }

  @Test func aSetItDidNotWriteNeedsForce() throws {
    let tree = try Tree().png("A.xcassets/AppIcon.appiconset/icon.png", 1024, 1024)
      .contents(
        "A.xcassets/AppIcon.appiconset",
        [slot("icon.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x")])
    let master = try master(tree)
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    let before = listing(output)
    #expect {
      try AppIconSetBuilder.build(master: master, output: output, options: AppIconOptions())
    } throws: { error in
      (error as? MakingError)?.code == .exists
    }
    #expect(listing(output) == before)
    let forced = try AppIconSetBuilder.build(
      master: master, output: output, options: AppIconOptions(force: true))
    #expect(forced.kept == ["icon.png"])
  }

  @Test func androidLauncherIconsAtEachDensity() throws {
    let tree = Tree()
    let master = try master(tree)
    let output = tree.path("app/src/main")
    let result = try AndroidIconBuilder.build(master: master, output: output, force: false)
    let sizes = Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.pixels) })
    #expect(
      sizes == [
        "res/mipmap-mdpi/ic_launcher.png": 48, "res/mipmap-hdpi/ic_launcher.png": 72,
        "res/mipmap-xhdpi/ic_launcher.png": 96, "res/mipmap-xxhdpi/ic_launcher.png": 144,
        "res/mipmap-xxxhdpi/ic_launcher.png": 192, "ic_launcher-playstore.png": 512,
      ])
    for (path, side) in sizes {
      let header = try PNGHeader.probe(contentsOf: output + "/" + path)
      #expect(header.width == side && header.height == side)
    }
    let first = listing(output)
    _ = try AndroidIconBuilder.build(master: master, output: output, force: false)
    #expect(listing(output) == first)
    let other = try self.master(tree, "other.png", hole: true)
    #expect(throws: MakingError.self) {
      try AndroidIconBuilder.build(master: other, output: output, force: false)
    }
    #expect(listing(output) == first)
    let forced = try AndroidIconBuilder.build(master: other, output: output, force: true)
    #expect(forced.replaced.count == 6)
  }

  @Test func tvAndVisionHaveNoSlotsInTheSet() throws {
    let layout = try AppIconSetBuilder.layout(
      setName: "AppIcon", options: AppIconOptions(platforms: [.ios, .tvos, .visionos]))
    #expect(layout.files.map(\.fileName) == ["AppIcon-ios-1024.png"])
  }
}
