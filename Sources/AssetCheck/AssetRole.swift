import AssetIndex
import IconGridSupport
import ImageCore
import PNGCodec

/// What an image is to the app that ships it, which decides the scales a device needs of
/// it: a UI image drawn at its point size needs every scale of the screens it is drawn on;
/// an icon file, a launch image or a sticker is chosen by pixel size; game art is drawn in
/// scene units; a colour swatch looks the same at any scale.
enum AssetRole: Equatable {
  /// An image drawn at its point size by UIKit, AppKit or SwiftUI: the default.
  case ui
  /// A file of an app icon (`CFBundleIconFiles`, an alternate icon, a legacy `Icon-72.png`
  /// name): the system picks among the listed files by pixel size; no `@Nx` siblings.
  case iconFile
  /// A launch image (`Default-568h@2x.png`, a `UILaunchImages` entry): one file per screen
  /// size and scale, never a scale family.
  case launchImage
  /// An iMessage sticker: one file, shown at its pixel size.
  case sticker
  /// A texture of a game engine (a sprite sheet with its own data file, a SpriteKit or
  /// cocos2d texture): drawn in scene units, so whether a screen upscales it depends on the
  /// scene's scaling, which only the code says. The reason says which.
  case gameArt(String)
  /// An image whose pixels are all one colour: it looks the same at every scale.
  case swatch
  /// A single image of 1000 px or more: a master or artwork drawn resized, not at 1 point a
  /// pixel.
  case master(Int)
  /// A single 1x image of 256 to 999 px: likely drawn resized too (an illustration, a logo
  /// in a fixed frame), but whether a screen draws it at its pixel size in points is set in
  /// code or a storyboard: its gaps are notes.
  case large(Int)
  /// A set named like an SF Symbol that a storyboard or xib draws as the system's symbol
  /// (`image="square.and.arrow.down" catalog="system"`): the set is only the fallback for
  /// systems before SF Symbols (iOS 13, macOS 11), at the size the storyboard gives it.
  case symbolFallback

  /// Whether the scale rules of UIKit apply to it at all.
  var hasScaleFamily: Bool {
    switch self {
    case .ui, .gameArt, .master, .large, .symbolFallback: true
    case .iconFile, .launchImage, .sticker, .swatch: false
    }
  }
}

extension RootCheck {
  /// The role of a loose asset, from its name, its siblings, the app's Info.plist and its
  /// pixels (swatches are decoded: only files of at most 8 × 8 px).
  func role(ofLoose asset: Asset) -> AssetRole {
    let spaces = namespacesByAsset[RootCheck.key(of: asset)] ?? []
    let infos = spaces.compactMap(\.info)
    let base = asset.baseName
    if RootCheck.isIconFile(base, infos: infos) { return .iconFile }
    // An icon-sized square file named like an icon that no key lists: an unused icon file
    // (a leftover of an older project), still chosen by pixel size if anything lists it.
    if RootCheck.mentionsIcon(base),
      asset.variants.allSatisfy({ variant in
        facts[variant.path]?.header.map {
          $0.width == $0.height && RootCheck.iconPixelSizes.contains($0.width)
        } ?? false
      })
    {
      return .iconFile
    }
    if RootCheck.isLaunchImage(base, infos: infos) { return .launchImage }
    if let art = gameArt(asset, in: spaces) { return .gameArt(art) }
    if isSwatch(asset.variants) { return .swatch }
    if asset.variants.count == 1, let only = asset.variants.first, only.scale == 1,
      let header = facts[only.path]?.header, max(header.width, header.height) >= 256
    {
      let side = max(header.width, header.height)
      return side >= 1000 ? .master(side) : .large(side)
    }
    return .ui
  }

  /// The role of an image set's images: stickers by kind, launch images by kind, the rest
  /// by pixels (a swatch, a master alone in its slots).
  func role(ofSet asset: Asset, set: CatalogSet, files: [Variant]) -> AssetRole {
    switch set.kind {
    case .sticker, .stickerSequence: return .sticker
    case .launchImage: return .launchImage
    default: break
    }
    if set.path.split(separator: "/").contains(where: { $0.hasSuffix(".spriteatlas") }) {
      return .gameArt("a texture of a sprite atlas, drawn by SpriteKit in scene units")
    }
    if isSwatch(files) { return .swatch }
    if interfaceUses.systemSymbols.contains(asset.baseName) { return .symbolFallback }
    let scales = Set(files.map(\.scale))
    if scales == [1], files.count == 1, let size = pixelSize(of: files[0]),
      max(size.width, size.height) >= 256
    {
      let side = max(size.width, size.height)
      return side >= 1000 ? .master(side) : .large(side)
    }
    return .ui
  }

  /// Whether `base` names a file of an app icon: listed in an Info.plist of the name
  /// spaces that hold it, or one of the fixed names iOS and iTunes read without a list
  /// (`Icon.png`, `Icon-72.png`, `Icon-Small-50.png`, `Icon-60@2x.png`, `iTunesArtwork`).
  static func isIconFile(_ base: String, infos: [AppInfo]) -> Bool {
    for info in infos {
      let listed = info.iconFiles + info.alternateIconFiles.values.joined()
      if listed.contains(where: { RootCheck.iconListEntry($0, names: base) }) { return true }
    }
    if base == "iTunesArtwork" { return true }
    // Apple's fixed names (QA1686): Icon, Icon-Small, Icon-Small-50, Icon-NN(.5).
    guard base == "Icon" || base.hasPrefix("Icon-") else { return false }
    let rest = base.dropFirst("Icon".count)
    return rest.isEmpty || rest == "-Small"
      || rest.range(of: #"^(-Small)?-\d+(\.5)?$"#, options: .regularExpression) != nil
  }

  /// Whether an icon file entry of an Info.plist (`Icon-60`, `Icon.png`,
  /// `${PRODUCT_NAME}_icon.png`) names files of base name `base`; a variable matches any text.
  static func iconListEntry(_ entry: String, names base: String) -> Bool {
    let listed = AssetName(parsing: entry).base
    return listed.contains("$") ? IconRole.matches(base, setting: listed) : listed == base
  }

  /// The square pixel sizes of iOS home-screen and store icons of every era (57 to 1024)
  /// that no toolbar or tab image has: a 1x file whose name says icon and whose size is one
  /// of these is an icon file, not a UI image.
  static let iconPixelSizes: Set<Int> = [57, 72, 114, 120, 144, 152, 167, 180, 512, 1024]

  /// Whether `base` names a launch image: `Default` (or the Info.plist's
  /// `UILaunchImageFile`) alone or with modifiers (`Default-568h`, `Default-Portrait`), or a
  /// `UILaunchImages` entry.
  static func isLaunchImage(_ base: String, infos: [AppInfo]) -> Bool {
    // `Default` first, without building a set of names for every asset.
    if base == "Default" || base.hasPrefix("Default-") { return true }
    for file in infos.compactMap(\.launchImageFile) {
      let name = AssetName(parsing: file).base
      if base == name || base.hasPrefix(name + "-") { return true }
    }
    return infos.contains { info in info.launchImages.contains { base == $0.name || base.hasPrefix($0.name) }
    }
  }

  /// The extensions of the data files that make an image of the same name a sprite sheet.
  static let spriteDataExtensions = ["plist", "fnt", "json"]

  /// Why a loose image is game art, or `nil`: a sprite sheet (a `.plist`, `.fnt` or
  /// `.json` of the same name beside it holds frames in its pixels), an image inside a
  /// SpriteKit `.atlas` folder, a member of a cocos2d `-hd` family, or any image of a target
  /// whose resources hold SpriteKit scenes (`.sks`).
  func gameArt(_ asset: Asset, in spaces: [AssetNamespace]) -> String? {
    for variant in asset.variants {
      let path = variant.path
      // A folder of the path (not its file) named `*.atlas`.
      if Paths.containsBytes(path, ".atlas/") {
        return "an image of a SpriteKit texture atlas, drawn in scene units"
      }
      let folder = Paths.parent(of: path)
      // Most folders hold no data file at all: asked once, not once per sibling name.
      guard listings.containsAny(extensions: RootCheck.spriteDataExtensions, in: folder) else { continue }
      let stem = AssetName(parsing: Paths.lastComponent(of: path)).base
      for ext in RootCheck.spriteDataExtensions {
        let sibling = stem + "." + ext
        if listings.contains(sibling, in: folder) {
          return
            "a sprite sheet: \(sibling) holds its frames in its own pixels, so a scaled copy "
            + "needs a data file of its own"
        }
      }
    }
    if !cocosFamilies.isEmpty, cocosFamilies.contains(RootCheck.cocosStem(of: asset)) {
      return "a cocos2d texture: the engine picks its -hd or -ipadhd file by its own suffixes, not by @Nx"
    }
    // A data file of the same name among the target's resources (the tree may not hold it).
    for space in spaces {
      for resource in space.target?.resources ?? [] {
        let name = Paths.lastComponent(of: resource.path)
        for ext in [".plist", ".fnt", ".json"] where name == asset.baseName + ext {
          return
            "a sprite sheet or font page: \(name) holds its frames in its own pixels, so a scaled copy needs a "
            + "data file of its own"
        }
      }
    }
    if spaces.contains(where: { cocosNamespaces.contains($0.id) }) {
      return
        "a texture of a cocos2d game (its target has -hd textures), which the engine draws by its own suffixes"
    }
    if spaces.contains(where: { space in
      space.target?.resources.contains { $0.path.hasSuffix(".sks") } == true
    }) {
      return
        "a texture of a SpriteKit game (its target holds .sks scenes), drawn in scene units; whether a 2x "
        + "screen upscales it depends on the scene's scale mode, which only the code says"
    }
    return nil
  }

  /// A raster file's pixel size: from the PNG facts already read, else from the header of a
  /// JPEG, WebP or GIF (read here); `nil` for a vector or an unreadable file.
  func pixelSize(of variant: Variant) -> (width: Int, height: Int)? {
    if let header = facts[variant.path]?.header { return (header.width, header.height) }
    guard !CatalogScanner.isVector(variant.path),
      let head = try? FileIO.readPrefix(catalog.path(of: variant), count: ImageFormat.sizeHeadLength)
    else { return nil }
    return ImageFormat.pixelSize(ofHead: head, format: ImageFormat.sniff(head))
  }

  /// What the storyboards and xibs of the run's targets say about the images they draw.
  struct InterfaceUses {
    /// Names drawn as system symbols (`image="NAME" catalog="system"`).
    var systemSymbols: Set<String> = []
    /// Names an image view draws at the image's own size (a `contentMode` that does not
    /// scale: `center`, `top`, `bottomLeft`…), with the first file and mode that does.
    var intrinsic: [String: (file: String, mode: String)] = [:]

    /// `UIView.ContentMode`s that draw the image at its own point size, whatever the view's size.
    static let unscaledModes: Set<String> = [
      "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
    ]
  }

  /// Reads the storyboards and xibs of the run's targets (their text; elements are found by
  /// their tag, attributes by name).
  static func interfaceUses(in spaces: [AssetNamespace], root: String) -> InterfaceUses {
    var uses = InterfaceUses()
    var seen: Set<String> = []
    for space in spaces {
      for resource in space.target?.resources ?? []
      where resource.path.hasSuffix(".storyboard") || resource.path.hasSuffix(".xib") {
        let path = Paths.join(space.project.map { Paths.parent(of: $0) } ?? "", resource.path)
        guard seen.insert(path).inserted, let bytes = layoutFileBytes(Paths.join(root, path)) else {
          continue
        }
        let text = String(decoding: bytes, as: UTF8.self)
        for element in text.components(separatedBy: "<").dropFirst() {
          let tag = element.prefix { $0 != ">" }
          func attribute(_ key: String) -> String? {
            guard let range = tag.range(of: " \(key)=\"") else { return nil }
            return String(tag[range.upperBound...].prefix { $0 != "\"" })
          }
          if tag.contains("catalog=\"system\"") {
            // The name is the `image=` or `name=` attribute of the same element.
            for key in ["image", "name"] { if let name = attribute(key) { uses.systemSymbols.insert(name) } }
          } else if tag.hasPrefix("imageView "), let name = attribute("image"),
            let mode = attribute("contentMode"), InterfaceUses.unscaledModes.contains(mode),
            uses.intrinsic[Self.withoutImageExtension(name)] == nil
          {
            uses.intrinsic[Self.withoutImageExtension(name)] = (path, mode)
          }
        }
      }
    }
    return uses
  }

  /// A name as a storyboard writes it, without the image extension a loose file's name may carry.
  static func withoutImageExtension(_ name: String) -> String {
    for suffix in [".png", ".jpg", ".jpeg"] where name.lowercased().hasSuffix(suffix) {
      return String(name.dropLast(suffix.count))
    }
    return name
  }

  /// cocos2d's resolution suffixes (cocos2d-iphone's `CCFileUtils`).
  static let cocosSuffixes = ["-hd", "-ipadhd", "-ipad", "-widehd", "-wide", "-iphone5hd"]

  /// The folder and base name of a loose asset without a cocos2d suffix: what a family of
  /// `x.png`, `x-hd.png`, `x-ipadhd.png` shares.
  static func cocosStem(of asset: Asset) -> String {
    var base = asset.baseName
    if let suffix = cocosSuffixes.first(where: { base.hasSuffix($0) }) { base.removeLast(suffix.count) }
    return Paths.join(Paths.parent(of: asset.location), base)
  }

  /// The cocos2d families among loose assets: stems that have a plain file and a suffixed
  /// one (`x.png` and `x-hd.png`) in one folder.
  static func cocosFamilies(_ assets: [Asset]) -> Set<String> {
    // Suffixed files first: most trees have none, and then no stem needs to be built.
    var suffixed: Set<String> = []
    var plainAssets: [Asset] = []
    for asset in assets where asset.source == .looseFiles {
      let base = asset.baseName
      if cocosSuffixes.contains(where: { base.hasSuffix($0) }) {
        suffixed.insert(cocosStem(of: asset))
      } else {
        plainAssets.append(asset)
      }
    }
    guard !suffixed.isEmpty else { return [] }
    return Set(plainAssets.lazy.map { cocosStem(of: $0) }.filter { suffixed.contains($0) })
  }

  /// Whether `base` holds "icon" in any case, as `base.lowercased().contains("icon")`
  /// says; ASCII names (nearly all) are searched on bytes without a lower-cased copy.
  static func mentionsIcon(_ base: String) -> Bool {
    base.utf8.allSatisfy { $0 < 0x80 }
      ? Paths.containsBytes(base, "icon", ignoringASCIICase: true) : base.lowercased().contains("icon")
  }

  /// Whether every file is a tiny image of one colour (decoded; at most 8 × 8 px).
  func isSwatch(_ variants: [Variant]) -> Bool {
    guard !variants.isEmpty else { return false }
    for variant in variants {
      guard let header = facts[variant.path]?.header, header.width <= 8, header.height <= 8,
        let bitmap = try? PNGDecoder.decode(
          contentsOf: catalog.path(of: variant), limits: configuration.limits)
      else { return false }
      let first = Array(bitmap.pixels.prefix(4))
      var offset = 4
      while offset < bitmap.pixels.count {
        // Fully transparent pixels are one colour whatever their RGB.
        let same =
          bitmap.pixels[offset..<offset + 4].elementsEqual(first)
          || (first[3] == 0 && bitmap.pixels[offset + 3] == 0)
        if !same { return false }
        offset += 4
      }
    }
    return true
  }
}
