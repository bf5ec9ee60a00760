import ImageCore
import TestSupport
import Testing

@testable import PNGCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Pseudo-random bitmaps with a fixed seed: noise, flat runs and gradients, so every
/// filter type gets chosen somewhere.
func randomBitmap(width: Int, height: Int, seed: UInt64) -> Bitmap {
  var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
  func next() -> UInt8 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return UInt8(truncatingIfNeeded: state >> 24)
  }
  var bitmap = Bitmap(width: width, height: height)
  for y in 0..<height {
    for x in 0..<width {
      switch (y / 3) % 3 {
      case 0: bitmap[x, y] = (next(), next(), next(), next())
      case 1: bitmap[x, y] = (UInt8(truncatingIfNeeded: x * 7), UInt8(truncatingIfNeeded: y * 5), 90, 255)
      default: bitmap[x, y] = (200, 10, UInt8(truncatingIfNeeded: x ^ y), UInt8(truncatingIfNeeded: x))
      }
    }
  }
  return bitmap
}

@Suite("Encoder")
struct EncoderTests {
  static let sizes: [(Int, Int)] = [(1, 1), (1, 9), (3, 5), (17, 9), (64, 33), (301, 7)]

  @Test("encode → decode gives the bitmap back, at every level", arguments: sizes, [0, 1, 6, 9])
  func roundTrip(size: (Int, Int), level: Int) throws {
    let bitmap = randomBitmap(width: size.0, height: size.1, seed: UInt64(size.0 * 1000 + size.1))
    let png = try PNGEncoder.encode(bitmap, options: PNGEncodingOptions(compressionLevel: level))
    #expect(try PNGDecoder.decode(png) == bitmap)
    // An independent decoder (its own inflate, Adler-32 check and unfiltering) agrees.
    let reference = try ReferenceDecoder.decode(png)
    #expect(reference.pixels == bitmap.pixels)
  }

  @Test("level 0 stores, level 9 compresses")
  func levelsDiffer() throws {
    let bitmap = Bitmap(width: 64, height: 64, filling: (10, 20, 30, 255))
    let stored = try PNGEncoder.encode(bitmap, options: PNGEncodingOptions(compressionLevel: 0))
    let packed = try PNGEncoder.encode(bitmap, options: PNGEncodingOptions(compressionLevel: 9))
    #expect(stored.count > 64 * 64 * 4)
    #expect(packed.count < 1000)
  }

  @Test("includeAlpha false writes RGB: colours kept, alpha 255", arguments: [1, 2])
  func withoutAlpha(threads: Int) throws {
    let bitmap = randomBitmap(width: 33, height: 20, seed: 7)
    let png = try PNGEncoder.encode(
      bitmap, options: PNGEncodingOptions(includeAlpha: false, threads: threads))
    #expect(try PNGHeader.probe(png).colorType == .rgb)
    let decoded = try PNGDecoder.decode(png)
    for y in 0..<20 {
      for x in 0..<33 {
        let (r, g, b, _) = bitmap[x, y]
        #expect(decoded[x, y] == (r, g, b, 255))
      }
    }
  }

  @Test("pHYs records 72 dpi × scale in pixels per metre", arguments: [1, 2, 3])
  func physicalSize(scale: Int) throws {
    let png = try PNGEncoder.encode(Bitmap(width: 2, height: 2), options: PNGEncodingOptions(scale: scale))
    let phys = try #require(Chunks.parse(png).first { $0.type == "pHYs" })
    #expect(phys.data.count == 9)
    let perMetre = (Double(72 * scale) / 0.0254).rounded()
    #expect(Chunks.bigEndian32(phys.data, 0) == UInt32(perMetre))
    #expect(Chunks.bigEndian32(phys.data, 4) == UInt32(perMetre))
    #expect(phys.data[8] == 1)  // unit: metre
    #expect(scale != 2 || perMetre == 5669)
  }

  @Test("no scale, no pHYs")
  func noPhysicalSize() throws {
    let png = try PNGEncoder.encode(Bitmap(width: 2, height: 2))
    #expect(!Chunks.parse(png).contains { $0.type == "pHYs" })
    #expect(Chunks.parse(png).first?.type == "IHDR")
    #expect(Chunks.parse(png).last?.type == "IEND")
  }

  @Test("an impossible size is .invalidArgument")
  func impossibleSize() {
    let error = expectPNGError("0×5") { _ = try PNGStreamWriter(path: "/tmp/never.png", width: 0, height: 5) }
    #expect(error?.code == .invalidArgument)
  }
}

@Suite("Stream writer")
struct StreamWriterTests {
  /// Strips of uneven heights, the middle ones large enough to be split into several
  /// deflate segments compressed on different threads.
  @Test("strips of varying heights make the same image", arguments: [1, 2])
  func strips(threads: Int) throws {
    let width = 300
    let heights = [1, 250, 3, 0, 246, 7]
    let whole = randomBitmap(width: width, height: heights.reduce(0, +), seed: 42)
    let directory = TemporaryFolder.make("pngcodec-tests")
    defer { TemporaryFolder.remove(directory) }
    let path = directory + "/sheet.png"
    var writer = try PNGStreamWriter(
      path: path, width: width, height: whole.height, options: PNGEncodingOptions(scale: 2, threads: threads))
    var row = 0
    for height in heights {
      let bytes = Array(whole.pixels[(row * width * 4)..<((row + height) * width * 4)])
      try writer.append(Bitmap(width: width, height: height, pixels: bytes))
      row += height
      #expect(writer.remainingRows == whole.height - row)
    }
    // Until finish() the file is not there; only the temporary file is.
    #expect(!Fixtures.entries(of: directory).contains("sheet.png"))
    try writer.finish()
    #expect(Fixtures.entries(of: directory) == ["sheet.png"])
    #expect(try PNGDecoder.decode(contentsOf: path) == whole)
    #expect(try ReferenceDecoder.decode(Fixtures.read(path)).pixels == whole.pixels)
  }

  @Test("write replaces an existing file")
  func replaces() throws {
    let directory = TemporaryFolder.make("pngcodec-tests")
    defer { TemporaryFolder.remove(directory) }
    let path = directory + "/icon.png"
    try PNGEncoder.write(Bitmap(width: 4, height: 4, filling: (255, 0, 0, 255)), to: path)
    let blue = Bitmap(width: 2, height: 3, filling: (0, 0, 255, 255))
    try PNGEncoder.write(blue, to: path)
    #expect(try PNGDecoder.decode(contentsOf: path) == blue)
    #expect(Fixtures.entries(of: directory) == ["icon.png"])
  }

  @Test("a directory that does not exist: .io with the path, nothing written")
  func missingDirectory() throws {
    let directory = TemporaryFolder.make("pngcodec-tests")
    defer { TemporaryFolder.remove(directory) }
    let path = directory + "/missing/icon.png"
    let error = expectPNGError("missing directory") {
      try PNGEncoder.write(Bitmap(width: 1, height: 1), to: path)
    }
    #expect(error?.code == .io)
    #expect(error?.path == path)
    #expect(Fixtures.entries(of: directory).isEmpty)
  }

  /// A regular file where the directory should be fails even for root, who may write into
  /// read-only directories.
  @Test("a file in place of the directory: .io, nothing written")
  func notADirectory() throws {
    let directory = TemporaryFolder.make("pngcodec-tests")
    defer { TemporaryFolder.remove(directory) }
    Fixtures.write([1, 2, 3], to: directory + "/file")
    let error = expectPNGError("not a directory") {
      try PNGEncoder.write(Bitmap(width: 1, height: 1), to: directory + "/file/icon.png")
    }
    #expect(error?.code == .io)
    #expect(Fixtures.entries(of: directory) == ["file"])
  }

  /// Root may write anywhere, so this one runs only for other users.
  @Test("a read-only directory: .io, nothing written", .enabled(if: geteuid() != 0))
  func readOnlyDirectory() throws {
    let directory = TemporaryFolder.make("pngcodec-tests")
    defer { TemporaryFolder.remove(directory) }
    chmod(directory, 0o555)
    let error = expectPNGError("read-only") {
      try PNGEncoder.write(Bitmap(width: 1, height: 1), to: directory + "/icon.png")
    }
    #expect(error?.code == .io)
    #expect(Fixtures.entries(of: directory).isEmpty)
  }

  @Test("a writer dropped without finish() leaves no file")
  func dropped() throws {
    let directory = TemporaryFolder.make("pngcodec-tests")
    defer { TemporaryFolder.remove(directory) }
    do {
      var writer = try PNGStreamWriter(path: directory + "/sheet.png", width: 8, height: 8)
      try writer.append(Bitmap(width: 8, height: 3))
      #expect(Fixtures.entries(of: directory).count == 1)  // the temporary file
    }
    #expect(Fixtures.entries(of: directory).isEmpty)
  }

  @Test("too many rows, partial rows and missing rows are .invalidArgument and leave nothing")
  func wrongRowCounts() throws {
    let directory = TemporaryFolder.make("pngcodec-tests")
    defer { TemporaryFolder.remove(directory) }
    let path = directory + "/sheet.png"

    var tooMany = try PNGStreamWriter(path: path, width: 4, height: 2)
    let overflow = expectPNGError("3 rows of 2") { try tooMany.append(Bitmap(width: 4, height: 3)) }
    #expect(overflow?.code == .invalidArgument)
    #expect(overflow?.path == path)
    #expect(Fixtures.entries(of: directory).isEmpty)

    var partial = try PNGStreamWriter(path: path, width: 4, height: 2)
    let ragged = [UInt8](repeating: 0, count: 4 * 4 + 5)
    let partialError = expectPNGError("partial row") {
      try ragged.withUnsafeBytes { try partial.append(rows: $0) }
    }
    #expect(partialError?.code == .invalidArgument)
    #expect(Fixtures.entries(of: directory).isEmpty)

    var short = try PNGStreamWriter(path: path, width: 4, height: 2)
    try short.append(Bitmap(width: 4, height: 1))
    do {
      try short.finish()
      Issue.record("finished with a row missing")
    } catch let error as ImageError {
      #expect(error.code == .invalidArgument)
      #expect(error.message.contains("1 of 2 rows missing"))
    }
    #expect(Fixtures.entries(of: directory).isEmpty)
  }
}
