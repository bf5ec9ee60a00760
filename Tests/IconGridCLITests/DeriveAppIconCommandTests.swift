import Foundation
import IconGridCLI
import ImageCore
import PNGCodec
import TestSupport
import Testing

@Suite("icongrid derive and appicon: command line and exit status")
struct DeriveAppIconCommandTests {

  @Test func planPrintsAndChangesNothingWriteMakes() throws {
    let tree = try Tree().png("a@3x.png", 30, 30)
    let plan = icongrid(["derive", tree.root, "--require", "2x,3x"])
    #expect(plan.status == 0)
    #expect(plan.out.contains("make   \(tree.root)/a@2x.png  20×20 px @2x  from a@3x.png (30×30 px @3x)"))
    #expect(plan.out.contains("Nothing was changed; --write makes them."))
    #expect(!FileManager.default.fileExists(atPath: tree.path("a@2x.png")))
    let write = icongrid(["derive", tree.root, "--require", "2x,3x", "--write"])
    #expect(write.status == 0)
    #expect(write.out.contains("Made 1 file"))
    #expect(try PNGHeader.probe(contentsOf: tree.path("a@2x.png")).width == 20)
    #expect(icongrid(["derive", tree.root, "--require", "2x,3x"]).out.contains("Nothing to derive"))
  }

  @Test func jsonPlanAndBlockedStepsExitOne() throws {
    let tree = try Tree().png("a@2x.png", 20, 20)
    let result = icongrid(["derive", tree.root, "--require", "2x,3x", "--format", "json"])
    #expect(result.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    let steps = object?["steps"] as? [[String: Any]]
    #expect(steps?.first?["status"] as? String == "cannot")
    #expect(steps?.first?["reason"] as? String == "would enlarge: the best source is @2x")
    #expect(steps?.first?["target"] as? String == "a@3x.png")
  }

  @Test(arguments: [
    (["derive"], "no roots given"),
    (["derive", ".", "--from", "4x"], "bad --from '4x'"),
    (["derive", ".", "--to", "5x"], "bad scale '5x' in --to"),
    (["appicon", "m.png"], "no output given"),
    (["appicon", "m.png", "-o", "x/Icon"], "must be a folder named NAME.appiconset"),
    (["appicon", "m.png", "-o", "A.appiconset", "--platform", "iso"], "did you mean 'ios'?"),
    (["appicon", "m.png", "-o", "A.appiconset", "--single-size", "--all-sizes"], "exclude each other"),
    (["appicon", "m.png", "-o", "A.appiconset", "--background", "teal"], "bad --background"),
    (["appicon", "m.png", "-o", "main", "--platform", "android,ios"], "run appicon once for android"),
    (
      [
        "appicon", "m.png", "-o", "A.appiconset", "--platform", "tvos,visionos", "--layer", "a", "--layer",
        "b",
      ],
      "run appicon once for each"
    ),
    (["appicon", "m.png", "-o", "A.appiconset", "--platform", "visionos", "--layer", "a"], "2 or 3 times"),
    (
      ["appicon", "m.png", "-o", "A.appiconset", "--layer", "a", "--layer", "b"],
      "--platform tvos or visionos"
    ),
    (["appicon", "m.png", "-o", "A.appiconset", "--top-shelf", "t.png"], "go with --platform tvos"),
  ])
  func usageErrorsExit64(_ arguments: [String], _ words: String) {
    let result = icongrid(arguments)
    #expect(result.status == 64)
    #expect(result.err.contains(words), "\(result.err)")
  }

  @Test func missingInputsExit66AndBadMastersExit65() throws {
    #expect(icongrid(["derive", "/no/such/folder"]).status == 66)
    let tree = try Tree().png("small.png", 512, 512)
    #expect(
      icongrid(["appicon", tree.path("none.png"), "-o", tree.path("A.xcassets/I.appiconset")]).status == 66)
    let small = icongrid(["appicon", tree.path("small.png"), "-o", tree.path("A.xcassets/I.appiconset")])
    #expect(small.status == 65)
    #expect(small.err.contains("512 × 512 px"))
    #expect(!FileManager.default.fileExists(atPath: tree.path("A.xcassets/I.appiconset")))
  }

  @Test func appIconSaysTheStoreIconIsOpaqueAndCheckAgrees() throws {
    let tree = try Tree().png("m.png", 1024, 1024, color: (10, 120, 60, 200))
    let result = icongrid(["appicon", tree.path("m.png"), "-o", tree.path("A.xcassets/AppIcon.appiconset")])
    #expect(result.status == 0)
    #expect(result.err.contains("1048576 of 1048576 pixels are not opaque"))
    #expect(result.out.contains("AppIcon-ios-1024.png  1024×1024 px"))
    #expect(result.out.contains("opaque (App Store icon, flattened onto #FFFFFF)"))
    let check = icongrid(["check", tree.path("A.xcassets")])
    #expect(check.status == 0)
    #expect(check.out.contains("no problems"))
  }

  @Test func visionOSWritesTheStackBesideTheSetAndCheckAgrees() throws {
    let tree = try Tree().png("m.png", 1024, 1024, color: (10, 120, 60, 255))
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    let result = icongrid(["appicon", tree.path("m.png"), "-o", output, "--platform", "visionos"])
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out.contains(
        "A.xcassets/AppIcon.solidimagestack/Back.solidimagestacklayer/Content.imageset/AppIcon-vision-512@2x-back.png"
          + "  1024×1024 px, visionos home view @2x, Back layer; opaque"))
    #expect(result.out.contains("wrote 5 Contents.json files of the layered groups"))
    #expect(!result.out.contains("AppIcon.appiconset/Contents.json"))
    #expect(!FileManager.default.fileExists(atPath: output))
    let check = icongrid(["check", tree.path("A.xcassets")])
    #expect(check.status == 0)
    #expect(check.out.contains("no problems"))
  }
}
