import AssetReferences
import Foundation
import TestSupport
import Testing

/// Inputs kept by `Scripts/fuzz javascript-lexer` (crashes under `Tests/FuzzRegressions/`,
/// plus the committed seeds), replayed with the harness's checks.
@Suite("Fuzz regressions of javascript-lexer")
struct JavaScriptLexerFuzzRegressionTests {
  static func inputs() -> [String] {
    let root = TestPaths.packageRoot
    return [
      root + "/Tests/FuzzRegressions/javascript-lexer", root + "/Scripts/fuzz.d/seeds/javascript-lexer",
    ]
    .flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasSuffix(".md") }
        .sorted().map { folder + "/" + $0 }
    }
  }

  @Test("the seed folder exists, so Scripts/fuzz and these tests agree on the paths")
  func seedsExist() {
    #expect(Self.inputs().count >= 3)
  }

  @Test(arguments: inputs())
  func linesAreInOrderAndInside(path: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
    for jsx in [false, true] {
      let found = _javaScriptTokenLines(bytes, jsx: jsx)
      #expect(!found.isEmpty || bytes.isEmpty)
      #expect(zip(found, found.dropFirst()).allSatisfy { $0 <= $1 })
      #expect(found.allSatisfy { $0 >= 1 && $0 <= lines })
    }
  }
}
