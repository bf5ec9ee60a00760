import ImageCore
import Testing

@testable import PNGCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

@Suite("PngSuite: every valid file", .needsSharedData, .tags(.sharedData))
struct PngSuiteTests {
  @Test("there are 161 valid and 14 corrupt files")
  func inventory() {
    #expect(Fixtures.validSuite.count == 161)
    #expect(Fixtures.corruptSuite.count == 14)
  }

  /// The size PngSuite's naming convention gives: `sNN…` files are NN × NN, `cdf` 8 × 32,
  /// `cdh` 32 × 8, `cds` 8 × 8, everything else 32 × 32.
  static func sizeFromName(_ name: String) -> (width: Int, height: Int) {
    if name.hasPrefix("s"), let side = Int(name.dropFirst().prefix(2)) { return (side, side) }
    if name.hasPrefix("cdf") { return (8, 32) }
    if name.hasPrefix("cdh") { return (32, 8) }
    if name.hasPrefix("cds") { return (8, 8) }
    return (32, 32)
  }

  @Test("decodes to the size its name and its IHDR give", arguments: Fixtures.validSuite)
  func size(name: String) throws {
    let bytes = try Fixtures.read(Fixtures.pngsuite + "/" + name)
    let ihdr = try #require(Chunks.parse(bytes).first { $0.type == "IHDR" })
    let bitmap = try PNGDecoder.decode(bytes)
    let expected = Self.sizeFromName(name)
    #expect(bitmap.width == expected.width)
    #expect(bitmap.height == expected.height)
    #expect(bitmap.width == Int(Chunks.bigEndian32(ihdr.data, 0)))
    #expect(bitmap.height == Int(Chunks.bigEndian32(ihdr.data, 4)))
    #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
  }

  /// With the colour chunks removed both decoders read plain sRGB samples, so every
  /// colour type, bit depth, palette, tRNS, filter and interlacing of the suite is compared
  /// pixel for pixel against the independent reference decoder.
  @Test("pixels equal the reference decoder's (colour chunks removed)", arguments: Fixtures.validSuite)
  func pixelsWithoutColorChunks(name: String) throws {
    let original = try Fixtures.read(Fixtures.pngsuite + "/" + name)
    let plain = ReferenceDecoder.withoutColorChunks(original)
    let reference = try ReferenceDecoder.decode(plain)
    let bitmap = try PNGDecoder.decode(plain)
    #expect(bitmap.width == reference.width && bitmap.height == reference.height)
    let firstDifference = zip(bitmap.pixels, reference.pixels).enumerated().first {
      $0.element.0 != $0.element.1
    }
    #expect(
      firstDifference == nil,
      "\(name): first difference at byte \(firstDifference?.offset ?? -1): ours \(firstDifference?.element.0 ?? 0), reference \(firstDifference?.element.1 ?? 0)"
    )
  }

  /// The files that carry no gAMA, cHRM, sRGB or iCCP decode, untouched, to exactly the
  /// reference decoder's samples.
  static let withoutGamma: [String] = Fixtures.validSuite.filter { name in
    guard let bytes = try? Fixtures.read(Fixtures.pngsuite + "/" + name) else { return false }
    return !Chunks.parse(bytes).contains { ["gAMA", "cHRM", "sRGB", "iCCP"].contains($0.type) }
  }

  @Test("files without gamma chunks are found")
  func withoutGammaInventory() {
    // exif2c08, f00–f04 (gray and RGB), f99n0g04, tm3n3p02 and z00, z03, z06, z09.
    #expect(Self.withoutGamma.count == 17)
  }

  @Test("files without gamma chunks decode, as they are, to the reference", arguments: withoutGamma)
  func pixelsAsTheyAre(name: String) throws {
    let bytes = try Fixtures.read(Fixtures.pngsuite + "/" + name)
    let reference = try ReferenceDecoder.decode(bytes)
    let bitmap = try PNGDecoder.decode(bytes)
    #expect(bitmap.pixels == reference.pixels)
  }

  /// Interlacing only orders the pixels: each Adam7 file equals its non-interlaced twin
  /// (`basi0g16` and `basn0g16`, `s05i3p02` and `s05n3p02`, …), gamma chunks and all.
  static let interlacedTwins: [(String, String)] = Fixtures.validSuite.compactMap { name in
    let characters = Array(name)
    guard characters.count > 3, characters[3] == "i" else { return nil }
    var twin = characters
    twin[3] = "n"
    let twinName = String(twin)
    return Fixtures.validSuite.contains(twinName) ? (name, twinName) : nil
  }

  @Test("there are 33 interlaced files with a non-interlaced twin")
  func twinInventory() {
    #expect(Self.interlacedTwins.count == 33)
  }

  @Test("an interlaced file decodes to its twin's pixels", arguments: interlacedTwins)
  func interlacedTwin(interlaced: String, plain: String) throws {
    let a = try PNGDecoder.decode(contentsOf: Fixtures.pngsuite + "/" + interlaced)
    let b = try PNGDecoder.decode(contentsOf: Fixtures.pngsuite + "/" + plain)
    #expect(a == b)
  }

  @Test("the header probe agrees with IHDR and with the decoded size", arguments: Fixtures.validSuite)
  func probe(name: String) throws {
    let path = Fixtures.pngsuite + "/" + name
    let bytes = try Fixtures.read(path)
    let ihdr = try #require(Chunks.parse(bytes).first { $0.type == "IHDR" })
    let header = try PNGHeader.probe(contentsOf: path)
    let bitmap = try PNGDecoder.decode(bytes)
    #expect(header.width == bitmap.width)
    #expect(header.height == bitmap.height)
    #expect(header.bitDepth == Int(ihdr.data[8]))
    #expect(header.colorType.rawValue == ihdr.data[9])
    #expect(header.interlaced == (ihdr.data[12] == 1))
    #expect(!header.isCgBI)
    #expect(try PNGHeader.probe(bytes) == header)
  }
}

/// Expectations worked out by hand from what the PngSuite images show.
@Suite("PngSuite: hand-computed pixels", .needsSharedData, .tags(.sharedData))
struct PngSuiteHandComputedTests {
  static func decode(_ name: String, dropColorChunks: Bool = false) throws -> Bitmap {
    let bytes = try Fixtures.read(Fixtures.pngsuite + "/" + name)
    return try PNGDecoder.decode(dropColorChunks ? ReferenceDecoder.withoutColorChunks(bytes) : bytes)
  }

  /// basn0g01 is black and white: a white triangle above the anti-diagonal with the
  /// letters "PNG" cut into it and a box below. Rows 0–3 and 28–31 hold no letters, so
  /// there a pixel is white exactly when x + y < 31. Black and white survive gamma 1.0.
  @Test("basn0g01: white above the anti-diagonal")
  func basn0g01() throws {
    let bitmap = try Self.decode("basn0g01.png")
    for y in Array(0...3) + Array(28...31) {
      for x in 0..<32 {
        let v: UInt8 = x + y < 31 ? 255 : 0
        #expect(bitmap[x, y] == (v, v, v, 255), "(\(x), \(y))")
      }
    }
    let grays = Set(stride(from: 0, to: bitmap.pixels.count, by: 4).map { bitmap.pixels[$0] })
    #expect(grays == [0, 255])
  }

  /// basn2c08 is four bands of eight rows; in row r of a band the varying channel is
  /// `255 − 32r − x` and the others are 255: blue varies in band 0, green in band 1, red in
  /// band 2, and all three (gray) in band 3.
  static func basn2c08Expected(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    let v = UInt8(255 - 32 * (y % 8) - x)
    switch y / 8 {
    case 0: return (255, 255, v, 255)
    case 1: return (255, v, 255, 255)
    case 2: return (v, 255, 255, 255)
    default: return (v, v, v, 255)
    }
  }

  @Test("basn2c08 (gAMA removed): the four gradient bands")
  func basn2c08() throws {
    let bitmap = try Self.decode("basn2c08.png", dropColorChunks: true)
    for y in 0..<32 {
      for x in 0..<32 {
        #expect(bitmap[x, y] == Self.basn2c08Expected(x: x, y: y), "(\(x), \(y))")
      }
    }
  }

  /// With its gAMA of 1.0 kept, libpng re-encodes the linear samples for the sRGB output
  /// with its power-law approximation: `255 × (v / 255)^(1 / 2.2)`, rounded.
  @Test("basn2c08 (gAMA 1.0): the bands, gamma-encoded")
  func basn2c08Gamma() throws {
    let bitmap = try Self.decode("basn2c08.png")
    func encoded(_ v: UInt8) -> UInt8 {
      UInt8((255 * pow(Double(v) / 255, 1 / 2.2)).rounded())
    }
    for y in 0..<32 {
      for x in 0..<32 {
        let raw = Self.basn2c08Expected(x: x, y: y)
        let expected = (encoded(raw.0), encoded(raw.1), encoded(raw.2), raw.3)
        #expect(bitmap[x, y] == expected, "(\(x), \(y))")
      }
    }
  }

  /// basn6a08's alpha ramps left to right, `x × 255 / 31` rounded down; alpha is linear,
  /// so gamma leaves it alone.
  @Test("basn6a08: alpha ramp")
  func basn6a08() throws {
    let bitmap = try Self.decode("basn6a08.png")
    for y in 0..<32 {
      for x in 0..<32 {
        #expect(bitmap[x, y].3 == UInt8(x * 255 / 31), "(\(x), \(y))")
      }
    }
    #expect(bitmap[0, 0].0 == 255)
  }

  /// tbrn2c08's tRNS makes white (255, 255, 255) transparent: the top rows are all white,
  /// so all transparent, and every pixel that is not white is opaque. (Without its gAMA:
  /// gamma encoding would turn near-whites white.)
  @Test("tbrn2c08 (gAMA removed): white is transparent, everything else opaque")
  func tbrn2c08() throws {
    let bitmap = try Self.decode("tbrn2c08.png", dropColorChunks: true)
    for x in 0..<32 {
      #expect(bitmap[x, 0] == (255, 255, 255, 0))
    }
    var transparent = 0
    for y in 0..<32 {
      for x in 0..<32 {
        let p = bitmap[x, y]
        let white = p.0 == 255 && p.1 == 255 && p.2 == 255
        #expect(p.3 == (white ? 0 : 255), "(\(x), \(y))")
        if p.3 == 0 { transparent += 1 }
      }
    }
    #expect(transparent > 0 && transparent < 32 * 32)
  }

  /// basn3p08 draws each pixel from a 256-entry palette: pixel (0, 0) holds index 0xA5,
  /// whose PLTE entry is read here straight from the chunk (gAMA removed).
  @Test("basn3p08 (gAMA removed): pixels are PLTE entries")
  func basn3p08() throws {
    let bytes = ReferenceDecoder.withoutColorChunks(try Fixtures.read(Fixtures.pngsuite + "/basn3p08.png"))
    let palette = try #require(Chunks.parse(bytes).first { $0.type == "PLTE" }).data
    #expect(palette.count == 768)
    let bitmap = try PNGDecoder.decode(bytes)
    let entry = 0xA5 * 3
    #expect(bitmap[0, 0] == (palette[entry], palette[entry + 1], palette[entry + 2], 255))
    // The first row holds runs of four equal pixels.
    for x in stride(from: 0, to: 32, by: 4) {
      #expect(bitmap[x, 0] == bitmap[x + 3, 0])
    }
  }

  /// A 16-bit gray file without gamma is treated as sRGB and reduced to 8 bits by
  /// rounding `v × 255 / 65535`; basn0g16's first row rises by 9 × 256 per pixel.
  @Test("basn0g16 (gAMA removed): 16-bit samples rounded to 8 bits")
  func basn0g16() throws {
    let bitmap = try Self.decode("basn0g16.png", dropColorChunks: true)
    for x in 0..<28 {
      let sample = 9 * 256 * x
      let expected = UInt8((sample * 255 + 32767) / 65535)
      #expect(bitmap[x, 0] == (expected, expected, expected, 255), "x = \(x)")
    }
  }
}
