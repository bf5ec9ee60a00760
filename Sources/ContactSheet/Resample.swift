import PNGCodec

/// RGBA pixels with premultiplied alpha: what compositing works on.
struct PremultipliedImage: Sendable {
  var width: Int
  var height: Int
  /// `width × height × 4` bytes; every colour channel is at most its alpha.
  var pixels: [UInt8]
}

/// `value × alpha ÷ 255`, rounded, exactly as (x·a + 128 + ((x·a + 128) >> 8)) >> 8.
@inline(__always)
func multiply255(_ value: UInt32, _ alpha: UInt32) -> UInt32 {
  let t = value * alpha + 128
  return (t + (t >> 8)) >> 8
}

/// Resizes a straight-alpha bitmap to `width × height`, premultiplying first so transparent
/// pixels lend no colour to their neighbours (no dark fringes).
///
/// Shrinking averages every source pixel the destination pixel covers, weighted by the area
/// covered (a box filter over exact coverage: no aliasing, no ringing). Enlarging (only for
/// a fallback drawn at its point size) interpolates linearly.
///
/// - Complexity: O(source pixels + destination pixels × filter width).
func resample(_ bitmap: Bitmap, width: Int, height: Int) -> PremultipliedImage {
  precondition(width > 0 && height > 0, "empty resample target")
  if width == bitmap.width && height == bitmap.height {
    return premultiplied(bitmap)
  }
  let source = bitmap.pixels.withUnsafeBufferPointer { raw -> [Float] in
    var out = [Float](repeating: 0, count: raw.count)
    for offset in stride(from: 0, to: raw.count, by: 4) {
      let alpha = Float(raw[offset + 3])
      let factor = alpha / 255
      out[offset] = Float(raw[offset]) * factor
      out[offset + 1] = Float(raw[offset + 1]) * factor
      out[offset + 2] = Float(raw[offset + 2]) * factor
      out[offset + 3] = alpha
    }
    return out
  }
  let across = weights(from: bitmap.width, to: width)
  let down = weights(from: bitmap.height, to: height)
  // Horizontal pass: bitmap.height rows of `width` pixels.
  var middle = [Float](repeating: 0, count: width * bitmap.height * 4)
  for y in 0..<bitmap.height {
    let rowIn = y * bitmap.width * 4
    let rowOut = y * width * 4
    for x in 0..<width {
      let taps = across[x]
      var r: Float = 0
      var g: Float = 0
      var b: Float = 0
      var a: Float = 0
      for (k, weight) in taps.weights.enumerated() {
        let o = rowIn + (taps.first + k) * 4
        r += source[o] * weight
        g += source[o + 1] * weight
        b += source[o + 2] * weight
        a += source[o + 3] * weight
      }
      let o = rowOut + x * 4
      middle[o] = r
      middle[o + 1] = g
      middle[o + 2] = b
      middle[o + 3] = a
    }
  }
  var out = [UInt8](repeating: 0, count: width * height * 4)
  for y in 0..<height {
    let taps = down[y]
    for x in 0..<width {
      var r: Float = 0
      var g: Float = 0
      var b: Float = 0
      var a: Float = 0
      for (k, weight) in taps.weights.enumerated() {
        let o = ((taps.first + k) * width + x) * 4
        r += middle[o] * weight
        g += middle[o + 1] * weight
        b += middle[o + 2] * weight
        a += middle[o + 3] * weight
      }
      let alpha = min(255, max(0, (a + 0.5).rounded(.down)))
      let o = (y * width + x) * 4
      out[o] = UInt8(min(alpha, max(0, (r + 0.5).rounded(.down))))
      out[o + 1] = UInt8(min(alpha, max(0, (g + 0.5).rounded(.down))))
      out[o + 2] = UInt8(min(alpha, max(0, (b + 0.5).rounded(.down))))
      out[o + 3] = UInt8(alpha)
    }
  }
  return PremultipliedImage(width: width, height: height, pixels: out)
}

/// The same pixels, premultiplied.
func premultiplied(_ bitmap: Bitmap) -> PremultipliedImage {
  var out = bitmap.pixels
  out.withUnsafeMutableBufferPointer { p in
    for offset in stride(from: 0, to: p.count, by: 4) {
      let alpha = UInt32(p[offset + 3])
      if alpha == 255 { continue }
      p[offset] = UInt8(multiply255(UInt32(p[offset]), alpha))
      p[offset + 1] = UInt8(multiply255(UInt32(p[offset + 1]), alpha))
      p[offset + 2] = UInt8(multiply255(UInt32(p[offset + 2]), alpha))
    }
  }
  return PremultipliedImage(width: bitmap.width, height: bitmap.height, pixels: out)
}

/// The source pixels one destination pixel reads, and how much of each.
struct Taps {
  var first: Int
  var weights: [Float]
}

/// Filter taps for resizing `input` pixels to `output` along one axis; weights sum to 1.
func weights(from input: Int, to output: Int) -> [Taps] {
  let ratio = Double(input) / Double(output)
  return (0..<output).map { index in
    if ratio >= 1 {
      // Box over exact coverage: destination pixel `index` covers [index·r, (index+1)·r).
      let start = Double(index) * ratio
      let end = start + ratio
      let first = Int(start.rounded(.down))
      let last = min(input - 1, Int((end - 1e-9).rounded(.down)))
      var weights: [Float] = []
      for source in first...max(first, last) {
        let overlap = min(end, Double(source + 1)) - max(start, Double(source))
        weights.append(Float(max(0, overlap) / ratio))
      }
      return Taps(first: first, weights: weights)
    }
    // Linear interpolation between the two nearest source centres, clamped at the edges.
    let centre = (Double(index) + 0.5) * ratio - 0.5
    let lower = Int(centre.rounded(.down))
    let fraction = Float(centre - Double(lower))
    if lower < 0 { return Taps(first: 0, weights: [1]) }
    if lower >= input - 1 { return Taps(first: input - 1, weights: [1]) }
    return Taps(first: lower, weights: [1 - fraction, fraction])
  }
}
