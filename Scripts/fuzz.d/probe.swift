// libFuzzer target: the header probe and the inspection, which the CI check runs over
// every file (on its first 4 KiB, and on the whole file).
import ImageCore
import PNGCodec

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProbe(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let header = try? PNGHeader.probe(bytes)
  if let header {
    precondition(header.width > 0 && header.height > 0)
    precondition([1, 2, 4, 8, 16].contains(header.bitDepth))
  }
  for whole in [true, false] {
    let inspection = PNGInspection(bytes, isWholeFile: whole)
    // The inspection reads the header the probe reads, and says why when it cannot.
    precondition(inspection.header == header)
    precondition(header != nil || !inspection.errors.isEmpty)
    if let iend = inspection.iendOffset { precondition(iend >= 8 && iend + 12 <= size) }
    if let trailing = inspection.trailingByteCount { precondition(whole && trailing >= 0 && trailing < size) }
    if !whole { precondition(inspection.errors.count <= 1) }
  }
  return 0
}
