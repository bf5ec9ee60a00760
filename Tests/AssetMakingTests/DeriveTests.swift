import AssetCheck
import AssetMaking
import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Small trees: each real structure derive meets, in a few pixels.
@Suite("derive: plans and makes missing scales")
struct DeriveTests {
  private func plan(_ tree: Tree, _ options: DeriveOptions = DeriveOptions()) throws -> DerivePlan {
    try DerivePlan.plan(roots: [tree.root], options: options)
  }

  private func text(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  private func listing(_ root: String) -> [String: Data] {
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: root)
    while let name = walker?.nextObject() as? String {
      // Folders are listed without contents: Foundation leaks its read buffer when asked
      // for a folder's contents.
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder) else {
        continue
      }
      files[name] = isFolder.boolValue ? Data() : FileManager.default.contents(atPath: root + "/" + name)
    }
    return files
  }

  @Test func looseFileGetsItsAt2xBesideItKeepingTheIdiom() throws {
    let tree = try Tree().png("icons/star@3x.png", 90, 60).png("icons/star@2x~ipad.png", 40, 40)
    let steps = try plan(tree, DeriveOptions(check: CheckConfiguration(requiredScales: [1, 2, 3]))).steps
    let targets = steps.map(\.target).sorted()
    #expect(targets == ["icons/star.png", "icons/star@2x.png", "icons/star~ipad.png"])
    let twoX = try #require(steps.first { $0.target == "icons/star@2x.png" })
    #expect(twoX.source == "icons/star@3x.png" && twoX.status == .make)
    #expect(twoX.targetWidth == 60 && twoX.targetHeight == 40)
    #expect(steps.first { $0.target == "icons/star~ipad.png" }?.source == "icons/star@2x~ipad.png")
  }

  @Test func planChangesNothingAndWriteMakesExactSizes() throws {
    let tree = try Tree().png("a@3x.png", 100, 50)
    let before = listing(tree.root)
    let made = try plan(tree, DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3])))
    #expect(listing(tree.root) == before)
    let step = try #require(made.steps.first)
    // 100 px @3x is 33.33 pt; @2x is 66.67 px, which rounds to 67.
    #expect(step.targetWidth == 67 && step.targetHeight == 33)
    _ = try made.execute(options: DeriveOptions())
    let image = try PNGDecoder.decode(contentsOf: tree.path("a@2x.png"))
    #expect(image.width == 67 && image.height == 33)
    #expect(image[10, 10] == (40, 90, 200, 255))
  }

  @Test func neverEnlarges() throws {
    let tree = try Tree().png("a@2x.png", 20, 20)
    let steps = try plan(tree, DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3]))).steps
    #expect(steps.count == 1)
    #expect(steps.first?.status == .cannot("would enlarge: the best source is @2x"))
    #expect(
      try plan(tree, DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3]))).makeable.isEmpty)
  }

  @Test func fromChoosesTheSourceScale() throws {
    let tree = try Tree().png("a@3x.png", 30, 30).png("a@2x.png", 20, 20)
    let options = DeriveOptions(source: .scale(2), check: CheckConfiguration(requiredScales: [1, 2, 3]))
    let step = try #require(try plan(tree, options).steps.first)
    #expect(step.source == "a@2x.png" && step.targetWidth == 10)
    let missing = DeriveOptions(source: .scale(1), check: CheckConfiguration(requiredScales: [1, 2, 3]))
    #expect(try plan(tree, missing).steps.first?.status == .cannot("no @1x PNG to make it from (--from 1x)"))
    let vector = DeriveOptions(source: .vector, check: CheckConfiguration(requiredScales: [1, 2, 3]))
    #expect(
      try plan(tree, vector).steps.first?.status == .cannot("no PDF or SVG to render it from (--from vector)")
    )
  }

  @Test func fromVectorDrawsTheSetsSVGAtTheTargetSize() throws {
    let svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30\" height=\"20\">"
      + "<rect width=\"30\" height=\"20\" fill=\"#00ff00\"/></svg>"
    let tree = try Tree().text("A.xcassets/i.imageset/i.svg", svg).png(
      "A.xcassets/i.imageset/i@3x.png", 90, 60
    )
    .contents("A.xcassets/i.imageset", [slot("i.svg", scale: nil), slot("i@3x.png", scale: "3x")])
    let options = DeriveOptions(source: .vector, check: CheckConfiguration(requiredScales: [2, 3]))
    let made = try plan(tree, options)
    let step = try #require(made.steps.first)
    #expect(step.source == "A.xcassets/i.imageset/i.svg" && step.targetWidth == 60 && step.targetHeight == 40)
    _ = try made.execute(options: options)
    let image = try PNGDecoder.decode(contentsOf: tree.path("A.xcassets/i.imageset/i@2x.png"))
    #expect(image.width == 60 && image[30, 20] == (0, 255, 0, 255))
    #expect(AssetChecker.check(roots: [tree.root], configuration: options.check).findings.isEmpty)
  }

  @Test func toLimitsTheRequiredScales() throws {
    let tree = try Tree().png("a@3x.png", 30, 30)
    let options = DeriveOptions(scales: [2], check: CheckConfiguration(requiredScales: [1, 2, 3]))
    #expect(try plan(tree, options).steps.map(\.targetScale) == [2])
    // A scale nothing requires is never planned, whatever --to says.
    let unused = DeriveOptions(scales: [1], check: CheckConfiguration(requiredScales: [2, 3]))
    #expect(try plan(tree, unused).steps.isEmpty)
  }

  @Test func existingFileNeedsForce() throws {
    let tree = try Tree().png("s.xcassets/a.imageset/a@3x.png", 30, 30).png(
      "s.xcassets/a.imageset/a@2x.png", 5, 5
    )
    .contents("s.xcassets/a.imageset", [slot("a@3x.png", scale: "3x"), slot(nil, scale: "2x")])
    let options = DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3]))
    #expect(try plan(tree, options).steps.first?.status == .exists)
    var forced = options
    forced.force = true
    let made = try plan(tree, forced)
    #expect(made.steps.first?.status == .make)
    _ = try made.execute(options: forced)
    #expect(try PNGDecoder.decode(contentsOf: tree.path("s.xcassets/a.imageset/a@2x.png")).width == 20)
  }

  @Test func imageSetSlotIsFilledKeepingEveryOtherKeyAndTheOrder() throws {
    let contents = """
      {
        "images" : [
          {
            "filename" : "icon@3x.png",
            "idiom" : "universal",
            "scale" : "3x"
          },
          {
            "idiom" : "universal",
            "scale" : "2x",
            "x-vendor" : "kept"
          }
        ],
        "properties" : {
          "template-rendering-intent" : "template"
        },
        "info" : {
          "version" : 1,
          "author" : "xcode"
        }
      }

      """
    let tree = try Tree().png("A.xcassets/icon.imageset/icon@3x.png", 36, 36).text(
      "A.xcassets/icon.imageset/Contents.json", contents)
    let made = try plan(tree, DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3])))
    #expect(made.steps.count == 1)
    let result = try made.execute(options: DeriveOptions())
    #expect(result.contentsFiles == ["A.xcassets/icon.imageset/Contents.json"])
    let expected = contents.replacingOccurrences(
      of: "      \"idiom\" : \"universal\",\n      \"scale\" : \"2x\",",
      with:
        "      \"filename\" : \"icon@2x.png\",\n      \"idiom\" : \"universal\",\n      \"scale\" : \"2x\",")
    #expect(expected != contents)
    #expect(try text(tree.path("A.xcassets/icon.imageset/Contents.json")) == expected)
    // Idempotent: nothing is left to make, and check agrees.
    #expect(try plan(tree, DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3]))).steps.isEmpty)
    let report = AssetChecker.check(
      roots: [tree.root], configuration: CheckConfiguration(requiredScales: [2, 3]))
    #expect(report.findings.isEmpty, "\(report.findings)")
  }

  @Test func missingSlotIsAddedBesideItsGroupAsACopyOfTheSourceSlot() throws {
    let contents = """
      {
        "images" : [
          {
            "filename" : "logo~dark@3x.png",
            "appearances" : [
              {
                "appearance" : "luminosity",
                "value" : "dark"
              }
            ],
            "idiom" : "universal",
            "scale" : "3x"
          },
          {
            "filename" : "logo@3x.png",
            "idiom" : "universal",
            "scale" : "3x"
          }
        ],
        "info" : {
          "author" : "xcode",
          "version" : 1
        }
      }

      """
    let tree = try Tree().png("A.xcassets/logo.imageset/logo@3x.png", 30, 30)
      .png("A.xcassets/logo.imageset/logo~dark@3x.png", 30, 30, color: (0, 0, 0, 255))
      .text("A.xcassets/logo.imageset/Contents.json", contents)
    let options = DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3]))
    let made = try plan(tree, options)
    #expect(made.steps.count == 2)
    _ = try made.execute(options: options)
    let data = try Data(contentsOf: URL(fileURLWithPath: tree.path("A.xcassets/logo.imageset/Contents.json")))
    let document = try ContentsDocument(parsing: Array(data), path: "Contents.json")
    let files = (document.images ?? []).map { $0["filename"]?.text ?? "-" }
    // Scales ascending within each group, as Xcode lists them.
    #expect(files == ["logo~dark@2x.png", "logo~dark@3x.png", "logo@2x.png", "logo@3x.png"])
    // The copy keeps the dark appearance and the source slot's key order.
    #expect(document.images?[0]["appearances"] == document.images?[1]["appearances"])
    guard case .object(let members)? = document.images?[0] else { return }
    #expect(members.map(\.0) == ["filename", "appearances", "idiom", "scale"])
    let dark = try PNGDecoder.decode(contentsOf: tree.path("A.xcassets/logo.imageset/logo~dark@2x.png"))
    #expect(dark.width == 20 && dark[5, 5] == (0, 0, 0, 255))
    #expect(AssetChecker.check(roots: [tree.root], configuration: options.check).findings.isEmpty)
  }

  /// MailExample's sets keep their @2x image in `Archive Icon.png`: the @1x must not be
  /// written over it.
  @Test func aDerivedNameNeverTakesAnotherSlotsFile() throws {
    let tree = try Tree().png("A.xcassets/a.imageset/Archive Icon.png", 20, 20)
      .contents("A.xcassets/a.imageset", [slot(nil, scale: "1x"), slot("Archive Icon.png", scale: "2x")])
    let step = try #require(
      try plan(tree, DeriveOptions(check: CheckConfiguration(requiredScales: [1, 2]))).steps.first)
    #expect(step.target == "A.xcassets/a.imageset/Archive Icon@1x.png")
    #expect(step.status == .make)
  }

  @Test func readOnlySetLeavesEverythingAsItWas() throws {
    guard getuid() != 0 else {
      // Root writes into read-only folders; the failure is made another way below.
      let tree = try Tree().png("A.xcassets/a.imageset/a@3x.png", 30, 30)
        .contents("A.xcassets/a.imageset", [slot("a@3x.png", scale: "3x"), slot(nil, scale: "2x")])
        .png("b@3x.png", 30, 30)
      let options = DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3]))
      let made = try plan(tree, options)
      #expect(made.steps.count == 2)
      let before = listing(tree.root)
      // The loose file's source turns into garbage after planning: its decode fails after
      // the image set's files were staged.
      try Data([1, 2, 3]).write(to: URL(fileURLWithPath: tree.path("b@3x.png")))
      let changed = listing(tree.root)
      #expect(throws: MakingError.self) { try made.execute(options: options) }
      #expect(listing(tree.root) == changed)
      #expect(changed.count == before.count)
      return
    }
    let tree = try Tree().png("A.xcassets/a.imageset/a@3x.png", 30, 30)
      .contents("A.xcassets/a.imageset", [slot("a@3x.png", scale: "3x"), slot(nil, scale: "2x")])
    let options = DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3]))
    let made = try plan(tree, options)
    let before = listing(tree.root)
    chmod(tree.path("A.xcassets/a.imageset"), 0o555)
    defer { chmod(tree.path("A.xcassets/a.imageset"), 0o755) }
    #expect(throws: MakingError.self) { try made.execute(options: options) }
    #expect(listing(tree.root) == before)
  }

  @Test func unwritableFolderFailsWithNothingChanged() throws {
    // A destination folder that is a file: staging fails even for root.
    let tree = try Tree().png("a@3x.png", 30, 30).png("z/b@3x.png", 30, 30)
    let options = DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3]))
    let made = try plan(tree, options)
    #expect(made.makeable.count == 2)
    try FileManager.default.removeItem(atPath: tree.path("z"))
    try Data().write(to: URL(fileURLWithPath: tree.path("z")))
    let before = listing(tree.root)
    #expect(throws: MakingError.self) { try made.execute(options: options) }
    #expect(listing(tree.root) == before)
    #expect(!FileManager.default.fileExists(atPath: tree.path("a@2x.png")))
  }

  @Test func vectorOnlyAndAppIconSetsAreLeftAlone() throws {
    let tree = try Tree().text("A.xcassets/v.imageset/v.pdf", "%PDF-1.4\n")
      .contents("A.xcassets/v.imageset", [slot("v.pdf", scale: nil)])
      .png("A.xcassets/AppIcon.appiconset/i.png", 120, 120)
      .contents(
        "A.xcassets/AppIcon.appiconset", [slot("i.png", idiom: "iphone", size: "60x60", scale: "2x")])
    let made = try plan(tree, DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3])))
    #expect(made.steps.isEmpty)
    #expect(made.notes.contains { $0.contains("1 app icon set left alone") })
  }

  @Test func derivedFilesAreByteIdenticalForIdenticalSources() throws {
    func make() throws -> Data {
      let tree = try Tree().png("a@3x.png", 45, 45, color: (200, 10, 10, 128))
      let options = DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3]))
      _ = try plan(tree, options).execute(options: options)
      return try Data(contentsOf: URL(fileURLWithPath: tree.path("a@2x.png")))
    }
    #expect(try make() == make())
  }
}
