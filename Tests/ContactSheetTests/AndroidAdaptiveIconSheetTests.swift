import AssetResolver
import ContactSheet
import ImageCore
import TestSupport
import Testing

/// Adaptive icons and ripples of an Android tree on a sheet: the layers an `<adaptive-icon>`
/// names are found in the tree (a colour in `values/`, a vector, a bitmap at the sheet's
/// density) and drawn through a circle mask; a cycle is a placeholder with its reason.
@Suite struct AndroidAdaptiveIconSheetTests {
  static let ns = "xmlns:android=\"http://schemas.android.com/apk/res/android\""

  static func tree() throws -> Tree {
    let tree = Tree()
    tree.text("res/values/colors.xml", "<resources><color name=\"bg\">#FF0000FF</color></resources>\n")
    // A 108 dp foreground whose 36 dp centre square is red.
    tree.text(
      "res/drawable/fg.xml",
      """
      <vector \(ns) android:width="108dp" android:height="108dp" android:viewportWidth="108" android:viewportHeight="108">
      <path android:pathData="M36,36h36v36h-36z" android:fillColor="#FFFF0000"/></vector>
      """)
    tree.text(
      "res/mipmap-anydpi-v26/ic_vector.xml",
      "<adaptive-icon \(ns)><background android:drawable=\"@color/bg\"/><foreground android:drawable=\"@drawable/fg\"/></adaptive-icon>"
    )
    // A bitmap foreground: xhdpi is what a 2x sheet picks, mdpi would be black.
    try tree.png("res/mipmap-xhdpi/fg_bitmap.png", 216, 216, color: (0, 255, 0, 255))
    try tree.png("res/mipmap-mdpi/fg_bitmap.png", 108, 108, color: (0, 0, 0, 255))
    tree.text(
      "res/mipmap-anydpi-v26/ic_bitmap.xml",
      "<adaptive-icon \(ns)><foreground android:drawable=\"@mipmap/fg_bitmap\"/></adaptive-icon>")
    tree.text(
      "res/mipmap-anydpi-v26/ic_cycle.xml",
      "<adaptive-icon \(ns)><foreground android:drawable=\"@mipmap/ic_cycle\"/></adaptive-icon>")
    tree.text(
      "res/drawable/button.xml",
      """
      <ripple \(ns) android:color="#FFFF0000"><item android:id="@android:id/mask"><color android:color="#FF000000"/></item>\
      <item android:drawable="@drawable/fill"/></ripple>
      """)
    tree.text("res/drawable/fill.xml", "<shape \(ns)><solid android:color=\"#FF00FF00\"/></shape>")
    return tree
  }

  static func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
    let p = bitmap[x, y]
    return [Int(p.0), Int(p.1), Int(p.2), Int(p.3)]
  }

  @Test func referencedLayersAreDrawnThroughTheCircleMask() throws {
    let tree = try Self.tree()
    let source = AssetTreeSource(library: try AssetLibrary(root: tree.root, lookupLanes: 1))
    let icon = try source.icon(named: "mipmap/ic_vector", scale: 2)
    // 72 dp at 2x; the red square spans 18…54 dp.
    #expect(icon.bitmap.width == 144 && icon.bitmap.height == 144)
    #expect(icon.scale == 2 && !icon.isFallback)
    #expect(Self.pixel(icon.bitmap, 72, 72) == [255, 0, 0, 255])
    #expect(Self.pixel(icon.bitmap, 72, 12) == [0, 0, 255, 255])
    #expect(Self.pixel(icon.bitmap, 2, 2)[3] == 0)
    #expect(Self.pixel(icon.bitmap, 141, 141)[3] == 0)
    #expect(!source.notes.contains { $0.contains("ic_vector") })
  }

  @Test func aBitmapLayerIsTheSheetsDensityScaledIntoTheLayer() throws {
    let tree = try Self.tree()
    let source = AssetTreeSource(library: try AssetLibrary(root: tree.root, lookupLanes: 1))
    let icon = try source.icon(named: "mipmap/ic_bitmap", scale: 2)
    #expect(icon.bitmap.width == 144)
    #expect(Self.pixel(icon.bitmap, 72, 72) == [0, 255, 0, 255])
    #expect(Self.pixel(icon.bitmap, 72, 3) == [0, 255, 0, 255])
    #expect(Self.pixel(icon.bitmap, 1, 1)[3] == 0)
  }

  @Test func aCycleIsAPlaceholderThatSaysSo() throws {
    let tree = try Self.tree()
    let source = AssetTreeSource(library: try AssetLibrary(root: tree.root, lookupLanes: 1))
    let error = try #require(throws: SheetIconError.self) {
      try source.icon(named: "mipmap/ic_cycle", scale: 2)
    }
    guard case .unreadable(_, let reason) = error else {
      Issue.record("expected unreadable, got \(error)")
      return
    }
    #expect(reason.contains("cycle"))
    #expect(reason.contains("no bitmap beside it"))
  }

  @Test func aRippleDrawsItsItemNotItsMask() throws {
    let tree = try Self.tree()
    let source = AssetTreeSource(library: try AssetLibrary(root: tree.root, lookupLanes: 1))
    let icon = try source.icon(named: "drawable/button", scale: 2)
    #expect(icon.bitmap.width == 120)
    #expect(Self.pixel(icon.bitmap, 60, 60) == [0, 255, 0, 255])
    #expect(Self.pixel(icon.bitmap, 1, 1) == [0, 255, 0, 255])
  }
}
