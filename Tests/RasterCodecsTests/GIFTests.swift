import ImageCore
import TestSupport
import Testing

@testable import RasterCodecs

@Suite("GIF decoding", .tags(.referenceTool))
struct GIFTests {
  static let palette: [(UInt8, UInt8, UInt8)] = [(230, 30, 30), (30, 200, 60), (40, 60, 220), (255, 255, 0)]

  /// ImageMagick's first frame flattened onto a transparent canvas of the screen's size.
  static func imageMagick(_ name: String) throws -> Bitmap {
    try Support.parseNetpbm(
      ReferenceTool.output(
        Support.convert, [Support.fixtures + "/" + name + "[0]", "-background", "none", "-flatten", "pam:-"]))
  }

  /// What the fixture generator drew: index (x + 2y) mod 4 of the frame, 3 transparent.
  static func expected(width: Int, height: Int, frame: (left: Int, top: Int, width: Int, height: Int))
    -> Bitmap
  {
    var bitmap = Bitmap(width: width, height: height)
    for y in 0..<frame.height {
      for x in 0..<frame.width {
        let index = (x + 2 * y) % 4
        guard index != 3 else { continue }
        let color = palette[index]
        let at = ((frame.top + y) * width + frame.left + x) * 4
        bitmap.pixels.replaceSubrange(at..<at + 4, with: [color.0, color.1, color.2, 255])
      }
    }
    return bitmap
  }

  @Test(
    "the first frame is drawn at its offset on a transparent screen",
    arguments: ["frame-offset.gif", "animated.gif"])
  func frameOffset(name: String) throws {
    let bitmap = try RasterDecoder.decode(Support.fixture(name), format: .gif)
    #expect(bitmap.width == 16 && bitmap.height == 12)
    #expect(bitmap == Self.expected(width: 16, height: 12, frame: (4, 2, 8, 6)))
    #expect(Support.maxDifference(bitmap, try Self.imageMagick(name)) == 0)
  }

  @Test("interlaced rows are put in place")
  func interlaced() throws {
    let bitmap = try RasterDecoder.decode(Support.fixture("interlaced.gif"), format: .gif)
    #expect(bitmap == Self.expected(width: 16, height: 12, frame: (0, 0, 16, 12)))
    #expect(Support.maxDifference(bitmap, try Self.imageMagick("interlaced.gif")) == 0)
  }
}

@Suite("Hostile GIF input")
struct HostileGIFTests {
  private func code(_ bytes: [UInt8], limits: DecodingLimits = .default) -> ImageError.Code? {
    do {
      _ = try RasterDecoder.decode(bytes, format: .gif, limits: limits)
      return nil
    } catch let error as ImageError {
      #expect(!error.reason.isEmpty)
      return error.code
    } catch {
      Issue.record("not a ImageError: \(error)")
      return nil
    }
  }

  @Test("a file cut before its first frame ends is truncated", arguments: [6, 13, 20, 30, 40, 60, 120])
  func truncated(length: Int) throws {
    let bytes = try Support.fixture("interlaced.gif")
    #expect(code(Array(bytes.prefix(length))) == .truncated)
  }

  @Test("garbage after the signature is an error")
  func garbage() {
    var generator = SplitMix(seed: 13)
    let bytes = Array("GIF89a".utf8) + (0..<2000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let result = code(
      bytes,
      limits: DecodingLimits(maxWidth: 70000, maxHeight: 70000, maxPixels: 1 << 32, maxInputBytes: 1 << 20))
    #expect(result == .corruptData || result == .truncated)
  }

  @Test("an empty input and a GIF without frames are errors")
  func empty() throws {
    #expect(code([]) == .corruptData)
    let header = Array(try Support.fixture("frame-offset.gif").prefix(13 + 12))
    #expect(code(header + [0x3B]) == .corruptData)
  }

  @Test("a screen over the limits is refused before decoding")
  func overLimits() throws {
    var bytes = try Support.fixture("frame-offset.gif")
    bytes.replaceSubrange(6..<10, with: [0xFF, 0xFF, 0xFF, 0xFF])
    #expect(code(bytes) == .limitExceeded)
    let small = DecodingLimits(maxWidth: 8, maxHeight: 8, maxPixels: 64, maxInputBytes: 1 << 20)
    #expect(code(try Support.fixture("frame-offset.gif"), limits: small) == .limitExceeded)
  }

  @Test("a zero-size frame on a zero-size screen is refused")
  func zeroSize() throws {
    var bytes = try Support.fixture("frame-offset.gif")
    bytes.replaceSubrange(6..<10, with: [0, 0, 0, 0])
    // The image descriptor follows the 13-byte header, the 12-byte table and the 8-byte GCE.
    let descriptor = 13 + 12 + 8
    #expect(bytes[descriptor] == 0x2C)
    bytes.replaceSubrange(descriptor + 1..<descriptor + 9, with: [UInt8](repeating: 0, count: 8))
    #expect(code(bytes) == .corruptData)
  }
}
