import IconGridSupport
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// The inspection the check reads instead of parsing bytes itself: its answers against the
/// tests' own chunk splitter (`Chunks.parse`) on real files, and one small fixture per
/// structure it reports.
@Suite("PNG inspection")
struct InspectionTests {
  static let colorTypes: Set<String> = ["gAMA", "cHRM", "sRGB", "iCCP"]

  @Test(
    "valid PngSuite files: header, IEND at the end, the chunks the check asks about",
    arguments: Fixtures.validSuite)
  func suiteFile(name: String) throws {
    let bytes = try Fixtures.read(Fixtures.pngsuite + "/" + name)
    let inspection = PNGInspection(bytes)
    let chunks = Chunks.parse(bytes)
    #expect(inspection.errors.isEmpty)
    #expect(inspection.header == (try PNGHeader.probe(bytes)))
    #expect(inspection.format == .png)
    #expect(inspection.iendOffset == bytes.count - 12)
    #expect(inspection.trailingByteCount == 0)
    #expect(inspection.colorChunks == chunks.map(\.type).filter { Self.colorTypes.contains($0) })
    let beforeData = chunks.prefix { $0.type != "IDAT" }
    #expect(inspection.hasTransparencyChunk == beforeData.contains { $0.type == "tRNS" })
    #expect(!inspection.isAnimated)
    #expect(!inspection.isCgBI)
  }

  /// A small RGBA PNG of our encoder, as chunks.
  static func icon() throws -> [Chunk] {
    let bitmap = Bitmap(width: 3, height: 2, pixels: [UInt8](repeating: 200, count: 24))
    return Chunks.parse(try PNGEncoder.encode(bitmap))
  }

  @Test("bytes after IEND are counted, not an error")
  func trailingBytes() throws {
    let png = Chunks.build(try Self.icon())
    let inspection = PNGInspection(png + [1, 2, 3, 4, 5])
    #expect(inspection.errors.isEmpty)
    #expect(inspection.trailingByteCount == 5)
    #expect(inspection.iendOffset == png.count - 12)
  }

  @Test("a whole file cut before IEND is truncated; a head of it is not")
  func truncation() throws {
    let png = Chunks.build(try Self.icon())
    let cut = Array(png.dropLast(10))
    let whole = PNGInspection(cut)
    #expect(whole.header != nil)
    #expect(whole.iendOffset == nil)
    #expect(whole.problem?.code == .truncated)
    #expect(
      whole.problem?.message == "truncated: the file ends after \(cut.count) bytes, before its IEND chunk")
    let head = PNGInspection(cut, isWholeFile: false)
    #expect(head.errors.isEmpty)
    #expect(head.trailingByteCount == nil)
  }

  @Test("tRNS counts before IDAT only; acTL marks an animated PNG")
  func transparencyAndAnimation() throws {
    var chunks = try Self.icon()
    let trns = Chunk(type: "tRNS", data: [0, 0])
    let late = Chunks.build(chunks.dropLast() + [trns, chunks.last!])
    #expect(!PNGInspection(late).hasTransparencyChunk)
    chunks.insert(trns, at: 1)
    chunks.insert(Chunk(type: "acTL", data: [0, 0, 0, 1, 0, 0, 0, 0]), at: 1)
    let inspection = PNGInspection(Chunks.build(chunks))
    #expect(inspection.hasTransparencyChunk)
    #expect(inspection.isAnimated)
    #expect(inspection.errors.isEmpty)
  }

  @Test("colour chunks in file order")
  func colorChunks() throws {
    var chunks = try Self.icon()
    chunks.insert(Chunk(type: "sRGB", data: [0]), at: 1)
    chunks.insert(Chunk(type: "gAMA", data: [0, 0, 0xB1, 0x8F]), at: 2)
    #expect(PNGInspection(Chunks.build(chunks)).colorChunks == ["sRGB", "gAMA"])
  }

  @Test("a CgBI file is flagged and walked to its IEND", .needsSharedData, .tags(.sharedData))
  func cgbi() throws {
    let bytes = try Fixtures.read(Fixtures.cgbi + "/basn6a08.png")
    let inspection = PNGInspection(bytes)
    #expect(inspection.isCgBI)
    #expect(inspection.format == .cgbi)
    #expect(inspection.errors.isEmpty)
    #expect(inspection.iendOffset != nil)
  }

  @Test(
    "another format: no header, its format named, the error is notPNG", .needsSharedData, .tags(.sharedData))
  func foreign() throws {
    let webp = TestPaths.testData(
      "real/home-assistant-iOS/Sources/App/Resources/Assets.xcassets/AppIcon.appiconset/16-mac.png")
    let inspection = try PNGInspection.inspect(contentsOf: webp)
    #expect(inspection.header == nil)
    #expect(inspection.format == .webp)
    #expect(inspection.problem?.code == .notPNG)
    #expect(inspection.problem?.path == webp)
  }

  @Test("a bad IHDR CRC is the one error, and nothing past it is read")
  func badHeader() throws {
    var bytes = Chunks.build(try Self.icon())
    bytes[29] ^= 0xFF
    let inspection = PNGInspection(bytes)
    #expect(inspection.header == nil)
    #expect(inspection.errors.map(\.code) == [.crcMismatch])
    #expect(inspection.iendOffset == nil)
  }

  @Test("a chunk claiming more bytes than the file has ends the walk")
  func lyingLength() throws {
    var chunks = try Self.icon()
    chunks.insert(Chunk(type: "tEXt", data: Array("a\u{0}b".utf8)), at: 1)
    var bytes = Chunks.build(chunks)
    // The tEXt chunk's length field, after the signature and IHDR's 25 bytes.
    bytes[33] = 0x7F
    let inspection = PNGInspection(bytes)
    #expect(inspection.problem?.code == .truncated)
    #expect(inspection.iendOffset == nil)
  }
}
