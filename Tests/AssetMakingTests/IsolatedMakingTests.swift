import AssetCheck
import AssetMaking
import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// `DeriveOptions.limits`, `AppIconOptions.limits` and `AndroidIconBuilder`'s `limits` reach
/// every decode: with isolation set, a vector source or master is rendered in the child
/// (here one that never answers, standing in for a librsvg stuck on a hostile file) and
/// the run ends in `.badData` naming the file and the limit; a PNG still decodes in process.
@Suite("derive and appicon within the caller's limits")
struct IsolatedMakingTests {
  static let svg =
    #"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30"><rect width="30" height="30" fill="lime"/></svg>"#

  /// Whether `error` is `.badData` naming `file` and the hanging child's limit.
  static func isHangingChild(_ error: any Error, file: String) -> Bool {
    guard let error = error as? MakingError, error.code == .badData else { return false }
    return error.path?.hasSuffix(file) == true && error.message.contains(HangingChild.reason("librsvg"))
  }

  @Test(
    "derive: a vector source that outlives the child's deadline stops the write, naming it; nothing is written"
  )
  func derive() throws {
    let tree = try Tree().text("A.xcassets/i.imageset/i.svg", Self.svg)
      .png("A.xcassets/i.imageset/i@3x.png", 90, 90)
      .contents("A.xcassets/i.imageset", [slot("i.svg", scale: nil), slot("i@3x.png", scale: "3x")])
    var options = DeriveOptions(source: .vector, check: CheckConfiguration(requiredScales: [2, 3]))
    options.limits = HangingChild.limits
    let plan = try DerivePlan.plan(roots: [tree.root], options: options)
    #expect(plan.makeable.count == 1)
    #expect {
      try plan.execute(options: options)
    } throws: { error in
      Self.isHangingChild(error, file: "i.svg")
    }
    #expect(!FileManager.default.fileExists(atPath: tree.path("A.xcassets/i.imageset/i@2x.png")))

    // From the PNG, nothing goes to the child.
    var fromPNG = DeriveOptions(check: CheckConfiguration(requiredScales: [2, 3]))
    fromPNG.limits = HangingChild.limits
    _ = try DerivePlan.plan(roots: [tree.root], options: fromPNG).execute(options: fromPNG)
    #expect(try PNGDecoder.decode(contentsOf: tree.path("A.xcassets/i.imageset/i@2x.png")).width == 60)
  }

  @Test(
    "appicon: a vector master that outlives the child's deadline is .badData naming it; a PNG master builds")
  func appIcon() throws {
    let tree = try Tree().text("m.svg", Self.svg).png("m.png", 1024, 1024)
    var options = AppIconOptions()
    options.limits = HangingChild.limits
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    #expect {
      try AppIconSetBuilder.build(master: tree.path("m.svg"), output: output, options: options)
    } throws: { error in
      Self.isHangingChild(error, file: "m.svg")
    }
    #expect(!FileManager.default.fileExists(atPath: output + "/AppIcon-ios-1024.png"))
    _ = try AppIconSetBuilder.build(master: tree.path("m.png"), output: output, options: options)
    #expect(try PNGDecoder.decode(contentsOf: output + "/AppIcon-ios-1024.png").width == 1024)
  }

  @Test("appicon: a tvOS layer drawn from a vector goes to the child too")
  func layer() throws {
    let wide =
      #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="240"><rect width="400" height="240"/></svg>"#
    let tree = try Tree().text("front.svg", wide).png("back.png", 1280, 768).png("m.png", 1024, 1024)
    var options = AppIconOptions(
      platforms: [.ios, .tvos], layers: [tree.path("front.svg"), tree.path("back.png")])
    options.limits = HangingChild.limits
    #expect {
      try AppIconSetBuilder.build(
        master: tree.path("m.png"), output: tree.path("A.xcassets/AppIcon.appiconset"), options: options)
    } throws: { error in
      Self.isHangingChild(error, file: "front.svg")
    }
  }

  @Test("appicon --platform android: the master goes to the child")
  func android() throws {
    let tree = Tree().text("m.svg", Self.svg)
    #expect {
      try AndroidIconBuilder.build(
        master: tree.path("m.svg"), output: tree.path("app/src/main"), force: false,
        limits: HangingChild.limits)
    } throws: { error in
      Self.isHangingChild(error, file: "m.svg")
    }
    #expect(!FileManager.default.fileExists(atPath: tree.path("app/src/main/ic_launcher-playstore.png")))
  }
}
