internal import CLibPNG
import Dispatch
import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
      throw ImageError(.invalidArgument, "cannot write a \(width)×\(height) PNG")
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
      throw ImageError(.invalidArgument, "a strip of \(rows.count) bytes is not whole \(width)-pixel rows")
    }
    let count = rows.count / inRowBytes
    guard count <= remainingRows else {
      throw ImageError(.invalidArgument, "\(count) rows handed in, only \(remainingRows) left of \(height)")
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
        throw ImageError(.io, "zlib failed while compressing (out of memory?)")
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
      throw ImageError(.invalidArgument, "image ended with \(remainingRows) of \(height) rows missing")
    }
    // An empty final fixed-Huffman block closes the deflate stream; then the Adler-32.
    var tail: [UInt8] = [0x03, 0x00]
    appendUInt32(&tail, UInt32(truncatingIfNeeded: adler))
    tail.withUnsafeBytes { appendChunk(&out, type: "IDAT", data: $0) }
    appendChunk(&out, type: "IEND", data: UnsafeRawBufferPointer(start: nil, count: 0))
  }
}
