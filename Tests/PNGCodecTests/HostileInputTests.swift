import ImageCore
import TestSupport
import Testing

@testable import PNGCodec

/// Runs `body` and returns the ``ImageError`` it throws; records an issue when it returns
/// normally or throws anything else.
func expectPNGError(
  _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> ImageError? {
  do {
    try body()
    Issue.record("\(what): decoded, expected an error", sourceLocation: sourceLocation)
  } catch let error as ImageError {
    return error
  } catch {
    Issue.record("\(what): threw \(type(of: error)), not ImageError", sourceLocation: sourceLocation)
  }
  return nil
}

/// A PNG from an IHDR of the given size and the given IDAT payload.
func craftedPNG(width: UInt32, height: UInt32, depth: UInt8 = 8, colorType: UInt8 = 6, idat: [UInt8])
  -> [UInt8]
{
  var ihdr: [UInt8] = []
  Chunks.appendBigEndian32(&ihdr, width)
  Chunks.appendBigEndian32(&ihdr, height)
  ihdr += [depth, colorType, 0, 0, 0]
  return Chunks.build([
    Chunk(type: "IHDR", data: ihdr), Chunk(type: "IDAT", data: idat), Chunk(type: "IEND", data: []),
  ])
}

@Suite("Corrupt and hostile input")
struct HostileInputTests {
  static let corruptCodes: [(String, ImageError.Code)] = [
    ("xs1n0g01.png", .notPNG), ("xs2n0g01.png", .notPNG), ("xs4n0g01.png", .notPNG),
    ("xs7n0g01.png", .notPNG), ("xcrn0g04.png", .notPNG), ("xlfn0g04.png", .notPNG),
    ("xhdn0g08.png", .crcMismatch), ("xcsn0g01.png", .crcMismatch), ("xc1n0g08.png", .badHeader),
    ("xc9n2c08.png", .badHeader), ("xd0n2c08.png", .badHeader), ("xd3n2c08.png", .badHeader),
    ("xd9n2c08.png", .badHeader), ("xdtn0g01.png", .corruptData),
  ]

  @Test("the table covers every corrupt PngSuite file", .needsSharedData, .tags(.sharedData))
  func corruptInventory() {
    #expect(Self.corruptCodes.map(\.0).sorted() == Fixtures.corruptSuite)
  }

  @Test(
    "each corrupt PngSuite file is refused with its code and the path", .needsSharedData, .tags(.sharedData),
    arguments: corruptCodes)
  func corrupt(name: String, code: ImageError.Code) {
    let path = Fixtures.pngsuite + "/" + name
    let error = expectPNGError(name) { _ = try PNGDecoder.decode(contentsOf: path) }
    #expect(error?.code == code, "\(name): \(error?.message ?? "")")
    #expect(error?.path == path)
    #expect(error.map { !$0.reason.isEmpty } == true)
  }

  @Test("messages name the problem", .needsSharedData, .tags(.sharedData))
  func corruptMessages() throws {
    func message(_ name: String) -> String {
      let error = expectPNGError(name) {
        _ = try PNGDecoder.decode(contentsOf: Fixtures.pngsuite + "/" + name)
      }
      return error?.message ?? ""
    }
    #expect(message("xs1n0g01.png").hasPrefix("not a PNG (bad signature"))
    #expect(message("xs7n0g01.png") == "not a PNG (bad signature)")
    #expect(message("xcrn0g04.png").contains("line endings were converted"))
    #expect(message("xlfn0g04.png").contains("line endings were converted"))
    #expect(message("xhdn0g08.png").hasPrefix("IHDR CRC mismatch"))
    #expect(message("xc9n2c08.png").contains("colour type 9"))
    #expect(message("xd9n2c08.png").contains("bit depth 99"))
    #expect(message("xdtn0g01.png").contains("no IDAT"))
  }

  /// The headers of corrupt files are refused by the probe as well, where the damage is in
  /// the first bytes.
  @Test("the probe refuses damaged signatures and headers", .needsSharedData, .tags(.sharedData))
  func probeRefuses() {
    for (name, code) in Self.corruptCodes
    where code == .notPNG || code == .badHeader || name == "xhdn0g08.png" {
      let error = expectPNGError(name) { _ = try PNGHeader.probe(contentsOf: Fixtures.pngsuite + "/" + name) }
      #expect(error?.code == code, "\(name)")
    }
  }

  static let crashers = Fixtures.pngNames(in: Fixtures.libpng + "/crashers")

  @Test("libpng's crashers: 23 files", .needsSharedData, .tags(.sharedData))
  func crasherInventory() {
    #expect(Self.crashers.count == 23)
  }

  @Test("every libpng crasher gives a typed error", arguments: crashers)
  func crasher(name: String) throws {
    let path = Fixtures.libpng + "/crashers/" + name
    let error = expectPNGError(name) { _ = try PNGDecoder.decode(contentsOf: path) }
    let expected: ImageError.Code =
      switch name {
      case "badadler.png": .corruptData
      case "badcrc.png", "bad_iCCP.png": .crcMismatch
      case "empty_ancillary_chunks.png": .corruptData
      default: .truncated  // huge_*: a chunk claims 1 GiB in a file of a few dozen bytes
      }
    #expect(error?.code == expected, "\(name): \(error?.message ?? "")")
    if name.hasPrefix("huge_") {
      #expect(error?.message.contains("1073741823 bytes") == true)
    }
  }

  static let badPalettes = Fixtures.pngNames(in: Fixtures.libpng + "/badpal")

  /// libpng reads these palettes, shorter than the bit depth allows, without complaint
  /// (indices past the end come out black): they decode, to their header's size.
  @Test("libpng's bad palettes decode as libpng decides", arguments: badPalettes)
  func badPalette(name: String) throws {
    let path = Fixtures.libpng + "/badpal/" + name
    let header = try PNGHeader.probe(contentsOf: path)
    #expect(header.colorType == .palette)
    let bitmap = try PNGDecoder.decode(contentsOf: path)
    #expect(bitmap.width == header.width && bitmap.height == header.height)
  }

  /// 60000 × 60000 RGBA would need 14.4 GB; the payload is not even valid zlib, so any
  /// answer but `.limitExceeded` would show the decoder got past the header.
  @Test("a 60000×60000 header is refused before any pixel is allocated")
  func dimensionBomb() throws {
    let bomb = craftedPNG(width: 60000, height: 60000, idat: [0xFF, 0xFF, 0xFF, 0xFF])
    let error = expectPNGError("bomb") { _ = try PNGDecoder.decode(bomb) }
    #expect(error?.code == .limitExceeded)
    #expect(error?.message.contains("60000×60000") == true)
    // The side limit is what 60000 exceeds first: the message names it, not the pixel count.
    #expect(error?.message.contains("width 60000 exceeds the limit of 16384 pixels a side") == true)
    let header = try PNGHeader.probe(bomb)
    #expect(header.width == 60000 && header.height == 60000)
  }

  @Test("the bomb on disk: refused with its path")
  func dimensionBombFile() throws {
    let directory = TemporaryFolder.make("pngcodec-tests")
    defer { TemporaryFolder.remove(directory) }
    let path = directory + "/bomb.png"
    Fixtures.write(craftedPNG(width: 60000, height: 60000, idat: [0]), to: path)
    let error = expectPNGError("bomb") { _ = try PNGDecoder.decode(contentsOf: path) }
    #expect(error?.code == .limitExceeded)
    #expect(error?.path == path)
  }

  @Test("custom limits: pixels, width, height and input bytes")
  func customLimits() throws {
    let png = try PNGEncoder.encode(Bitmap(width: 100, height: 50, filling: (1, 2, 3, 255)))
    let roomy = DecodingLimits(maxWidth: 100, maxHeight: 50, maxPixels: 5000, maxInputBytes: png.count)
    #expect(try PNGDecoder.decode(png, limits: roomy).width == 100)

    var limits = roomy
    limits.maxPixels = 4999
    let pixels = expectPNGError("pixels") { _ = try PNGDecoder.decode(png, limits: limits) }
    #expect(pixels?.code == .limitExceeded)
    #expect(pixels?.message == "100×50 exceeds the 4999-pixel limit")
    limits = roomy
    limits.maxWidth = 99
    let wide = expectPNGError("width") { _ = try PNGDecoder.decode(png, limits: limits) }
    #expect(wide?.code == .limitExceeded)
    #expect(wide?.message == "100×50: its width 100 exceeds the limit of 99 pixels a side")
    limits = roomy
    limits.maxHeight = 49
    let high = expectPNGError("height") { _ = try PNGDecoder.decode(png, limits: limits) }
    #expect(high?.code == .limitExceeded)
    #expect(high?.message == "100×50: its height 50 exceeds the limit of 49 pixels a side")
    limits = roomy
    limits.maxInputBytes = png.count - 1
    let tooLong = expectPNGError("input") { _ = try PNGDecoder.decode(png, limits: limits) }
    #expect(tooLong?.code == .limitExceeded)
    #expect(tooLong?.message.contains("\(png.count) bytes") == true)
  }

  @Test("maxInputBytes refuses a file before reading it", .needsSharedData, .tags(.sharedData))
  func inputLimitOnFile() throws {
    let path = Fixtures.pngsuite + "/basn6a08.png"
    let size = try Fixtures.read(path).count
    let limits = DecodingLimits(maxWidth: 64, maxHeight: 64, maxPixels: 4096, maxInputBytes: size - 1)
    let error = expectPNGError("file") { _ = try PNGDecoder.decode(contentsOf: path, limits: limits) }
    #expect(error?.code == .limitExceeded)
    #expect(error?.path == path)
  }

  /// Every prefix of a small PNG must be refused with a ImageError; the ones that end inside
  /// IDAT's data say `.truncated`.
  @Test(
    "every truncation of a small PNG is a typed error", .needsSharedData, .tags(.sharedData),
    arguments: ["pngsuite/basn2c08.png", "pngsuite/basi0g16.png", "cgbi/basn6a08.png"])
  func truncations(name: String) throws {
    let whole = try Fixtures.read(Fixtures.testdata + "/" + name)
    var idatData: [Range<Int>] = []
    var offset = 8
    while offset + 12 <= whole.count {
      let length = Int(Chunks.bigEndian32(whole, offset))
      if String(decoding: whole[(offset + 4)..<(offset + 8)], as: UTF8.self) == "IDAT" {
        idatData.append((offset + 8)..<(offset + 8 + length))
      }
      offset += 12 + length
    }
    try #require(!idatData.isEmpty)
    for length in 0..<whole.count {
      let prefix = Array(whole[0..<length])
      let error = expectPNGError("\(name) cut at \(length)") { _ = try PNGDecoder.decode(prefix) }
      if idatData.contains(where: { $0.contains(length) }) {
        #expect(error?.code == .truncated, "\(name) cut at \(length): \(error?.message ?? "")")
      }
    }
  }

  @Test("empty and tiny inputs")
  func tiny() {
    #expect(expectPNGError("empty") { _ = try PNGDecoder.decode([]) }?.code == .truncated)
    #expect(expectPNGError("4 bytes") { _ = try PNGDecoder.decode([137, 80, 78, 71]) }?.code == .truncated)
    #expect(expectPNGError("text") { _ = try PNGDecoder.decode(Array("hello, world".utf8)) }?.code == .notPNG)
  }

  @Test("a missing file is .notFound; a directory is .io", .needsSharedData, .tags(.sharedData))
  func missing() {
    let error = expectPNGError("missing") { _ = try PNGDecoder.decode(contentsOf: "/nonexistent/icon.png") }
    #expect(error?.code == .notFound)
    #expect(error?.path == "/nonexistent/icon.png")
    let probe = expectPNGError("missing") { _ = try PNGHeader.probe(contentsOf: "/nonexistent/icon.png") }
    #expect(probe?.code == .notFound)
    #expect(
      expectPNGError("directory") { _ = try PNGDecoder.decode(contentsOf: Fixtures.pngsuite) }?.code == .io)
  }
}

@Suite("Header probe reads only a prefix")
struct ProbePrefixTests {
  /// A file holding just its first 49 bytes (signature, Apple's 4-byte CgBI chunk, IHDR: all
  /// ``PNGHeader/probeLength`` covers), then the same with garbage after them: the probe
  /// gives the full file's header both times.
  @Test(
    "a 49-byte prefix probes like the whole file", .needsSharedData, .tags(.sharedData),
    arguments: ["basn6a08.png", "s01i3p01.png", "cgbi"])
  func prefix(name: String) throws {
    let path = name == "cgbi" ? Fixtures.cgbi + "/basn6a08.png" : Fixtures.pngsuite + "/" + name
    let whole = try Fixtures.read(path)
    let expected = try PNGHeader.probe(contentsOf: path)
    let length = 49
    #expect(PNGHeader.probeLength >= length)
    let directory = TemporaryFolder.make("pngcodec-tests")
    defer { TemporaryFolder.remove(directory) }
    let short = directory + "/short.png"
    Fixtures.write(Array(whole.prefix(length)), to: short)
    #expect(try PNGHeader.probe(contentsOf: short) == expected)
    let garbage = directory + "/garbage.png"
    Fixtures.write(Array(whole.prefix(length)) + [UInt8](repeating: 0xEE, count: 4096), to: garbage)
    #expect(try PNGHeader.probe(contentsOf: garbage) == expected)
    #expect(expectPNGError("garbage decodes") { _ = try PNGDecoder.decode(contentsOf: garbage) } != nil)
  }

  /// A CgBI chunk longer than Apple's 4 bytes (found by the probe fuzz target): the probe's
  /// prefix still reaches IHDR, so the probe and the whole-file inspection agree.
  @Test("a long CgBI chunk probes like the whole file", .needsSharedData, .tags(.sharedData))
  func longCgBIChunk() throws {
    let chunks = Chunks.parse(try Fixtures.read(Fixtures.pngsuite + "/basn6a08.png"))
    let bytes = Chunks.build([Chunk(type: "CgBI", data: [UInt8](repeating: 0, count: 64))] + chunks)
    let header = try PNGHeader.probe(bytes)
    #expect(header.isCgBI && header.width == 32)
    #expect(PNGInspection(bytes).header == header)
    let tooLong = Chunks.build([Chunk(type: "CgBI", data: [UInt8](repeating: 0, count: 65))] + chunks)
    #expect(expectPNGError("65-byte CgBI") { _ = try PNGHeader.probe(tooLong) }?.code == .cgbi)
  }

  @Test("a prefix cut inside IHDR is .truncated", .needsSharedData, .tags(.sharedData))
  func cutInsideIHDR() throws {
    let whole = try Fixtures.read(Fixtures.pngsuite + "/basn6a08.png")
    let error = expectPNGError("cut") { _ = try PNGHeader.probe(Array(whole.prefix(30))) }
    #expect(error?.code == .truncated)
  }
}
