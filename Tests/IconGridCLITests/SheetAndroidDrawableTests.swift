import IconGridCLI
import TestSupport
import Testing

/// `icongrid sheet` on Android res trees whose XML drawables name other files and values:
/// each is drawn as the framework shows it at rest, never a placeholder.
@Suite struct SheetAndroidDrawableTests {
  typealias Colour = (UInt8, UInt8, UInt8, UInt8)
  static let red = SheetLayoutTests.red
  static let blue = SheetLayoutTests.blue
  static let green = SheetLayoutTests.green
  static let black: Colour = (0, 0, 0, 255)

  static func hex(_ colour: Colour) -> String {
    "#FF" + [colour.0, colour.1, colour.2].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  static func xml(_ root: String, _ body: String) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <\(root) xmlns:android="http://schemas.android.com/apk/res/android">\(body)</\(root)>

    """
  }

  /// Draws `tree` at 2x without labels; the captured output, after checking it drew every tile.
  static func sheet(_ tree: Tree, tiles: Int) throws -> (output: String, captured: CapturedConsole) {
    let output = tree.path("sheet.png")
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", tree.root, "-o", output, "--scale", "2", "--no-labels"], console: captured.console)
    #expect(status == 0)
    #expect(captured.out.contains("\(tiles) tiles"))
    #expect(captured.out.contains("0 missing"))
    return (output, captured)
  }

  @Test func rippleWithOnlyItsMaskIsDrawnEmpty() throws {
    let tree = Tree()
    tree.text(
      "res/drawable/ripple_mask.xml",
      Self.xml(
        "ripple",
        "<item android:id=\"@android:id/mask\"><shape android:shape=\"oval\"><solid android:color=\"#FF000000\"/></shape></item>"
      ).replacingOccurrences(of: "android\">", with: "android\" android:color=\"\(Self.hex(Self.red))\">"))
    let (output, captured) = try Self.sheet(tree, tiles: 1)
    #expect(try SheetLayoutTests.count(Self.black, in: output) == 0)
    #expect(try SheetLayoutTests.count(Self.red, in: output) == 0)
    #expect(
      captured.err.contains(
        "res/drawable/ripple_mask.xml: a <ripple> with no item but its mask draws nothing at rest"))
  }

  @Test func cornerRadiusFromDimenResolves() throws {
    let tree = Tree()
    tree.text(
      "res/values/dimens.xml",
      "<resources><dimen name=\"pill\">@dimen/margin</dimen><dimen name=\"margin\">10dp</dimen></resources>\n"
    )
    let shape = """
      <shape><corners android:radius="@dimen/pill"/><solid android:color="\(Self.hex(Self.green))"/>\
      <size android:width="30dp" android:height="30dp"/></shape>
      """
    tree.text(
      "res/drawable/pill.xml",
      Self.xml("ripple", "<item><layer-list><item>\(shape)</item></layer-list></item>")
        .replacingOccurrences(of: "android\">", with: "android\" android:color=\"#22FFFFFF\">"))
    let (output, captured) = try Self.sheet(tree, tiles: 1)
    // 60 × 60 px less four 20 px corners outside a quarter circle (86 px each): 3,256, less
    // the anti-aliased pixels along the arcs, which the count does not take. Square corners
    // would leave 3,600; 15 dp ones about 2,830.
    let green = try SheetLayoutTests.count(Self.green, in: output)
    #expect(green > 3100 && green <= 3256, "\(green)")
    #expect(!captured.err.contains("@dimen"))
  }

  @Test func layerListOfColourAndCentredBitmap() throws {
    let tree = Tree()
    // 40 px at xhdpi: 20 dp, 40 px on a 2x sheet, centred on a 30 dp (60 px) blue list.
    try tree.png("res/drawable-xhdpi/logo.png", 40, 40, color: Self.red)
    tree.text(
      "res/drawable/branded.xml",
      Self.xml(
        "layer-list",
        """
        <item><color android:color="\(Self.hex(Self.blue))"/></item>\
        <item><shape><size android:width="30dp" android:height="30dp"/></shape></item>\
        <item><bitmap android:src="@drawable/logo" android:gravity="center" android:tileMode="disabled"/></item>
        """))
    let (output, _) = try Self.sheet(tree, tiles: 2)
    // The logo's own tile and the list's each hold 40 × 40 red; the list's border is blue.
    #expect(try SheetLayoutTests.count(Self.red, in: output) == 2 * 1600)
    #expect(try SheetLayoutTests.count(Self.blue, in: output) == 3600 - 1600)
  }

  @Test func animationListDrawsItsFirstFrame() throws {
    let tree = Tree()
    try tree.png("res/drawable-xhdpi/frame_a.png", 30, 30, color: Self.green)
    try tree.png("res/drawable-xhdpi/frame_b.png", 30, 30, color: Self.blue)
    tree.text(
      "res/drawable/spin.xml",
      Self.xml(
        "animation-list",
        """
        <item android:drawable="@drawable/frame_a" android:duration="170"/>\
        <item android:drawable="@drawable/frame_b" android:duration="170"/>
        """))
    let (output, captured) = try Self.sheet(tree, tiles: 3)
    #expect(try SheetLayoutTests.count(Self.green, in: output) == 2 * 900)
    #expect(try SheetLayoutTests.count(Self.blue, in: output) == 900)
    #expect(
      captured.err.contains(
        "res/drawable/spin.xml is an <animation-list>; drew its first frame, res/drawable-xhdpi/frame_a.png"))
  }
}
