import ImageCore
import TestSupport
import Testing

@testable import RasterCodecs

/// HEIF containers written box by box: each attack on libheif's container reading is
/// refused by the preflight with a typed error before libheif sees the file.
@Suite("HEIF container budgets")
struct HEIFContainerBudgetTests {
  /// Writes the boxes of a HEIF file; item 1 is the primary image.
  struct Builder {
    var items: [(id: UInt32, type: String)] = []
    var properties: [[UInt8]] = []
    var associations: [(item: UInt32, properties: [UInt8])] = []
    var references: [(from: UInt32, to: [UInt32])] = []
    var idat: [UInt8] = []
    var locations: [(item: UInt32, offset: Int, length: Int)] = []
    /// How many extents each location lists: the first is the item's data, the others
    /// repeat it (libheif joins them; the preflight reads the first).
    var extentsPerLocation = 1

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
      be32(8 + body.count) + Array(type.utf8) + body
    }
    static func fullBox(_ type: String, version: UInt8 = 0, flags: UInt8 = 0, _ body: [UInt8]) -> [UInt8] {
      box(type, [version, 0, 0, flags] + body)
    }
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value) }
    static func ispe(_ width: Int, _ height: Int) -> [UInt8] { fullBox("ispe", be32(width) + be32(height)) }

    /// An `hvcC` box whose one SPS codes `width` × `height`.
    static func hvcC(width: Int, height: Int) -> [UInt8] {
      var bits: [Bool] = []
      func put(_ value: Int, _ count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
      }
      func golomb(_ value: Int) {
        let coded = value + 1
        let length = Int.bitWidth - coded.leadingZeroBitCount
        put(0, length - 1)
        put(coded, length)
      }
      put(0, 4)  // vps id
      put(0, 3)  // one sub-layer
      put(1, 1)
      put(0, 2)
      put(0, 1)
      put(1, 5)  // Main profile
      put(0x6000_0000, 32)
      put(0, 48)
      put(90, 8)  // level 3
      golomb(0)  // sps id
      golomb(1)  // 4:2:0
      golomb(width)
      golomb(height)
      put(1, 1)
      while bits.count % 8 != 0 { bits.append(false) }
      let payload = stride(from: 0, to: bits.count, by: 8).map { start in
        bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
      }
      let nal: [UInt8] = [0x42, 0x01] + payload
      let header: [UInt8] = [1] + [UInt8](repeating: 0, count: 21)
      return box("hvcC", header + [1, 0x21] + be16(1) + be16(nal.count) + nal)
    }

    /// A grid descriptor of `rows` × `columns` tiles making `width` × `height` pixels.
    mutating func grid(rows: Int, columns: Int, width: Int, height: Int) {
      locations.append((1, idat.count, 8))
      idat += [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + Self.be16(width) + Self.be16(height)
    }

    func bytes() -> [UInt8] {
      let ftyp = Self.box("ftyp", Array("heic".utf8) + Self.be32(0) + Array("mif1heic".utf8))
      let hdlr = Self.fullBox("hdlr", Self.be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
      let pitm = Self.fullBox("pitm", Self.be16(1))
      let entries = items.flatMap { item in
        Self.fullBox("infe", version: 2, Self.be16(Int(item.id)) + Self.be16(0) + Array(item.type.utf8) + [0])
      }
      let iinf = Self.fullBox("iinf", Self.be16(items.count) + entries)
      let ipco = Self.box("ipco", properties.flatMap { $0 })
      var associationBytes = Self.be32(associations.count)
      for association in associations {
        associationBytes += Self.be16(Int(association.item)) + [UInt8(association.properties.count)]
        associationBytes += association.properties
      }
      let ipma = Self.fullBox("ipma", associationBytes)
      let iprp = Self.box("iprp", ipco + ipma)
      var referenceBytes: [UInt8] = []
      for reference in references {
        let targets: [UInt8] = reference.to.flatMap { Self.be16(Int($0)) }
        referenceBytes += Self.box(
          "dimg", Self.be16(Int(reference.from)) + Self.be16(reference.to.count) + targets)
      }
      let iref = Self.fullBox("iref", referenceBytes)
      var locationBytes: [UInt8] = [0x44, 0x00] + Self.be16(locations.count)
      for location in locations {
        // Construction method 1 (idat).
        locationBytes +=
          Self.be16(Int(location.item)) + Self.be16(1) + Self.be16(0) + Self.be16(extentsPerLocation)
        for _ in 0..<extentsPerLocation {
          locationBytes += Self.be32(location.offset) + Self.be32(location.length)
        }
      }
      let iloc = Self.fullBox("iloc", version: 1, locationBytes)
      let meta = Self.fullBox("meta", hdlr + pitm + iinf + iprp + iref + iloc + Self.box("idat", idat))
      return ftyp + meta + Self.box("mdat", [0, 0, 0, 0])
    }
  }

  private func refusal(_ bytes: [UInt8]) -> ImageError? {
    do {
      _ = try HEIFDecoder.decode(bytes, format: .heic)
      Issue.record("decoded")
      return nil
    } catch {
      return error
    }
  }

  @Test("a file of 3,000 items is refused before libheif reads it")
  func manyItems() throws {
    var builder = Builder()
    builder.items = (1...3_000).map { (UInt32($0), "hvc1") }
    let error = try #require(refusal(builder.bytes()))
    #expect(error.code == .limitExceeded)
    #expect(error.reason.contains("3000 items") && error.reason.contains("maxItems"), "\(error)")
  }

  @Test("a grid of 88 × 88 tiles is refused, though its pixels are within the limits")
  func manyTiles() throws {
    var builder = Builder()
    builder.items = [(1, "grid")] + (2...10).map { (UInt32($0), "hvc1") }
    builder.grid(rows: 88, columns: 88, width: 88 * 64, height: 88 * 64)
    builder.references = [(1, Array(repeating: 2, count: 88 * 88))]
    let error = try #require(refusal(builder.bytes()))
    #expect(error.code == .limitExceeded)
    #expect(error.reason.contains("7744 tiles") && error.reason.contains("maxGridTiles"), "\(error)")
  }

  @Test("a 2 × 2 grid whose dimg reference names one tile 16,385 times is refused on the references")
  func manyReferences() throws {
    var builder = Builder()
    builder.items = [(1, "grid"), (2, "hvc1")]
    builder.grid(rows: 2, columns: 2, width: 128, height: 128)
    builder.references = [(1, Array(repeating: 2, count: 16_385))]
    let error = try #require(refusal(builder.bytes()))
    #expect(error.code == .limitExceeded)
    #expect(error.reason.contains("16385 tiles") && error.reason.contains("maxGridTiles"), "\(error)")
  }

  @Test("a grid of four 4096² tiles for a 64² picture is refused on the tiles' pixels")
  func hugeTiles() throws {
    var builder = Builder()
    builder.items = [(1, "grid"), (2, "hvc1"), (3, "hvc1"), (4, "hvc1"), (5, "hvc1")]
    builder.grid(rows: 2, columns: 2, width: 64, height: 64)
    builder.properties = [Builder.ispe(64, 64), Builder.ispe(4096, 4096)]
    builder.associations = [(1, [1])] + (2...5).map { (UInt32($0), [2]) }
    builder.references = [(1, [2, 3, 4, 5])]
    let error = try #require(refusal(builder.bytes()))
    #expect(error.code == .limitExceeded)
    #expect(error.reason.contains("tiles hold more than"), "\(error)")
  }

  @Test("items of many extents are located by their first, and the items after them still are")
  func manyExtents() throws {
    var builder = Builder()
    builder.items = [(1, "grid"), (2, "grid")]
    builder.grid(rows: 2, columns: 3, width: 192, height: 128)
    builder.locations.append((2, builder.idat.count, 8))
    builder.idat += [0, 0, 3, 0] + Builder.be16(64) + Builder.be16(256)
    builder.extentsPerLocation = 40
    let boxes = builder.bytes().withUnsafeBufferPointer { HEIFBoxes($0, itemLimit: 100) }
    #expect(boxes.items[1]?.grid.map { [$0.rows, $0.columns, $0.width, $0.height] } == [2, 3, 192, 128])
    #expect(boxes.items[2]?.grid.map { [$0.rows, $0.columns, $0.width, $0.height] } == [4, 1, 64, 256])
  }

  @Test("a 16,384² coded stream under a 64² ispe is refused before it is decoded")
  func codedSizeLies() throws {
    var builder = Builder()
    builder.items = [(1, "hvc1")]
    builder.properties = [Builder.hvcC(width: 16_384, height: 16_384), Builder.ispe(64, 64)]
    builder.associations = [(1, [0x81, 2])]
    let boxes = builder.bytes().withUnsafeBufferPointer { HEIFBoxes($0, itemLimit: 10) }
    #expect(boxes.items[1]?.coded?.width == 16_384 && boxes.items[1]?.declared?.width == 64)
    let error = try #require(refusal(builder.bytes()))
    #expect(error.code == .limitExceeded)
    #expect(error.reason.contains("16384×16384"), "\(error)")
  }

  @Test("a coded stream larger than its ispe, within the limits, is damaged")
  func codedSizeMismatch() throws {
    var builder = Builder()
    builder.items = [(1, "hvc1")]
    builder.properties = [Builder.hvcC(width: 4096, height: 4096), Builder.ispe(64, 64)]
    builder.associations = [(1, [0x81, 2])]
    let error = try #require(refusal(builder.bytes()))
    #expect(error.code == .corruptData)
    #expect(error.reason.contains("4096×4096") && error.reason.contains("ispe"), "\(error)")
  }

  @Test("a real HEIC's grid reads as libheif reads it")
  func realGrid() throws {
    // heif-enc stores photo.heic as a grid (item 2, 32 × 16) of one 64 × 64 tile (item 1).
    let bytes = try Support.fixture("photo.heic")
    let boxes = bytes.withUnsafeBufferPointer { HEIFBoxes($0, itemLimit: HEIFPreflight.maxItems) }
    let bitmap = try HEIFDecoder.decode(bytes, format: .heic)
    let grid = try #require(boxes.items.values.first { $0.type == "grid" })
    #expect(grid.grid?.width == bitmap.width && grid.grid?.height == bitmap.height)
    #expect(grid.grid?.rows == 1 && grid.grid?.columns == 1 && grid.tiles.count == 1)
    let tile = try #require(boxes.items[grid.tiles[0]])
    #expect(tile.type == "hvc1" && tile.declared?.width == 64 && tile.declared?.height == 64)
    #expect(tile.coded?.width == 64 && tile.coded?.height == 64)
  }

  @Test("a real AVIF's ispe reads as libheif reads it")
  func realAVIF() throws {
    let bytes = try Support.fixture("photo.avif")
    let boxes = bytes.withUnsafeBufferPointer { HEIFBoxes($0, itemLimit: HEIFPreflight.maxItems) }
    let bitmap = try HEIFDecoder.decode(bytes, format: .avif)
    let item = try #require(boxes.items.values.first { $0.type == "av01" })
    #expect(item.declared?.width == bitmap.width && item.declared?.height == bitmap.height)
  }

  @Test("an AVIF's coded size is read from its sequence header when av1C carries none")
  func avifCodedSize() throws {
    let bytes = try Support.fixture("ispe-lies.avif")
    let boxes = bytes.withUnsafeBufferPointer { HEIFBoxes($0, itemLimit: HEIFPreflight.maxItems) }
    let item = try #require(boxes.items.values.first { $0.type == "av01" })
    #expect(item.declared?.width == 32 && item.coded?.width == 4096 && item.coded?.height == 4096)
  }
}
