import AssetIndex
import Foundation
import IconGridSupport
import ImageCore

/// tvOS and visionOS image stacks as a sheet shows them: one tile named by the stack, its
/// layers composited back to front, instead of one "Content" tile per layer.
///
/// A layer's `Content.imageset` is an asset of the index (the check reads it), but no app
/// loads a layer by its name: the system draws the whole stack. So the sheet lists
/// `Brand/App Icon` once, where the index has `Brand/App Icon/Front/Content`,
/// `…/Middle/Content` and `…/Back/Content`.
struct ImageStacks: Sendable {
  /// Each stack's layer assets, back to front, by the stack's name.
  let layers: [String: [String]]

  /// The stacks among `assets`, their layers ordered by the stack's `Contents.json`
  /// (`layers`, front first) when it can be read, otherwise by name.
  ///
  /// - Parameters:
  ///   - assets: the assets a sheet lists.
  ///   - root: the folder their set paths are relative to.
  init(assets: [Asset], root: String) {
    var found: [String: (folder: String, layers: [(folder: String, name: String)])] = [:]
    for asset in assets {
      guard let layer = Self.layer(asset) else { continue }
      found[layer.stack, default: (layer.stackFolder, [])].layers.append((layer.layerFolder, asset.name))
    }
    var layers: [String: [String]] = [:]
    for (stack, entry) in found {
      let order = Self.frontToBack(Paths.join(root, entry.folder))
      let sorted = entry.layers.sorted { a, b in
        let (i, j) = (order.firstIndex(of: a.folder), order.firstIndex(of: b.folder))
        switch (i, j) {
        case (let i?, let j?): return i > j
        case (nil, nil): return a.name > b.name
        default: return j == nil
        }
      }
      layers[stack] = sorted.map(\.name)
    }
    self.layers = layers
  }

  /// The names a sheet lists for `assets`: each layer of a stack replaced by the stack's
  /// name, sorted, each once.
  static func sheetNames(_ assets: [Asset]) -> [String] {
    var names = assets.map { layer($0)?.stack ?? $0.name }
    names.sort()
    var unique: [String] = []
    for name in names where name != unique.last { unique.append(name) }
    return unique
  }

  /// The stack `asset` is a layer of: its name (the asset's without `/LAYER/Content`), the
  /// stack folder's path and the layer folder's name; `nil` for any other asset.
  static func layer(_ asset: Asset) -> (stack: String, stackFolder: String, layerFolder: String)? {
    guard case .imageSet(let path) = asset.source else { return nil }
    let folders = path.split(separator: "/")
    guard folders.count >= 3 else { return nil }
    let layer = folders[folders.count - 2]
    let stack = folders[folders.count - 3]
    guard layer.hasSuffix(".imagestacklayer") || layer.hasSuffix(".solidimagestacklayer"),
      stack.hasSuffix(".imagestack") || stack.hasSuffix(".solidimagestack")
    else { return nil }
    let parts = asset.name.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count >= 3 else { return nil }
    return (
      parts.dropLast(2).joined(separator: "/"), folders.dropLast(2).joined(separator: "/"), String(layer)
    )
  }

  /// The layer folders a stack's `Contents.json` lists, front first; empty when it cannot
  /// be read.
  static func frontToBack(_ stackFolder: String) -> [String] {
    guard let data = FileManager.default.contents(atPath: Paths.join(stackFolder, "Contents.json")),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let layers = json["layers"] as? [[String: Any]]
    else { return [] }
    return layers.compactMap { $0["filename"] as? String }
  }

  /// The layers drawn over one another, back first, each centred on the largest: straight
  /// alpha "over", at the scale of the back layer.
  static func composite(_ icons: [SheetIcon]) -> SheetIcon? {
    guard let back = icons.first else { return nil }
    let width = icons.map(\.bitmap.width).max() ?? 0
    let height = icons.map(\.bitmap.height).max() ?? 0
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for icon in icons {
      let image = icon.bitmap
      let left = (width - image.width) / 2
      let top = (height - image.height) / 2
      for y in 0..<image.height {
        for x in 0..<image.width {
          let from = (y * image.width + x) * 4
          let to = ((top + y) * width + left + x) * 4
          let alpha = Double(image.pixels[from + 3]) / 255
          guard alpha > 0 else { continue }
          let under = Double(pixels[to + 3]) / 255 * (1 - alpha)
          let total = alpha + under
          for channel in 0..<3 {
            let value =
              (Double(image.pixels[from + channel]) * alpha + Double(pixels[to + channel]) * under) / total
            pixels[to + channel] = UInt8((value).rounded())
          }
          pixels[to + 3] = UInt8((total * 255).rounded())
        }
      }
    }
    return SheetIcon(
      bitmap: Bitmap(width: width, height: height, pixels: pixels), scale: back.scale,
      isFallback: icons.contains(where: \.isFallback), drawnFor: icons.lazy.compactMap(\.drawnFor).first)
  }
}
