import ImageCore
import PNGCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A scratch folder under /tmp that test code fills with PNGs, JSON and links, removed
/// when the value goes away.
package final class TempTree {
  package let root: String

  package init() {
    root = TemporaryFolder.make("icongrid-resolver")
  }

  deinit {
    TemporaryFolder.remove(root)
  }

  /// The absolute path of `relative`.
  package func path(_ relative: String) -> String { root + "/" + relative }

  /// Writes a PNG of `width × height` pixels; `colour` tells files apart once decoded.
  @discardableResult
  package func png(_ relative: String, width: Int, height: Int, colour: UInt8 = 200) throws -> String {
    makeFolders(for: relative)
    let bitmap = Bitmap(width: width, height: height, filling: (colour, 0, 0, 255))
    try PNGEncoder.write(bitmap, to: path(relative))
    return path(relative)
  }

  /// Writes text (a `Contents.json`, a broken file…).
  package func text(_ relative: String, _ contents: String) {
    makeFolders(for: relative)
    let fd = open(path(relative), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0, "cannot create \(relative)")
    var copy = contents
    copy.withUTF8 { bytes in _ = write(fd, bytes.baseAddress, bytes.count) }
    close(fd)
  }

  /// A `Contents.json` with `images` slots: (filename, idiom, scale, size).
  package func contents(_ folder: String, _ slots: [(String?, String, String?, String?)]) {
    let images = slots.map { slot in
      var fields = ["\"idiom\": \"\(slot.1)\""]
      if let filename = slot.0 { fields.append("\"filename\": \"\(filename)\"") }
      if let scale = slot.2 { fields.append("\"scale\": \"\(scale)\"") }
      if let size = slot.3 { fields.append("\"size\": \"\(size)\"") }
      return "{" + fields.joined(separator: ", ") + "}"
    }
    text(folder + "/Contents.json", "{\"images\": [" + images.joined(separator: ", ") + "], \"info\": {}}")
  }

  /// A symbolic link at `relative` pointing to `target` (taken as written).
  package func link(_ relative: String, to target: String) {
    makeFolders(for: relative)
    precondition(symlink(target, path(relative)) == 0, "cannot link \(relative)")
  }

  /// Deletes the file at the absolute `path`.
  package func delete(_ path: String) {
    precondition(unlink(path) == 0, "cannot delete \(path)")
  }

  package func makeFolders(for relative: String) {
    var current = root
    for part in relative.split(separator: "/").dropLast() {
      current += "/" + part
      mkdir(current, 0o755)
    }
  }
}
