internal import CLibPNG

/// Results of parallel segment compression, one slot per segment.
///
/// `@unchecked Sendable` is safe because each slot is written by exactly one
/// `concurrentPerform` iteration (its own index) and read only after
/// `concurrentPerform` returns, which orders the writes before the reads. The slots live
/// in memory allocated once: writing through an `Array` stored here would make every
/// writer touch the array's shared header (its uniqueness check), a data race.
final class SegmentResults: @unchecked Sendable {
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
struct BorrowedRows: @unchecked Sendable {
  let rows: UnsafeRawBufferPointer
}

struct Segment {
  var compressed: [UInt8]
  var adler: UInt
  var inputBytes: Int
  var ok: Bool
}

/// RGBA row to the output's channels.
func convertRow(_ row: UnsafeRawBufferPointer, width: Int, channels: Int) -> [UInt8] {
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
func compressSegment(
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
