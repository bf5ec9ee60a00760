import ImageCore
import Testing

@testable import PNGCodec

/// A valid zlib stream that inflates to `1 + 258 × copies` zero bytes: one literal, then
/// fixed-Huffman copies of length 258 at distance 1, 13 bits each (a ratio near 160:1).
func zeroBomb(copies: Int) -> [UInt8] {
  var bits = BitWriter()
  bits.write(1, count: 1)  // BFINAL
  bits.write(1, count: 2)  // BTYPE = fixed Huffman
  bits.writeHuffman(0b0011_0000, count: 8)  // literal 0
  for _ in 0..<copies {
    bits.writeHuffman(0b1100_0101, count: 8)  // length code 285: 258 bytes
    bits.writeHuffman(0, count: 5)  // distance code 0: distance 1
  }
  bits.writeHuffman(0, count: 7)  // end of block
  let length = 1 + 258 * copies
  // Adler-32 of zeros: a stays 1, b sums a once per byte.
  let adler = UInt32(length % 65521) << 16 | 1
  var stream: [UInt8] = [0x78, 0x01] + bits.bytes
  Chunks.appendBigEndian32(&stream, adler)
  return stream
}

/// Deflate's bit order: values LSB first, Huffman codes MSB first.
struct BitWriter {
  var bytes: [UInt8] = []
  private var used = 8

  mutating func write(_ value: UInt32, count: Int) {
    for bit in 0..<count { push(value >> UInt32(bit) & 1) }
  }

  mutating func writeHuffman(_ code: UInt32, count: Int) {
    for bit in stride(from: count - 1, through: 0, by: -1) { push(code >> UInt32(bit) & 1) }
  }

  private mutating func push(_ bit: UInt32) {
    if used == 8 {
      bytes.append(0)
      used = 0
    }
    bytes[bytes.count - 1] |= UInt8(bit) << UInt8(used)
    used += 1
  }
}

@Suite("Decompression bombs and lying lengths")
struct BombTests {
  @Test("the hand-made bomb is a valid zlib stream (it decodes when the image is big enough)")
  func bombIsValid() throws {
    // 1 + 258 × 128 = 33,025 zeros = 5 rows of (filter byte + 6,604 gray pixels).
    let stream = zeroBomb(copies: 128)
    let png = craftedPNG(width: 6604, height: 5, colorType: 0, idat: stream)
    let bitmap = try PNGDecoder.decode(png)
    #expect(bitmap.width == 6604 && bitmap.height == 5)
    #expect(bitmap.pixels.allSatisfy { $0 == 0 || $0 == 255 })
  }

  @Test("IDAT that would inflate to 100 MB behind a 16 × 16 header is refused, unread")
  func idatBomb() {
    let stream = zeroBomb(copies: 400_000)  // 650 KB of zlib, 103 MB of zeros
    let png = craftedPNG(width: 16, height: 16, colorType: 0, idat: stream)
    let error = expectPNGError("bomb") { _ = try PNGDecoder.decode(png) }
    #expect(error?.code == .corruptData)
    #expect(error?.reason.contains("decompression bomb") == true)
    #expect(error?.reason.contains("16×16") == true)
  }

  @Test("a chunk length of 2^31 or more is refused as a lie, not trusted")
  func lyingLength() {
    var png = craftedPNG(width: 1, height: 1, colorType: 0, idat: zeroBomb(copies: 0))
    // The IDAT length field sits after the signature (8) and IHDR (25).
    png.replaceSubrange(33..<37, with: [0x80, 0, 0, 0])
    let error = expectPNGError("length 2^31") { _ = try PNGDecoder.decode(png) }
    #expect(error?.code == .corruptData)
    #expect(error?.reason.contains("claims 2147483648 bytes") == true)
  }

  @Test("a chunk length running past the end is .truncated with the chunk named")
  func lengthPastEnd() {
    var png = craftedPNG(width: 1, height: 1, colorType: 0, idat: zeroBomb(copies: 0))
    png.replaceSubrange(33..<37, with: [0, 0x10, 0, 0])
    let error = expectPNGError("length past end") { _ = try PNGDecoder.decode(png) }
    #expect(error?.code == .truncated)
    #expect(error?.reason.contains("IDAT") == true)
  }
}

/// Inputs that once crashed or hung a fuzz target, kept by `Scripts/fuzz` under
/// `Tests/FuzzRegressions/TARGET/`: each must now give a result or a typed error.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  static let root = Fixtures.packageRoot + "/Tests/FuzzRegressions"

  static func inputs(_ target: String) -> [String] {
    Fixtures.entries(of: root + "/" + target).filter { !$0.hasSuffix(".md") }
  }

  @Test("the regression folders exist, so Scripts/fuzz and these tests agree on the path")
  func foldersExist() {
    #expect(Fixtures.entries(of: Self.root).contains("decode"))
    #expect(Fixtures.entries(of: Self.root).contains("probe"))
    #expect(Fixtures.entries(of: Self.root).contains("sniff"))
  }

  @Test("sniffer inputs name a format or none, the same from their first bytes")
  func replaySniff() throws {
    for name in Self.inputs("sniff") {
      let bytes = try Fixtures.read(Self.root + "/sniff/" + name)
      let format = ImageFormat.sniff(bytes, pathExtension: "svgz")
      #expect(format == ImageFormat.sniff(bytes.prefix(ImageFormat.sniffLength), pathExtension: "svgz"))
      let inspection = PNGInspection(bytes)
      #expect(inspection.header != nil || !inspection.errors.isEmpty)
    }
  }

  @Test(
    "decoder and probe inputs give a bitmap or a ImageError", arguments: inputs("decode") + inputs("probe"))
  func replay(name: String) throws {
    let folder = Self.inputs("decode").contains(name) ? "decode" : "probe"
    let bytes = try Fixtures.read(Self.root + "/" + folder + "/" + name)
    do {
      let bitmap = try PNGDecoder.decode(bytes)
      #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    } catch {
      #expect(error is ImageError)
    }
    let header: PNGHeader?
    do {
      header = try PNGHeader.probe(bytes)
      #expect(header.map { $0.width > 0 && $0.height > 0 } == true)
    } catch {
      header = nil
      #expect(error is ImageError)
    }
    // The probe reads the header the inspection reads, from its prefix.
    #expect(PNGInspection(bytes).header == header)
    #expect(PNGInspection(bytes, isWholeFile: false).header == header)
  }
}
