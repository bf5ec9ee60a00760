internal import CLibPNG
import Dispatch
import IconGridSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How a PNG is written.
public struct PNGEncodingOptions: Sendable, Hashable {
  /// zlib level, 0 (store) to 9 (smallest). Default 6.
  public var compressionLevel: Int
  /// When set, a pHYs chunk records 72 dpi × `scale` so viewers show the image at its
  /// point size. `nil` writes no pHYs.
  public var scale: Int?
  /// `false` writes RGB and drops the alpha of the rows handed in: for opaque sheets.
  public var includeAlpha: Bool
  /// Threads that compress at once; rows are split into independent deflate segments.
  public var threads: Int

  /// Creates options.
  ///
  /// - Parameters:
  ///   - compressionLevel: zlib level, clamped to 0 (store) … 9 (smallest).
  ///   - scale: the scale to record in a pHYs chunk (72 dpi × `scale`); `nil` writes none.
  ///   - includeAlpha: `false` writes RGB, dropping the alpha of the rows handed in.
  ///   - threads: threads that compress at once, at least 1; by default one per core.
  public init(compressionLevel: Int = 6, scale: Int? = nil, includeAlpha: Bool = true, threads: Int? = nil) {
    self.compressionLevel = max(0, min(9, compressionLevel))
    self.scale = scale
    self.includeAlpha = includeAlpha
    self.threads = max(1, threads ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }
}

/// Writes PNG files and bytes from RGBA bitmaps.
public enum PNGEncoder {
  /// Encodes a bitmap to PNG bytes in memory.
  ///
  /// - Parameters:
  ///   - bitmap: the image, straight RGBA.
  ///   - options: compression, pHYs scale, alpha and threads.
  /// - Returns: the bytes of a whole PNG file.
  /// - Throws: ``PNGError`` with ``PNGError/Code/invalidArgument`` for an empty bitmap, or
  ///   ``PNGError/Code/io`` when zlib fails.
  public static func encode(_ bitmap: Bitmap, options: PNGEncodingOptions = .init()) throws
    -> [UInt8]
  {
    var stream = try PNGRowEncoder(width: bitmap.width, height: bitmap.height, options: options)
    var out = stream.start()
    try bitmap.pixels.withUnsafeBytes { (raw) throws in try stream.encode(rows: raw, into: &out) }
    try stream.finish(into: &out)
    return out
  }

  /// Writes a bitmap to `path` atomically: a temporary file beside it, renamed into place.
  ///
  /// - Parameters:
  ///   - bitmap: the image, straight RGBA.
  ///   - path: where the file appears once complete; an existing file is replaced.
  ///   - options: compression, pHYs scale, alpha and threads.
  /// - Throws: ``PNGError/Code/io`` with the path when the directory cannot be written;
  ///   nothing is left behind.
  public static func write(_ bitmap: Bitmap, to path: String, options: PNGEncodingOptions = .init())
    throws
  {
    var writer = try PNGStreamWriter(path: path, width: bitmap.width, height: bitmap.height, options: options)
    try writer.append(bitmap)
    try writer.finish()
  }
}

/// Streams rows, strip by strip, into a PNG file that appears at its path only when
/// complete.
///
/// Rows go to a temporary file in the destination's directory; ``finish()`` renames it
/// into place. A writer dropped without `finish()`, or one whose write fails, removes its
/// temporary file, so a failure never leaves a half-written PNG.
///
/// ```swift
/// var writer = try PNGStreamWriter(path: "sheet.png", width: 800, height: 6000)
/// for strip in strips { try writer.append(strip) }   // each strip: 800 × n RGBA
/// try writer.finish()
/// ```
///
/// Memory holds one strip and its compressed form, never the whole image.
public struct PNGStreamWriter: ~Copyable {
  private let path: String
  private let temporaryPath: String
  private var fd: Int32
  private var encoder: PNGRowEncoder
  private var pending: [UInt8]

  /// Opens a temporary file beside `path` and writes the PNG header.
  ///
  /// - Parameters:
  ///   - path: where the file appears after ``finish()``.
  ///   - width: the image's width in pixels, at least 1.
  ///   - height: the image's height in pixels, at least 1: the rows to append in all.
  ///   - options: compression, pHYs scale, alpha and threads.
  /// - Throws: ``PNGError`` with ``PNGError/Code/invalidArgument`` for an empty size, or
  ///   ``PNGError/Code/io`` with the path when the folder cannot be written.
  public init(path: String, width: Int, height: Int, options: PNGEncodingOptions = .init())
    throws
  {
    let encoder = try PNGRowEncoder(width: width, height: height, options: options)
    let (descriptor, temporary) = try TemporaryFiles.create(for: path)
    self.path = path
    self.temporaryPath = temporary
    self.fd = descriptor
    self.encoder = encoder
    self.pending = self.encoder.start()
  }

  /// Rows still expected.
  public var remainingRows: Int { encoder.remainingRows }

  /// Appends whole rows of RGBA (`width × 4` bytes each).
  ///
  /// - Parameter rows: one or more rows, top to bottom, no padding.
  /// - Throws: ``PNGError`` with ``PNGError/Code/invalidArgument`` when the bytes are not
  ///   whole rows or more rows than remain, or ``PNGError/Code/io`` when writing fails; the
  ///   temporary file is removed then, and the writer is unusable.
  public mutating func append(rows: UnsafeRawBufferPointer) throws {
    do {
      try encoder.encode(rows: rows, into: &pending)
      try flush()
    } catch {
      abandon()
      throw (error as? PNGError)?.at(path) ?? error
    }
  }

  /// Appends a strip: a bitmap as wide as the image.
  ///
  /// - Parameter strip: the next rows, as wide as the image.
  /// - Throws: what ``append(rows:)`` throws.
  public mutating func append(_ strip: Bitmap) throws {
    try strip.pixels.withUnsafeBytes { (raw) throws in try append(rows: raw) }
  }

  /// Writes the end of the file and renames it into place.
  ///
  /// - Throws: ``PNGError/Code/invalidArgument`` when rows are missing;
  ///   ``PNGError/Code/io`` when writing or renaming fails. Either way nothing is left.
  public consuming func finish() throws {
    do {
      try encoder.finish(into: &pending)
      try flush()
      guard fd >= 0 else { throw PNGError(.io, "writer already failed") }
      let closed = close(fd)
      fd = -1
      guard closed == 0 else { throw FileIO.systemError("cannot write", path: path) }
      guard rename(temporaryPath, path) == 0 else {
        throw FileIO.systemError("cannot rename into place", path: path)
      }
    } catch {
      abandon()
      throw (error as? PNGError)?.at(path) ?? error
    }
  }

  private mutating func flush() throws {
    guard fd >= 0 else { throw PNGError(.io, "writer already failed") }
    guard pending.withUnsafeBytes({ FileSystem.writeAll(fd, $0) }) else {
      throw FileIO.systemError("cannot write", path: path)
    }
    pending.removeAll(keepingCapacity: true)
  }

  private mutating func abandon() {
    if fd >= 0 {
      close(fd)
      fd = -1
    }
    unlink(temporaryPath)
  }

  deinit {
    if fd >= 0 {
      close(fd)
      unlink(temporaryPath)
    }
  }
}

/// Filters and compresses rows into a zlib stream split across IDAT chunks. Segments of
/// rows are deflated independently (each ends on a byte boundary with a sync flush) so
/// they can be compressed in parallel; their Adler-32s are combined in order.
struct PNGRowEncoder {
  let width: Int
  let height: Int
  let options: PNGEncodingOptions
  private(set) var remainingRows: Int
  private var previousRow: [UInt8]
  private var adler: UInt = 1
  private let outChannels: Int

  init(width: Int, height: Int, options: PNGEncodingOptions) throws {
    guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
      throw PNGError(.invalidArgument, "cannot write a \(width)×\(height) PNG")
    }
    self.width = width
    self.height = height
    self.options = options
    self.remainingRows = height
    self.outChannels = options.includeAlpha ? 4 : 3
    self.previousRow = [UInt8](repeating: 0, count: width * (options.includeAlpha ? 4 : 3))
  }

  /// Signature, IHDR, pHYs and the zlib header's IDAT.
  func start() -> [UInt8] {
    var out = PNGHeader.signature
    var ihdr: [UInt8] = []
    appendUInt32(&ihdr, UInt32(width))
    appendUInt32(&ihdr, UInt32(height))
    ihdr += [8, options.includeAlpha ? 6 : 2, 0, 0, 0]
    ihdr.withUnsafeBytes { appendChunk(&out, type: "IHDR", data: $0) }
    if let scale = options.scale, scale > 0 {
      // 72 dpi is 2834.6 pixels per metre.
      let perMetre = UInt32((Double(scale) * 72 / 0.0254).rounded())
      var phys: [UInt8] = []
      appendUInt32(&phys, perMetre)
      appendUInt32(&phys, perMetre)
      phys.append(1)
      phys.withUnsafeBytes { appendChunk(&out, type: "pHYs", data: $0) }
    }
    let header: [UInt8] = [
      0x78, options.compressionLevel >= 7 ? 0xDA : options.compressionLevel >= 2 ? 0x9C : 0x01,
    ]
    header.withUnsafeBytes { appendChunk(&out, type: "IDAT", data: $0) }
    return out
  }

  mutating func encode(rows: UnsafeRawBufferPointer, into out: inout [UInt8]) throws {
    let inRowBytes = width * 4
    guard rows.count % inRowBytes == 0 else {
      throw PNGError(.invalidArgument, "a strip of \(rows.count) bytes is not whole \(width)-pixel rows")
    }
    let count = rows.count / inRowBytes
    guard count <= remainingRows else {
      throw PNGError(.invalidArgument, "\(count) rows handed in, only \(remainingRows) left of \(height)")
    }
    guard count > 0 else { return }
    let outRowBytes = width * outChannels
    // Segments of about 256 KB of pixels, at least one row, at most as many as the
    // strip has rows; more segments than threads keeps both cores busy to the end.
    let rowsPerSegment = max(1, min(count, (256 * 1024) / outRowBytes))
    let segmentCount = (count + rowsPerSegment - 1) / rowsPerSegment
    let segments = SegmentResults(count: segmentCount)
    let level = Int32(options.compressionLevel)
    let channels = outChannels
    let previous = previousRow
    let input = BorrowedRows(rows: rows)
    let width = self.width
    let work = { @Sendable (index: Int) in
      let first = index * rowsPerSegment
      let last = min(count, first + rowsPerSegment)
      segments.store(
        index,
        compressSegment(
          rows: input.rows, first: first, last: last, width: width, channels: channels,
          previousOfFirst: previous, level: level))
    }
    if segmentCount == 1 || options.threads == 1 {
      for index in 0..<segmentCount { work(index) }
    } else {
      DispatchQueue.concurrentPerform(iterations: segmentCount, execute: work)
    }
    for index in 0..<segmentCount {
      let segment = segments.take(index)
      guard segment.ok else {
        throw PNGError(.io, "zlib failed while compressing (out of memory?)")
      }
      adler = adler32_combine(adler, segment.adler, off_t(segment.inputBytes))
      segment.compressed.withUnsafeBytes { appendChunk(&out, type: "IDAT", data: $0) }
    }
    // The last row, in output channels, is the "previous row" of the next strip.
    let lastRow = UnsafeRawBufferPointer(rebasing: rows[((count - 1) * inRowBytes)..<(count * inRowBytes)])
    previousRow = convertRow(lastRow, width: width, channels: channels)
    remainingRows -= count
    _ = outRowBytes
  }

  mutating func finish(into out: inout [UInt8]) throws {
    guard remainingRows == 0 else {
      throw PNGError(.invalidArgument, "image ended with \(remainingRows) of \(height) rows missing")
    }
    // An empty final fixed-Huffman block closes the deflate stream; then the Adler-32.
    var tail: [UInt8] = [0x03, 0x00]
    appendUInt32(&tail, UInt32(truncatingIfNeeded: adler))
    tail.withUnsafeBytes { appendChunk(&out, type: "IDAT", data: $0) }
    appendChunk(&out, type: "IEND", data: UnsafeRawBufferPointer(start: nil, count: 0))
  }
}

/// Results of parallel segment compression, one slot per segment.
///
/// `@unchecked Sendable` is safe because each slot is written by exactly one
/// `concurrentPerform` iteration (its own index) and read only after
/// `concurrentPerform` returns, which orders the writes before the reads. The slots live
/// in memory allocated once: writing through an `Array` stored here would make every
/// writer touch the array's shared header (its uniqueness check), a data race.
private final class SegmentResults: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<Segment?>
  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }
  deinit {
    _ = slots.deinitialize()
    slots.deallocate()
  }
  func store(_ index: Int, _ segment: Segment) { slots[index] = segment }
  func take(_ index: Int) -> Segment { slots[index]! }
}

/// The caller's rows, read by the compression threads.
///
/// `@unchecked Sendable` is safe because the threads only read, and
/// `concurrentPerform` returns before the caller's `withUnsafeBytes` scope ends.
private struct BorrowedRows: @unchecked Sendable {
  let rows: UnsafeRawBufferPointer
}

struct Segment {
  var compressed: [UInt8]
  var adler: UInt
  var inputBytes: Int
  var ok: Bool
}

/// RGBA row to the output's channels.
private func convertRow(_ row: UnsafeRawBufferPointer, width: Int, channels: Int) -> [UInt8] {
  if channels == 4 { return Array(row) }
  return [UInt8](unsafeUninitializedCapacity: width * 3) { out, count in
    for x in 0..<width {
      out[x * 3] = row[x * 4]
      out[x * 3 + 1] = row[x * 4 + 1]
      out[x * 3 + 2] = row[x * 4 + 2]
    }
    count = width * 3
  }
}

/// Filters rows `first..<last` of a strip and deflates them as one raw segment ending in a
/// sync flush.
private func compressSegment(
  rows: UnsafeRawBufferPointer, first: Int, last: Int, width: Int, channels: Int,
  previousOfFirst: [UInt8], level: Int32
) -> Segment {
  let inRowBytes = width * 4
  let rowBytes = width * channels
  let filteredCount = (last - first) * (rowBytes + 1)
  // Two row buffers in output channels, swapped after each row: no allocation per row.
  var previous =
    first == 0
    ? previousOfFirst
    : convertRow(
      UnsafeRawBufferPointer(rebasing: rows[((first - 1) * inRowBytes)..<(first * inRowBytes)]),
      width: width, channels: channels)
  var current = [UInt8](repeating: 0, count: rowBytes)
  let filtered = [UInt8](unsafeUninitializedCapacity: filteredCount) { out, count in
    let source = rows.baseAddress!.assumingMemoryBound(to: UInt8.self)
    for row in first..<last {
      current.withUnsafeMutableBufferPointer { cur in
        copyRow(source + row * inRowBytes, into: cur.baseAddress!, width: width, channels: channels)
        previous.withUnsafeBufferPointer { up in
          filterRow(
            current: UnsafePointer(cur.baseAddress!), previous: up.baseAddress!, count: rowBytes,
            bpp: channels,
            out: out.baseAddress! + (row - first) * (rowBytes + 1))
        }
      }
      swap(&previous, &current)
    }
    count = filteredCount
  }
  var stream = z_stream()
  guard icongrid_deflate_init(&stream, level, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK else {
    return Segment(compressed: [], adler: 1, inputBytes: 0, ok: false)
  }
  defer { deflateEnd(&stream) }
  let bound = Int(deflateBound(&stream, uLong(filteredCount))) + 16
  var ok = true
  let adler = filtered.withUnsafeBufferPointer { UInt(adler32(1, $0.baseAddress, uInt(filteredCount))) }
  let compressed = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
    filtered.withUnsafeBufferPointer { input in
      stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
      stream.avail_in = uInt(filteredCount)
      stream.next_out = out.baseAddress
      stream.avail_out = uInt(bound)
      let status = deflate(&stream, Z_SYNC_FLUSH)
      ok = status == Z_OK && stream.avail_in == 0
    }
    count = bound - Int(stream.avail_out)
  }
  return Segment(compressed: compressed, adler: adler, inputBytes: filteredCount, ok: ok)
}

/// One RGBA row in the output's channels.
@inline(__always)
private func copyRow(
  _ source: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, width: Int, channels: Int
) {
  if channels == 4 {
    out.update(from: source, count: width * 4)
    return
  }
  for x in 0..<width {
    out[x * 3] = source[x * 4]
    out[x * 3 + 1] = source[x * 4 + 1]
    out[x * 3 + 2] = source[x * 4 + 2]
  }
}

/// |v| of a filtered byte read as signed: the "minimum sum of absolute differences" measure.
@inline(__always)
private func magnitude(_ value: Int) -> Int {
  let byte = value & 0xFF
  return min(byte, 256 - byte)
}

/// The Paeth predictor of PNG's filter type 4.
@inline(__always)
private func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
  let pa = abs(b - c)
  let pb = abs(a - c)
  let pc = abs(a + b - 2 * c)
  return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
}

private typealias Bytes16 = SIMD16<UInt8>
private typealias Wide16 = SIMD16<Int16>

@inline(__always)
private func load(_ pointer: UnsafePointer<UInt8>, _ offset: Int) -> Bytes16 {
  UnsafeRawPointer(pointer + offset).loadUnaligned(as: Bytes16.self)
}

@inline(__always)
private func store(_ value: Bytes16, _ pointer: UnsafeMutablePointer<UInt8>, _ offset: Int) {
  UnsafeMutableRawPointer(pointer + offset).storeBytes(of: value, as: Bytes16.self)
}

/// Per-lane |v| of bytes read as signed, as the scalar ``magnitude(_:)``.
@inline(__always)
private func magnitudes(_ value: Bytes16) -> SIMD16<UInt16> {
  let signed = SIMD16<Int8>(truncatingIfNeeded: value)
  let sign = signed &>> 7
  return SIMD16<UInt16>(truncatingIfNeeded: SIMD16<UInt8>(truncatingIfNeeded: (signed ^ sign) &- sign))
}

/// ⌊(a + b) / 2⌋ per lane without overflow.
@inline(__always)
private func average(_ a: Bytes16, _ b: Bytes16) -> Bytes16 {
  (a & b) &+ ((a ^ b) &>> 1)
}

/// The Paeth predictor per lane, as the scalar ``paeth(_:_:_:)``, with arithmetic masks
/// (a shift of the sign bit) rather than lane comparisons, which compile to slow loops.
@inline(__always)
private func paeth(_ a: Bytes16, _ b: Bytes16, _ c: Bytes16) -> Bytes16 {
  let a16 = Wide16(truncatingIfNeeded: a)
  let b16 = Wide16(truncatingIfNeeded: b)
  let c16 = Wide16(truncatingIfNeeded: c)
  let da = b16 &- c16
  let db = a16 &- c16
  let dc = da &+ db
  let pa = absolute(da)
  let pb = absolute(db)
  let pc = absolute(dc)
  // All ones where the left side is ≤ the right: the sign of (right − left) is clear.
  let bNotAboveC = ~((pc &- pb) &>> 15)
  let aNotAboveB = ~((pb &- pa) &>> 15)
  let aNotAboveC = ~((pc &- pa) &>> 15)
  let pickA = aNotAboveB & aNotAboveC
  let bOrC = (b16 & bNotAboveC) | (c16 & ~bNotAboveC)
  return Bytes16(truncatingIfNeeded: (a16 & pickA) | (bOrC & ~pickA))
}

/// |v| per lane by the sign mask: (v ^ s) − s.
@inline(__always)
private func absolute(_ value: Wide16) -> Wide16 {
  let sign = value &>> 15
  return (value ^ sign) &- sign
}

/// Chooses the filter whose output has the smallest sum of absolute values (libpng's
/// heuristic) and writes the filter byte and the filtered row to `out` (`count + 1` bytes).
///
/// A row equal to the one above (margins, flat background) takes Up at once: all zeros.
/// Otherwise one pass measures the five filters without storing them and a second writes
/// only the winner; both go 16 bytes at a time.
private func filterRow(
  current cur: UnsafePointer<UInt8>, previous up: UnsafePointer<UInt8>, count n: Int, bpp: Int,
  out: UnsafeMutablePointer<UInt8>
) {
  if memcmp(cur, up, n) == 0 {
    out[0] = 2
    (out + 1).initialize(repeating: 0, count: n)
    return
  }
  var none = 0
  var sub = 0
  var upSum = 0
  var averageSum = 0
  var paethSum = 0
  let head = min(bpp, n)
  for i in 0..<head {
    let x = Int(cur[i])
    let b = Int(up[i])
    none += magnitude(x)
    sub += magnitude(x)
    upSum += magnitude(x - b)
    averageSum += magnitude(x - b >> 1)
    paethSum += magnitude(x - b)
  }
  var i = head
  // Lanes hold at most 128 per step: 256 steps fit in 16 bits.
  while i + 16 <= n {
    var accNone = SIMD16<UInt16>()
    var accSub = SIMD16<UInt16>()
    var accUp = SIMD16<UInt16>()
    var accAverage = SIMD16<UInt16>()
    var accPaeth = SIMD16<UInt16>()
    var steps = 0
    while i + 16 <= n && steps < 256 {
      let x = load(cur, i)
      let a = load(cur, i - bpp)
      let b = load(up, i)
      let c = load(up, i - bpp)
      accNone &+= magnitudes(x)
      accSub &+= magnitudes(x &- a)
      accUp &+= magnitudes(x &- b)
      accAverage &+= magnitudes(x &- average(a, b))
      accPaeth &+= magnitudes(x &- paeth(a, b, c))
      i += 16
      steps += 1
    }
    none += Int(SIMD16<UInt32>(truncatingIfNeeded: accNone).wrappedSum())
    sub += Int(SIMD16<UInt32>(truncatingIfNeeded: accSub).wrappedSum())
    upSum += Int(SIMD16<UInt32>(truncatingIfNeeded: accUp).wrappedSum())
    averageSum += Int(SIMD16<UInt32>(truncatingIfNeeded: accAverage).wrappedSum())
    paethSum += Int(SIMD16<UInt32>(truncatingIfNeeded: accPaeth).wrappedSum())
  }
  while i < n {
    let x = Int(cur[i])
    let a = Int(cur[i - bpp])
    let b = Int(up[i])
    let c = Int(up[i - bpp])
    none += magnitude(x)
    sub += magnitude(x - a)
    upSum += magnitude(x - b)
    averageSum += magnitude(x - (a + b) >> 1)
    paethSum += magnitude(x - paeth(a, b, c))
    i += 1
  }
  var best = 0
  var bestSum = none
  for (filter, sum) in [(1, sub), (2, upSum), (3, averageSum), (4, paethSum)] where sum < bestSum {
    best = filter
    bestSum = sum
  }
  out[0] = UInt8(best)
  let row = out + 1
  if best == 0 {
    row.update(from: cur, count: n)
    return
  }
  for i in 0..<head {
    let b = up[i]
    switch best {
    case 1: row[i] = cur[i]
    case 3: row[i] = cur[i] &- (b >> 1)
    default: row[i] = cur[i] &- b
    }
  }
  i = head
  while i + 16 <= n {
    let x = load(cur, i)
    let b = load(up, i)
    switch best {
    case 1: store(x &- load(cur, i - bpp), row, i)
    case 2: store(x &- b, row, i)
    case 3: store(x &- average(load(cur, i - bpp), b), row, i)
    default: store(x &- paeth(load(cur, i - bpp), b, load(up, i - bpp)), row, i)
    }
    i += 16
  }
  while i < n {
    let x = Int(cur[i])
    let a = Int(cur[i - bpp])
    let b = Int(up[i])
    let predictor: Int
    switch best {
    case 1: predictor = a
    case 2: predictor = b
    case 3: predictor = (a + b) >> 1
    default: predictor = paeth(a, b, Int(up[i - bpp]))
    }
    row[i] = UInt8(truncatingIfNeeded: x - predictor)
    i += 1
  }
}
