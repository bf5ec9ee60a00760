import Foundation

/// The source pixels each destination pixel of one axis reads, and how much of each.
///
/// Every destination pixel reads the same number of consecutive source pixels (`count`),
/// starting at `starts[i]`; weights past a pixel's true span are zero. Taps that would fall
/// outside the source are folded onto its edge pixel, so every window lies inside the source
/// and the weights of a destination pixel sum to 1.
struct AxisTaps: Sendable {
  var count: Int
  var starts: [Int]
  /// `starts.count × count` weights, destination pixel by destination pixel.
  var weights: [Float]

  /// The taps for resizing `input` source pixels to `output` along one axis.
  init(from input: Int, to output: Int, kernel: ResolvedKernel) {
    precondition(input > 0 && output > 0, "empty axis")
    let ratio = Double(input) / Double(output)
    var sparse: [(first: Int, weights: [Double])] = []
    sparse.reserveCapacity(output)
    for index in 0..<output {
      let raw: [(Int, Double)]
      switch kernel {
      case .area where ratio < 1, .compensated where ratio < 1, .quadratic where ratio < 1:
        raw = Self.linear(index, ratio: ratio, input: input)
      case .area: raw = Self.area(index, ratio: ratio)
      case .quadratic: raw = Self.quadratic(index, ratio: ratio)
      case .compensated(let strength): raw = Self.compensated(index, ratio: ratio, strength: strength)
      case .lanczos(let lobes): raw = Self.lanczos(index, ratio: ratio, lobes: lobes)
      }
      sparse.append(Self.folded(raw, input: input))
    }
    let count = min(input, sparse.map { $0.weights.count }.max() ?? 1)
    var starts = [Int](repeating: 0, count: output)
    var weights = [Float](repeating: 0, count: output * count)
    for (index, taps) in sparse.enumerated() {
      let start = min(taps.first, input - count)
      starts[index] = start
      for (k, weight) in taps.weights.enumerated() {
        weights[index * count + taps.first - start + k] = Float(weight)
      }
    }
    self.count = count
    self.starts = starts
    self.weights = weights
  }

  /// Box over exact coverage: destination pixel `index` covers `[index·r, (index+1)·r)`.
  private static func area(_ index: Int, ratio: Double) -> [(Int, Double)] {
    let start = Double(index) * ratio
    let end = start + ratio
    let first = Int(start.rounded(.down))
    let last = max(first, Int((end - 1e-9).rounded(.down)))
    return (first...last).map { source in
      let overlap = min(end, Double(source + 1)) - max(start, Double(source))
      return (source, max(0, overlap) / ratio)
    }
  }

  /// The integral over `[index·r, (index+1)·r)` of the piecewise parabola whose piece in
  /// source pixel i (local coordinate t in [-½, ½]) is a + b·t + c·t², with b = (s₊ − s₋) ÷ 2,
  /// c = (s₋ + s₊ − 2sᵢ) ÷ 2 and a = sᵢ − c ÷ 12, so that its mean over the pixel is sᵢ. The
  /// integral over [u, v] is (v − u)·sᵢ + b·(v² − u²) ÷ 2 + c·((v³ − u³) ÷ 3 − (v − u) ÷ 12),
  /// linear in s₋, sᵢ, s₊; over a whole pixel it is sᵢ.
  private static func quadratic(_ index: Int, ratio: Double) -> [(Int, Double)] {
    let start = Double(index) * ratio
    let end = start + ratio
    let first = Int(start.rounded(.down))
    let last = max(first, Int((end - 1e-9).rounded(.down)))
    var weights = [Double](repeating: 0, count: last - first + 3)
    for source in first...last {
      let centre = Double(source) + 0.5
      let u = max(start, Double(source)) - centre
      let v = min(end, Double(source + 1)) - centre
      guard v > u else { continue }
      let k = source - first + 1
      if u <= -0.5 + 1e-12 && v >= 0.5 - 1e-12 {
        weights[k] += 1 / ratio
        continue
      }
      let linear = (v * v - u * u) / 2
      let curve = (v * v * v - u * u * u) / 3 - (v - u) / 12
      weights[k] += ((v - u) - curve) / ratio
      weights[k - 1] += (curve / 2 - linear / 2) / ratio
      weights[k + 1] += (curve / 2 + linear / 2) / ratio
    }
    return weights.enumerated().map { (first - 1 + $0.offset, $0.element) }
  }

  /// The area taps convolved with `[-s, 1 + 2s, -s]` in source pixels.
  private static func compensated(_ index: Int, ratio: Double, strength: Double) -> [(Int, Double)] {
    let box = area(index, ratio: ratio)
    guard strength != 0, let first = box.first?.0 else { return box }
    var wide = [Double](repeating: 0, count: box.count + 2)
    for (k, tap) in box.enumerated() {
      wide[k] -= strength * tap.1
      wide[k + 1] += (1 + 2 * strength) * tap.1
      wide[k + 2] -= strength * tap.1
    }
    return wide.enumerated().map { (first - 1 + $0.offset, $0.element) }
  }

  /// A Lanczos window of `lobes` lobes, stretched by the ratio when shrinking, centred on the
  /// destination pixel's centre in source coordinates.
  private static func lanczos(_ index: Int, ratio: Double, lobes: Int) -> [(Int, Double)] {
    let stretch = max(1, ratio)
    let support = Double(lobes) * stretch
    let centre = (Double(index) + 0.5) * ratio - 0.5
    let first = Int((centre - support).rounded(.up))
    let last = Int((centre + support).rounded(.down))
    return (first...max(first, last)).map { source in
      (source, lanczosWeight((Double(source) - centre) / stretch, lobes: Double(lobes)))
    }
  }

  /// Linear interpolation between the two nearest source centres, clamped at the edges.
  private static func linear(_ index: Int, ratio: Double, input: Int) -> [(Int, Double)] {
    let centre = (Double(index) + 0.5) * ratio - 0.5
    let lower = Int(centre.rounded(.down))
    let fraction = Float(centre - Double(lower))
    if lower < 0 { return [(0, 1)] }
    if lower >= input - 1 { return [(input - 1, 1)] }
    return [(lower, Double(1 - fraction)), (lower + 1, Double(fraction))]
  }

  /// Folds taps outside `0..<input` onto the edge pixels, drops zero weights at the ends
  /// and normalises the sum to 1.
  private static func folded(_ raw: [(Int, Double)], input: Int) -> (first: Int, weights: [Double]) {
    var byIndex: [Int: Double] = [:]
    for (source, weight) in raw {
      byIndex[min(input - 1, max(0, source)), default: 0] += weight
    }
    var first = byIndex.keys.min() ?? 0
    var last = byIndex.keys.max() ?? 0
    while first < last, byIndex[first] == 0 { first += 1 }
    while last > first, byIndex[last] == 0 { last -= 1 }
    var weights = (first...last).map { byIndex[$0] ?? 0 }
    let sum = weights.reduce(0, +)
    if sum != 0, abs(sum - 1) > 1e-12 { weights = weights.map { $0 / sum } }
    return (first, weights)
  }
}

/// `sinc(x) · sinc(x ÷ lobes)` for `|x| < lobes`, else 0.
func lanczosWeight(_ x: Double, lobes: Double) -> Double {
  if x == 0 { return 1 }
  if abs(x) >= lobes { return 0 }
  let px = Double.pi * x
  return lobes * sin(px) * sin(px / lobes) / (px * px)
}

/// A kernel with ``ResampleOptions/Kernel/automatic`` decided.
enum ResolvedKernel: Sendable, Hashable {
  case area
  case compensated(Double)
  case quadratic
  case lanczos(Int)
}
