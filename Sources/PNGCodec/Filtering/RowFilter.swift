#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One RGBA row in the output's channels.
@inline(__always)
func copyRow(
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
func filterRow(
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
