import ImageCore

/// PNG's filter predictors, shared by decoding (unfiltering) and encoding (choosing a
/// filter); the SIMD forms the encoder uses are in `RowFilter.swift`.

/// The Paeth predictor of filter type 4: of left `a`, above `b` and upper-left `c`, the
/// one closest to `a + b − c`, ties going to `a`, then `b`.
@inline(__always)
func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
  let pa = abs(b - c)
  let pb = abs(a - c)
  let pc = abs(a + b - 2 * c)
  return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
}

/// Undoes a row's filter in place.
///
/// - Parameters:
///   - line: the filtered row (without its filter byte), unfiltered on return.
///   - previous: the row above, already unfiltered (zeros for a pass's first row).
///   - count: bytes in the row.
///   - filter: the row's filter byte.
///   - stride: bytes per pixel, at least 1: how far left "left" is.
/// - Throws: ``ImageError/Code/corruptData`` for a filter type PNG does not define.
func unfilter(
  _ line: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, filter: UInt8, stride: Int
) throws {
  switch filter {
  case 0: return
  case 1:
    for i in stride..<max(stride, count) { line[i] &+= line[i - stride] }
  case 2:
    for i in 0..<count { line[i] &+= previous[i] }
  case 3:
    for i in 0..<count {
      let left = i >= stride ? Int(line[i - stride]) : 0
      line[i] &+= UInt8((left + Int(previous[i])) / 2)
    }
  case 4:
    for i in 0..<count {
      let a = i >= stride ? Int(line[i - stride]) : 0
      let c = i >= stride ? Int(previous[i - stride]) : 0
      line[i] &+= UInt8(paeth(a, Int(previous[i]), c))
    }
  default:
    throw ImageError(.corruptData, "damaged image data (unknown filter type \(filter))")
  }
}
