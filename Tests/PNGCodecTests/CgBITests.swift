import Testing

@testable import PNGCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Apple CgBI files against their PngSuite originals.
///
/// A CgBI file stores colour premultiplied by alpha in 8 bits: `p = round(c × a / 255)`.
/// Dividing back, `round(p × 255 / a)`, can miss the original `c` by the half step lost in
/// `p`, scaled up by `255 / a`, plus half a step for our own rounding: the tolerance is
/// `255 / (2a) + 0.5`. Where `a` is 255 nothing is lost (exact), and alpha itself is
/// stored as is (exact). Where `a` is 0 the colour is gone, so only alpha is compared.
@Suite("CgBI")
struct CgBITests {
  static let names: [String] = Fixtures.pngNames(in: Fixtures.cgbi).filter { $0 != "PngSuite.png" }

  static func tolerance(alpha: UInt8) -> Double { 255 / (2 * Double(alpha)) + 0.5 }

  @Test("31 CgBI files have a PngSuite original", .needsSharedData, .tags(.sharedData))
  func inventory() {
    #expect(Self.names.count == 31)
    #expect(Self.names.allSatisfy { Fixtures.validSuite.contains($0) })
  }

  @Test(
    "the probe flags CgBI and reads the real IHDR", .needsSharedData, .tags(.sharedData),
    arguments: names + ["PngSuite.png"])
  func probe(name: String) throws {
    let header = try PNGHeader.probe(contentsOf: Fixtures.cgbi + "/" + name)
    #expect(header.isCgBI)
    let bitmap = try PNGDecoder.decode(contentsOf: Fixtures.cgbi + "/" + name)
    #expect(header.width == bitmap.width && header.height == bitmap.height)
  }

  @Test(
    "PngSuite.png (no original here) decodes to its 256 × 256 logo, not blank", .needsSharedData,
    .tags(.sharedData))
  func logo() throws {
    let bitmap = try PNGDecoder.decode(contentsOf: Fixtures.cgbi + "/PngSuite.png")
    #expect(bitmap.width == 256 && bitmap.height == 256)
    #expect(Set(bitmap.pixels).count > 16)
  }

  /// Without the colour chunks both files decode to their stored samples, so the
  /// comparison is of the premultiplication round trip alone.
  @Test(
    "samples equal the original's: alpha and opaque exactly, the rest within 255/(2a) + 0.5",
    arguments: names)
  func samples(name: String) throws {
    let ours = try PNGDecoder.decode(
      ReferenceDecoder.withoutColorChunks(try Fixtures.read(Fixtures.cgbi + "/" + name)))
    let original = try PNGDecoder.decode(
      ReferenceDecoder.withoutColorChunks(try Fixtures.read(Fixtures.pngsuite + "/" + name)))
    try #require(ours.width == original.width && ours.height == original.height)
    for i in stride(from: 0, to: ours.pixels.count, by: 4) {
      let alpha = original.pixels[i + 3]
      #expect(ours.pixels[i + 3] == alpha, "\(name): alpha at byte \(i + 3)")
      guard alpha > 0 else { continue }
      for k in 0..<3 {
        let difference = abs(Double(ours.pixels[i + k]) - Double(original.pixels[i + k]))
        if alpha == 255 {
          #expect(difference == 0, "\(name): opaque byte \(i + k)")
        } else {
          #expect(difference <= Self.tolerance(alpha: alpha), "\(name): byte \(i + k), alpha \(alpha)")
        }
      }
    }
  }

  /// As the files are — all with gAMA 1.0, which libpng encodes for sRGB output as
  /// `255 × (v / 255)^(1 / 2.2)` — the tolerance moves through that curve: our value must
  /// lie between the encodings of `c − t` and `c + t` (±1 for the table's rounding), where
  /// `c` is the original's stored sample. Opaque pixels and alpha stay exact.
  @Test("decoded pixels equal the original's, the tolerance carried through gamma", arguments: names)
  func decoded(name: String) throws {
    let ours = try PNGDecoder.decode(contentsOf: Fixtures.cgbi + "/" + name)
    let original = try PNGDecoder.decode(contentsOf: Fixtures.pngsuite + "/" + name)
    let stored = try PNGDecoder.decode(
      ReferenceDecoder.withoutColorChunks(try Fixtures.read(Fixtures.pngsuite + "/" + name)))
    let gamma = Chunks.parse(try Fixtures.read(Fixtures.pngsuite + "/" + name)).first { $0.type == "gAMA" }
    let linear = gamma.map { Chunks.bigEndian32($0.data, 0) == 100_000 } ?? false
    for i in stride(from: 0, to: ours.pixels.count, by: 4) {
      let alpha = original.pixels[i + 3]
      #expect(ours.pixels[i + 3] == alpha, "\(name): alpha at byte \(i + 3)")
      guard alpha > 0 else { continue }
      for k in 0..<3 {
        if alpha == 255 {
          #expect(ours.pixels[i + k] == original.pixels[i + k], "\(name): opaque byte \(i + k)")
        } else {
          #expect(linear, "\(name): translucent pixels only occur in gAMA 1.0 files here")
          let t = Self.tolerance(alpha: alpha)
          func encoded(_ v: Double) -> Double { 255 * pow(min(255, max(0, v)) / 255, 1 / 2.2) }
          let c = Double(stored.pixels[i + k])
          let value = Double(ours.pixels[i + k])
          #expect(value >= encoded(c - t) - 1 && value <= encoded(c + t) + 1, "\(name): byte \(i + k)")
        }
      }
    }
  }
}
