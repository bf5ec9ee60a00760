import AssetIndex
import AssetResolver
import ImageCore
import TestSupport
import Testing

/// One result type for every platform: an Apple lookup and a layout rule's answer carry the
/// same path, scale and sizes, and each carries what only it knows.
@Suite struct ResolutionTests {
  @Test func anAppleAnswerCarriesItsSlotAndNoRuleChoice() throws {
    let tree = Tree()
    try tree.png("mail.png", width: 10, height: 8)
    try tree.png("mail@2x.png", width: 20, height: 16)
    let library = try AssetLibrary(root: tree.root)
    let resolution = try library.variant(named: "mail", scale: 3)
    #expect(resolution.layout == .apple)
    #expect(resolution.path == "mail@2x.png")
    #expect(resolution.fullPath.hasSuffix("/mail@2x.png"))
    #expect(resolution.scale == 2 && resolution.requestedScale == 3 && resolution.isFallback)
    #expect(resolution.pointSize == PointSize(width: 10, height: 8))
    #expect(resolution.variant?.scale == 2)
    #expect(resolution.asset == nil && resolution.selection == nil && resolution.winner == nil)
    // The image path answers with the same resolution.
    #expect(try library.image(named: "mail", scale: 3).resolution == resolution)
    // The explanation is computed: UIKit's scale order over the asset's two files.
    let (asset, selection) = library.explanation(of: resolution, for: TraitRequest(scale: 3))
    #expect(asset.candidates.map(\.path) == ["mail.png", "mail@2x.png"])
    #expect(selection.winner?.path == "mail@2x.png")
  }

  @Test func anAndroidAnswerIsDrawnAtItsDensitysScale() throws {
    let tree = Tree()
    try tree.png("app/src/main/res/drawable-hdpi/ic_stat.png", width: 36, height: 36)
    try tree.png("app/src/main/res/drawable-xxhdpi/ic_stat.png", width: 72, height: 72)
    let library = try AssetLibrary(root: tree.root)
    let request = TraitRequest(scale: 1.5)
    let resolution = try library.resolve(named: "drawable/ic_stat", for: request, layout: .android)
    #expect(resolution.layout == .android)
    #expect(resolution.path == "app/src/main/res/drawable-hdpi/ic_stat.png")
    #expect(resolution.scale == 1.5 && !resolution.isFallback)
    #expect(resolution.pointSize == PointSize(width: 24, height: 24))
    #expect(resolution.variant == nil)
    #expect(resolution.asset?.candidates.count == 2)
    #expect(resolution.winner?.path == resolution.path)
    // The explanation of a layout answer is the rule's own choice, unchanged.
    let (asset, selection) = library.explanation(of: resolution, for: request)
    #expect(asset == resolution.asset && selection == resolution.selection)
  }
}
