import AssetResolver
import ContactSheet
import ImageCore
import TestSupport
import Testing

/// tvOS brand assets on a sheet for a generic iOS screen: an image stack is one tile named by
/// the stack, its layers composited back to front, and a Top Shelf image is drawn from its
/// tv file; both say that the file is the tv one.
@Suite struct ImageStackTests {
  static func brandAssets() throws -> Tree {
    let tree = Tree()
    let brand = "A.xcassets/Brand.brandassets"
    let stack = brand + "/App Icon.imagestack"
    let layers = ["Front", "Middle", "Back"].map { #"{"filename": "\#($0).imagestacklayer"}"# }
    tree.text(
      stack + "/Contents.json",
      #"{"layers": ["# + layers.joined(separator: ", ") + #"], "info": {"author": "xcode", "version": 1}}"#)
    try tree.png(stack + "/Front.imagestacklayer/Content.imageset/f.png", 40, 40, color: (200, 0, 0, 255))
    tree.contents(
      stack + "/Front.imagestacklayer/Content.imageset", [slot("f.png", idiom: "tv", scale: "2x")])
    // A layer whose slot names no file: the stack is drawn without it.
    tree.contents(stack + "/Middle.imagestacklayer/Content.imageset", [slot(nil, idiom: "tv", scale: "2x")])
    try tree.png(stack + "/Back.imagestacklayer/Content.imageset/b.png", 80, 80, color: (0, 0, 200, 255))
    tree.contents(stack + "/Back.imagestacklayer/Content.imageset", [slot("b.png", idiom: "tv", scale: "2x")])
    try tree.png(brand + "/Top Shelf Image.imageset/t.png", 60, 30, color: (0, 150, 0, 255))
    tree.contents(brand + "/Top Shelf Image.imageset", [slot("t.png", idiom: "tv", scale: "2x")])
    return tree
  }

  @Test func aStackIsOneTileOfItsLayersCompositedBackToFront() throws {
    let tree = try Self.brandAssets()
    let library = try AssetLibrary(root: tree.root, lookupLanes: 1)
    let source = AssetLibrarySource(library)
    let names = try source.assetNames()
    #expect(names.count == 2)
    #expect(!names.contains { $0.hasSuffix("Content") })
    let stackName = try #require(names.first { $0.hasSuffix("App Icon") })
    let icon = try source.icon(named: stackName, scale: 2)
    #expect(icon.drawnFor == "tv")
    #expect(icon.scale == 2)
    #expect(icon.bitmap.width == 80 && icon.bitmap.height == 80)
    // The front layer (red) in the middle, the back layer (blue) around it.
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      let at = (y * icon.bitmap.width + x) * 4
      return Array(icon.bitmap.pixels[at..<(at + 4)])
    }
    #expect(pixel(40, 40) == [200, 0, 0, 255])
    #expect(pixel(2, 2) == [0, 0, 200, 255])
  }

  @Test func aTopShelfImageIsDrawnFromItsTVFile() throws {
    let tree = try Self.brandAssets()
    let library = try AssetLibrary(root: tree.root, lookupLanes: 1)
    let source = AssetLibrarySource(library)
    let name = try #require(try source.assetNames().first { $0.hasSuffix("Top Shelf Image") })
    let icon = try source.icon(named: name, scale: 2)
    #expect(icon.drawnFor == "tv")
    #expect(icon.bitmap.width == 60)
    #expect(Array(icon.bitmap.pixels[0..<4]) == [0, 150, 0, 255])
  }

  @Test func aStackWithNoLayerFileIsAPlaceholder() throws {
    let tree = Tree()
    let stack = "A.xcassets/Icon.imagestack"
    tree.contents(stack + "/Front.imagestacklayer/Content.imageset", [slot(nil, idiom: "tv", scale: "2x")])
    let library = try AssetLibrary(root: tree.root, lookupLanes: 1)
    let source = AssetLibrarySource(library)
    #expect(try source.assetNames() == ["Icon"])
    #expect(throws: SheetIconError.notFound(name: "Icon")) { try source.icon(named: "Icon", scale: 2) }
  }
}
