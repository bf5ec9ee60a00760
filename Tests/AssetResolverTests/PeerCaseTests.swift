import AssetIndex
import AssetResolver
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// Cases where the peers' own test suites (Metro's, Flutter's) disagreed with an earlier
/// answer: each platform's rule as its source has it.
@Suite("Peer cases: Metro's platform files, Flutter's declared variant")
struct PeerCaseTests {
  @Test(
    "Metro: once c.ios.png exists, iOS uses the .ios files at every scale; Android keeps the generic ones")
  func metroPlatformFileReplacesTheGenericOnes() throws {
    let tree = Tree()
    try tree.png("assets/c.png", width: 10, height: 10)
    try tree.png("assets/c@2x.png", width: 20, height: 20)
    try tree.png("assets/c.ios.png", width: 10, height: 10)
    let library = try AssetLibrary(root: tree.root)
    for scale in [1.0, 2, 3] {
      let ios = try library.resolve(
        named: "assets/c.png", for: TraitRequest(scale: scale), layout: .reactNative)
      #expect(ios.path == "assets/c.ios.png")
      #expect(
        ios.selection?.standing.values.contains { $0.description.contains("uses only the .ios files") }
          == true)
    }
    let android = try library.resolve(
      named: "assets/c.png", for: TraitRequest(scale: 2, platform: "android"), layout: .reactNative)
    #expect(android.path == "assets/c@2x.png")
  }

  @Test("Flutter: a variant file declared on its own is an asset of its own key, served at every ratio")
  func flutterDeclaredVariantIsItsOwnKey() throws {
    let tree = Tree()
    tree.text("pubspec.yaml", "name: app\nflutter:\n  assets:\n    - assets/x/3.0x/f.png\n")
    try tree.png("assets/x/3.0x/f.png", width: 30, height: 30)
    let library = try AssetLibrary(root: tree.root)
    for ratio in [1.0, 2, 3, 3.5] {
      let chosen = try library.resolve(named: "assets/x/3.0x/f.png", for: TraitRequest(scale: ratio))
      #expect(chosen.path == "assets/x/3.0x/f.png")
      #expect(chosen.winner?.scale == 3)
    }
    #expect(library.layoutCatalog().assets(named: "assets/x/f.png").isEmpty)
  }
}
