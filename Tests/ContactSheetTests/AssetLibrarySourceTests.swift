import AssetIndex
import AssetResolver
import ContactSheet
import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// `AssetLibrarySource`: the sheet's device and traits, and what a tile says when an
/// asset has no variant for them (it draws another device's file and names the device).
@Suite struct AssetLibrarySourceTests {
  @Test func aWatchOnlySetIsDrawnFromItsWatchFileAndSaysSo() throws {
    let root = TemporaryFolder.make("sheet-source")
    defer { TemporaryFolder.remove(root) }
    let set = root + "/A.xcassets/WatchIcon.appiconset"
    try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
    try PNGEncoder.write(squareIcon(size: 216, color: (10, 20, 30)), to: set + "/w.png")
    try Data(
      #"{"images": [{"filename": "w.png", "idiom": "watch", "role": "quickLook", "scale": "2x", "size": "108x108", "subtype": "44mm"}]}"#
        .utf8
    ).write(to: URL(fileURLWithPath: set + "/Contents.json"))
    let library = try AssetLibrary(root: root, lookupLanes: 1)
    let generic = try AssetLibrarySource(library).icon(named: "WatchIcon", scale: 2)
    #expect(generic.drawnFor == "watch")
    #expect(generic.bitmap.width == 216)
    #expect(throws: SheetIconError.notFound(name: "Watch")) {
      try AssetLibrarySource(library).icon(named: "Watch", scale: 2)
    }
    let watch = AssetLibrarySource(library, traits: TraitRequest(scale: 1, idiom: .watch))
    let icon = try watch.icon(named: "WatchIcon", scale: 2)
    #expect(icon.bitmap.width == 216)
    #expect(icon.scale == 2)
    #expect(!icon.isFallback)
    #expect(icon.drawnFor == nil)
  }
}
