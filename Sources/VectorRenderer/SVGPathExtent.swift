/// How far an SVG path's segments reach, read from its `d` (or a polyline's `points`)
/// without building the path: what cairo's scan converter pays for.
///
/// cairo fills and strokes by walking every edge across every row it spans, so a path of
/// 1,000 long random segments at 1024 × 1024 takes a second while a glyph of 1,000 short
/// curves takes milliseconds. The sum of each segment's reach (the larger side of the
/// box around its end points and control points, in user units) bounds the rows all of
/// them cross, whatever rotation or skew later turns them.
enum SVGPathExtent {
  /// The segments of `data` and the sum of their reach in user units.
  ///
  /// - Parameters:
  ///   - data: a `d` attribute, or a `points` attribute when `polyline` is true.
  ///   - polyline: whether `data` is a bare list of points (an implicit `M` then `L`s).
  /// - Returns: the segments (each command's group of arguments, and `Z`) and their
  ///   summed reach.
  /// - Complexity: O(n) in the data's length.
  static func measure(_ data: ArraySlice<UInt8>, polyline: Bool = false) -> (segments: Int, reach: Double) {
    var command: UInt8 = polyline ? UInt8(ascii: "M") : 0
    var arguments: [Double] = []
    arguments.reserveCapacity(7)
    var current = (x: 0.0, y: 0.0)
    var start = (x: 0.0, y: 0.0)
    var segments = 0
    var reach = 0.0

    func arity(_ command: UInt8) -> Int {
      switch command | 0x20 {
      case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "t"): return 2
      case UInt8(ascii: "h"), UInt8(ascii: "v"): return 1
      case UInt8(ascii: "c"): return 6
      case UInt8(ascii: "s"), UInt8(ascii: "q"): return 4
      case UInt8(ascii: "a"): return 7
      default: return 0
      }
    }

    func apply() {
      let relative = command >= UInt8(ascii: "a")
      let origin = relative ? current : (x: 0.0, y: 0.0)
      var low = current
      var high = current
      func include(_ x: Double, _ y: Double) {
        low = (min(low.x, x), min(low.y, y))
        high = (max(high.x, x), max(high.y, y))
      }
      var end = current
      switch command | 0x20 {
      case UInt8(ascii: "h"):
        end.x = origin.x + arguments[0]
      case UInt8(ascii: "v"):
        end.y = origin.y + arguments[0]
      case UInt8(ascii: "a"):
        end = (origin.x + arguments[5], origin.y + arguments[6])
        // An arc stays within its radii of its end points.
        let radius = max(abs(arguments[0]), abs(arguments[1]))
        include(end.x - radius, end.y - radius)
        include(end.x + radius, end.y + radius)
      default:
        var index = 0
        while index + 1 < arguments.count {
          end = (origin.x + arguments[index], origin.y + arguments[index + 1])
          include(end.x, end.y)
          index += 2
        }
      }
      include(end.x, end.y)
      let isMove = command | 0x20 == UInt8(ascii: "m")
      if isMove {
        start = end
        // Further pairs after a move are lines.
        command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
      } else {
        segments += 1
        reach += max(high.x - low.x, high.y - low.y)
      }
      current = end
      arguments.removeAll(keepingCapacity: true)
    }

    var index = data.startIndex
    while index < data.endIndex {
      let byte = data[index]
      if let (value, next) = number(in: data, at: index) {
        if arity(command) > 0 {
          arguments.append(value.isFinite ? value : 0)
          if arguments.count == arity(command) { apply() }
        }
        index = next
        continue
      }
      if byte | 0x20 == UInt8(ascii: "z") {
        segments += 1
        reach += max(abs(current.x - start.x), abs(current.y - start.y))
        current = start
        arguments.removeAll(keepingCapacity: true)
      } else if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "z") && arity(byte) > 0 {
        command = byte
        arguments.removeAll(keepingCapacity: true)
      }
      index += 1
    }
    return (segments, reach)
  }

  /// How much a `transform` attribute can stretch a length: the product of each
  /// function's largest row sum (`matrix(a b c d e f)` stretches by at most
  /// max(|a| + |c|, |b| + |d|)), so a rotated or skewed segment's reach stays bounded.
  ///
  /// - Parameter transform: the attribute's value.
  /// - Returns: the factor, at least 0; 1 for a value with no stretching functions.
  static func stretch(_ transform: ArraySlice<UInt8>) -> Double {
    var factor = 1.0
    var index = transform.startIndex
    while let open = transform[index...].firstIndex(of: UInt8(ascii: "(")) {
      let close = transform[open...].firstIndex(of: UInt8(ascii: ")")) ?? transform.endIndex
      var nameStart = open
      while nameStart > transform.startIndex, isLetter(transform[nameStart - 1]) { nameStart -= 1 }
      let name = String(decoding: transform[nameStart..<open], as: UTF8.self)
      var values: [Double] = []
      var cursor = open + 1
      while cursor < close {
        if let (value, next) = number(in: transform[..<close], at: cursor) {
          values.append(value.isFinite ? abs(value) : 1e300)
          cursor = next
        } else {
          cursor += 1
        }
      }
      switch name {
      case "matrix" where values.count >= 4:
        factor *= max(values[0] + values[2], values[1] + values[3])
      case "scale" where !values.isEmpty:
        factor *= max(values[0], values.count > 1 ? values[1] : values[0])
      case "rotate":
        factor *= 2.0.squareRoot()
      case "skewX", "skewY":
        // tan(a) = cot(90° − a) ≤ 1 / (90° − a in radians), so no trigonometry is needed.
        var angle = (values.first ?? 0).truncatingRemainder(dividingBy: 180)
        angle = min(angle, 180 - angle)
        factor *= 1 + 1 / max(1e-6, (90 - angle) * .pi / 180)
      default:
        break
      }
      index = min(transform.endIndex, close + 1)
      if index >= transform.endIndex { break }
    }
    return min(factor, 1e300)
  }

  /// The number that starts at `index` (an optional sign, digits with at most one point,
  /// an optional exponent), and where it ends; `nil` when no number starts there.
  static func number(in text: ArraySlice<UInt8>, at index: Int) -> (Double, Int)? {
    var cursor = index
    var negative = false
    if cursor < text.endIndex, text[cursor] == UInt8(ascii: "-") || text[cursor] == UInt8(ascii: "+") {
      negative = text[cursor] == UInt8(ascii: "-")
      cursor += 1
    }
    var value = 0.0
    var digits = 0
    while cursor < text.endIndex, isDigit(text[cursor]) {
      value = value * 10 + Double(text[cursor] - UInt8(ascii: "0"))
      digits += 1
      cursor += 1
    }
    if cursor < text.endIndex, text[cursor] == UInt8(ascii: ".") {
      cursor += 1
      var scale = 0.1
      while cursor < text.endIndex, isDigit(text[cursor]) {
        value += Double(text[cursor] - UInt8(ascii: "0")) * scale
        scale /= 10
        digits += 1
        cursor += 1
      }
    }
    guard digits > 0 else { return nil }
    if cursor < text.endIndex, text[cursor] | 0x20 == UInt8(ascii: "e") {
      var exponentEnd = cursor + 1
      var exponentNegative = false
      if exponentEnd < text.endIndex,
        text[exponentEnd] == UInt8(ascii: "-") || text[exponentEnd] == UInt8(ascii: "+")
      {
        exponentNegative = text[exponentEnd] == UInt8(ascii: "-")
        exponentEnd += 1
      }
      var exponent = 0
      var exponentDigits = 0
      while exponentEnd < text.endIndex, isDigit(text[exponentEnd]) {
        exponent = min(1_000, exponent * 10 + Int(text[exponentEnd] - UInt8(ascii: "0")))
        exponentDigits += 1
        exponentEnd += 1
      }
      if exponentDigits > 0 {
        value *= pow10(exponentNegative ? -exponent : exponent)
        cursor = exponentEnd
      }
    }
    return (negative ? -value : value, cursor)
  }

  private static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    let base = exponent < 0 ? 0.1 : 10.0
    for _ in 0..<min(400, abs(exponent)) { result *= base }
    return result
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }
}
