import ImageCore
import Testing
import VectorRenderer

/// An inline drawable: `body` inside a root element that declares the android namespace.
private func drawable(
  _ root: String, _ attributes: String, _ body: String, colors: AndroidColorTable? = nil,
  limits: VectorLimits = .default
) throws -> AndroidDrawable {
  let text = """
    <?xml version="1.0" encoding="utf-8"?>
    <\(root) xmlns:android="http://schemas.android.com/apk/res/android" \(attributes)>\(body)</\(root)>
    """
  return try AndroidDrawable(
    bytes: Array(text.utf8), path: "res/drawable/test.xml", colors: colors, limits: limits)
}

/// A 4×4 dp vector with a 4×4 viewport around `body`.
private func vector(_ body: String, colors: AndroidColorTable? = nil, extra: String = "") throws
  -> AndroidDrawable
{
  try drawable(
    "vector",
    "android:width=\"4dp\" android:height=\"4dp\" android:viewportWidth=\"4\" android:viewportHeight=\"4\" \(extra)",
    body, colors: colors)
}

private func rgba(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
  let pixel = bitmap[x, y]
  return [Int(pixel.0), Int(pixel.1), Int(pixel.2), Int(pixel.3)]
}

@Suite("Android drawables")
struct AndroidDrawableTests {
  @Test("a 2×2 dp square path fills exactly its pixels, in #AARRGGBB colour with the alpha first")
  func squarePath() throws {
    let image = try vector("<path android:pathData=\"M1,1h2v2h-2z\" android:fillColor=\"#80FF0000\"/>")
    #expect(image.pointSize == PointSize(width: 4, height: 4))
    let bitmap = try image.image().render(scale: 1)
    #expect(bitmap.width == 4 && bitmap.height == 4)
    for y in 0..<4 {
      for x in 0..<4 {
        let inside = (1...2).contains(x) && (1...2).contains(y)
        #expect(rgba(bitmap, x, y) == (inside ? [255, 0, 0, 128] : [0, 0, 0, 0]), "pixel \(x),\(y)")
      }
    }
    let double = try image.image().render(scale: 2)
    #expect(double.width == 8)
    #expect(rgba(double, 2, 2) == [255, 0, 0, 128])
    #expect(rgba(double, 5, 5) == [255, 0, 0, 128])
    #expect(rgba(double, 6, 6) == [0, 0, 0, 0])
  }

  @Test(
    "#ARGB, #RGB and #RRGGBB colours",
    arguments: [
      ("#8F00", [255, 0, 0, 136]), ("#0F0", [0, 255, 0, 255]), ("#0000FF", [0, 0, 255, 255]),
      ("@android:color/white", [255, 255, 255, 255]),
    ])
  func shortColours(color: String, expected: [Int]) throws {
    let image = try vector("<path android:pathData=\"M0,0h4v4h-4z\" android:fillColor=\"\(color)\"/>")
    #expect(rgba(try image.image().render(scale: 1), 1, 1) == expected)
    #expect(image.warnings.isEmpty)
  }

  @Test("fillAlpha multiplies the colour's alpha")
  func fillAlpha() throws {
    let image = try vector(
      "<path android:pathData=\"M0,0h4v4h-4z\" android:fillColor=\"#FF0000FF\" android:fillAlpha=\"0.5\"/>")
    let pixel = rgba(try image.image().render(scale: 1), 2, 2)
    #expect(pixel[2] == 255 && (127...128).contains(pixel[3]))
  }

  @Test("a group translates")
  func groupTranslate() throws {
    let image = try vector(
      "<group android:translateX=\"2\"><path android:pathData=\"M0,0h2v2h-2z\" android:fillColor=\"#00F\"/></group>"
    )
    let bitmap = try image.image().render(scale: 1)
    #expect(rgba(bitmap, 2, 0) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 3, 1) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 1, 0) == [0, 0, 0, 0])
    #expect(rgba(bitmap, 2, 2) == [0, 0, 0, 0])
  }

  @Test("a group rotates clockwise about its pivot")
  func groupRotate() throws {
    // The top-left 2×1 strip turned 90° about the centre lands in the right column's top half.
    let image = try vector(
      """
      <group android:rotation="90" android:pivotX="2" android:pivotY="2">\
      <path android:pathData="M0,0h2v1h-2z" android:fillColor="#00F"/></group>
      """)
    let bitmap = try image.image().render(scale: 1)
    #expect(rgba(bitmap, 3, 0) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 3, 1) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 0, 0) == [0, 0, 0, 0])
    #expect(rgba(bitmap, 3, 2) == [0, 0, 0, 0])
  }

  @Test("a group scales about its pivot, then translates")
  func groupScaleAndTranslate() throws {
    let image = try vector(
      """
      <group android:scaleX="0.5" android:scaleY="0.5" android:pivotX="2" android:pivotY="2" \
      android:translateY="1"><path android:pathData="M0,0h4v4h-4z" android:fillColor="#00F"/></group>
      """)
    let bitmap = try image.image().render(scale: 1)
    // Scaled to 1…3 about the centre, then moved down one: columns 1–2, rows 2–3.
    #expect(rgba(bitmap, 1, 2) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 2, 3) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 1, 1) == [0, 0, 0, 0])
    #expect(rgba(bitmap, 0, 2) == [0, 0, 0, 0])
  }

  @Test("fillType evenOdd leaves the inner square empty; the default fills it")
  func evenOdd() throws {
    let data = "M0,0h4v4h-4zM1,1h2v2h-2z"
    let evenOdd = try vector(
      "<path android:pathData=\"\(data)\" android:fillColor=\"#F00\" android:fillType=\"evenOdd\"/>")
    let nonZero = try vector("<path android:pathData=\"\(data)\" android:fillColor=\"#F00\"/>")
    let holed = try evenOdd.image().render(scale: 1)
    let filled = try nonZero.image().render(scale: 1)
    #expect(rgba(holed, 0, 0) == [255, 0, 0, 255])
    #expect(rgba(holed, 1, 1) == [0, 0, 0, 0])
    #expect(rgba(holed, 2, 2) == [0, 0, 0, 0])
    #expect(rgba(filled, 1, 1) == [255, 0, 0, 255])
  }

  @Test("a clip-path clips the paths after it")
  func clipPath() throws {
    let image = try vector(
      """
      <clip-path android:pathData="M0,0h2v4h-2z"/>\
      <path android:pathData="M0,0h4v4h-4z" android:fillColor="#F00"/>
      """)
    #expect(try image.image().externalReferences.isEmpty)
    let bitmap = try image.image().render(scale: 1)
    #expect(rgba(bitmap, 1, 3) == [255, 0, 0, 255])
    #expect(rgba(bitmap, 2, 0) == [0, 0, 0, 0])
  }

  @Test("an aapt:attr linear gradient fills a path in the vector's own units; no reference is external")
  func vectorGradient() throws {
    let image = try drawable(
      "vector",
      """
      xmlns:aapt="http://schemas.android.com/aapt" android:width="8dp" android:height="2dp" \
      android:viewportWidth="4" android:viewportHeight="1"
      """,
      """
      <path android:pathData="M0,0h4v1h-4z"><aapt:attr name="android:fillColor">\
      <gradient android:type="linear" android:startX="0" android:startY="0" android:endX="4" android:endY="0">\
      <item android:offset="0" android:color="#FFFF0000"/><item android:offset="1" android:color="#FF0000FF"/>\
      </gradient></aapt:attr></path>
      """)
    let vector = try image.image()
    #expect(vector.externalReferences.isEmpty)
    let bitmap = try vector.render(scale: 1)
    let left = rgba(bitmap, 0, 1)
    let right = rgba(bitmap, 7, 1)
    #expect(left[0] > 200 && left[2] < 50 && left[3] == 255)
    #expect(right[2] > 200 && right[0] < 50 && right[3] == 255)
  }

  @Test("a stroke has its colour, width and alpha; android:alpha fades the whole vector")
  func strokeAndAlpha() throws {
    let stroked = try vector(
      """
      <path android:pathData="M0,2h4" android:strokeColor="#00F" android:strokeWidth="2" \
      android:strokeAlpha="1"/>
      """)
    let bitmap = try stroked.image().render(scale: 1)
    #expect(rgba(bitmap, 0, 1) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 3, 2) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 0, 0) == [0, 0, 0, 0])
    let faded = try vector(
      "<path android:pathData=\"M0,0h4v4h-4z\" android:fillColor=\"#F00\"/>", extra: "android:alpha=\"0.5\"")
    #expect((127...128).contains(rgba(try faded.image().render(scale: 1), 1, 1)[3]))
  }

  @Test("android:tint paints the drawn pixels in the tint colour")
  func tint() throws {
    let image = try vector(
      "<path android:pathData=\"M0,0h2v4h-2z\" android:fillColor=\"#F00\"/>",
      extra: "android:tint=\"#FF00FF00\"")
    let bitmap = try image.image().render(scale: 1)
    #expect(rgba(bitmap, 0, 0) == [0, 255, 0, 255])
    #expect(rgba(bitmap, 3, 0)[3] == 0)
  }

  @Test("an unresolved @color is drawn grey with a warning naming it; a table resolves it")
  func unresolvedColour() throws {
    let body = "<path android:pathData=\"M0,0h4v4h-4z\" android:fillColor=\"@color/accent\"/>"
    let unresolved = try vector(body)
    #expect(rgba(try unresolved.image().render(scale: 1), 1, 1) == [0x9E, 0x9E, 0x9E, 255])
    #expect(unresolved.warnings.count == 1)
    #expect(unresolved.warnings.first?.contains("@color/accent") == true)
    #expect(unresolved.warnings.first?.contains("res/drawable/test.xml") == true)

    let table = try AndroidColorTable(
      bytes: Array(
        "<resources><color name=\"accent\">@color/base</color><color name=\"base\">#FF112233</color></resources>"
          .utf8))
    let resolved = try vector(body, colors: table)
    #expect(rgba(try resolved.image().render(scale: 1), 1, 1) == [0x11, 0x22, 0x33, 255])
    #expect(resolved.warnings.isEmpty)

    let missing = try vector(body, colors: AndroidColorTable(colors: ["other": "#000"]))
    #expect(rgba(try missing.image().render(scale: 1), 1, 1) == [0x9E, 0x9E, 0x9E, 255])
    #expect(missing.warnings.first?.contains("not in the res folder's colours") == true)

    let theme = try vector(
      "<path android:pathData=\"M0,0h4v4h-4z\" android:fillColor=\"?attr/colorPrimary\"/>")
    #expect(rgba(try theme.image().render(scale: 1), 1, 1) == [0x9E, 0x9E, 0x9E, 255])
    #expect(theme.warnings.first?.contains("theme attribute") == true)
  }

  @Test("a rectangle shape's stroke is inside its size and its solid fills the rest")
  func shapeStroke() throws {
    let shape = try drawable(
      "shape", "",
      """
      <solid android:color="#00FF00"/><stroke android:width="2dp" android:color="#0000FF"/>\
      <size android:width="8dp" android:height="8dp"/>
      """)
    #expect(shape.pointSize == PointSize(width: 8, height: 8))
    let bitmap = try shape.image().render(scale: 1)
    #expect(rgba(bitmap, 0, 0) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 1, 4) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 7, 7) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 2, 2) == [0, 255, 0, 255])
    #expect(rgba(bitmap, 5, 4) == [0, 255, 0, 255])
  }

  @Test("corners round a rectangle; an oval leaves its corners empty")
  func shapeCorners() throws {
    let rounded = try drawable(
      "shape", "",
      "<solid android:color=\"#F00\"/><corners android:radius=\"4dp\"/><size android:width=\"8dp\" android:height=\"8dp\"/>"
    )
    let oval = try drawable(
      "shape", "android:shape=\"oval\"",
      "<solid android:color=\"#F00\"/><size android:width=\"8dp\" android:height=\"8dp\"/>")
    let square = try drawable(
      "shape", "", "<solid android:color=\"#F00\"/><size android:width=\"8dp\" android:height=\"8dp\"/>")
    for image in [rounded, oval] {
      let bitmap = try image.image().render(scale: 1)
      #expect(rgba(bitmap, 0, 0)[3] == 0)
      #expect(rgba(bitmap, 7, 7)[3] == 0)
      #expect(rgba(bitmap, 4, 4) == [255, 0, 0, 255])
      #expect(rgba(bitmap, 0, 4)[3] > 128)
    }
    #expect(rgba(try square.image().render(scale: 1), 0, 0) == [255, 0, 0, 255])
  }

  @Test("a shape without <size> has no size of its own and fills the box it is given")
  func shapeWithoutSize() throws {
    let shape = try drawable("shape", "", "<solid android:color=\"#F00\"/>")
    #expect(shape.pointSize == nil)
    let image = try shape.image(boxSize: PointSize(width: 10, height: 6))
    #expect(image.pointSize == PointSize(width: 10, height: 6))
    let bitmap = try image.render(scale: 2)
    #expect(bitmap.width == 20 && bitmap.height == 12)
    #expect(rgba(bitmap, 0, 0) == [255, 0, 0, 255])
    #expect(rgba(bitmap, 19, 11) == [255, 0, 0, 255])
  }

  @Test("a linear gradient at 0° runs from the start colour on the left to the end on the right")
  func shapeGradient() throws {
    let shape = try drawable(
      "shape", "",
      """
      <gradient android:angle="0" android:startColor="#FF0000" android:endColor="#0000FF"/>\
      <size android:width="10dp" android:height="2dp"/>
      """)
    let bitmap = try shape.image().render(scale: 1)
    let left = rgba(bitmap, 0, 1)
    let right = rgba(bitmap, 9, 1)
    #expect(left[0] > 200 && left[2] < 50)
    #expect(right[2] > 200 && right[0] < 50)
  }

  @Test("a layer-list stacks its items, each inset as it says")
  func layerList() throws {
    let list = try drawable(
      "layer-list", "",
      """
      <item><shape><solid android:color="#F00"/><size android:width="4dp" android:height="4dp"/></shape></item>\
      <item android:top="2dp"><shape><solid android:color="#00F"/></shape></item>
      """)
    #expect(list.pointSize == PointSize(width: 4, height: 4))
    let bitmap = try list.image().render(scale: 1)
    #expect(rgba(bitmap, 0, 1) == [255, 0, 0, 255])
    #expect(rgba(bitmap, 0, 2) == [0, 0, 255, 255])
    #expect(rgba(bitmap, 3, 3) == [0, 0, 255, 255])
  }

  @Test(
    "a layer-list item may be a <color> or a colour attribute; a <bitmap> of another file needs a resolver")
  func layerListColours() throws {
    let list = try drawable(
      "layer-list", "",
      """
      <item><color android:color="#FF00FF00"/></item>\
      <item android:left="2dp" android:drawable="#FF0000FF"/>
      """)
    let bitmap = try list.image(boxSize: PointSize(width: 4, height: 4)).render(scale: 1)
    #expect(rgba(bitmap, 1, 1) == [0, 255, 0, 255])
    #expect(rgba(bitmap, 2, 1) == [0, 0, 255, 255])

    let branded = try drawable(
      "layer-list", "",
      "<item><color android:color=\"#F00\"/></item><item><bitmap android:src=\"@drawable/logo\"/></item>")
    #expect(branded.references == ["@drawable/logo"])
    let error = try #require(throws: ImageError.self) { try branded.svg() }
    #expect(error.code == .unsupported)
    #expect(error.reason.contains("@drawable/logo"))
  }

  @Test("an inset item of a sizeless layer-list still reports its unresolved colour")
  func layerListWarnings() throws {
    let list = try drawable(
      "layer-list", "",
      """
      <item><shape><solid android:color="@color/frame"/></shape></item>\
      <item android:top="4dp"><shape><solid android:color="@color/white"/></shape></item>
      """)
    #expect(list.pointSize == nil)
    #expect(list.warnings.count == 2)
    #expect(list.warnings.last?.contains("@color/white") == true)
  }

  @Test("a selector's default item is the one without states; a file it names is returned, not drawn")
  func selector() throws {
    let reference = try drawable(
      "selector", "",
      """
      <item android:state_pressed="true" android:drawable="@drawable/pressed"/>\
      <item android:drawable="@drawable/normal"/>
      """)
    #expect(reference.reference == "@drawable/normal")
    #expect(reference.pointSize == nil)
    #expect(throws: ImageError.self) { try reference.svg() }

    let last = try drawable(
      "selector", "", "<item android:state_pressed=\"true\" android:drawable=\"@drawable/pressed\"/>")
    #expect(last.reference == "@drawable/pressed")

    let inline = try drawable(
      "selector", "",
      """
      <item android:state_pressed="true"><shape><solid android:color="#F00"/></shape></item>\
      <item><shape><solid android:color="#0F0"/><size android:width="2dp" android:height="2dp"/></shape></item>
      """)
    #expect(inline.reference == nil)
    #expect(rgba(try inline.image().render(scale: 1), 1, 1) == [0, 255, 0, 255])
  }

  @Test(
    "roots that are not drawn are unsupported, with a reason", arguments: ["adaptive-icon", "animation-list"])
  func undrawnRoots(root: String) throws {
    let error = try #require(throws: ImageError.self) { try drawable(root, "", "") }
    #expect(error.code == .unsupported)
    #expect(error.path == "res/drawable/test.xml")
    #expect(error.reason.contains(root))
  }
}

@Suite("Android drawables: hostile input")
struct AndroidDrawableHostileTests {
  @Test(
    "a DOCTYPE or an entity is refused before parsing",
    arguments: [
      "<!DOCTYPE vector [<!ENTITY a \"aaaa\">]><vector/>",
      "<!doctype vector SYSTEM \"file:///etc/passwd\"><vector/>",
      "<vector><!ENTITY x SYSTEM \"http://example.com/\"></vector>",
    ])
  func doctypeRefused(text: String) throws {
    let error = try #require(throws: ImageError.self) {
      try AndroidDrawable(bytes: Array(text.utf8), path: "evil.xml")
    }
    #expect(error.code == .unsupported)
    #expect(error.path == "evil.xml")
  }

  @Test(
    "malformed XML is a malformed error naming the file",
    arguments: [
      "<vector", "<vector></shape>", "", "not xml at all", "<vector>\u{0}</vector>",
    ])
  func malformed(text: String) throws {
    let error = try #require(throws: ImageError.self) {
      try AndroidDrawable(bytes: Array(text.utf8), path: "bad.xml")
    }
    #expect(error.code == .malformed)
    #expect(error.path == "bad.xml")
  }

  @Test("a path without pathData and a vector without a viewport are malformed")
  func missingAttributes() throws {
    let noData = try #require(throws: ImageError.self) { try vector("<path android:fillColor=\"#F00\"/>") }
    #expect(noData.code == .malformed)
    #expect(noData.reason.contains("pathData"))
    let noViewport = try #require(throws: ImageError.self) {
      try drawable("vector", "android:width=\"4dp\" android:height=\"4dp\"", "")
    }
    #expect(noViewport.code == .malformed)
  }

  @Test("huge pathData is stopped by the SVG path budget before drawing")
  func hugePath() throws {
    // 10,000 segments each crossing the 300 pixel rows of a 100 dp vector at 3x: 3,000,000
    // rows, three times the default path budget.
    let segments = String(repeating: "L4,4L0,0", count: 5_000)
    let image = try drawable(
      "vector",
      "android:width=\"100dp\" android:height=\"100dp\" android:viewportWidth=\"4\" android:viewportHeight=\"4\"",
      "<path android:pathData=\"M0,0\(segments)\" android:strokeColor=\"#F00\" android:strokeWidth=\"1\"/>")
    #expect(image.pointSize == PointSize(width: 100, height: 100))
    // Caught by hand: a failed #require would print the whole bitmap.
    do {
      _ = try image.image().render(scale: 3)
      Issue.record("a 3,000,000-row path was drawn")
    } catch let error as ImageError {
      #expect(error.code == .limitExceeded)
      #expect(error.path == "res/drawable/test.xml")
    }
  }

  @Test("too many elements, too deep, or too many bytes are limit-exceeded")
  func limits() throws {
    var small = VectorLimits.default
    small.maxElements = 10
    let many = String(repeating: "<path android:pathData=\"M0,0h1\"/>", count: 20)
    let error = try #require(throws: ImageError.self) {
      try drawable("vector", "android:width=\"4dp\" android:height=\"4dp\"", many, limits: small)
    }
    #expect(error.code == .limitExceeded)

    let deep = String(repeating: "<group>", count: 300) + String(repeating: "</group>", count: 300)
    let nested = try #require(throws: ImageError.self) {
      try vector(deep)
    }
    #expect(nested.code == .limitExceeded)

    var tiny = VectorLimits.default
    tiny.maxInputBytes = 64
    let big = try #require(throws: ImageError.self) {
      try drawable("shape", "", String(repeating: " ", count: 100), limits: tiny)
    }
    #expect(big.code == .limitExceeded)
  }
}
