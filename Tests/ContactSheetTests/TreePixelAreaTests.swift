import AssetResolver
import ContactSheet
import TestSupport
import Testing

/// Android and Flutter icons are weighed in the sheet's pixel budget by the file their
/// platform's rule chooses, as Apple ones are.
@Suite("AssetTreeSource weighs the file each rule chooses")
struct TreePixelAreaTests {
  @Test("an Android density's file and a Flutter variant report their pixel area; an XML drawable none")
  func androidAndFlutterAreas() throws {
    let tree = Tree("tree-pixel-area")
    try tree.png("app/src/main/res/drawable-mdpi/dot.png", width: 24, height: 24)
    try tree.png("app/src/main/res/drawable-xxhdpi/dot.png", width: 72, height: 72)
    tree.text(
      "app/src/main/res/drawable/plain.xml",
      "<shape xmlns:android=\"http://schemas.android.com/apk/res/android\"/>\n")
    let library = try AssetLibrary(root: tree.root)
    let source = AssetTreeSource(library: library)
    #expect(source.pixelArea(named: "drawable/dot", scale: 3) == 72 * 72)
    #expect(source.pixelArea(named: "drawable/dot", scale: 1) == 24 * 24)
    #expect(source.pixelArea(named: "drawable/plain", scale: 2) == nil)
    #expect(source.pixelArea(named: "drawable/absent", scale: 2) == nil)

    let flutter = Tree("tree-pixel-area-flutter")
    flutter.text("pubspec.yaml", "name: p\nflutter:\n  assets:\n    - assets/\n")
    try flutter.png("assets/close.png", width: 20, height: 20)
    try flutter.png("assets/3.0x/close.png", width: 60, height: 60)
    let flutterSource = AssetTreeSource(library: try AssetLibrary(root: flutter.root))
    #expect(flutterSource.pixelArea(named: "assets/close.png", scale: 3) == 60 * 60)
    #expect(flutterSource.pixelArea(named: "assets/close.png", scale: 1) == 20 * 20)
  }
}
