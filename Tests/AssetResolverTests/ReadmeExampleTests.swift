import AssetIndex
import AssetResolver
import TestSupport
import Testing

/// The example of README's "Embedding the resolver in a service", with the root as a
/// parameter; the test runs it against a scratch folder.
func readmeExample(root: String) throws -> (path: String, scale: Int, fallback: Bool, points: Double) {
  // Once, at start-up: index the icons and bound the memory decoded images may take.
  let library = try AssetLibrary(
    root: root,
    cache: ImageCache(costLimit: 64 << 20, countLimit: 2_000))

  // On any thread, for each request: the file UIKit would pick, decoded once and cached.
  let icon = try library.image(named: "mail", scale: 3)
  // icon.bitmap: RGBA pixels; icon.resolved: the file, its scale, its size in points.

  // When the files change (a deploy, a file watcher): re-index, drop stale images.
  library.refresh()

  return (icon.resolved.variant.path, icon.resolved.scale, icon.resolved.isFallback, icon.resolved.pointWidth)
}

@Suite struct ReadmeExampleTests {
  @Test func theServiceExampleRuns() throws {
    let tree = Tree()
    try tree.png("mail.png", width: 60, height: 60)
    try tree.png("mail@2x.png", width: 120, height: 120)
    let answer = try readmeExample(root: tree.root)
    #expect(answer.path == "mail@2x.png")
    #expect(answer.scale == 2)
    #expect(answer.fallback)
    #expect(answer.points == 60)
  }
}
