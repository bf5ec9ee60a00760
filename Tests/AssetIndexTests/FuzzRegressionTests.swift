import AssetIndex
import Foundation
import TestSupport
import Testing

/// Inputs kept by `Scripts/fuzz contents-json` and `Scripts/fuzz asset-name` (crashes under
/// `Tests/FuzzRegressions/`, plus the committed seeds), replayed with the harnesses' checks.
@Suite("Fuzz regressions of contents-json and asset-name")
struct ResolverFuzzRegressionTests {
  static let root = TestPaths.packageRoot

  static func inputs(_ target: String) -> [String] {
    [root + "/Tests/FuzzRegressions/" + target, root + "/Scripts/fuzz.d/seeds/" + target].flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasSuffix(".md") }
        .sorted().map { folder + "/" + $0 }
    }
  }

  @Test("the seed folders exist, so Scripts/fuzz and these tests agree on the paths")
  func seedsExist() {
    #expect(!Self.inputs("contents-json").isEmpty)
    #expect(!Self.inputs("asset-name").isEmpty)
  }

  @Test(arguments: inputs("contents-json"))
  func contentsJSON(path: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    switch ContentsFile.decode(bytes) {
    case .success(let contents):
      for image in contents.images ?? [] {
        if let scale = image.scale.flatMap(ContentsFile.scale) { #expect(scale >= 1) }
      }
    case .failure(let failure):
      #expect(failure.text.hasPrefix("invalid Contents.json: "))
    }
  }

  @Test(arguments: inputs("asset-name"))
  func assetName(path: String) throws {
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    let name = AssetName(parsing: text)
    #expect(text.utf8.starts(with: name.base.utf8))
    // Bytes, not Characters: these inputs end in a prepend mark that joins the `/`.
    guard let last = name.base.utf8.last, last != UInt8(ascii: "/") else { return }
    let again = AssetName(parsing: name.fileName)
    #expect([again.base, again.fileName] == [name.base, name.fileName])
    #expect(again.scale == name.scale && again.idiom == name.idiom)
  }
}
