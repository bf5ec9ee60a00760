import ImageCore
import PNGCodec
import Testing
import VectorRenderer

/// `body` inside `root`, which declares the android namespace.
private func xml(_ root: String, _ attributes: String = "", _ body: String) -> [UInt8] {
  Array(
    """
    <?xml version="1.0" encoding="utf-8"?>
    <\(root) xmlns:android="http://schemas.android.com/apk/res/android" \(attributes)>\(body)</\(root)>
    """.utf8)
}

private func drawable(
  _ root: String, _ attributes: String = "", _ body: String, path: String = "res/test.xml"
)
  throws -> AndroidDrawable
{
  try AndroidDrawable(bytes: xml(root, attributes, body), path: path)
}

/// A 108 dp vector layer whose 36 dp centre square (36…72 dp) is `color`.
private let centreSquare = """
  android:width="108dp" android:height="108dp" android:viewportWidth="108" android:viewportHeight="108"
  """

private func rgba(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
  let pixel = bitmap[x, y]
  return [Int(pixel.0), Int(pixel.1), Int(pixel.2), Int(pixel.3)]
}

@Suite("Android adaptive icons and ripples")
struct AndroidAdaptiveIconTests {
  /// Blue background, red 36 dp square in the middle of a 108 dp foreground, at 1x: the icon
  /// is 72 × 72 px, the square spans 18…54 px, the circle mask leaves the corners empty.
  static func expectLayers(_ bitmap: Bitmap) {
    #expect(bitmap.width == 72 && bitmap.height == 72)
    #expect(rgba(bitmap, 36, 36) == [255, 0, 0, 255], "the centre is the foreground's")
    #expect(rgba(bitmap, 36, 6) == [0, 0, 255, 255], "inside the circle, outside the square: background")
    #expect(rgba(bitmap, 1, 1)[3] == 0, "the mask's corner is transparent")
    #expect(rgba(bitmap, 70, 70)[3] == 0, "the mask's corner is transparent")
  }

  @Test("inline layers: background under foreground, 108 dp layers seen through a 72 dp circle")
  func inlineLayers() throws {
    let icon = try drawable(
      "adaptive-icon", "",
      """
      <background><color android:color="#FF0000FF"/></background>\
      <foreground><vector \(centreSquare)><path android:pathData="M36,36h36v36h-36z" android:fillColor="#F00"/></vector></foreground>\
      <monochrome><color android:color="#FF00FF00"/></monochrome>
      """)
    #expect(icon.kind == "adaptive-icon")
    #expect(icon.pointSize == PointSize(width: 72, height: 72))
    #expect(icon.references.isEmpty)
    Self.expectLayers(try icon.image().render(scale: 1))
    let double = try icon.image().render(scale: 2)
    #expect(double.width == 144)
    #expect(rgba(double, 72, 72) == [255, 0, 0, 255])
  }

  @Test("layers named by reference: a colour from the table, a vector file and a bitmap file")
  func referencedLayers() throws {
    let colors = AndroidColorTable(colors: ["bg": "#FF0000FF"])
    let text = xml(
      "adaptive-icon", "",
      "<background android:drawable=\"@color/bg\"/><foreground android:drawable=\"@drawable/fg\"/>")
    let icon = try AndroidDrawable(bytes: text, path: "res/mipmap-anydpi-v26/ic.xml", colors: colors)
    #expect(icon.references == ["@drawable/fg"])
    let error = try #require(throws: ImageError.self) { try icon.svg() }
    #expect(error.code == .unsupported)
    #expect(error.reason.contains("@drawable/fg"))

    let vector = try drawable(
      "vector", centreSquare, "<path android:pathData=\"M36,36h36v36h-36z\" android:fillColor=\"#F00\"/>")
    var asked: [String] = []
    Self.expectLayers(
      try icon.image { reference in
        asked.append(reference)
        return .drawable(vector)
      }.render(scale: 1))
    #expect(asked == ["@drawable/fg"])

    // A bitmap layer is stretched over the 108 dp box: a 4 × 4 px green PNG covers it all.
    let png = try PNGEncoder.encode(Bitmap(width: 4, height: 4, filling: (0, 255, 0, 255)))
    let bitmap = try icon.image { _ in .png(png) }.render(scale: 1)
    #expect(rgba(bitmap, 36, 36) == [0, 255, 0, 255])
    #expect(rgba(bitmap, 36, 2) == [0, 255, 0, 255])
    #expect(rgba(bitmap, 0, 0)[3] == 0)

    let colour = try icon.image { _ in .color("#FFFFFF00") }.render(scale: 1)
    #expect(rgba(colour, 36, 36) == [255, 255, 0, 255])
  }

  @Test("a reference cycle is refused as malformed, naming the chain")
  func cycle() throws {
    let icon = try drawable("adaptive-icon", "", "<foreground android:drawable=\"@drawable/a\"/>")
    let a = try drawable("layer-list", "", "<item android:drawable=\"@drawable/b\"/>")
    let b = try drawable("layer-list", "", "<item android:drawable=\"@drawable/a\"/>")
    let error = try #require(throws: ImageError.self) {
      try icon.svg { reference in .drawable(reference == "@drawable/a" ? a : b) }
    }
    #expect(error.code == .malformed)
    #expect(error.reason.contains("@drawable/a → @drawable/b → @drawable/a"))
  }

  @Test("references deeper than the limit are refused before the resolver is asked again")
  func depth() throws {
    let icon = try drawable("adaptive-icon", "", "<foreground android:drawable=\"@drawable/d0\"/>")
    var asked = 0
    let error = try #require(throws: ImageError.self) {
      try icon.svg { _ in
        asked += 1
        return .drawable(try drawable("layer-list", "", "<item android:drawable=\"@drawable/d\(asked)\"/>"))
      }
    }
    #expect(error.code == .limitExceeded)
    #expect(asked == AndroidDrawable.maxReferenceDepth)
  }

  @Test("an adaptive icon without layers is not drawn, with a reason")
  func noLayers() throws {
    let error = try #require(throws: ImageError.self) {
      try drawable("adaptive-icon", "", "<monochrome android:drawable=\"@drawable/m\"/>")
    }
    #expect(error.code == .unsupported)
    #expect(error.reason.contains("no <background> or <foreground>"))
  }

  @Test("a ripple draws its items at rest but not its mask item nor its colour")
  func rippleWithMask() throws {
    let ripple = try drawable(
      "ripple", "android:color=\"#FFFF0000\"",
      """
      <item android:id="@android:id/mask"><color android:color="#FF000000"/></item>\
      <item><shape><solid android:color="#FF00FF00"/><size android:width="4dp" android:height="4dp"/></shape></item>
      """)
    #expect(ripple.pointSize == PointSize(width: 4, height: 4))
    let bitmap = try ripple.image().render(scale: 1)
    #expect(rgba(bitmap, 0, 0) == [0, 255, 0, 255])
    #expect(rgba(bitmap, 3, 3) == [0, 255, 0, 255])
  }

  @Test("a ripple with only a mask is drawn as it shows at rest, empty, and a warning says why")
  func rippleOnlyMask() throws {
    let ripple = try drawable(
      "ripple", "android:color=\"#FFFF0000\"",
      "<item android:id=\"@android:id/mask\"><color android:color=\"#FF000000\"/></item>")
    let bitmap = try ripple.image(boxSize: PointSize(width: 4, height: 4)).render(scale: 1)
    #expect(bitmap.width == 4 && bitmap.height == 4)
    #expect(bitmap.pixels.allSatisfy { $0 == 0 })
    #expect(ripple.warnings.count == 1)
    #expect(ripple.warnings.first?.contains("draws nothing at rest") == true)
  }

  @Test("an inset shrinks its drawable by a fraction of the box")
  func insetFraction() throws {
    let inset = try drawable(
      "layer-list", "",
      "<item><inset android:inset=\"25%\"><color android:color=\"#FF0000FF\"/></inset></item>")
    let bitmap = try inset.image(boxSize: PointSize(width: 8, height: 8)).render(scale: 1)
    #expect(rgba(bitmap, 1, 1)[3] == 0)
    #expect(rgba(bitmap, 2, 2) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 5, 5) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 6, 6)[3] == 0)
  }
}
