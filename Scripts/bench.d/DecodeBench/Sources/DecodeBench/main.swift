// The Swift side of `Scripts/bench decode`.
//
//   DecodeBench bench SECONDS FILE...   decodes every file with PNGDecoder, repeatedly, for
//                                       about SECONDS of CPU time; prints the same line as
//                                       decode_libpng
//   DecodeBench icons DIR COUNT         writes COUNT generated 96×96 RGBA icons into DIR
//                                       with PNGEncoder (same files for the same COUNT)
import ImageCore
import PNGCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

func fail(_ message: String, status: Int32) -> Never {
  let line = Array("DecodeBench: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(status)
}

func readFile(_ path: String) -> [UInt8] {
  guard let file = fopen(path, "rb") else { fail("cannot read \(path)", status: 66) }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let got = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    if got == 0 { break }
    bytes.append(contentsOf: chunk[0..<got])
  }
  return bytes
}

/// CPU time of this thread, as the C loop measures it.
func cpuSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Decodes the files until `seconds` of CPU time have passed, like the C loop: inputs are
/// in memory, each decoded bitmap is dropped before the next.
func bench(seconds: Double, paths: [String]) {
  let inputs = paths.map(readFile)
  var files = 0
  var bytes = 0
  var rounds = 0
  let start = cpuSeconds()
  var elapsed = 0.0
  repeat {
    for (index, input) in inputs.enumerated() {
      do {
        let bitmap = try PNGDecoder.decode(input)
        bytes += bitmap.pixels.count
        files += 1
      } catch {
        fail("\(paths[index]): \(error)", status: 65)
      }
    }
    rounds += 1
    elapsed = cpuSeconds() - start
  } while elapsed < seconds
  print("files=\(files) bytes=\(bytes) seconds=\(elapsed) rounds=\(rounds)")
}

/// A small deterministic generator, so the icon set is the same on every run.
struct SplitMix {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// An app-icon-like picture: a rounded square with a two-colour gradient, a glyph (disc,
/// ring, bars or diamond) with a soft shadow, anti-aliased edges and transparent corners.
func icon(_ seed: Int) -> Bitmap {
  let size = 96
  var random = SplitMix(state: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 1)
  func colour() -> (Double, Double, Double) { (random.unit(), random.unit(), random.unit()) }
  let top = colour()
  let bottom = colour()
  let glyph = colour()
  let kind = Int(random.next() % 4)
  let radius = 14 + random.unit() * 10
  let glyphSize = 20 + random.unit() * 14
  let angle = random.unit() * .pi
  var bitmap = Bitmap(width: size, height: size)
  let half = Double(size) / 2
  for y in 0..<size {
    for x in 0..<size {
      let px = Double(x) + 0.5
      let py = Double(y) + 0.5
      // Signed distance to the rounded square inset by 4 px; coverage from it.
      let qx = abs(px - half) - (half - 4 - radius)
      let qy = abs(py - half) - (half - 4 - radius)
      let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
      let distance = outside + min(max(qx, qy), 0) - radius
      let coverage = max(0, min(1, 0.5 - distance))
      let t = py / Double(size)
      var r = top.0 * (1 - t) + bottom.0 * t
      var g = top.1 * (1 - t) + bottom.1 * t
      var b = top.2 * (1 - t) + bottom.2 * t
      let dx = px - half
      let dy = py - half
      let rx = dx * cos(angle) - dy * sin(angle)
      let ry = dx * sin(angle) + dy * cos(angle)
      let glyphDistance: Double
      switch kind {
      case 0: glyphDistance = (dx * dx + dy * dy).squareRoot() - glyphSize
      case 1: glyphDistance = abs((dx * dx + dy * dy).squareRoot() - glyphSize) - 5
      case 2: glyphDistance = max(abs(rx) - glyphSize, abs(ry.remainder(dividingBy: 16)) - 4)
      default: glyphDistance = abs(rx) + abs(ry) - glyphSize
      }
      let shadow = max(0, min(1, 0.5 - (glyphDistance - 3) / 4)) * 0.35
      let ink = max(0, min(1, 0.5 - glyphDistance))
      r = (r * (1 - shadow)) * (1 - ink) + glyph.0 * ink
      g = (g * (1 - shadow)) * (1 - ink) + glyph.1 * ink
      b = (b * (1 - shadow)) * (1 - ink) + glyph.2 * ink
      // A little grain, as photographic or rendered icons have.
      let grain = (random.unit() - 0.5) * 0.02
      func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value + grain) * 255 + 0.5))) }
      bitmap[x, y] = (byte(r), byte(g), byte(b), UInt8(coverage * 255 + 0.5))
    }
  }
  return bitmap
}

func icons(directory: String, count: Int) {
  for index in 0..<count {
    let path = "\(directory)/icon\(index).png"
    do {
      try PNGEncoder.write(icon(index), to: path, options: PNGEncodingOptions(threads: 1))
    } catch {
      fail("\(error)", status: 74)
    }
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "bench" where arguments.count >= 3:
  guard let seconds = Double(arguments[1]) else { fail("bad SECONDS \(arguments[1])", status: 64) }
  bench(seconds: seconds, paths: Array(arguments.dropFirst(2)))
case "icons" where arguments.count == 3:
  guard let count = Int(arguments[2]) else { fail("bad COUNT \(arguments[2])", status: 64) }
  icons(directory: arguments[1], count: count)
default:
  fail("usage: DecodeBench bench SECONDS FILE... | icons DIR COUNT", status: 64)
}
