import ImageCore
import PNGCodec
import Testing
import VectorRenderer

/// An inline drawable: `body` inside a root element that declares the android namespace.
private func drawable(
  _ root: String, _ attributes: String = "", _ body: String, colors: AndroidColorTable? = nil
)
  throws -> AndroidDrawable
{
  let text = """
    <?xml version="1.0" encoding="utf-8"?>
    <\(root) xmlns:android="http://schemas.android.com/apk/res/android" \(attributes)>\(body)</\(root)>
    """
  return try AndroidDrawable(bytes: Array(text.utf8), path: "res/drawable/test.xml", colors: colors)
}

private func rgba(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
  let pixel = bitmap[x, y]
  return [Int(pixel.0), Int(pixel.1), Int(pixel.2), Int(pixel.3)]
}

/// A square shape of `color`, `size` dp a side.
private func square(_ color: String, _ size: Int) -> String {
  "<shape><solid android:color=\"\(color)\"/><size android:width=\"\(size)dp\" android:height=\"\(size)dp\"/></shape>"
}

/// Animation-list first frames, `<bitmap>` layers and `@dimen/` lengths, drawn as AOSP
/// inflates them.
@Suite("Android drawables: frames, bitmaps and dimensions")
struct AndroidDrawableFrameTests {
  @Test("an animation-list draws its first frame, inline or named, and says which")
  func animationListFirstFrame() throws {
    let inline = try drawable(
      "animation-list", "android:oneshot=\"false\"",
      """
      <item android:duration="100">\(square("#FF00FF00", 2))</item>\
      <item android:duration="100">\(square("#FFFF0000", 4))</item>
      """)
    #expect(inline.reference == nil)
    #expect(inline.pointSize == PointSize(width: 2, height: 2))
    let bitmap = try inline.image().render(scale: 2)
    #expect(bitmap.width == 4)
    #expect(rgba(bitmap, 3, 3) == [0, 255, 0, 255])
    #expect(inline.warnings.first?.contains("an <animation-list> of 2 frames; drew its first") == true)

    let named = try drawable(
      "animation-list", "",
      """
      <item android:drawable="@drawable/frame_1" android:duration="170"/>\
      <item android:drawable="@drawable/frame_2" android:duration="170"/>
      """)
    #expect(named.reference == "@drawable/frame_1")
    #expect(named.warnings.isEmpty)
  }

  @Test("an animation-list with no frame is refused, with a reason")
  func emptyAnimationList() throws {
    let error = try #require(throws: ImageError.self) { try drawable("animation-list", "", "") }
    #expect(error.code == .unsupported)
    #expect(error.reason.contains("no frame"))
  }

  /// A 4 × 4 px red PNG drawn for `scale` (2: xhdpi, so 2 dp a side).
  private static func redPNG(scale: Double) throws -> AndroidResource {
    .png(try PNGEncoder.encode(Bitmap(width: 4, height: 4, filling: (255, 0, 0, 255))), scale: scale)
  }

  @Test(
    "a <bitmap> in a layer-list is placed by its gravity at its own size in dp (pixels over density)",
    arguments: [
      ("center", 2, 2), ("left|top", 0, 0), ("right|bottom", 4, 4), ("top", 2, 0),
      ("start|center_vertical", 0, 2),
    ])
  func bitmapGravity(gravity: String, left: Int, top: Int) throws {
    let list = try drawable(
      "layer-list", "",
      """
      <item>\(square("#FF0000FF", 6))</item>\
      <item><bitmap android:src="@drawable/logo" android:gravity="\(gravity)" android:tileMode="disabled"/></item>
      """)
    #expect(list.pointSize == PointSize(width: 6, height: 6))
    let bitmap = try list.image { _ in try Self.redPNG(scale: 2) }.render(scale: 1)
    for y in 0..<6 {
      for x in 0..<6 {
        let inside = (left..<left + 2).contains(x) && (top..<top + 2).contains(y)
        #expect(rgba(bitmap, x, y) == (inside ? [255, 0, 0, 255] : [0, 0, 255, 255]), "(\(x), \(y))")
      }
    }
    #expect(list.warnings.isEmpty)
  }

  @Test("a <bitmap> fills its box by default, and a <bitmap> layer-list takes the file's size in dp")
  func bitmapFillAndSize() throws {
    let fill = try drawable(
      "layer-list", "",
      "<item>\(square("#FF0000FF", 6))</item><item><bitmap android:src=\"@drawable/logo\"/></item>")
    let filled = try fill.image { _ in try Self.redPNG(scale: 2) }.render(scale: 1)
    #expect(rgba(filled, 0, 0) == [255, 0, 0, 255])
    #expect(rgba(filled, 5, 5) == [255, 0, 0, 255])

    // Omni-Notes' branded_background: a colour under a centred logo; the list is the logo's size.
    var asked: [String] = []
    let branded = try drawable(
      "layer-list", "",
      """
      <item><color android:color="#FF00FF00"/></item>\
      <item><bitmap android:src="@drawable/logo" android:gravity="center" android:tileMode="repeat"/></item>
      """)
    #expect(branded.pointSize == nil)
    let image = try branded.image { reference in
      asked.append(reference)
      return try Self.redPNG(scale: 1)
    }
    #expect(image.pointSize == PointSize(width: 4, height: 4))
    #expect(asked == ["@drawable/logo"])
    #expect(rgba(try image.render(scale: 1), 3, 3) == [255, 0, 0, 255])
    #expect(branded.warnings.contains { $0.contains("tileMode=\"repeat\" is drawn once") })
  }

  @Test("a <bitmap> without android:src is malformed")
  func bitmapWithoutSource() throws {
    let error = try #require(throws: ImageError.self) {
      try drawable("layer-list", "", "<item><bitmap android:gravity=\"center\"/></item>")
    }
    #expect(error.code == .malformed)
    #expect(error.reason.contains("android:src"))
  }

  /// A 6 dp square with corners of `radius`, blue.
  private static func rounded(_ radius: String) -> String {
    """
    <solid android:color="#FF0000FF"/><corners android:radius="\(radius)"/>\
    <size android:width="6dp" android:height="6dp"/>
    """
  }

  @Test(
    "@dimen/ lengths resolve through the values table, followed to a literal in any unit",
    arguments: ["3dp", "3dip", "3px", "3sp", "@dimen/other"])
  func dimension(value: String) throws {
    let table = AndroidColorTable(dimensions: ["corner": value, "other": "3dp"])
    let shape = try drawable("shape", "", Self.rounded("@dimen/corner"), colors: table)
    #expect(shape.warnings.isEmpty)
    let bitmap = try shape.image().render(scale: 1)
    // The 3 dp arc leaves the corner pixel all but uncovered (a sliver by anti-aliasing).
    #expect(rgba(bitmap, 0, 0)[3] < 32)
    #expect(rgba(bitmap, 3, 3) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 3, 1) == [0, 0, 255, 255])
  }

  @Test("a @dimen/ the tree does not hold is drawn as 0 dp and a warning names it")
  func unresolvedDimension() throws {
    let shape = try drawable(
      "shape", "", Self.rounded("@dimen/medium_margin"), colors: AndroidColorTable(dimensions: ["x": "1dp"]))
    let bitmap = try shape.image().render(scale: 1)
    #expect(rgba(bitmap, 0, 0) == [0, 0, 255, 255])
    #expect(shape.warnings.count == 1)
    #expect(shape.warnings.first?.contains("@dimen/medium_margin is not in the res folder's values") == true)

    // A vector's own size stays a reference, and is refused rather than drawn at nothing.
    let error = try #require(throws: ImageError.self) {
      try drawable(
        "vector",
        "android:width=\"@dimen/icon\" android:height=\"24dp\" android:viewportWidth=\"24\" android:viewportHeight=\"24\"",
        "")
    }
    #expect(error.code == .unsupported)
    #expect(error.reason.contains("a resource reference"))
  }

  @Test("a values file's <dimen> entries are read with its colours")
  func valuesTable() throws {
    let values = """
      <resources><color name="accent">#FF112233</color><dimen name="medium_margin">8dp</dimen>\
      <dimen name="button">@dimen/medium_margin</dimen></resources>
      """
    let table = try AndroidColorTable(bytes: Array(values.utf8), path: "res/values/dimens.xml")
    #expect(table.colors == ["accent": "#FF112233"])
    #expect(table.dimensions == ["medium_margin": "8dp", "button": "@dimen/medium_margin"])
    var merged = AndroidColorTable(dimensions: ["button": "1dp", "small": "2dp"])
    merged.merge(table)
    #expect(merged.dimensions["button"] == "@dimen/medium_margin")
    #expect(merged.dimensions["small"] == "2dp")
  }
}
