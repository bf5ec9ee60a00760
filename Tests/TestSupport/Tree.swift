import Foundation
import ImageCore
import PNGCodec

/// A folder tree built by a test in a fresh temporary directory, removed on `deinit`.
package final class Tree: Sendable {
  /// The folder, absolute.
  package let root: String

  /// Makes an empty folder.
  package init() throws {
    root = TemporaryFolder.make("assetcheck")
  }

  deinit {
    TemporaryFolder.remove(root)
  }

  /// The absolute path of `relative`.
  package func path(_ relative: String) -> String { root + "/" + relative }

  /// A PNG of `width`×`height` filled with `color`, RGBA unless `alpha` is false.
  @discardableResult
  package func png(
    _ relative: String, _ width: Int, _ height: Int, color: (UInt8, UInt8, UInt8, UInt8) = (40, 90, 200, 255),
    alpha: Bool = true, compression: Int = 6
  ) throws -> Tree {
    try makeParent(relative)
    let bitmap = Bitmap(width: width, height: height, filling: color)
    try PNGEncoder.write(
      bitmap, to: path(relative),
      options: PNGEncodingOptions(compressionLevel: compression, includeAlpha: alpha))
    return self
  }

  /// A file of these bytes.
  @discardableResult
  package func bytes(_ relative: String, _ bytes: [UInt8]) throws -> Tree {
    try makeParent(relative)
    try Data(bytes).write(to: URL(fileURLWithPath: path(relative)))
    return self
  }

  /// A file of this UTF-8 text.
  @discardableResult
  package func text(_ relative: String, _ text: String) throws -> Tree {
    try bytes(relative, Array(text.utf8))
  }

  /// A copy of a file from the shared test data (`../shared/testdata/<relative>`).
  @discardableResult
  package func copy(testData: String, to relative: String) throws -> Tree {
    try makeParent(relative)
    try FileManager.default.copyItem(atPath: TestPaths.testData(testData), toPath: path(relative))
    return self
  }

  /// A set's `Contents.json` with these slots (`filename`, `idiom`, `scale`, `size` keys).
  @discardableResult
  package func contents(_ folder: String, _ images: [[String: String]]) throws -> Tree {
    let object: [String: Any] = ["images": images, "info": ["author": "xcode", "version": 1]]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    return try bytes(folder + "/Contents.json", Array(data))
  }

  private func makeParent(_ relative: String) throws {
    let folder = (path(relative) as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }
}

/// An app icon set's slot.
package func slot(_ file: String?, idiom: String, size: String, scale: String) -> [String: String] {
  var slot = ["idiom": idiom, "size": size, "scale": scale]
  if let file { slot["filename"] = file }
  return slot
}

/// An image set's slot.
package func slot(_ file: String?, idiom: String = "universal", scale: String?) -> [String: String] {
  var slot = ["idiom": idiom]
  if let scale { slot["scale"] = scale }
  if let file { slot["filename"] = file }
  return slot
}

/// The smallest PDF poppler reads without complaint: one empty 20 × 20 pt page (no xref
/// table; readers rebuild it). For fixtures that need a vector file that parses.
package let minimalPDF = """
  %PDF-1.4
  1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj
  2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj
  3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 20 20]>> endobj
  trailer <</Root 1 0 R>>
  %%EOF

  """
