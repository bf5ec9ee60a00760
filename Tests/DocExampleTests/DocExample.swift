import Foundation
import IconGridSupport
import TestSupport
import Testing

/// One Swift code block of a DocC article, compiled into this target by the DocExamples
/// plugin (`docExamples`) and run by `DocExampleTests`.
///
/// The articles are the examples' only copy: editing a block is editing the article. A block
/// stands alone (nothing carries over from the block above it) and may use three names the
/// test gives it:
///
/// - `root`: a folder of icons, a fresh copy of `Assets/Demo` (`mail.png`, `mail@2x.png`,
///   `mail@3x.png` and 27 other apps, `legacy.png` at 1x only, `grouped.plist`, `app.json`)
///   with `photo.heic`, `photo.jpg`, `badge.pdf` and `badge.svg` from the codecs' fixtures;
/// - `folder`: an empty scratch folder;
/// - `output`: `folder + "/sheet@2x.png"`, a file the block may write.
///
/// `print` in a block is kept, not printed: `DocExampleTests` checks what some blocks say.
struct DocExample: Sendable, CustomTestStringConvertible {
  /// `Module/Article`, as in `AssetResolver/GettingStarted`.
  var article: String
  /// The heading the block is under.
  var heading: String
  /// The block's first line in the article.
  var line: Int
  /// The block, in a scope of its own.
  var run: @Sendable (DocExampleContext) throws -> Void

  init(
    article: String, heading: String, line: Int, run: @escaping @Sendable (DocExampleContext) throws -> Void
  ) {
    self.article = article
    self.heading = heading
    self.line = line
    self.run = run
  }

  var testDescription: String { "\(article).md:\(line) (\(heading))" }
}

/// What a block runs with: the folders it may use and what it printed.
final class DocExampleContext: Sendable {
  /// The scratch tree: `icons/` (a copy of the demo catalog) and `out/`.
  let tree = Tree("icongrid-doc-example")
  /// A copy of `Assets/Demo`.
  let root: String
  /// An empty folder.
  let folder: String
  /// `folder + "/sheet@2x.png"`.
  let output: String
  private let printed = Locked("")

  init() throws {
    root = tree.path("icons")
    folder = tree.path("out")
    output = folder + "/sheet@2x.png"
    try FileManager.default.copyItem(atPath: TestPaths.inPackage("Assets/Demo"), toPath: root)
    for file in [
      "RasterCodecsTests/Fixtures/photo.heic", "RasterCodecsTests/Fixtures/photo.jpg",
      "VectorRendererTests/Fixtures/badge.pdf", "VectorRendererTests/Fixtures/badge.svg",
    ] {
      let name = String(file.split(separator: "/").last!)
      try FileManager.default.copyItem(
        atPath: TestPaths.inPackage("Tests/" + file), toPath: root + "/" + name)
    }
    tree.makeFolders(for: "out/x")
  }

  /// Keeps text a block printed.
  func print(_ text: String) { printed.withLock { $0 += text } }

  /// Everything the block printed.
  var said: String { printed.withLock { $0 } }
}
