import Foundation
import ImageCore
import PNGCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder tree a test builds in a fresh temporary directory, removed when the value goes
/// away: PNGs, text, `Contents.json` files, links. The one tree builder of the test targets.
///
/// Writing text, a set's slots or a link cannot fail for a reason the test is about, so
/// those stop the run on failure instead of throwing; writing a PNG goes through the
/// encoder, whose error is worth seeing, so it throws.
///
/// ```swift
/// let tree = try Tree().png("a.png", 10, 10).png("a@2x.png", 20, 20)
/// tree.contents("A.xcassets/b.imageset", [slot("b@2x.png", scale: "2x")])
/// ```
package final class Tree: Sendable {
  /// The folder, absolute.
  package let root: String

  /// Makes an empty folder under `$TMPDIR` (or /tmp).
  ///
  /// - Parameter prefix: names the folder, so a leftover says which tests made it.
  package init(_ prefix: String = "icongrid-tree") {
    root = TemporaryFolder.make(prefix)
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
    makeFolders(for: relative)
    let bitmap = Bitmap(width: width, height: height, filling: color)
    try PNGEncoder.write(
      bitmap, to: path(relative),
      options: PNGEncodingOptions(compressionLevel: compression, includeAlpha: alpha))
    return self
  }

  /// A PNG of `width × height` pixels whose red channel is `colour` (so files tell apart
  /// once decoded), returning its absolute path.
  @discardableResult
  package func png(_ relative: String, width: Int, height: Int, colour: UInt8 = 200) throws -> String {
    try png(relative, width, height, color: (colour, 0, 0, 255))
    return path(relative)
  }

  /// A file of these bytes.
  @discardableResult
  package func bytes(_ relative: String, _ bytes: [UInt8]) -> Tree {
    makeFolders(for: relative)
    TestFiles.write(bytes, to: path(relative))
    return self
  }

  /// A file of this UTF-8 text (a `Contents.json`, a broken file…).
  @discardableResult
  package func text(_ relative: String, _ text: String) -> Tree {
    bytes(relative, Array(text.utf8))
  }

  /// A copy of a file from the shared test data (`../shared/testdata/<relative>`).
  @discardableResult
  package func copy(testData: String, to relative: String) throws -> Tree {
    makeFolders(for: relative)
    try FileManager.default.copyItem(atPath: TestPaths.testData(testData), toPath: path(relative))
    return self
  }

  /// A set's `Contents.json` with these slots (`filename`, `idiom`, `scale`, `size` keys),
  /// pretty-printed with sorted keys.
  @discardableResult
  package func contents(_ folder: String, _ images: [[String: String]]) -> Tree {
    let object: [String: Any] = ["images": images, "info": ["author": "xcode", "version": 1]]
    // Dictionaries of strings and numbers always serialise.
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    return bytes(folder + "/Contents.json", Array(data))
  }

  /// A set's `Contents.json` with `slots` given as (filename, idiom, scale, size).
  @discardableResult
  package func contents(_ folder: String, _ slots: [(String?, String, String?, String?)]) -> Tree {
    let images = slots.map { slot in
      var fields = ["\"idiom\": \"\(slot.1)\""]
      if let filename = slot.0 { fields.append("\"filename\": \"\(filename)\"") }
      if let scale = slot.2 { fields.append("\"scale\": \"\(scale)\"") }
      if let size = slot.3 { fields.append("\"size\": \"\(size)\"") }
      return "{" + fields.joined(separator: ", ") + "}"
    }
    return text(
      folder + "/Contents.json", "{\"images\": [" + images.joined(separator: ", ") + "], \"info\": {}}")
  }

  /// A symbolic link at `relative` pointing to `target` (taken as written).
  @discardableResult
  package func link(_ relative: String, to target: String) -> Tree {
    makeFolders(for: relative)
    precondition(symlink(target, path(relative)) == 0, "cannot link \(relative)")
    return self
  }

  /// Deletes the file at the absolute `path`.
  package func delete(_ path: String) {
    precondition(unlink(path) == 0, "cannot delete \(path)")
  }

  /// Makes the folders above `relative` (not `relative` itself).
  package func makeFolders(for relative: String) {
    var current = root
    for part in relative.split(separator: "/").dropLast() {
      current += "/" + part
      mkdir(current, 0o755)
    }
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
