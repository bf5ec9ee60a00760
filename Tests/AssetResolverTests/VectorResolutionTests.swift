import AssetIndex
import AssetResolver
import Foundation
import ImageCore
import Synchronization
import TestSupport
import Testing

/// A loader that draws nothing: a vector is `10 × scale` pixels a side, a raster 7 × 7, and
/// every request is recorded, so the tests see what the library asked for.
private final class RecordingLoader: ImageLoading {
  let requests = Mutex<[ImageLoadRequest]>([])

  func pixelSize(of request: ImageLoadRequest) throws -> (width: Int, height: Int) {
    requests.withLock { $0.append(request) }
    let side = request.isVector ? 10 * request.scale : 7
    return (side, side)
  }

  func load(_ request: ImageLoadRequest) throws -> Bitmap {
    requests.withLock { $0.append(request) }
    let side = request.isVector ? 10 * request.scale : 7
    return Bitmap(width: side, height: side, filling: (UInt8(request.scale), 0, 0, 255))
  }
}

@Suite("Vector sets resolve as Xcode builds them; the cache keeps one image per rendered scale")
struct VectorResolutionTests {
  /// A tree with the vector sets the real catalogs hold.
  private func tree() throws -> Tree {
    let tree = Tree()
    tree.text("A.xcassets/single.imageset/s.pdf", "%PDF-1.4")
      .contents("A.xcassets/single.imageset", [slot("s.pdf", scale: nil)])
    tree.text("A.xcassets/svg.imageset/s.svg", "<svg/>")
      .contents("A.xcassets/svg.imageset", [slot("s.svg", scale: nil)])
    tree.text("A.xcassets/onex.imageset/o.pdf", "%PDF-1.4")
      .contents("A.xcassets/onex.imageset", [slot("o.pdf", scale: "1x")])
    tree.text("A.xcassets/kept.imageset/k.pdf", "%PDF-1.4")
      .text(
        "A.xcassets/kept.imageset/Contents.json",
        """
        {"images":[{"filename":"k.pdf","idiom":"universal","scale":"1x"}],
         "properties":{"preserves-vector-representation":true}}
        """)
    try tree.png("A.xcassets/raster.imageset/r.png", 7, 7)
      .contents("A.xcassets/raster.imageset", [slot("r.png", scale: nil)])
    return tree
  }

  @Test(
    "a Single Scale PDF or SVG is rendered at the scale asked for, never a fallback", arguments: [1, 2, 3])
  func singleScale(scale: Int) throws {
    let tree = try tree()
    let loader = RecordingLoader()
    let library = try AssetLibrary(root: tree.root, loader: loader)
    for name in ["single", "svg"] {
      let image = try library.image(named: name, scale: scale)
      #expect(image.bitmap.width == 10 * scale)
      #expect(image.resolution.scale == Double(scale))
      #expect(!image.resolution.isFallback)
      #expect(image.resolution.pointSize?.width == 10)
    }
    #expect(loader.requests.withLock { $0.allSatisfy { $0.isVector && $0.scale == scale } })
  }

  @Test("preserves-vector-representation renders a PDF of a 1x slot at every scale")
  func preserved() throws {
    let tree = try tree()
    let library = try AssetLibrary(root: tree.root, loader: RecordingLoader())
    let image = try library.image(named: "kept", scale: 3)
    #expect(image.bitmap.width == 30)
    #expect(image.resolution.scale == 3 && !image.resolution.isFallback)
  }

  @Test("a PDF in a 1x slot without preservation is what Xcode rasterises at 1x: a fallback at 3x")
  func oneX() throws {
    let tree = try tree()
    let loader = RecordingLoader()
    let library = try AssetLibrary(root: tree.root, loader: loader)
    let image = try library.image(named: "onex", scale: 3)
    #expect(image.bitmap.width == 10)
    #expect(image.resolution.scale == 1)
    #expect(image.resolution.isFallback)
    #expect(loader.requests.withLock { $0.map(\.scale) } == [1])
  }

  @Test("a raster in a Single Scale slot keeps scale 1 and its own pixels")
  func raster() throws {
    let tree = try tree()
    let library = try AssetLibrary(root: tree.root, loader: RecordingLoader())
    let image = try library.image(named: "raster", scale: 2)
    #expect(image.bitmap.width == 7)
    #expect(image.resolution.variant?.isVectorFile == false)
  }

  @Test("the cache key of a vector includes the scale: 1x, 2x and 3x are three images, each made once")
  func cacheKeys() throws {
    let tree = try tree()
    let loader = RecordingLoader()
    let library = try AssetLibrary(root: tree.root, cache: ImageCache(costLimit: 1 << 20), loader: loader)
    for scale in [1, 2, 3, 1, 2, 3] {
      let image = try library.image(named: "single", scale: scale)
      #expect(image.bitmap.width == 10 * scale)
      #expect(image.bitmap[0, 0].0 == UInt8(scale))
    }
    #expect(loader.requests.withLock { $0.map(\.scale) } == [1, 2, 3])
    #expect(library.cache.statistics.count == 3)
    // A raster is one image whatever the scale asked for.
    for scale in [1, 2, 3] { _ = try library.image(named: "raster", scale: scale) }
    #expect(library.cache.statistics.count == 4)
  }

  @Test("variant(named:) asks the loader for the size at the scale asked for, once per scale")
  func sizes() throws {
    let tree = try tree()
    let loader = RecordingLoader()
    let library = try AssetLibrary(root: tree.root, loader: loader)
    #expect(try library.variant(named: "single", scale: 2).pixelWidth == 20)
    #expect(try library.variant(named: "single", scale: 3).pixelWidth == 30)
    #expect(try library.variant(named: "single", scale: 2).pixelWidth == 20)
    #expect(loader.requests.withLock { $0.map(\.scale) } == [2, 3])
  }

  @Test("without a loader the library reads PNGs only, as before, and names the file of another format")
  func pngOnly() throws {
    let tree = try tree()
    let library = try AssetLibrary(root: tree.root)
    #expect(try library.image(named: "raster", scale: 1).bitmap.width == 7)
    #expect(throws: ResolveError.self) { try library.image(named: "single", scale: 1) }
  }
}
