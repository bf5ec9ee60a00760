import Foundation
import ImageCore
import TestSupport

/// The fixtures folder, the libraries' own tools and small pixel comparisons.
enum Support {
  static let fixtures = TestPaths.inPackage("Tests/RasterCodecsTests/Fixtures")

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// A fixture's bytes.
  static func fixture(_ name: String) throws -> [UInt8] {
    try read(fixtures + "/" + name)
  }

  static func read(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Failure(description: "cannot read \(path)")
    }
    return [UInt8](data)
  }

  /// ImageMagick's own tools (Debian's `imagemagick`), by path: the GIF references.
  static let convert = "/usr/bin/convert"
  static let identify = "/usr/bin/identify"

  /// A binary PPM (P6), PGM (P5) or PAM (P7, RGB_ALPHA / RGB / GRAYSCALE) as RGBA.
  static func parseNetpbm(_ bytes: [UInt8]) throws -> Bitmap {
    var index = 0
    func token() -> String {
      var text = ""
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "#") {
          while index < bytes.count, bytes[index] != 10 { index += 1 }
        } else if byte == 32 || byte == 10 || byte == 13 || byte == 9 {
          if !text.isEmpty { break }
        } else {
          text.append(Character(UnicodeScalar(byte)))
        }
        index += 1
      }
      return text
    }
    let magic = token()
    var width = 0
    var height = 0
    var depth = 0
    if magic == "P7" {
      while true {
        let key = token()
        if key == "ENDHDR" { break }
        let value = token()
        switch key {
        case "WIDTH": width = Int(value) ?? 0
        case "HEIGHT": height = Int(value) ?? 0
        case "DEPTH": depth = Int(value) ?? 0
        default: break
        }
        if key.isEmpty { throw Failure(description: "PAM header ends early") }
      }
    } else if magic == "P6" || magic == "P5" {
      width = Int(token()) ?? 0
      height = Int(token()) ?? 0
      guard token() == "255" else { throw Failure(description: "not an 8-bit PNM") }
      depth = magic == "P6" ? 3 : 1
    } else {
      throw Failure(description: "not a PNM: \(magic)")
    }
    // One whitespace byte ends the header.
    let start = index + 1
    guard bytes.count - start >= width * height * depth, width > 0, height > 0 else {
      throw Failure(description: "PNM data too short")
    }
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for pixel in 0..<width * height {
      for channel in 0..<4 {
        let source: Int
        switch depth {
        case 1: source = channel < 3 ? 0 : -1
        case 3: source = channel < 3 ? channel : -1
        default: source = channel
        }
        if source >= 0 { pixels[pixel * 4 + channel] = bytes[start + pixel * depth + source] }
      }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// The largest difference of one channel between two same-sized bitmaps, or `nil` when
  /// their sizes differ.
  static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int? {
    guard a.width == b.width, a.height == b.height else { return nil }
    var worst = 0
    for index in a.pixels.indices {
      worst = max(worst, abs(Int(a.pixels[index]) - Int(b.pixels[index])))
    }
    return worst
  }

  /// Writes `bytes` to a new temporary file and returns its path.
  static func temporaryFile(_ bytes: [UInt8], suffix: String) throws -> String {
    let path = NSTemporaryDirectory() + "/icongrid-raster-\(UUID().uuidString)\(suffix)"
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
      throw Failure(description: "cannot write \(path)")
    }
    return path
  }
}

extension Support {
  /// Removes a temporary file, ignoring a missing one.
  static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }
}
