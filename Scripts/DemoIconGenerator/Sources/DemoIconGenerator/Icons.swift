import Foundation

/// One icon of the demo catalog: its asset name, how it is drawn, and the scales written.
///
/// Drawings work in the icon's 60 × 60 points, origin top left; the tile is filled edge to
/// edge and cut to the rounded square afterwards, so a drawing may spill over the corners.
struct DemoIcon: Sendable {
  /// The asset name: lowercase ASCII, the file name without `@Nx.png`.
  let name: String
  /// Scales written; the demo's `legacy` icon has only 1x, to show the resolver's fallback.
  let scales: [Int]
  let draw: @Sendable (inout Canvas) -> Void

  init(_ name: String, scales: [Int] = [1, 2, 3], draw: @escaping @Sendable (inout Canvas) -> Void) {
    self.name = name
    self.scales = scales
    self.draw = draw
  }

  /// Side of an icon in points, the seed's icon box.
  static let points = 60

  /// The icon at `scale`, drawn at that resolution and cut to the tile's rounded square.
  func render(scale: Int) -> Canvas {
    var canvas = Canvas(width: Self.points, height: Self.points, scale: scale)
    draw(&canvas)
    canvas.clip(to: .squircle(center, halfSide: 30))
    return canvas
  }
}

private let center = Point(30, 30)

/// A point at `radius` from `origin` in the direction of a clock hand at `degrees` (0 is
/// twelve o'clock, turning clockwise).
private func polar(_ origin: Point, _ radius: Double, clock degrees: Double) -> Point {
  let radians = (degrees - 90) * .pi / 180
  return origin + Point(cos(radians), sin(radians)) * radius
}

extension Canvas {
  /// The tile: a top-to-bottom gradient over the whole icon.
  fileprivate mutating func background(_ top: UInt32, _ bottom: UInt32) {
    fill(.rect(-1, -1, 62, 62), .vertical(Color(hex: top), Color(hex: bottom)))
  }

  /// A symbol with a soft shadow under it, which lifts white shapes off pale tiles.
  fileprivate mutating func symbol(_ shape: Shape, _ paint: Paint, shadow: Double = 0.22) {
    fill(shape.offset(0, 0.9), .solid(Color.black.opacity(shadow)), blur: 1.6)
    fill(shape, paint)
  }
}

/// The 28 icons of the demo's home screen, in the order of `app.plist`.
let demoIcons: [DemoIcon] = [
  DemoIcon("mail") { canvas in
    canvas.background(0x3DB2FF, 0x0A62E0)
    canvas.symbol(.rect(11, 17, 38, 26, radius: 3.5), .solid(.white))
    canvas.fill(
      .polyline([Point(13, 20), Point(30, 32.5), Point(47, 20)], width: 2.4),
      .vertical(Color(hex: 0x3C9BF2), Color(hex: 0x1A6FE3), from: 17, to: 43))
  },
  DemoIcon("calendar") { canvas in
    canvas.background(0xFFFFFF, 0xEDEDF0)
    let red = Paint.solid(Color(hex: 0xFF3B30))
    // "MON" in strokes, the weekday above the date.
    canvas.fill(
      .union([
        .polyline([Point(20, 16), Point(20, 9), Point(23, 13.5), Point(26, 9), Point(26, 16)], width: 1.7),
        .ellipse(Point(30.5, 12.5), rx: 2.6, ry: 3.5).outline(width: 1.7),
        .polyline([Point(35, 16), Point(35, 9), Point(40, 16), Point(40, 9)], width: 1.7),
      ]), red)
    let ink = Paint.solid(Color(hex: 0x1C1C1E))
    canvas.fill(digitTwo(x: 13, y: 22, width: 14, height: 26, stroke: 4.2), ink)
    canvas.fill(digitEight(x: 33, y: 22, width: 14, height: 26, stroke: 4.2), ink)
  },
  DemoIcon("photos") { canvas in
    canvas.background(0xFFFFFF, 0xF2F2F5)
    let petals: [UInt32] = [0xF9A825, 0xF7D038, 0xA6D44A, 0x4CC46E, 0x35B7C8, 0x4A7FE0, 0x9A62D6, 0xEB5A80]
    for (index, hex) in petals.enumerated() {
      let petal = Shape.ellipse(Point(40.5, 30), rx: 10.5, ry: 5.6)
        .rotated(Double(index) * 45 - 90, around: center)
      canvas.fill(petal, .solid(Color(hex: hex, alpha: 0.82)))
    }
  },
  DemoIcon("camera") { canvas in
    canvas.background(0xE6E8EB, 0xA2A7AE)
    let body = Shape.union([.rect(8, 19, 44, 29, radius: 6), .rect(21, 14.5, 15, 8, radius: 2.5)])
    canvas.symbol(body, .vertical(Color(hex: 0x3D4046), Color(hex: 0x1E2024), from: 14, to: 48), shadow: 0.3)
    canvas.fill(.circle(Point(30, 33.5), 11), .vertical(Color(hex: 0xB7BCC4), Color(hex: 0x6D727A)))
    canvas.fill(
      .circle(Point(30, 33.5), 8.2),
      .radial(
        center: Point(28, 31), radius: 9,
        stops: [(0, Color(hex: 0x4F6A94)), (0.6, Color(hex: 0x1D2A44)), (1, Color(hex: 0x0B1020))]))
    canvas.fill(.circle(Point(27, 30.5), 2.2), .solid(Color.white.opacity(0.55)))
    canvas.fill(.circle(Point(45, 24), 1.8), .solid(Color(hex: 0xFFD54A)))
  },
  DemoIcon("maps") { canvas in
    canvas.background(0xE4F2D9, 0xBFDDAE)
    canvas.fill(.rect(36, 36, 30, 30), .solid(Color(hex: 0xA9D3F0)))
    canvas.fill(.line(Point(-5, 46), Point(65, 18), width: 9), .solid(.white))
    canvas.fill(.line(Point(18, -5), Point(34, 65), width: 7), .solid(Color(hex: 0xFFD24A)))
    canvas.fill(.line(Point(-5, 46), Point(65, 18), width: 2.6), .solid(Color(hex: 0x2F86F6)))
    let pin = Shape.union([
      .circle(Point(30, 22), 8.5),
      .polygon([Point(22.3, 25.6), Point(37.7, 25.6), Point(30, 39)]),
    ])
    canvas.symbol(pin, .vertical(Color(hex: 0xFF5A4E), Color(hex: 0xE0261B), from: 13, to: 39), shadow: 0.3)
    canvas.fill(.circle(Point(30, 22), 3.3), .solid(.white))
  },
  DemoIcon("weather") { canvas in
    canvas.background(0x4FA8FA, 0x1C68D6)
    canvas.fill(.circle(Point(37, 22), 12.5), .solid(Color(hex: 0xFFE066, alpha: 0.25)), blur: 5)
    canvas.fill(
      .circle(Point(37, 22), 9), .vertical(Color(hex: 0xFFE866), Color(hex: 0xFFB31F), from: 13, to: 31))
    let cloud = Shape.union([
      .circle(Point(22, 36.5), 7.5), .circle(Point(31.5, 31), 10), .circle(Point(41, 37.5), 6.5),
      .rect(14.5, 36, 33, 8.5, radius: 4.25),
    ])
    canvas.symbol(cloud, .vertical(.white, Color(hex: 0xE3EEFA), from: 21, to: 45), shadow: 0.18)
  },
  DemoIcon("clock") { canvas in
    canvas.background(0x2C2C2E, 0x000000)
    canvas.fill(.circle(center, 24.5), .solid(.white))
    for hour in 0..<12 {
      let angle = Double(hour) * 30
      let long = hour % 3 == 0
      canvas.fill(
        .line(
          polar(center, long ? 18.5 : 20, clock: angle), polar(center, 22, clock: angle),
          width: long ? 2 : 1.3),
        .solid(Color(hex: 0x1C1C1E)))
    }
    let ink = Paint.solid(Color(hex: 0x1C1C1E))
    canvas.fill(.line(center, polar(center, 11, clock: 305), width: 3.2), ink)
    canvas.fill(.line(center, polar(center, 17, clock: 60), width: 2.4), ink)
    let orange = Paint.solid(Color(hex: 0xFF9500))
    canvas.fill(.line(polar(center, 4, clock: 20), polar(center, 20, clock: 200), width: 1.1), orange)
    canvas.fill(.circle(center, 2), orange)
  },
  DemoIcon("notes") { canvas in
    canvas.background(0xFFFFFF, 0xF1F1F3)
    canvas.fill(.rect(-1, -1, 62, 17), .vertical(Color(hex: 0xFFD84F), Color(hex: 0xF7BE22), from: 0, to: 16))
    canvas.fill(.rect(-1, 15.2, 62, 1.2), .solid(Color.black.opacity(0.12)))
    for y in stride(from: 25.0, through: 49, by: 8) {
      canvas.fill(.line(Point(9, y), Point(51, y), width: 1.3), .solid(Color(hex: 0xCFCFD4)))
    }
  },
  DemoIcon("reminders") { canvas in
    canvas.background(0xFFFFFF, 0xF1F1F3)
    let dots: [UInt32] = [0x0A84FF, 0xFF453A, 0xFF9F0A]
    for (index, hex) in dots.enumerated() {
      let y = 17 + Double(index) * 13
      canvas.fill(.circle(Point(15, y), 4.8), .solid(Color(hex: hex)))
      canvas.fill(.ring(Point(15, y), radius: 3.1, width: 1.3), .solid(.white))
      canvas.fill(.rect(24, y - 1.4, 27, 2.8, radius: 1.4), .solid(Color(hex: 0xC7C7CC)))
    }
  },
  DemoIcon("music") { canvas in
    canvas.background(0xFF6482, 0xF0203F)
    let note = Shape.union([
      .ellipse(Point(21.5, 42.5), rx: 5.6, ry: 4.4).rotated(-22, around: Point(21.5, 42.5)),
      .ellipse(Point(39.5, 38.5), rx: 5.6, ry: 4.4).rotated(-22, around: Point(39.5, 38.5)),
      .rect(25.2, 18, 2.8, 25),
      .rect(43.2, 14, 2.8, 25),
      .polygon([Point(25.2, 16.5), Point(46, 12), Point(46, 18), Point(25.2, 22.5)]),
    ])
    canvas.symbol(note, .solid(.white))
  },
  DemoIcon("settings") { canvas in
    canvas.background(0xA3A8B0, 0x5C6169)
    var gear = Shape.circle(center, 16.5)
    for tooth in 0..<12 {
      gear = .union([
        gear, Shape.rect(27.3, 8.5, 5.4, 8, radius: 1.4).rotated(Double(tooth) * 30, around: center),
      ])
    }
    gear = gear.subtracting(.circle(center, 7))
    canvas.symbol(gear, .vertical(Color(hex: 0x44484F), Color(hex: 0x25282C), from: 8, to: 52), shadow: 0.3)
    canvas.fill(.ring(center, radius: 11.5, width: 1.6), .solid(Color(hex: 0x737983)))
  },
  DemoIcon("messages") { canvas in
    canvas.background(0x6EE875, 0x1DBF3A)
    let bubble = Shape.union([
      .ellipse(Point(30, 28), rx: 20.5, ry: 16.5),
      .polygon([Point(15.5, 35), Point(23.5, 41.5), Point(11, 47.5)]).expanded(by: 0.6),
    ])
    canvas.symbol(bubble, .solid(.white), shadow: 0.15)
  },
  DemoIcon("phone") { canvas in
    canvas.background(0x6EE875, 0x1DBF3A)
    let handset = Shape.union([
      .arc(Point(39, 21), radius: 18, from: 98, to: 172, width: 7),
      .rect(16.5, 13, 9, 14, radius: 4).rotated(-12, around: Point(21, 20)),
      .rect(33, 34.5, 14, 9, radius: 4).rotated(-12, around: Point(40, 39)),
    ])
    canvas.symbol(handset.rotated(-4, around: center).offset(0, 1), .solid(.white), shadow: 0.15)
  },
  DemoIcon("safari") { canvas in
    canvas.background(0xFFFFFF, 0xE6E8EC)
    canvas.fill(
      .circle(center, 23.5), .vertical(Color(hex: 0x3CC3FF), Color(hex: 0x1160DE), from: 6.5, to: 53.5))
    for tick in 0..<36 {
      let angle = Double(tick) * 10
      let long = tick % 9 == 0
      canvas.fill(
        .line(
          polar(center, long ? 17.5 : 19, clock: angle), polar(center, 21, clock: angle),
          width: long ? 1.3 : 0.8),
        .solid(Color.white.opacity(long ? 0.95 : 0.7)))
    }
    let north = Shape.polygon([Point(30, 12), Point(33.6, 30), Point(26.4, 30)])
    let south = Shape.polygon([Point(30, 48), Point(33.6, 30), Point(26.4, 30)])
    canvas.fill(south.rotated(45, around: center), .solid(.white))
    canvas.fill(north.rotated(45, around: center), .solid(Color(hex: 0xFF3B30)))
  },
  DemoIcon("wallet") { canvas in
    canvas.background(0x2E2E32, 0x111113)
    let cards: [UInt32] = [0x3A9EF5, 0xFFC93C, 0x3FCF62, 0xFF6A4A]
    for (index, hex) in cards.enumerated() {
      canvas.fill(.rect(10, 11 + Double(index) * 6, 40, 17, radius: 3), .solid(Color(hex: hex)))
    }
    let pocket = Shape.rect(8, 34, 44, 17, radius: 4).subtracting(.ellipse(Point(30, 33.5), rx: 11, ry: 4.5))
    canvas.symbol(
      pocket, .vertical(Color(hex: 0x48484D), Color(hex: 0x2C2C30), from: 34, to: 51), shadow: 0.5)
  },
  DemoIcon("health") { canvas in
    canvas.background(0xFFFFFF, 0xF0F0F3)
    // A diamond with a circle on each upper side, the circles' diameter equal to the side, so
    // the lobes meet the point's edges tangentially.
    let side = 19.0
    let lobe = Point(side / 2, side / 2) * (1 / 2.0.squareRoot())
    let heart = Shape.union([
      Shape.rect(30 - side / 2, 32 - side / 2, side, side).rotated(45, around: Point(30, 32)),
      .circle(Point(30 - lobe.x, 32 - lobe.y), side / 2), .circle(Point(30 + lobe.x, 32 - lobe.y), side / 2),
    ])
    canvas.fill(heart, .vertical(Color(hex: 0xFF7A96), Color(hex: 0xFF2D55), from: 15, to: 46))
  },
  DemoIcon("calculator") { canvas in
    canvas.background(0x3A3A3C, 0x161618)
    let gray = Paint.solid(Color(hex: 0x5A5A5E))
    let orange = Paint.vertical(Color(hex: 0xFFAE35), Color(hex: 0xFF8C00))
    let white = Paint.solid(.white)
    let keys: [(Point, Paint)] = [
      (Point(19.5, 19.5), gray), (Point(40.5, 19.5), orange), (Point(19.5, 40.5), gray),
      (Point(40.5, 40.5), orange),
    ]
    for (key, paint) in keys { canvas.fill(.circle(key, 9), paint) }
    let arm = 4.2
    canvas.fill(.line(Point(19.5 - arm, 19.5), Point(19.5 + arm, 19.5), width: 2.4), white)
    canvas.fill(
      .union([
        .line(Point(40.5 - arm, 19.5), Point(40.5 + arm, 19.5), width: 2.4),
        .line(Point(40.5, 19.5 - arm), Point(40.5, 19.5 + arm), width: 2.4),
      ]), white)
    canvas.fill(
      .union([
        .line(Point(16.5, 37.5), Point(22.5, 43.5), width: 2.4),
        .line(Point(22.5, 37.5), Point(16.5, 43.5), width: 2.4),
      ]), white)
    canvas.fill(
      .union([
        .line(Point(40.5 - arm, 38.5), Point(40.5 + arm, 38.5), width: 2.2),
        .line(Point(40.5 - arm, 42.5), Point(40.5 + arm, 42.5), width: 2.2),
      ]), white)
  },
  DemoIcon("compass") { canvas in
    canvas.background(0x2C2C2E, 0x000000)
    canvas.fill(.ring(center, radius: 22.5, width: 1.4), .solid(Color.white.opacity(0.9)))
    for tick in 0..<24 {
      let angle = Double(tick) * 15
      let cardinal = tick % 6 == 0
      canvas.fill(
        .line(
          polar(center, cardinal ? 16 : 18, clock: angle), polar(center, 20, clock: angle),
          width: cardinal ? 1.6 : 0.9),
        .solid(Color.white.opacity(cardinal ? 1 : 0.7)))
    }
    canvas.fill(.polygon([Point(30, 12.5), Point(34, 30), Point(26, 30)]), .solid(Color(hex: 0xFF3B30)))
    canvas.fill(.polygon([Point(30, 47.5), Point(34, 30), Point(26, 30)]), .solid(Color(hex: 0xE5E5EA)))
    canvas.fill(.circle(center, 2.3), .solid(Color(hex: 0x1C1C1E)))
  },
  DemoIcon("books") { canvas in
    canvas.background(0xFFA83C, 0xFF7300)
    let left = Shape.polygon([Point(11, 18), Point(28.8, 21.5), Point(28.8, 45), Point(11, 41.5)])
    let right = Shape.polygon([Point(31.2, 21.5), Point(49, 18), Point(49, 41.5), Point(31.2, 45)])
    canvas.symbol(.union([left.expanded(by: 1.2), right.expanded(by: 1.2)]), .solid(.white), shadow: 0.2)
  },
  DemoIcon("podcasts") { canvas in
    canvas.background(0xD580FA, 0x8A2BE2)
    let white = Paint.solid(.white)
    canvas.fill(.circle(Point(30, 26), 5), white)
    canvas.fill(.arc(Point(30, 26), radius: 10.5, from: 135, to: 45, width: 3), white)
    canvas.fill(.arc(Point(30, 26), radius: 17.5, from: 135, to: 45, width: 3), white)
    canvas.fill(
      .polygon([Point(26.6, 33.5), Point(33.4, 33.5), Point(31.8, 49), Point(28.2, 49)]).expanded(by: 0.6),
      white)
  },
  DemoIcon("files") { canvas in
    canvas.background(0xFFFFFF, 0xEEEEF2)
    canvas.fill(
      .union([.rect(9, 16, 42, 30, radius: 4), .rect(9, 12.5, 18, 9, radius: 3)]),
      .solid(Color(hex: 0x1C7FE6)))
    canvas.symbol(
      .rect(9, 20.5, 42, 28, radius: 4),
      .vertical(Color(hex: 0x62BEFF), Color(hex: 0x2A92F4), from: 20, to: 49),
      shadow: 0.15)
  },
  DemoIcon("translate") { canvas in
    canvas.background(0x3B95FF, 0x0F55D0)
    canvas.symbol(.rect(8.5, 9.5, 27, 27, radius: 5.5), .solid(.white))
    let blue = Paint.solid(Color(hex: 0x1F6FE8))
    canvas.fill(
      .union([
        .polyline([Point(15.5, 30.5), Point(22, 15), Point(28.5, 30.5)], width: 2.6),
        .line(Point(18, 25.5), Point(26, 25.5), width: 2.2),
      ]), blue)
    canvas.symbol(.rect(24.5, 23.5, 27, 27, radius: 5.5), .solid(Color(hex: 0x1C1C1E)), shadow: 0.35)
    let white = Paint.solid(.white)
    canvas.fill(
      .union([
        .line(Point(38, 28), Point(38, 30.3), width: 2.2),
        .line(Point(31.5, 32.6), Point(44.5, 32.6), width: 2.1),
        .polyline([Point(42, 34.4), Point(39.6, 39.6), Point(31.5, 46)], width: 2.1),
        .polyline([Point(34, 34.4), Point(36.8, 39.6), Point(44.8, 46)], width: 2.1),
      ]), white)
  },
  DemoIcon("appstore") { canvas in
    canvas.background(0x27C6FF, 0x0B6CF0)
    let glyph = Shape.union([
      .line(Point(20.5, 44), Point(33.5, 19), width: 4.4),
      .line(Point(39.5, 44), Point(31, 28.5), width: 4.4),
      .line(Point(15, 37), Point(45, 37), width: 4.2),
    ])
    canvas.symbol(glyph, .solid(.white), shadow: 0.15)
  },
  DemoIcon("contacts") { canvas in
    canvas.background(0xDADADF, 0xA9A9AF)
    let shoulders = Shape.ellipse(Point(30, 49), rx: 17, ry: 14).intersecting(.rect(0, 0, 60, 48.5))
    let person = Shape.union([.circle(Point(30, 22), 8.5), shoulders])
    canvas.symbol(person, .vertical(.white, Color(hex: 0xF0F0F3)), shadow: 0.12)
  },
  DemoIcon("stocks") { canvas in
    canvas.background(0x2A2A2C, 0x000000)
    for y in [18.0, 30, 42] {
      canvas.fill(.line(Point(8, y), Point(52, y), width: 0.8), .solid(Color.white.opacity(0.16)))
    }
    let chart = [
      Point(9, 42), Point(16, 35.5), Point(22, 39), Point(29, 27), Point(36, 31.5), Point(43, 19),
      Point(51, 22),
    ]
    canvas.fill(
      .polygon(chart + [Point(51, 52), Point(9, 52)]),
      .vertical(Color(hex: 0x34C759, alpha: 0.45), Color(hex: 0x34C759, alpha: 0), from: 19, to: 52))
    canvas.fill(.polyline(chart, width: 2.6), .solid(Color(hex: 0x3DDC68)))
  },
  DemoIcon("facetime") { canvas in
    canvas.background(0x6EE875, 0x1DBF3A)
    let camera = Shape.union([
      .rect(10, 20.5, 27, 19, radius: 4.5),
      .polygon([Point(38.5, 28), Point(48.5, 21.5), Point(48.5, 38.5), Point(38.5, 32)]).expanded(by: 1.2),
    ])
    canvas.symbol(camera, .solid(.white), shadow: 0.15)
  },
  DemoIcon("recorder") { canvas in
    canvas.background(0x2C2C2E, 0x000000)
    let heights: [Double] = [5, 11, 19, 28, 15, 34, 22, 13, 25, 10, 5]
    let red = Paint.vertical(Color(hex: 0xFF6B5E), Color(hex: 0xFF2D20), from: 13, to: 47)
    for (index, height) in heights.enumerated() {
      let x = 10.5 + Double(index) * 3.9
      canvas.fill(.line(Point(x, 30 - height / 2), Point(x, 30 + height / 2), width: 2.2), red)
    }
  },
  DemoIcon("home") { canvas in
    canvas.background(0xFFB445, 0xFF8400)
    let house = Shape.union([
      .polygon([Point(30, 12.5), Point(49, 29), Point(11, 29)]).expanded(by: 1.5),
      .rect(15.5, 26, 29, 21.5, radius: 2),
      .rect(38, 14.5, 5, 10, radius: 1),
    ]).subtracting(.rect(26, 35, 8, 14, radius: 1.5))
    canvas.symbol(house, .solid(.white), shadow: 0.2)
  },
]

/// An old-style icon shipped only at 1x: the demo's example of the resolver falling back.
let legacyIcon = DemoIcon("legacy", scales: [1]) { canvas in
  canvas.background(0x8C99A8, 0x4E5968)
  let body = Shape.polygon([Point(12, 12), Point(44, 12), Point(48, 16), Point(48, 48), Point(12, 48)])
    .expanded(by: 1)
  canvas.symbol(body, .vertical(Color(hex: 0x34508C), Color(hex: 0x1F3260), from: 11, to: 49), shadow: 0.3)
  canvas.fill(
    .rect(20, 11, 19, 13, radius: 1), .vertical(Color(hex: 0xE1E4E8), Color(hex: 0xA9AEB6), from: 11, to: 24))
  canvas.fill(.rect(32, 13.5, 4, 8), .solid(Color(hex: 0x2A2F38)))
  canvas.fill(.rect(17, 30, 26, 16, radius: 1.5), .solid(Color(hex: 0xF7F7F2)))
  for y in [35.0, 39.5] {
    canvas.fill(.line(Point(20, y), Point(40, y), width: 1), .solid(Color(hex: 0xB8BCC6)))
  }
}

/// A "2" in strokes: a bowl arc, a diagonal down to the left, and a base.
private func digitTwo(x: Double, y: Double, width: Double, height: Double, stroke: Double) -> Shape {
  let radius = (width - stroke) / 2
  let bowl = Point(x + width / 2, y + stroke / 2 + radius)
  let turn = polar(bowl, radius, clock: 125)
  let base = y + height - stroke / 2
  return .union([
    .arc(bowl, radius: radius, from: 180, to: 35, width: stroke),
    .line(turn, Point(x + stroke / 2, base), width: stroke),
    .line(Point(x + stroke / 2, base), Point(x + width - stroke / 2, base), width: stroke),
  ])
}

/// An "8" in strokes: two stacked rings, the lower a little wider.
private func digitEight(x: Double, y: Double, width: Double, height: Double, stroke: Double) -> Shape {
  let lower = (width - stroke) / 2
  let upper = lower * 0.86
  let midX = x + width / 2
  return .union([
    .ring(Point(midX, y + stroke / 2 + upper), radius: upper, width: stroke),
    .ring(Point(midX, y + height - stroke / 2 - lower), radius: lower, width: stroke),
  ])
}
