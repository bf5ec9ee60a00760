/// A tiny built-in font of strokes for badge numbers, scale tags and device tags: digits, `x`,
/// `+`, `?` and the lower-case letters of the device names (`tv`, `mac`, `watch`, `iphone`…).
///
/// Glyphs are polylines on a 4 × 8 grid drawn with round caps, antialiased by distance, so
/// they are crisp at any size and need no font file.
enum StrokeFont {
  private typealias Point = (Double, Double)

  private static let glyphs: [Character: [[Point]]] = [
    "0": [[(0, 1), (1, 0), (3, 0), (4, 1), (4, 7), (3, 8), (1, 8), (0, 7), (0, 1)]],
    "1": [[(1, 1.5), (2.5, 0), (2.5, 8)]],
    "2": [[(0, 1), (1, 0), (3, 0), (4, 1), (4, 3), (0, 8), (4, 8)]],
    "3": [[(0, 0), (4, 0), (1.5, 3.5), (3, 3.5), (4, 4.5), (4, 7), (3, 8), (1, 8), (0, 7)]],
    "4": [[(3, 8), (3, 0), (0, 5.5), (4, 5.5)]],
    "5": [[(4, 0), (0.5, 0), (0, 3.5), (3, 3.5), (4, 4.5), (4, 7), (3, 8), (0, 8)]],
    "6": [[(3.5, 0), (1.5, 0), (0, 2), (0, 7), (1, 8), (3, 8), (4, 7), (4, 5), (3, 4), (0, 4)]],
    "7": [[(0, 0), (4, 0), (1.5, 8)]],
    "8": [
      [(1, 0), (3, 0), (4, 1), (4, 3), (3, 4), (1, 4), (0, 3), (0, 1), (1, 0)],
      [(1, 4), (0, 5), (0, 7), (1, 8), (3, 8), (4, 7), (4, 5), (3, 4)],
    ],
    "9": [[(4, 4), (1, 4), (0, 3), (0, 1), (1, 0), (3, 0), (4, 1), (4, 6), (2.5, 8), (0.5, 8)]],
    "x": [[(0.5, 3.5), (3.5, 8)], [(3.5, 3.5), (0.5, 8)]],
    "a": [
      [(3.5, 3.5), (3.5, 8)],
      [(3.5, 4.5), (2.5, 3.5), (1, 3.5), (0, 4.5), (0, 7), (1, 8), (2.5, 8), (3.5, 7)],
    ],
    "c": [[(3.5, 4), (3, 3.5), (1, 3.5), (0, 4.5), (0, 7), (1, 8), (3, 8), (3.5, 7.5)]],
    "d": [
      [(3.5, 0), (3.5, 8)], [(3.5, 4.5), (2.5, 3.5), (1, 3.5), (0, 4.5), (0, 7), (1, 8), (2.5, 8), (3.5, 7)],
    ],
    "e": [
      [
        (0, 5.75), (3.5, 5.75), (3.5, 4.5), (2.5, 3.5), (1, 3.5), (0, 4.5), (0, 7), (1, 8), (3, 8),
        (3.5, 7.5),
      ]
    ],
    "h": [[(0, 0), (0, 8)], [(0, 4.5), (1, 3.5), (2.5, 3.5), (3.5, 4.5), (3.5, 8)]],
    "i": [[(2, 3.5), (2, 8)], [(2, 1.5), (2, 1.6)]],
    "m": [
      [(0, 3.5), (0, 8)], [(0, 4.5), (0.75, 3.5), (1.25, 3.5), (2, 4.5), (2, 8)],
      [(2, 4.5), (2.75, 3.5), (3.25, 3.5), (4, 4.5), (4, 8)],
    ],
    "n": [[(0, 3.5), (0, 8)], [(0, 4.5), (1, 3.5), (2.5, 3.5), (3.5, 4.5), (3.5, 8)]],
    "o": [[(1, 3.5), (2.5, 3.5), (3.5, 4.5), (3.5, 7), (2.5, 8), (1, 8), (0, 7), (0, 4.5), (1, 3.5)]],
    // Without a descender: the tags' pills are one line tall.
    "p": [
      [(0, 3.5), (0, 8)],
      [(0, 4.5), (1, 3.5), (2.5, 3.5), (3.5, 4.5), (3.5, 5.5), (2.5, 6.5), (1, 6.5), (0, 5.5)],
    ],
    "r": [[(0, 3.5), (0, 8)], [(0, 5), (1.5, 3.5), (3.5, 3.5)]],
    "s": [
      [
        (3.5, 4), (3, 3.5), (0.75, 3.5), (0, 4.25), (0, 5), (0.75, 5.75), (2.75, 5.75), (3.5, 6.5),
        (3.5, 7.25),
        (2.75, 8), (0.5, 8), (0, 7.5),
      ]
    ],
    "t": [[(1.5, 1), (1.5, 7), (2.5, 8), (3.5, 8)], [(0, 3.5), (3.5, 3.5)]],
    "v": [[(0, 3.5), (1.75, 8), (3.5, 3.5)]],
    "w": [[(0, 3.5), (1, 8), (2, 5), (3, 8), (4, 3.5)]],
    "+": [[(2, 2.5), (2, 7.5)], [(0, 5), (4, 5)]],
    "?": [[(0, 1.5), (1, 0), (3, 0), (4, 1), (4, 2.5), (2, 4.5), (2, 5.5)], [(2, 8), (2, 8)]],
  ]

  /// Stroke width and gap between glyphs, in grid units.
  private static let stroke = 1.35
  private static let gap = 1.6

  /// The ink size of `text` whose glyphs are `capHeight` pixels tall.
  static func size(of text: String, capHeight: Double) -> (width: Double, height: Double) {
    let unit = capHeight / (8 + stroke)
    let count = Double(text.count)
    return ((count * (4 + gap) - gap + stroke) * unit, capHeight)
  }

  /// Draws `text` centred on (`centerX`, `centerY`) with glyphs `capHeight` pixels tall.
  static func draw(
    _ text: String, centerX: Double, centerY: Double, capHeight: Double, color: SheetColor,
    into canvas: StripCanvas, clip: PixelRect
  ) {
    let unit = capHeight / (8 + stroke)
    let (width, height) = size(of: text, capHeight: capHeight)
    let left = centerX - width / 2 + stroke * unit / 2
    let top = centerY - height / 2 + stroke * unit / 2
    var segments: [(Point, Point)] = []
    for (index, character) in text.enumerated() {
      let offset = left + Double(index) * (4 + gap) * unit
      for line in glyphs[character] ?? [] {
        let points = line.map { (offset + $0.0 * unit, top + $0.1 * unit) }
        for k in 0..<max(1, points.count - 1) {
          segments.append((points[k], points[min(k + 1, points.count - 1)]))
        }
      }
    }
    let radius = stroke * unit / 2
    let rect = PixelRect(
      x: Int((centerX - width / 2 - 1).rounded(.down)), y: Int((centerY - height / 2 - 1).rounded(.down)),
      width: Int(width.rounded(.up)) + 3, height: Int(height.rounded(.up)) + 3)
    canvas.fill(rect, color: color, clip: clip) { x, y in
      var nearest = Double.infinity
      for (a, b) in segments {
        nearest = min(nearest, distanceToSegment(x, y, a, b))
      }
      return max(0, min(1, radius + 0.5 - nearest))
    }
  }

  private static func distanceToSegment(_ x: Double, _ y: Double, _ a: Point, _ b: Point) -> Double {
    let dx = b.0 - a.0
    let dy = b.1 - a.1
    let length = dx * dx + dy * dy
    let t = length == 0 ? 0 : max(0, min(1, ((x - a.0) * dx + (y - a.1) * dy) / length))
    let ex = x - (a.0 + t * dx)
    let ey = y - (a.1 + t * dy)
    return (ex * ex + ey * ey).squareRoot()
  }
}
