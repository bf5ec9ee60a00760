import ImageCore
import TestSupport
import Testing

@testable import RasterCodecs

/// Damaged and hostile JPEGs: each is a typed error, never a crash, an exit() from libjpeg
/// or a grey-padded image.
@Suite("Hostile JPEG input")
struct HostileJPEGTests {
  /// `photo.jpg` with the height and width of its SOF0 header replaced.
  static func withSize(width: Int, height: Int) throws -> [UInt8] {
    var bytes = try Support.fixture("photo.jpg")
    let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    bytes[sof + 5] = UInt8(height >> 8)
    bytes[sof + 6] = UInt8(height & 0xFF)
    bytes[sof + 7] = UInt8(width >> 8)
    bytes[sof + 8] = UInt8(width & 0xFF)
    return bytes
  }

  private func code(_ bytes: [UInt8], limits: DecodingLimits = .default) -> ImageError.Code? {
    do {
      _ = try RasterDecoder.decode(bytes, format: .jpeg, limits: limits)
      return nil
    } catch let error as ImageError {
      #expect(!error.reason.isEmpty)
      return error.code
    } catch {
      Issue.record("not a ImageError: \(error)")
      return nil
    }
  }

  @Test("a file cut anywhere after its header is truncated", arguments: [200, 400, 600, 700])
  func truncated(length: Int) throws {
    let bytes = try Support.fixture("photo.jpg")
    #expect(code(Array(bytes.prefix(length))) == .truncated)
  }

  @Test("a file cut inside its header is truncated or corrupt", arguments: [2, 3, 20, 100])
  func cutInHeader(length: Int) throws {
    let bytes = try Support.fixture("photo.jpg")
    let result = code(Array(bytes.prefix(length)))
    #expect(result == .truncated || result == .corruptData)
  }

  @Test("garbage after the start-of-image marker is corrupt data")
  func garbage() {
    var generator = SplitMix(seed: 10)
    let bytes: [UInt8] = [0xFF, 0xD8] + (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let result = code(bytes)
    #expect(result == .corruptData || result == .truncated)
  }

  @Test("an empty input and a lone marker are errors")
  func empty() {
    #expect(code([]) == .corruptData)
    #expect(code([0xFF, 0xD8]) == .corruptData)
  }

  @Test("a zero-height header is refused")
  func zeroSize() throws {
    #expect(code(try Self.withSize(width: 32, height: 0)) == .corruptData)
  }

  @Test("a header over the limits is refused before decoding")
  func overLimits() throws {
    // 65000 × 65000 would be 16 GB of RGBA; the header alone decides.
    #expect(code(try Self.withSize(width: 65000, height: 65000)) == .limitExceeded)
    let small = DecodingLimits(maxWidth: 16, maxHeight: 16, maxPixels: 256, maxInputBytes: 1 << 20)
    #expect(code(try Support.fixture("photo.jpg"), limits: small) == .limitExceeded)
    let tiny = DecodingLimits(maxWidth: 64, maxHeight: 64, maxPixels: 4096, maxInputBytes: 100)
    #expect(code(try Support.fixture("photo.jpg"), limits: tiny) == .limitExceeded)
  }

  @Test("the error names the file when attributed")
  func attributed() throws {
    let bytes = try Support.fixture("photo.jpg")
    do {
      _ = try RasterDecoder.decode(Array(bytes.prefix(300)), format: .jpeg)
      Issue.record("decoded a truncated file")
    } catch let error as ImageError {
      let located = error.at("Icon.jpg")
      #expect(located.description.hasPrefix("Icon.jpg: JPEG data ends"))
      #expect(located.underlying?.isEmpty == false)
    }
  }
}

/// A small deterministic generator for garbage bytes.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite("Reading files")
struct FileTests {
  @Test(
    "a file is decoded as the format its bytes name, whatever its extension", .needsSharedData,
    .tags(.sharedData))
  func webpSavedAsPNG() throws {
    let path = TestPaths.testData(
      "real/home-assistant-iOS/Sources/App/Resources/Assets.xcassets/AppIcon.appiconset/32-mac.png")
    let bitmap = try RasterDecoder.decode(contentsOf: path)
    #expect(bitmap.width == 32 && bitmap.height == 32)
  }

  @Test(
    "a missing file, a PNG and a truncated file are errors that name the file", .needsSharedData,
    .tags(.sharedData))
  func errorsNameTheFile() throws {
    let missing = Support.fixtures + "/no-such-file.jpg"
    #expect(throws: ImageError.self) { try RasterDecoder.decode(contentsOf: missing) }
    do {
      _ = try RasterDecoder.decode(contentsOf: missing)
    } catch let error as ImageError {
      #expect(error.code == .io && error.path == missing)
    }
    let png = TestPaths.testData("pngsuite/basn2c08.png")
    do {
      _ = try RasterDecoder.decode(contentsOf: png)
      Issue.record("decoded a PNG")
    } catch let error as ImageError {
      #expect(error.code == .unsupported && error.path == png)
      #expect(error.description.contains("a PNG"))
    }
    let cut = try Support.temporaryFile(Array(try Support.fixture("photo.jpg").prefix(400)), suffix: ".jpg")
    defer { Support.remove(cut) }
    do {
      _ = try RasterDecoder.decode(contentsOf: cut)
      Issue.record("decoded a truncated file")
    } catch let error as ImageError {
      #expect(error.code == .truncated && error.description.hasPrefix(cut + ": JPEG data ends"))
    }
  }
}
