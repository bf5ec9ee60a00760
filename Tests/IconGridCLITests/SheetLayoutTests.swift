import AssetIndex
import AssetResolver
import IconGridCLI
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// `icongrid sheet` on Flutter, React Native and Android trees: each asset once, from the
/// file its platform's rule picks for the sheet's scale.
@Suite struct SheetLayoutTests {
  static let red: (UInt8, UInt8, UInt8, UInt8) = (220, 20, 20, 255)
  static let blue: (UInt8, UInt8, UInt8, UInt8) = (20, 20, 220, 255)
  static let green: (UInt8, UInt8, UInt8, UInt8) = (20, 200, 20, 255)

  /// How many pixels of the sheet are (nearly) this colour.
  static func count(_ color: (UInt8, UInt8, UInt8, UInt8), in path: String) throws -> Int {
    let bitmap = try PNGDecoder.decode(contentsOf: path)
    var count = 0
    bitmap.pixels.withUnsafeBufferPointer { bytes in
      var index = 0
      while index + 3 < bytes.count {
        if abs(Int(bytes[index]) - Int(color.0)) < 8, abs(Int(bytes[index + 1]) - Int(color.1)) < 8,
          abs(Int(bytes[index + 2]) - Int(color.2)) < 8
        {
          count += 1
        }
        index += 4
      }
    }
    return count
  }

  @Test func flutterDrawsTheMidpointRulesChoice() throws {
    let tree = Tree()
    tree.text("pubspec.yaml", "name: p\nflutter:\n  assets:\n    - assets/\n")
    try tree.png("assets/close.png", 20, 20, color: Self.red)
    try tree.png("assets/3.0x/close.png", 60, 60, color: Self.blue)
    let output = tree.path("sheet.png")
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", tree.root, "-o", output, "--scale", "2", "--no-labels"], console: captured.console)
    #expect(status == 0)
    #expect(captured.out.contains("1 tiles in 1 section") || captured.out.contains("1 tile"))
    // Flutter at 2.0 with {1, 3}: the 1x file, enlarged (and tagged as another scale).
    #expect(try Self.count(Self.red, in: output) > 1000)
    #expect(try Self.count(Self.blue, in: output) == 0)
    #expect(captured.err.contains("drew its @1x"))
    // Metro's rule on {1x, 3x} at 2 takes the 3x file.
    let app = Tree()
    try app.png("img/close.png", 20, 20, color: Self.red)
    try app.png("img/close@3x.png", 60, 60, color: Self.blue)
    let metro = app.path("metro.png")
    _ = IconGridCLI.main(
      arguments: ["sheet", app.root, "-o", metro, "--scale", "2", "--no-labels", "--layout", "react-native"],
      console: CapturedConsole().console)
    #expect(try Self.count(Self.blue, in: metro) > 1000)
    #expect(try Self.count(Self.red, in: metro) == 0)
  }

  @Test func androidAdaptiveIconsAndFractionalDensities() throws {
    let tree = Tree()
    tree.text("res/mipmap-anydpi-v26/ic_launcher.xml", "<adaptive-icon/>\n")
    try tree.png("res/mipmap-xhdpi/ic_launcher.png", 96, 96, color: Self.green)
    try tree.png("res/mipmap-mdpi/ic_launcher.png", 48, 48, color: Self.red)
    // 36 px at hdpi are 24 dp: at the sheet's 2x, 48 px.
    try tree.png("res/drawable-hdpi/dot.png", 36, 36, color: Self.blue)
    tree.text("res/drawable/spin.xml", "<animation-list/>\n")
    let output = tree.path("sheet.png")
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", tree.root, "-o", output, "--scale", "2", "--no-labels"], console: captured.console)
    #expect(status == 0)
    #expect(captured.out.contains("3 tiles"))
    #expect(captured.out.contains("1 missing"))
    #expect(
      captured.err.contains("res/drawable/spin.xml: an <animation-list> with no frame; nothing to draw"))
    #expect(captured.err.contains("drew res/mipmap-xhdpi/ic_launcher.png, what API 25 gets"))
    #expect(try Self.count(Self.green, in: output) == 96 * 96)
    #expect(try Self.count(Self.red, in: output) == 0)
    let blue = try Self.count(Self.blue, in: output)
    #expect(blue > 44 * 44 && blue <= 48 * 48)
  }

  /// A nine-patch is drawn without its 1-px border of stretch and padding marks.
  @Test func ninePatchMarksAreNotDrawn() throws {
    let tree = Tree()
    var bitmap = Bitmap(width: 50, height: 50, filling: Self.blue)
    for y in 1..<49 {
      for x in 1..<49 {
        let at = (y * 50 + x) * 4
        bitmap.pixels.replaceSubrange(at..<(at + 4), with: [Self.red.0, Self.red.1, Self.red.2, Self.red.3])
      }
    }
    try tree.png("res/drawable-xhdpi/panel.9.png", 1, 1)
    try PNGEncoder.write(bitmap, to: tree.path("res/drawable-xhdpi/panel.9.png"))
    let output = tree.path("sheet.png")
    let status = IconGridCLI.main(
      arguments: ["sheet", tree.root, "-o", output, "--scale", "2", "--no-labels"],
      console: CapturedConsole().console)
    #expect(status == 0)
    #expect(try Self.count(Self.red, in: output) == 48 * 48)
    #expect(try Self.count(Self.blue, in: output) == 0)
  }

  @Test func androidXMLDrawablesAreDrawn() throws {
    let tree = Tree()
    let android = "xmlns:android=\"http://schemas.android.com/apk/res/android\""
    tree.text(
      "res/drawable/plus.xml",
      """
      <vector \(android) android:width="24dp" android:height="24dp" android:viewportWidth="24" \
      android:viewportHeight="24"><path android:pathData="M0,0h24v24h-24z" android:fillColor="#1414DC"/></vector>
      """)
    tree.text(
      "res/drawable/badge.xml",
      """
      <shape \(android)><solid android:color="@color/brand"/>\
      <size android:width="10dp" android:height="10dp"/></shape>
      """)
    tree.text("res/values/colors.xml", "<resources><color name=\"brand\">#FFDC1414</color></resources>")
    tree.text(
      "res/drawable/pick.xml",
      """
      <selector \(android)><item android:state_pressed="true" android:drawable="@drawable/badge"/>\
      <item android:drawable="@drawable/plus"/></selector>
      """)
    let output = tree.path("sheet.png")
    let captured = CapturedConsole()
    let status = IconGridCLI.main(
      arguments: ["sheet", tree.root, "-o", output, "--scale", "2", "--no-labels"], console: captured.console)
    #expect(status == 0)
    #expect(captured.out.contains("3 tiles"))
    #expect(!captured.err.contains("placeholder"))
    #expect(
      captured.err.contains(
        "res/drawable/pick.xml is a selector; drew its default item, res/drawable/plus.xml"))
    // 24 dp at 2x, twice (the vector and the selector showing it); the 10 dp badge, its
    // colour from res/values.
    #expect(try Self.count(Self.blue, in: output) == 2 * 48 * 48)
    #expect(try Self.count(Self.red, in: output) == 20 * 20)
  }
}
