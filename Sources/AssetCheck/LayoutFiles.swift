import IconGridSupport
import ImageCore

/// What the layout rules read of one image file: its length, its format by its bytes, and
/// its pixel size where the format's header says it (PNG, JPEG, WebP, GIF), both from
/// `ImageFormat`: the check parses no image bytes itself.
struct LayoutImage: Sendable, Hashable {
  /// The file's length in bytes.
  var byteCount: Int
  /// The format its first bytes are; `nil` for bytes no format IconGrid knows.
  var format: ImageFormat?
  /// Width and height in pixels; `nil` when the header does not say or cannot be read.
  var size: PixelSize?

  /// A size in pixels.
  struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    var width: Int
    var height: Int
    var description: String { "\(width)×\(height)" }
  }

  /// Reads the file at `path`; `nil` when it cannot be opened. The format and size come
  /// from the codec's sniffer and header reader (no decoding).
  static func read(_ path: String) -> LayoutImage? {
    guard let head = try? FileIO.readPrefix(path, count: ImageFormat.sizeHeadLength) else { return nil }
    let length = FileSystem.stamp(path).map { Int($0.size) } ?? head.count
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let format = ImageFormat.sniff(head, pathExtension: extensionOf(name))
    let size = ImageFormat.pixelSize(ofHead: head, format: format).map {
      PixelSize(width: $0.width, height: $0.height)
    }
    return LayoutImage(byteCount: length, format: format, size: size)
  }

  /// The part of a file name after its last dot (`""` when there is none).
  static func extensionOf(_ name: String) -> String {
    guard let dot = name.lastIndex(of: ".") else { return "" }
    return String(name[name.index(after: dot)...])
  }
}

/// A file's whole bytes, for comparing candidate copies; `nil` when it cannot be read.
func layoutFileBytes(_ path: String) -> [UInt8]? {
  try? FileIO.readAll(path, limit: DecodingLimits.default.maxInputBytes)
}

/// Whether `path` is a file (not a folder) that exists.
func isLayoutFile(_ path: String) -> Bool {
  FileSystem.stamp(path) != nil && !FileSystem.isDirectory(path)
}
