/// What a HEIF file's `meta` box says about its items, read from the boxes without decoding.
///
/// Only what the preflight budgets need: the item count and types, each item's `ispe` size
/// and coded size (from the `hvcC` sequence parameter set or the `av1C` sequence header),
/// the grid descriptors and the `dimg` references. Every read is bounds-checked; a box that
/// does not parse ends the walk with what was read so far, and libheif then judges the file.
struct HEIFBoxes {
  /// One item of `iinf`.
  struct Item {
    /// The item's type: `hvc1`, `av01`, `grid`, `Exif`…
    var type: String = ""
    /// The `ispe` size, when a property gives one.
    var declared: (width: Int, height: Int)?
    /// The size the coded stream's header says, when its configuration carries one.
    var coded: (width: Int, height: Int)?
    /// A grid's tile rows, tile columns and output size, read from the item's data.
    var grid: (rows: Int, columns: Int, width: Int, height: Int)?
    /// How many items a `dimg` reference from this item names (a grid's tiles).
    var derivedFrom = 0
    /// The first items a `dimg` reference names, up to the item limit.
    var tiles: [UInt32] = []
  }

  /// The entry count `iinf` declares (the items may be fewer when the box is cut short).
  var declaredItems = 0
  /// The items read, by item ID.
  var items: [UInt32: Item] = [:]

  /// Reads the boxes of `bytes`, stopping after `itemLimit` items so a huge `iinf` costs
  /// no more than the budget it breaks.
  init(_ bytes: UnsafeBufferPointer<UInt8>, itemLimit: Int) {
    let file = BoxReader(bytes, 0..<bytes.count)
    guard let meta = file.children().first(where: { $0.type == "meta" }) else { return }
    var locations: [UInt32: Range<Int>] = [:]
    var idat: Range<Int>?
    var properties: [HEIFBox] = []
    var associations: [(item: UInt32, indices: [Int])] = []
    for box in BoxReader(bytes, meta.body).fullBoxChildren() {
      switch box.type {
      case "iinf": readItemInfo(BoxReader(bytes, box.body), limit: itemLimit)
      case "iloc": locations = Self.locations(BoxReader(bytes, box.body), limit: itemLimit)
      case "idat": idat = box.body
      case "iref": readReferences(BoxReader(bytes, box.body), limit: itemLimit)
      case "iprp":
        for child in BoxReader(bytes, box.body).children() {
          if child.type == "ipco" { properties = BoxReader(bytes, child.body).children() }
          if child.type == "ipma" {
            associations = Self.associations(BoxReader(bytes, child.body), limit: itemLimit)
          }
        }
      default: break
      }
    }
    for (id, indices) in associations where items[id] != nil {
      for index in indices where index >= 1 && index <= properties.count {
        let property = properties[index - 1]
        let body = BoxReader(bytes, property.body)
        switch property.type {
        case "ispe":
          if let width = body.u32(at: 4), let height = body.u32(at: 8) {
            items[id]?.declared = (Int(width), Int(height))
          }
        case "hvcC": items[id]?.coded = HEVCSize.read(body)
        case "av1C": items[id]?.coded = AV1Size.read(body)
        default: break
        }
      }
    }
    for (id, item) in items where item.type == "grid" {
      guard let range = locations[id] else { continue }
      let base =
        range.lowerBound < 0 ? idat.map { $0.lowerBound + (-range.lowerBound - 1) } : range.lowerBound
      // An offset past the end of the file (a hostile `iloc`) has no grid to read.
      guard let start = base, start >= 0, start < bytes.count else { continue }
      items[id]?.grid = Self.grid(BoxReader(bytes, start..<min(bytes.count, start + 12)))
    }
    // An av1C without configuration OBUs: the sequence header opens the item's data.
    for (id, item) in items where item.type == "av01" && item.coded == nil {
      guard let range = locations[id], range.lowerBound >= 0 else { continue }
      items[id]?.coded = AV1Size.read(
        obus: BoxReader(bytes, range.lowerBound..<min(range.upperBound, range.lowerBound + 512)))
    }
  }

  private mutating func readItemInfo(_ body: BoxReader, limit: Int) {
    guard let version = body.u8(at: 0) else { return }
    let count = version == 0 ? body.u16(at: 4).map(Int.init) : body.u32(at: 4).map(Int.init)
    declaredItems = count ?? 0
    guard declaredItems <= limit else { return }
    let entries = BoxReader(
      body.bytes,
      min(body.range.upperBound, body.range.lowerBound + (version == 0 ? 6 : 8))..<body.range.upperBound)
    for entry in entries.children().prefix(limit) where entry.type == "infe" {
      let infe = BoxReader(body.bytes, entry.body)
      guard let entryVersion = infe.u8(at: 0), entryVersion >= 2 else { continue }
      let id = entryVersion == 2 ? infe.u16(at: 4).map(UInt32.init) : infe.u32(at: 4)
      let typeOffset = entryVersion == 2 ? 8 : 10
      guard let id, let type = infe.fourCC(at: typeOffset) else { continue }
      items[id, default: Item()].type = type
    }
  }

  private mutating func readReferences(_ body: BoxReader, limit: Int) {
    guard let version = body.u8(at: 0) else { return }
    let references = BoxReader(
      body.bytes, min(body.range.upperBound, body.range.lowerBound + 4)..<body.range.upperBound)
    for reference in references.children().prefix(limit) where reference.type == "dimg" {
      let box = BoxReader(body.bytes, reference.body)
      let id = version == 0 ? box.u16(at: 0).map(UInt32.init) : box.u32(at: 0)
      let width = version == 0 ? 2 : 4
      guard let id, let count = box.u16(at: width) else { continue }
      items[id, default: Item()].derivedFrom += Int(count)
      for index in 0..<min(Int(count), limit) {
        guard let tile = box.uint(at: width + 2 + index * width, size: width) else { break }
        items[id, default: Item()].tiles.append(UInt32(tile))
      }
    }
  }

  /// Each item's first extent: a file range, or for construction method 1 (`idat`) a
  /// negative lower bound `-(offset + 1)` resolved against the `idat` box.
  private static func locations(_ body: BoxReader, limit: Int) -> [UInt32: Range<Int>] {
    guard let version = body.u8(at: 0), let sizes = body.u8(at: 4), let more = body.u8(at: 5) else {
      return [:]
    }
    let offsetSize = Int(sizes >> 4)
    let lengthSize = Int(sizes & 0xF)
    let baseSize = Int(more >> 4)
    let indexSize = version == 0 ? 0 : Int(more & 0xF)
    var cursor = 6
    let count = version < 2 ? body.u16(at: cursor).map(Int.init) : body.u32(at: cursor).map(Int.init)
    cursor += version < 2 ? 2 : 4
    guard let count, count <= limit else { return [:] }
    var found: [UInt32: Range<Int>] = [:]
    for _ in 0..<count {
      let id = version < 2 ? body.u16(at: cursor).map(UInt32.init) : body.u32(at: cursor)
      cursor += version < 2 ? 2 : 4
      var method = 0
      if version >= 1 {
        method = Int(body.u16(at: cursor) ?? 0) & 0xF
        cursor += 2
      }
      cursor += 2  // data_reference_index
      let base = body.uint(at: cursor, size: baseSize)
      cursor += baseSize
      guard let id, let base, let extents = body.u16(at: cursor) else { return found }
      cursor += 2
      guard extents > 0 else { continue }
      // Only the first extent is read; the others are stepped over at once, since with
      // sizes of 0 an extent takes no bytes and 65,535 of them would cost as many turns
      // per item.
      cursor += indexSize
      let offset = body.uint(at: cursor, size: offsetSize)
      cursor += offsetSize
      let length = body.uint(at: cursor, size: lengthSize)
      cursor += lengthSize
      guard let offset, let length else { return found }
      let (start, overflow) = base.addingReportingOverflow(offset)
      if method == 0 || method == 1, !overflow, start >= 0, start < Int(Int32.max), length < Int(Int32.max) {
        found[id] = method == 0 ? start..<(start + length) : -(start + 1)..<0
      }
      // A box cut short within the extents ends the walk, as a read past its end does.
      cursor += (Int(extents) - 1) * (indexSize + offsetSize + lengthSize)
      guard body.range.lowerBound + cursor <= body.range.upperBound else { return found }
    }
    return found
  }

  private static func associations(_ body: BoxReader, limit: Int) -> [(item: UInt32, indices: [Int])] {
    guard let version = body.u8(at: 0), let flags = body.u8(at: 3), let count = body.u32(at: 4),
      Int(count) <= limit
    else { return [] }
    var cursor = 8
    var found: [(item: UInt32, indices: [Int])] = []
    for _ in 0..<Int(count) {
      let id = version < 1 ? body.u16(at: cursor).map(UInt32.init) : body.u32(at: cursor)
      cursor += version < 1 ? 2 : 4
      guard let id, let associationCount = body.u8(at: cursor) else { return found }
      cursor += 1
      var indices: [Int] = []
      for _ in 0..<Int(associationCount) {
        if flags & 1 != 0 {
          guard let value = body.u16(at: cursor) else { return found }
          indices.append(Int(value & 0x7FFF))
          cursor += 2
        } else {
          guard let value = body.u8(at: cursor) else { return found }
          indices.append(Int(value & 0x7F))
          cursor += 1
        }
      }
      found.append((id, indices))
    }
    return found
  }

  /// The `ImageGrid` structure of a grid item's data.
  private static func grid(_ data: BoxReader) -> (rows: Int, columns: Int, width: Int, height: Int)? {
    guard let flags = data.u8(at: 1), let rows = data.u8(at: 2), let columns = data.u8(at: 3) else {
      return nil
    }
    let wide = flags & 1 != 0
    let width = wide ? data.u32(at: 4).map(Int.init) : data.u16(at: 4).map(Int.init)
    let height = wide ? data.u32(at: 8).map(Int.init) : data.u16(at: 6).map(Int.init)
    guard let width, let height else { return nil }
    return (Int(rows) + 1, Int(columns) + 1, width, height)
  }
}

/// A box: its four-character type and the range of its body in the file.
struct HEIFBox {
  var type: String
  var body: Range<Int>
}

/// Bounds-checked big-endian reads over one range of the file.
struct BoxReader {
  let bytes: UnsafeBufferPointer<UInt8>
  let range: Range<Int>

  init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    self.bytes = bytes
    self.range = range.clamped(to: 0..<bytes.count)
  }

  /// An unsigned integer of `size` bytes (0 to 8) at `offset` from the range's start.
  func uint(at offset: Int, size: Int) -> Int? {
    guard size >= 0, size <= 8, offset >= 0, range.lowerBound + offset + size <= range.upperBound else {
      return nil
    }
    var value: UInt64 = 0
    for index in 0..<size { value = value << 8 | UInt64(bytes[range.lowerBound + offset + index]) }
    return value > UInt64(Int.max) ? nil : Int(value)
  }

  func u8(at offset: Int) -> UInt8? { uint(at: offset, size: 1).map { UInt8($0) } }
  func u16(at offset: Int) -> UInt16? { uint(at: offset, size: 2).map { UInt16($0) } }
  func u32(at offset: Int) -> UInt32? { uint(at: offset, size: 4).map { UInt32($0) } }

  func fourCC(at offset: Int) -> String? {
    guard offset >= 0, range.lowerBound + offset + 4 <= range.upperBound else { return nil }
    let start = range.lowerBound + offset
    return String(decoding: bytes[start..<(start + 4)], as: UTF8.self)
  }

  /// The boxes that fill the range, in order, up to the first that does not fit.
  func children() -> [HEIFBox] {
    var found: [HEIFBox] = []
    var cursor = range.lowerBound
    while cursor + 8 <= range.upperBound {
      let here = BoxReader(bytes, cursor..<range.upperBound)
      guard let size32 = here.u32(at: 0), let type = here.fourCC(at: 4) else { break }
      var header = 8
      var size = Int(size32)
      if size32 == 1 {
        guard let large = here.uint(at: 8, size: 8) else { break }
        size = large
        header = 16
      } else if size32 == 0 {
        size = range.upperBound - cursor
      }
      guard size >= header, size <= range.upperBound - cursor else { break }
      found.append(HEIFBox(type: type, body: (cursor + header)..<(cursor + size)))
      cursor += size
    }
    return found
  }

  /// The children of a full box (after its version and flags).
  func fullBoxChildren() -> [HEIFBox] {
    BoxReader(bytes, min(range.upperBound, range.lowerBound + 4)..<range.upperBound).children()
  }
}

/// The MSB-first bit reader of HEVC and AV1 headers.
struct BitReader {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func bits(_ count: Int) -> Int? {
    var value = 0
    for _ in 0..<count {
      guard position / 8 < bytes.count else { return nil }
      value = value << 1 | Int(bytes[position / 8] >> (7 - UInt8(position % 8)) & 1)
      position += 1
    }
    return value
  }

  mutating func skip(_ count: Int) -> Bool {
    position += count
    return position <= bytes.count * 8
  }

  /// An unsigned Exp-Golomb code, `ue(v)`.
  mutating func golomb() -> Int? {
    var zeros = 0
    while let bit = bits(1), bit == 0 {
      zeros += 1
      if zeros > 31 { return nil }
    }
    guard let rest = bits(zeros) else { return nil }
    return (1 << zeros) - 1 + rest
  }
}

/// The picture size in an `hvcC` box's sequence parameter set.
enum HEVCSize {
  static func read(_ body: BoxReader) -> (width: Int, height: Int)? {
    guard let arrays = body.u8(at: 22) else { return nil }
    var cursor = 23
    for _ in 0..<Int(arrays) {
      guard let kind = body.u8(at: cursor), let count = body.u16(at: cursor + 1) else { return nil }
      cursor += 3
      for _ in 0..<Int(count) {
        guard let length = body.u16(at: cursor) else { return nil }
        let start = body.range.lowerBound + cursor + 2
        guard start + Int(length) <= body.range.upperBound else { return nil }
        if kind & 0x3F == 33 {
          return sps(Array(body.bytes[start..<(start + Int(length))]))
        }
        cursor += 2 + Int(length)
      }
    }
    return nil
  }

  /// `pic_width_in_luma_samples` and `pic_height_in_luma_samples` of a SPS NAL unit.
  static func sps(_ nal: [UInt8]) -> (width: Int, height: Int)? {
    // Drop the NAL header and the emulation-prevention bytes (00 00 03).
    var payload: [UInt8] = []
    var zeros = 0
    for byte in nal.dropFirst(2).prefix(256) {
      if zeros >= 2 && byte == 3 {
        zeros = 0
        continue
      }
      zeros = byte == 0 ? zeros + 1 : 0
      payload.append(byte)
    }
    var reader = BitReader(payload)
    guard reader.skip(4), let subLayers = reader.bits(3), reader.skip(1) else { return nil }
    // profile_tier_level: the general profile and level, then the sub-layers'.
    guard reader.skip(88 + 8) else { return nil }
    var profilePresent: [Bool] = []
    var levelPresent: [Bool] = []
    for _ in 0..<subLayers {
      guard let profile = reader.bits(1), let level = reader.bits(1) else { return nil }
      profilePresent.append(profile == 1)
      levelPresent.append(level == 1)
    }
    if subLayers > 0 { guard reader.skip(2 * (8 - subLayers)) else { return nil } }
    for index in 0..<subLayers {
      guard reader.skip((profilePresent[index] ? 88 : 0) + (levelPresent[index] ? 8 : 0)) else { return nil }
    }
    guard reader.golomb() != nil, let chroma = reader.golomb() else { return nil }
    if chroma == 3 { guard reader.skip(1) else { return nil } }
    guard let width = reader.golomb(), let height = reader.golomb() else { return nil }
    return (width, height)
  }
}

/// The largest frame size in an `av1C` box's sequence header OBU.
enum AV1Size {
  /// The size in an `av1C` box: its configuration OBUs follow 4 bytes of header.
  static func read(_ body: BoxReader) -> (width: Int, height: Int)? {
    read(
      obus: BoxReader(
        body.bytes, min(body.range.upperBound, body.range.lowerBound + 4)..<body.range.upperBound))
  }

  /// The size in the first sequence header among `obus`.
  static func read(obus body: BoxReader) -> (width: Int, height: Int)? {
    var cursor = 0
    while let header = body.u8(at: cursor) {
      let type = Int(header >> 3) & 0xF
      let hasExtension = header & 4 != 0
      let hasSize = header & 2 != 0
      cursor += hasExtension ? 2 : 1
      var size = body.range.count - cursor
      if hasSize {
        var value = 0
        var shift = 0
        while let byte = body.u8(at: cursor), shift < 56 {
          value |= Int(byte & 0x7F) << shift
          cursor += 1
          shift += 7
          if byte & 0x80 == 0 { break }
        }
        size = value
      }
      guard size >= 0, cursor + size <= body.range.count else { return nil }
      if type == 1 {
        let start = body.range.lowerBound + cursor
        return sequenceHeader(Array(body.bytes[start..<(start + min(size, 256))]))
      }
      cursor += size
    }
    return nil
  }

  static func sequenceHeader(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    var reader = BitReader(bytes)
    guard reader.skip(4), let reduced = reader.bits(1) else { return nil }
    if reduced == 1 {
      guard reader.skip(5) else { return nil }
    } else {
      guard let timing = reader.bits(1) else { return nil }
      var decoderModel = 0
      var delayLength = 0
      if timing == 1 {
        guard reader.skip(64), let equal = reader.bits(1) else { return nil }
        if equal == 1 {
          var zeros = 0
          while let bit = reader.bits(1), bit == 0 {
            zeros += 1
            if zeros > 32 { return nil }
          }
          guard reader.skip(zeros) else { return nil }
        }
        guard let model = reader.bits(1) else { return nil }
        decoderModel = model
        if model == 1 {
          guard let length = reader.bits(5), reader.skip(32 + 10) else { return nil }
          delayLength = length + 1
        }
      }
      guard let initialDelay = reader.bits(1), let points = reader.bits(5) else { return nil }
      for _ in 0...points {
        guard reader.skip(12), let level = reader.bits(5) else { return nil }
        if level > 7 { guard reader.skip(1) else { return nil } }
        if decoderModel == 1 {
          guard let present = reader.bits(1) else { return nil }
          if present == 1 { guard reader.skip(2 * delayLength + 1) else { return nil } }
        }
        if initialDelay == 1 {
          guard let present = reader.bits(1) else { return nil }
          if present == 1 { guard reader.skip(4) else { return nil } }
        }
      }
    }
    guard let widthBits = reader.bits(4), let heightBits = reader.bits(4),
      let width = reader.bits(widthBits + 1), let height = reader.bits(heightBits + 1)
    else { return nil }
    return (width + 1, height + 1)
  }
}
