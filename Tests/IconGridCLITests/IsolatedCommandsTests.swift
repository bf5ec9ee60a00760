import Foundation
import IconGridCLI
import TestSupport
import Testing

/// `IconGridCLI.main`'s isolation reaches `check --deep`, `derive`, `appicon` and `diff`:
/// with a child that never answers (standing in for a librsvg stuck on a hostile file),
/// each command ends with the typed error for the vector, naming the file and the limit,
/// and the other files are still processed.
@Suite("Every decoding command isolates")
struct IsolatedCommandsTests {
  static let svg =
    #"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30"><rect width="30" height="30" fill="lime"/></svg>"#

  /// Runs `icongrid ARGUMENTS` in process with the hanging child as its isolation.
  static func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: arguments, console: captured.console, isolation: HangingChild.isolation)
    return (status, captured.out, captured.err)
  }

  /// The line of `text` that names `file`, or "".
  static func line(naming file: String, in text: String) -> String {
    text.split(separator: "\n").first { $0.contains(file) }.map(String.init) ?? ""
  }

  @Test("check --deep: an unreadable finding for the vector, naming the limit; the PNGs are decoded (exit 1)")
  func check() throws {
    let tree = try Tree().text("A.xcassets/logo.imageset/logo.svg", Self.svg)
      .contents("A.xcassets/logo.imageset", [slot("logo.svg", scale: nil)])
      .png("A.xcassets/good.imageset/good.png", 20, 20)
      .contents("A.xcassets/good.imageset", [slot("good.png", scale: "1x")])
    tree.bytes(
      "A.xcassets/bad.imageset/bad.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    )
    .contents("A.xcassets/bad.imageset", [slot("bad.png", scale: "1x")])
    let result = Self.run(["check", tree.root, "--deep", "--require", "1x"])
    #expect(result.status == 1)
    let logo = Self.line(naming: "logo.svg", in: result.out)
    #expect(logo.contains(HangingChild.reason()), "\(result.out)")
    #expect(Self.line(naming: "bad.png", in: result.out).contains("unreadable"), "\(result.out)")
    #expect(Self.line(naming: "good.png", in: result.out).isEmpty)
  }

  @Test("derive --write: the vector source's error, naming the file and the limit (exit 65); nothing written")
  func derive() throws {
    let tree = try Tree().text("A.xcassets/i.imageset/i.svg", Self.svg)
      .png("A.xcassets/i.imageset/i@3x.png", 90, 90)
      .contents("A.xcassets/i.imageset", [slot("i.svg", scale: nil), slot("i@3x.png", scale: "3x")])
    let result = Self.run(["derive", tree.root, "--from", "vector", "--require", "2x,3x", "--write"])
    #expect(result.status == 65)
    let line = Self.line(naming: "i.svg", in: result.err)
    #expect(line.contains(HangingChild.reason()), "\(result.err)")
    #expect(!FileManager.default.fileExists(atPath: tree.path("A.xcassets/i.imageset/i@2x.png")))
    // From the PNG, nothing goes to the child.
    #expect(Self.run(["derive", tree.root, "--require", "2x,3x", "--write"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: tree.path("A.xcassets/i.imageset/i@2x.png")))
  }

  @Test("appicon: a vector master's error, naming the file and the limit (exit 65), for Apple and Android")
  func appIcon() throws {
    let tree = try Tree().text("m.svg", Self.svg).png("m.png", 1024, 1024)
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    for extra in [[], ["--platform", "android"]] {
      let result = Self.run(["appicon", tree.path("m.svg"), "-o", output] + extra)
      #expect(result.status == 65, "\(extra)")
      #expect(Self.line(naming: "m.svg", in: result.err).contains(HangingChild.reason()), "\(result.err)")
    }
    #expect(Self.run(["appicon", tree.path("m.png"), "-o", output]).status == 0)
    #expect(FileManager.default.fileExists(atPath: output + "/AppIcon-ios-1024.png"))
  }

  @Test("diff: the vector cannot be compared, naming the file and the limit; the PNG is (exit 0)")
  func diff() throws {
    let base = try Tree("icongrid-diff-base").text("A.xcassets/logo.imageset/logo.svg", Self.svg)
      .contents("A.xcassets/logo.imageset", [slot("logo.svg", scale: nil)]).png("a@2x.png", 20, 20)
    let head = try Tree("icongrid-diff-head")
      .text("A.xcassets/logo.imageset/logo.svg", Self.svg.replacingOccurrences(of: "lime", with: "blue"))
      .contents("A.xcassets/logo.imageset", [slot("logo.svg", scale: nil)])
      .png("a@2x.png", 20, 20, color: (200, 0, 0, 255))
    let result = Self.run(["diff", base.root, head.root])
    #expect(result.status == 0)
    let warning = Self.line(naming: "cannot be compared", in: result.err)
    #expect(warning.contains("logo.svg") && warning.contains(HangingChild.reason()), "\(result.err)")
    #expect(result.out.contains("a"), "\(result.out)")
    #expect(result.err.contains("2 assets compared"), "\(result.err)")
  }
}
