import Foundation
import ImageCore
import TestSupport
import Testing
import VectorRenderer

/// Inputs kept by `Scripts/fuzz svg` and `Scripts/fuzz pdf` (under
/// `Tests/FuzzRegressions/svg/` and `pdf/`), replayed with the harnesses' limits: each must
/// now give a render or a typed error.
@Suite("VectorRenderer fuzz regressions")
struct FuzzRegressionTests {
  static func inputs(_ target: String) -> [String] {
    let folder = TestPaths.inPackage("Tests/FuzzRegressions/" + target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().map { folder + "/" + $0 }
  }

  static let limits = VectorLimits(
    maxInputBytes: 1 << 20, maxPixels: 256 * 256, maxSide: 256, maxElements: 5_000)

  @Test("kept SVG inputs render or fail with a ImageError", arguments: inputs("svg"))
  func svg(path: String) throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    do {
      let image = try VectorImage(bytes: bytes, format: .svg, path: path, limits: Self.limits)
      let bitmap = try image.render(width: 64, height: 48)
      #expect(bitmap.pixels.count == 64 * 48 * 4)
    } catch let error as ImageError {
      #expect(!error.reason.isEmpty)
    }
  }

  @Test("kept PDF inputs render or fail with a ImageError", arguments: inputs("pdf"))
  func pdf(path: String) throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    do {
      let image = try VectorImage(bytes: bytes, format: .pdf, path: path, limits: Self.limits)
      let bitmap = try image.render(width: 64, height: 48)
      #expect(bitmap.pixels.count == 64 * 48 * 4)
    } catch let error as ImageError {
      #expect(!error.reason.isEmpty)
    }
  }
}
