import AssetCheck
import AssetIndex
import AssetMaking
import AssetResolver
import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

@Suite("appicon: tvOS brand assets and visionOS solid image stacks")
struct LayeredAppIconTests {
  /// A 1024 master: a blue disc (with a yellow bar) on transparency, or on green when `opaque`.
  private func master(_ tree: Tree, _ name: String = "master.png", opaque: Bool = false) throws -> String {
    var image = Bitmap(width: 1024, height: 1024, filling: opaque ? (20, 160, 90, 255) : (0, 0, 0, 0))
    for y in 0..<1024 {
      for x in 0..<1024 {
        let dx = x - 512
        let dy = y - 512
        if dx * dx + dy * dy < 400 * 400 { image[x, y] = (40, 110, 230, 255) }
        if abs(dx) < 100, abs(dy) < 200 { image[x, y] = (250, 200, 40, 255) }
      }
    }
    try PNGEncoder.write(image, to: tree.path(name))
    return tree.path(name)
  }

  private func name(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }

  private func text(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  private func listing(_ root: String) -> [String: Data] {
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: root)
    while let name = walker?.nextObject() as? String {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder)
      files[name] = isFolder.boolValue ? Data() : FileManager.default.contents(atPath: root + "/" + name)
    }
    return files
  }

  private static let info = """
      "info" : {
        "author" : "xcode",
        "version" : 1
      }
    """

  @Test func visionStackIsXcodesTreeWithAnOpaqueBackAndTheMasterInFront() throws {
    let tree = Tree()
    let master = try master(tree)
    let catalog = tree.path("App/Assets.xcassets")
    let result = try AppIconSetBuilder.build(
      master: master, output: catalog + "/AppIcon.appiconset",
      options: AppIconOptions(platforms: [.visionos], background: IconBackground(parsing: "#102030")!))
    // No app icon set: only visionOS was asked.
    #expect(!FileManager.default.fileExists(atPath: catalog + "/AppIcon.appiconset"))
    #expect(result.files.isEmpty)
    let stack = catalog + "/AppIcon.solidimagestack"
    #expect(
      Set(listing(stack).keys) == [
        "Contents.json", "Front.solidimagestacklayer", "Back.solidimagestacklayer",
        "Front.solidimagestacklayer/Contents.json", "Back.solidimagestacklayer/Contents.json",
        "Front.solidimagestacklayer/Content.imageset", "Back.solidimagestacklayer/Content.imageset",
        "Front.solidimagestacklayer/Content.imageset/Contents.json",
        "Back.solidimagestacklayer/Content.imageset/Contents.json",
        "Front.solidimagestacklayer/Content.imageset/AppIcon-vision-512@2x-front.png",
        "Back.solidimagestacklayer/Content.imageset/AppIcon-vision-512@2x-back.png",
      ])
    #expect(
      try text(stack + "/Contents.json") == """
        {
        \(Self.info),
          "layers" : [
            {
              "filename" : "Front.solidimagestacklayer"
            },
            {
              "filename" : "Back.solidimagestacklayer"
            }
          ]
        }

        """)
    #expect(try text(stack + "/Back.solidimagestacklayer/Contents.json") == "{\n\(Self.info)\n}\n")
    #expect(
      try text(stack + "/Back.solidimagestacklayer/Content.imageset/Contents.json") == """
        {
          "images" : [
            {
              "filename" : "AppIcon-vision-512@2x-back.png",
              "idiom" : "vision",
              "scale" : "2x"
            }
          ],
        \(Self.info)
        }

        """)
    let back = stack + "/Back.solidimagestacklayer/Content.imageset/AppIcon-vision-512@2x-back.png"
    let front = stack + "/Front.solidimagestacklayer/Content.imageset/AppIcon-vision-512@2x-front.png"
    #expect(try PNGHeader.probe(contentsOf: back).colorType.hasAlpha == false)
    let backImage = try PNGDecoder.decode(contentsOf: back)
    #expect(backImage.width == 1024 && backImage.height == 1024)
    #expect(backImage[0, 0] == (16, 32, 48, 255) && backImage[512, 512] == (16, 32, 48, 255))
    // The front is the master on the whole canvas, its transparency kept.
    let frontImage = try PNGDecoder.decode(contentsOf: front)
    #expect(frontImage.width == 1024 && frontImage[5, 5].3 == 0)
    #expect(frontImage[512, 512] == (250, 200, 40, 255) && frontImage[512, 200] == (40, 110, 230, 255))
    #expect(result.layered.map(\.isOpaque) == [false, true])
    let report = AssetChecker.check(roots: [tree.path("App")], configuration: CheckConfiguration())
    #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
  }

  @Test func anOpaqueMasterIsTheBackLayerBehindAnEmptyFront() throws {
    let tree = Tree()
    let master = try master(tree, opaque: true)
    let catalog = tree.path("A.xcassets")
    _ = try AppIconSetBuilder.build(
      master: master, output: catalog + "/AppIcon.appiconset", options: AppIconOptions(platforms: [.visionos])
    )
    let layer =
      catalog
      + "/AppIcon.solidimagestack/%@.solidimagestacklayer/Content.imageset/AppIcon-vision-512@2x-%@.png"
    let back = try PNGDecoder.decode(contentsOf: String(format: layer, "Back", "back"))
    #expect(back[3, 3] == (20, 160, 90, 255) && back[512, 512] == (250, 200, 40, 255))
    let front = try PNGDecoder.decode(contentsOf: String(format: layer, "Front", "front"))
    #expect(stride(from: 3, to: front.pixels.count, by: 4).allSatisfy { front.pixels[$0] == 0 })
  }

  /// Every tvOS file in one run (a debug build spends most of a minute on the 4640-px top shelf).
  @Test func tvBrandAssetsHaveXcodesGroupStacksAndTopShelfImages() throws {
    let tree = Tree()
    let master = try master(tree)
    let catalog = tree.path("TV/Assets.xcassets")
    let result = try AppIconSetBuilder.build(
      master: master, output: catalog + "/AppIcon.appiconset",
      options: AppIconOptions(platforms: [.ios, .tvos]))
    #expect(result.files.map(\.fileName) == ["AppIcon-ios-1024.png"])
    let group = catalog + "/App Icon & Top Shelf Image.brandassets"
    func asset(_ file: String, _ role: String, _ size: String) -> String {
      """
          {
            "filename" : "\(file)",
            "idiom" : "tv",
            "role" : "\(role)",
            "size" : "\(size)"
          }
      """
    }
    let assets = [
      asset("App Icon - App Store.imagestack", "primary-app-icon", "1280x768"),
      asset("App Icon.imagestack", "primary-app-icon", "400x240"),
      asset("Top Shelf Image Wide.imageset", "top-shelf-image-wide", "2320x720"),
      asset("Top Shelf Image.imageset", "top-shelf-image", "1920x720"),
    ]
    #expect(
      try text(group + "/Contents.json")
        == "{\n  \"assets\" : [\n\(assets.joined(separator: ",\n"))\n  ],\n\(Self.info)\n}\n")
    #expect(
      try text(group + "/App Icon.imagestack/Contents.json") == """
        {
        \(Self.info),
          "layers" : [
            {
              "filename" : "Front.imagestacklayer"
            },
            {
              "filename" : "Back.imagestacklayer"
            }
          ]
        }

        """)
    #expect(
      try text(group + "/App Icon.imagestack/Back.imagestacklayer/Content.imageset/Contents.json") == """
        {
          "images" : [
            {
              "filename" : "AppIcon-tv-400x240-back.png",
              "idiom" : "tv",
              "scale" : "1x"
            },
            {
              "filename" : "AppIcon-tv-400x240@2x-back.png",
              "idiom" : "tv",
              "scale" : "2x"
            }
          ],
        \(Self.info)
        }

        """)
    // The App Store stack's slots are scale-less, as Xcode writes them.
    #expect(
      try text(
        group + "/App Icon - App Store.imagestack/Front.imagestacklayer/Content.imageset/Contents.json")
          == """
          {
            "images" : [
              {
                "filename" : "AppIcon-tv-1280x768-front.png",
                "idiom" : "tv"
              }
            ],
          \(Self.info)
          }

          """)
    let sizes = Dictionary(uniqueKeysWithValues: result.layered.map { (name($0.path), $0) })
    let expected: [String: (Int, Int, Bool)] = [
      "AppIcon-tv-1280x768-front.png": (1280, 768, false), "AppIcon-tv-1280x768-back.png": (1280, 768, true),
      "AppIcon-tv-400x240-front.png": (400, 240, false), "AppIcon-tv-400x240-back.png": (400, 240, true),
      "AppIcon-tv-400x240@2x-front.png": (800, 480, false),
      "AppIcon-tv-400x240@2x-back.png": (800, 480, true),
      "AppIcon-tv-2320x720.png": (2320, 720, true), "AppIcon-tv-2320x720@2x.png": (4640, 1440, true),
      "AppIcon-tv-1920x720.png": (1920, 720, true), "AppIcon-tv-1920x720@2x.png": (3840, 1440, true),
    ]
    #expect(Set(sizes.keys) == Set(expected.keys))
    for file in result.layered {
      let header = try PNGHeader.probe(contentsOf: catalog + "/" + file.path)
      let want = expected[name(file.path)]
      #expect(header.width == want?.0 && header.height == want?.1, "\(file.path)")
      #expect(header.colorType.hasAlpha == !(want?.2 ?? false), "\(file.path)")
    }
    // The front: the master centred at 70 % of the canvas height, transparent around it.
    let front = try PNGDecoder.decode(
      contentsOf: group
        + "/App Icon.imagestack/Front.imagestacklayer/Content.imageset/AppIcon-tv-400x240@2x-front.png")
    #expect(front[400, 240] == (250, 200, 40, 255) && front[100, 240].3 == 0 && front[400, 40].3 == 0)
    #expect(front[400, 240 - 110] == (40, 110, 230, 255))
    // The top shelf: the master centred on the background.
    let shelf = try PNGDecoder.decode(contentsOf: group + "/Top Shelf Image.imageset/AppIcon-tv-1920x720.png")
    #expect(shelf[960, 360] == (250, 200, 40, 255) && shelf[100, 360] == (255, 255, 255, 255))
    let report = AssetChecker.check(roots: [tree.path("TV")], configuration: CheckConfiguration())
    #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
  }

  @Test func reRunIsByteIdenticalAndDropsTheLayerTheNewStackLacks() throws {
    let tree = Tree()
    let master = try master(tree)
    let middle = try self.master(tree, "middle.png")
    let back = try self.master(tree, "back.png", opaque: true)
    let catalog = tree.path("A.xcassets")
    let output = catalog + "/AppIcon.appiconset"
    let three = AppIconOptions(platforms: [.visionos], layers: [master, middle, back])
    _ = try AppIconSetBuilder.build(master: master, output: output, options: three)
    let first = listing(catalog)
    #expect(
      first.keys.contains(
        "AppIcon.solidimagestack/Middle.solidimagestacklayer/Content.imageset/Contents.json"))
    _ = try AppIconSetBuilder.build(master: master, output: output, options: three)
    #expect(listing(catalog) == first)
    // A file someone else put in the stack stays; the Middle layer the new stack lacks goes.
    try Data([1]).write(to: URL(fileURLWithPath: catalog + "/AppIcon.solidimagestack/notes.txt"))
    let two = try AppIconSetBuilder.build(
      master: master, output: output, options: AppIconOptions(platforms: [.visionos]))
    #expect(two.layeredKept == ["AppIcon.solidimagestack/notes.txt"])
    #expect(two.layeredRemoved.count == 3)
    #expect(
      !FileManager.default.fileExists(
        atPath: catalog + "/AppIcon.solidimagestack/Middle.solidimagestacklayer"))
    #expect(
      try text(catalog + "/AppIcon.solidimagestack/Contents.json").contains("Middle") == false)
  }

  @Test func xcodesEmptyTemplateIsFilledButAStackOfOthersNeedsForce() throws {
    // Xcode's new-target template: layers with scale slots and no files (like SwiftGen's
    // `Stack (tvOS).imagestack` fixture).
    let stack = "A.xcassets/AppIcon.solidimagestack"
    let tree = Tree()
      .text("\(stack)/Contents.json", "{\"layers\":[{\"filename\":\"Back.solidimagestacklayer\"}]}")
      .contents(
        "\(stack)/Back.solidimagestacklayer/Content.imageset", [slot(nil, idiom: "vision", scale: "2x")]
      )
      .contents(
        "\(stack)/Middle.solidimagestacklayer/Content.imageset", [slot(nil, idiom: "vision", scale: "2x")]
      )
      .text("\(stack)/Middle.solidimagestacklayer/Contents.json", "{}")
    let master = try master(tree)
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    _ = try AppIconSetBuilder.build(
      master: master, output: output, options: AppIconOptions(platforms: [.visionos]))
    #expect(
      FileManager.default.fileExists(atPath: tree.path("\(stack)/Front.solidimagestacklayer/Contents.json")))
    // The template's empty Middle layer, which the new stack does not list, is gone.
    #expect(!FileManager.default.fileExists(atPath: tree.path("\(stack)/Middle.solidimagestacklayer")))
    // Someone's own layer image: refused without --force, and nothing changes.
    let own = "\(stack)/Back.solidimagestacklayer/Content.imageset"
    _ = try tree.png("\(own)/mine.png", 1024, 1024).contents(
      own, [slot("mine.png", idiom: "vision", scale: "2x")])
    let before = listing(tree.path("A.xcassets"))
    #expect {
      try AppIconSetBuilder.build(
        master: master, output: output, options: AppIconOptions(platforms: [.visionos]))
    } throws: { error in
      (error as? MakingError)?.code == .exists && "\(error)".contains("mine.png")
    }
    #expect(listing(tree.path("A.xcassets")) == before)
    let forced = try AppIconSetBuilder.build(
      master: master, output: output, options: AppIconOptions(platforms: [.visionos], force: true))
    #expect(forced.layeredKept == ["\(own)/mine.png".replacingOccurrences(of: "A.xcassets/", with: "")])
  }

  @Test(arguments: [
    ("m.png", 1000, 1000, [String](), "1000 × 1000 px"),
    ("layer.png", 1280, 768, ["layer.png", "layer.png"], "canvas's aspect: 1024 × 1024"),
    ("layer.png", 512, 512, ["layer.png", "layer.png"], "never enlarges"),
  ])
  func badInputIsRefusedBeforeAnythingIsWritten(
    file: String, width: Int, height: Int, layers: [String], words: String
  ) throws {
    let tree = try Tree().png(file, width, height)
    let master = file == "m.png" ? tree.path("m.png") : try self.master(tree)
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    #expect {
      try AppIconSetBuilder.build(
        master: master, output: output,
        options: AppIconOptions(platforms: [.ios, .visionos], layers: layers.map { tree.path($0) }))
    } throws: { error in
      (error as? MakingError)?.code == .badData && "\(error)".contains(words)
    }
    #expect(!FileManager.default.fileExists(atPath: tree.path("A.xcassets")))
  }

  @Test func layersNeedOnePlatformAndTwoOrThreeFiles() throws {
    let tree = Tree()
    let master = try master(tree)
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    for (platforms, count) in [([AppIconPlatform.tvos, .visionos], 2), ([.visionos], 1), ([.ios], 2)] {
      #expect {
        try AppIconSetBuilder.build(
          master: master, output: output,
          options: AppIconOptions(platforms: platforms, layers: Array(repeating: master, count: count)))
      } throws: { error in
        (error as? MakingError)?.code == .unsupported
      }
    }
    #expect(!FileManager.default.fileExists(atPath: tree.path("A.xcassets")))
  }

  @Test(arguments: [(1920, 720, "never enlarges"), (2000, 720, "canvas's aspect: 3840 × 1440")])
  func aTopShelfFileTooSmallOrOfAnotherAspectIsRefused(width: Int, height: Int, words: String) throws {
    let tree = try Tree().png("shelf.png", width, height)
    let master = try master(tree)
    #expect {
      try AppIconSetBuilder.build(
        master: master, output: tree.path("A.xcassets/AppIcon.appiconset"),
        options: AppIconOptions(platforms: [.tvos], topShelf: tree.path("shelf.png")))
    } throws: { error in
      (error as? MakingError)?.code == .badData && "\(error)".contains(words)
        && "\(error)".contains("shelf.png")
    }
    #expect(!FileManager.default.fileExists(atPath: tree.path("A.xcassets")))
  }

  @Test func givenTVLayersAndTopShelfFilesFillTheirCanvasesAndTheBackIsFlattened() throws {
    var front = Bitmap(width: 1280, height: 768)
    for y in 300..<468 {
      for x in 500..<780 { front[x, y] = (230, 60, 60, 255) }
    }
    var back = Bitmap(width: 1280, height: 768, filling: (60, 60, 160, 255))
    for y in 0..<64 {
      for x in 0..<64 { back[x, y] = (0, 0, 0, 0) }
    }
    let tree = Tree()
    try PNGEncoder.write(front, to: tree.path("front.png"))
    try PNGEncoder.write(back, to: tree.path("back.png"))
    try PNGEncoder.write(
      Bitmap(width: 3840, height: 1440, filling: (200, 120, 30, 255)), to: tree.path("shelf.png"))
    try PNGEncoder.write(
      Bitmap(width: 4640, height: 1440, filling: (30, 120, 200, 255)), to: tree.path("wide.png"))
    let master = try master(tree)
    let catalog = tree.path("A.xcassets")
    let result = try AppIconSetBuilder.build(
      master: master, output: catalog + "/AppIcon.appiconset",
      options: AppIconOptions(
        platforms: [.tvos], background: IconBackground(parsing: "black")!,
        layers: [tree.path("front.png"), tree.path("back.png")], topShelf: tree.path("shelf.png"),
        topShelfWide: tree.path("wide.png")))
    #expect(result.warnings.count == 1 && result.warnings[0].contains("the back layer must be opaque"))
    let stack = catalog + "/App Icon & Top Shelf Image.brandassets/App Icon.imagestack"
    let small = try PNGDecoder.decode(
      contentsOf: stack + "/Back.imagestacklayer/Content.imageset/AppIcon-tv-400x240-back.png")
    #expect(small[2, 2] == (0, 0, 0, 255) && small[200, 120] == (60, 60, 160, 255))
    let big = try PNGDecoder.decode(
      contentsOf: stack + "/Front.imagestacklayer/Content.imageset/AppIcon-tv-400x240@2x-front.png")
    #expect(big[400, 240] == (230, 60, 60, 255) && big[100, 100].3 == 0)
    let wide = try PNGDecoder.decode(
      contentsOf: catalog
        + "/App Icon & Top Shelf Image.brandassets/Top Shelf Image Wide.imageset/AppIcon-tv-2320x720.png")
    #expect(wide.width == 2320 && wide[1160, 360] == (30, 120, 200, 255))
    let report = AssetChecker.check(roots: [catalog], configuration: CheckConfiguration())
    #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
  }
}
