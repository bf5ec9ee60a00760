import Foundation
import ImageCore
import TestSupport
import Testing

@testable import VectorRenderer

/// Every SVG and PDF of the real app trees in `../shared/testdata/real/`.
@Suite("VectorImage on the real trees", .needsSharedData, .tags(.sharedData, .slow))
struct RealFilesTests {
  private static func vectorFiles() throws -> [String] {
    let root = TestPaths.testData("real")
    let all = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
    return all.filter { name in
      let lower = name.lowercased()
      return lower.hasSuffix(".svg") || lower.hasSuffix(".svgz") || lower.hasSuffix(".pdf")
    }.sorted().map { root + "/" + $0 }
  }

  @Test("all 853 real SVGs and PDFs open and render at 1x, none empty")
  func everyFileRendersAt1x() throws {
    let files = try Self.vectorFiles()
    #expect(files.count == 853)
    var failures: [String] = []
    var empty: [String] = []
    for path in files {
      do {
        let image = try VectorImage(contentsOf: path)
        let bitmap = try image.render(scale: 1)
        if bitmap.coveredPixels == 0 { empty.append(path) }
      } catch {
        failures.append("\(error)")
      }
    }
    #expect(failures.isEmpty, "\(failures)")
    #expect(empty.isEmpty, "\(empty)")
  }

  @Test("every real SVG is within the work budgets at 1x, 2x and 3x, wherever the pixel limits allow")
  func workBudgets() throws {
    var checked = 0
    var over: [String] = []
    for path in try Self.vectorFiles() where !path.lowercased().hasSuffix(".pdf") {
      let image = try VectorImage(contentsOf: path)
      for scale in [1.0, 2, 3] {
        let size = image.pixelSize(scale: scale)
        guard (try? image.limits.check(width: size.width, height: size.height)) != nil else { continue }
        do {
          try image.checkWork(width: size.width, height: size.height, pixelsPerPoint: scale)
          checked += 1
        } catch {
          over.append("\(error)")
        }
      }
    }
    #expect(checked > 600)
    #expect(over.isEmpty, "\(over)")
  }

  @Test("13 of the 15 symbol templates (2200 × 1467 pt of guides and weights) exceed the pixel limit at 3x")
  func symbolTemplatesAt3x() throws {
    let templates = try Self.vectorFiles().filter { $0.contains(".symbolset/") }
    #expect(templates.count == 15)
    var over = 0
    for path in templates {
      let image = try VectorImage(contentsOf: path)
      let size = image.pixelSize(scale: 3)
      if size.width * size.height > VectorLimits.default.maxPixels {
        over += 1
        #expect { _ = try image.render(scale: 3) } throws: { ($0 as? ImageError)?.code == .limitExceeded }
      }
      // The glyph a sheet draws renders at any scale.
      if image.hasElement(id: "Regular-M") {
        let glyph = try image.render(scale: 3, elementID: "Regular-M")
        #expect(glyph.coveredPixels > 0, "\(path)")
      }
    }
    #expect(over == 13)
  }
}
