import AssetIndex
import AssetResolver

/// One image file of a layered app icon (tvOS's brand assets, visionOS's solid image stack).
public struct LayeredIconFile: Sendable, Hashable {
  /// Its path inside the catalog folder
  /// (`App Icon & Top Shelf Image.brandassets/App Icon.imagestack/Front.imagestacklayer/Content.imageset/…`).
  public var path: String
  /// The platform it is for (`.tvos` or `.visionos`).
  public var platform: AppIconPlatform
  /// Width in pixels.
  public var pixelWidth: Int
  /// Height in pixels.
  public var pixelHeight: Int
  /// The slot's scale (`nil` for tvOS's scale-less App Store layers).
  public var scale: Int?
  /// Where the system shows it (`home screen`, `App Store`, `top shelf`…).
  public var usage: String
  /// The layer's name (`Front`, `Middle`, `Back`); `nil` for a top shelf image.
  public var layer: String?
  /// Whether it is written without alpha (back layers and top shelf images).
  public var isOpaque: Bool
}

/// What a layer or a top shelf image shows, before it is drawn at its pixel size.
enum LayerArt: Hashable {
  /// The master (or a given file) resized to a square of `fraction` × the canvas height,
  /// centred; on the background colour when `opaque`, else on transparency.
  case fitted(source: Int, fraction: Double, opaque: Bool)
  /// A source resized to fill the canvas exactly (its aspect is the canvas's), flattened
  /// onto the background when `opaque`.
  case filled(source: Int, opaque: Bool)
  /// Nothing: a transparent layer.
  case empty
  /// The background colour, opaque.
  case solid

  var isOpaque: Bool {
    switch self {
    case .fitted(_, _, let opaque), .filled(_, let opaque): opaque
    case .empty: false
    case .solid: true
    }
  }
}

/// One file a layered group holds: an image (with its art) or a `Contents.json`.
struct LayeredEntry {
  /// Path inside the catalog folder.
  var path: String
  /// The `Contents.json` text; `nil` for an image.
  var contents: ContentsDocument?
  /// The image's description and its art; `nil` for a `Contents.json`.
  var image: (file: LayeredIconFile, art: LayerArt)?
}

/// The folders and files Xcode's tvOS and visionOS templates have, filled from one master.
///
/// tvOS (`App Icon & Top Shelf Image.brandassets`, as Xcode's tvOS app template names it):
/// `App Icon.imagestack` (400 × 240 pt at @1x and @2x) and `App Icon - App Store.imagestack`
/// (1280 × 768 px, scale-less, as Xcode writes its slots) of 2 or 3 layers, each layer's
/// `Content.imageset` holding its image; `Top Shelf Image.imageset` (1920 × 720 pt) and
/// `Top Shelf Image Wide.imageset` (2320 × 720 pt) at @1x and @2x. The group's `assets`
/// list them sorted by folder name, as Xcode does.
///
/// visionOS (`NAME.solidimagestack`): 2 or 3 `.solidimagestacklayer`s whose `Content.imageset`
/// holds one `vision` 512 pt @2x (1024 × 1024 px) image.
enum LayeredIconLayout {
  /// The tvOS group's folder name.
  static let brandAssetsName = "App Icon & Top Shelf Image.brandassets"

  /// The share of a tvOS canvas's height the master's square takes (centred): what stays
  /// clear of the edges the focus effect scales and crops.
  static let tvSafeFraction = 0.7

  /// Layer names, front to back, for `count` layers (2 or 3).
  static func layerNames(_ count: Int) -> [String] {
    count == 3 ? ["Front", "Middle", "Back"] : ["Front", "Back"]
  }

  /// The arts of the layers, front to back: explicit layers (`sources` 1…) filled to the
  /// canvas, the last one opaque; else the master (source 0): on transparency in front of
  /// the background colour, or, when it is opaque, as the back layer behind an empty front.
  static func arts(
    platform: AppIconPlatform, explicitLayers: Int, masterIsOpaque: Bool
  ) -> [LayerArt] {
    if explicitLayers > 0 {
      return (1...explicitLayers).map { .filled(source: $0, opaque: $0 == explicitLayers) }
    }
    switch (platform, masterIsOpaque) {
    case (.visionos, true): return [.empty, .filled(source: 0, opaque: true)]
    case (.visionos, false): return [.filled(source: 0, opaque: false), .solid]
    case (_, true): return [.empty, .fitted(source: 0, fraction: tvSafeFraction, opaque: true)]
    case (_, false): return [.fitted(source: 0, fraction: tvSafeFraction, opaque: false), .solid]
    }
  }

  /// Every file of the tvOS brand assets group.
  ///
  /// - Parameters:
  ///   - setName: prefix of the image file names (`AppIcon`).
  ///   - layers: the layers' arts, front to back.
  ///   - topShelf: the top shelf's art; `topShelfWide` the wide one's.
  static func tvEntries(setName: String, layers: [LayerArt], topShelf: LayerArt, topShelfWide: LayerArt)
    -> [LayeredEntry]
  {
    let group = brandAssetsName
    var entries: [LayeredEntry] = []
    let stacks: [(name: String, width: Int, height: Int, scales: [Int?], usage: String)] = [
      ("App Icon - App Store", 1280, 768, [nil], "App Store"),
      ("App Icon", 400, 240, [1, 2], "home screen"),
    ]
    let shelves: [(name: String, width: Int, role: String, art: LayerArt, usage: String)] = [
      ("Top Shelf Image Wide", 2320, "top-shelf-image-wide", topShelfWide, "wide top shelf"),
      ("Top Shelf Image", 1920, "top-shelf-image", topShelf, "top shelf"),
    ]
    var assets: [ContentsDocument.Value] = []
    for stack in stacks {
      assets.append(
        .object([
          ("filename", .string("\(stack.name).imagestack")), ("idiom", .string("tv")),
          ("role", .string("primary-app-icon")), ("size", .string("\(stack.width)x\(stack.height)")),
        ]))
    }
    for shelf in shelves {
      assets.append(
        .object([
          ("filename", .string("\(shelf.name).imageset")), ("idiom", .string("tv")),
          ("role", .string(shelf.role)), ("size", .string("\(shelf.width)x720")),
        ]))
    }
    entries.append(document(group, [("assets", .array(assets))]))
    let names = layerNames(layers.count)
    for stack in stacks {
      let folder = "\(group)/\(stack.name).imagestack"
      entries.append(
        document(
          folder,
          [("layers", .array(names.map { .object([("filename", .string("\($0).imagestacklayer"))]) }))]))
      for (name, art) in zip(names, layers) {
        let layer = "\(folder)/\(name).imagestacklayer"
        entries.append(document(layer, []))
        var files: [(String, Int?)] = []
        for scale in stack.scales {
          let fileName = tvFileName(setName, stack.width, stack.height, scale, layer: name)
          let file = LayeredIconFile(
            path: "\(layer)/Content.imageset/\(fileName)", platform: .tvos,
            pixelWidth: stack.width * (scale ?? 1), pixelHeight: stack.height * (scale ?? 1), scale: scale,
            usage: stack.usage, layer: name, isOpaque: art.isOpaque)
          entries.append(LayeredEntry(path: file.path, contents: nil, image: (file, art)))
          files.append((fileName, scale))
        }
        entries.append(imageSet("\(layer)/Content.imageset", files, idiom: "tv"))
      }
    }
    for shelf in shelves {
      let folder = "\(group)/\(shelf.name).imageset"
      var files: [(String, Int?)] = []
      for scale in [1, 2] {
        let fileName = tvFileName(setName, shelf.width, 720, scale, layer: nil)
        let file = LayeredIconFile(
          path: "\(folder)/\(fileName)", platform: .tvos, pixelWidth: shelf.width * scale,
          pixelHeight: 720 * scale,
          scale: scale, usage: shelf.usage, layer: nil, isOpaque: true)
        entries.append(LayeredEntry(path: file.path, contents: nil, image: (file, shelf.art)))
        files.append((fileName, scale))
      }
      entries.append(imageSet(folder, files, idiom: "tv"))
    }
    return entries
  }

  /// Every file of the visionOS solid image stack `NAME.solidimagestack`.
  ///
  /// - Parameters:
  ///   - setName: the stack's name and the prefix of its image file names.
  ///   - layers: the layers' arts, front to back.
  static func visionEntries(setName: String, layers: [LayerArt]) -> [LayeredEntry] {
    let folder = "\(setName).solidimagestack"
    let names = layerNames(layers.count)
    var entries = [
      document(
        folder,
        [("layers", .array(names.map { .object([("filename", .string("\($0).solidimagestacklayer"))]) }))])
    ]
    for (name, art) in zip(names, layers) {
      let layer = "\(folder)/\(name).solidimagestacklayer"
      entries.append(document(layer, []))
      let fileName = "\(setName)-vision-512@2x-\(name.lowercased()).png"
      let file = LayeredIconFile(
        path: "\(layer)/Content.imageset/\(fileName)", platform: .visionos, pixelWidth: 1024,
        pixelHeight: 1024,
        scale: 2, usage: "home view", layer: name, isOpaque: art.isOpaque)
      entries.append(LayeredEntry(path: file.path, contents: nil, image: (file, art)))
      entries.append(imageSet("\(layer)/Content.imageset", [(fileName, 2)], idiom: "vision"))
    }
    return entries
  }

  /// `AppIcon-tv-400x240@2x-front.png`, `AppIcon-tv-1280x768-back.png`, `AppIcon-tv-1920x720@2x.png`.
  static func tvFileName(_ set: String, _ width: Int, _ height: Int, _ scale: Int?, layer: String?) -> String
  {
    var name = "\(set)-tv-\(width)x\(height)"
    if let scale, scale > 1 { name += "@\(scale)x" }
    if let layer { name += "-\(layer.lowercased())" }
    return name + ".png"
  }

  /// A folder's `Contents.json`: `members` (in Xcode's alphabetical order) around `info`.
  private static func document(_ folder: String, _ members: [(String, ContentsDocument.Value)])
    -> LayeredEntry
  {
    var all = members + [("info", ContentsDocument.xcodeInfo)]
    all.sort { $0.0 < $1.0 }
    return LayeredEntry(
      path: "\(folder)/Contents.json", contents: ContentsDocument(root: .object(all)), image: nil)
  }

  /// A `Content.imageset`'s (or top shelf image set's) `Contents.json`.
  private static func imageSet(_ folder: String, _ files: [(String, Int?)], idiom: String) -> LayeredEntry {
    let images: [ContentsDocument.Value] = files.map { file, scale in
      var members: [(String, ContentsDocument.Value)] = [
        ("filename", .string(file)), ("idiom", .string(idiom)),
      ]
      if let scale { members.append(("scale", .string("\(scale)x"))) }
      return .object(members)
    }
    return document(folder, [("images", .array(images))])
  }
}
