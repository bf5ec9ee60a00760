/// Every kind of folder an asset catalog (or a sticker catalog) holds, by its extension.
///
/// Image sources become assets; containers are indexed for their children (an image stack's
/// layers, brand assets' image stacks and image sets, a sticker pack's stickers); the other
/// kinds are recognised and skipped with a ``skipReason``.
public enum SetKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// `Name.imageset`.
  case imageSet = "imageset"
  /// `Name.appiconset`: slots carry a `size`, and pixels must be size × scale.
  case appIconSet = "appiconset"
  /// `Name.launchimage`: slots by idiom, subtype, orientation and system version.
  case launchImage = "launchimage"
  /// `Name.sticker` (in a sticker pack): one image, named by `properties.filename`.
  case sticker = "sticker"
  /// `Name.stickersequence`: an animated sticker, its frames in order.
  case stickerSequence = "stickersequence"
  /// `Name.stickersiconset`: an iMessage app's icon, slots with sizes like an app icon set.
  case stickersIconSet = "stickersiconset"
  /// `Name.stickerpack`: a container of stickers and sticker sequences.
  case stickerPack = "stickerpack"
  /// `Name.imagestack`: tvOS's layered image, a container of layers.
  case imageStack = "imagestack"
  /// `Name.imagestacklayer`: one layer, whose `Content.imageset` holds its image.
  case imageStackLayer = "imagestacklayer"
  /// `Name.solidimagestack`: visionOS's layered app icon.
  case solidImageStack = "solidimagestack"
  /// `Name.solidimagestacklayer`: one layer of it.
  case solidImageStackLayer = "solidimagestacklayer"
  /// `Name.brandassets`: tvOS's app icons and top shelf images.
  case brandAssets = "brandassets"
  /// `Name.complicationset`: a watch app's complication images.
  case complicationSet = "complicationset"
  /// `Name.spriteatlas`: a group whose image sets are assets (and one SpriteKit atlas).
  case spriteAtlas = "spriteatlas"
  /// `Name.gcleaderboardset`: Game Center leaderboard set images.
  case gameCenterLeaderboardSet = "gcleaderboardset"
  /// `Name.gcleaderboard`: a Game Center leaderboard image.
  case gameCenterLeaderboard = "gcleaderboard"
  /// `Name.gcdashboardimage`: the Game Center dashboard image.
  case gameCenterDashboardImage = "gcdashboardimage"
  /// `Name.colorset`: a named colour.
  case colorSet = "colorset"
  /// `Name.symbolset`: a custom SF Symbol (an SVG template, drawn tinted): an asset whose
  /// one scale-less slot is its template.
  case symbolSet = "symbolset"
  /// `Name.dataset`: arbitrary data.
  case dataSet = "dataset"
  /// `Name.arresourcegroup`: ARKit reference images and objects.
  case arResourceGroup = "arresourcegroup"
  /// `Name.arreferenceimage`: an image ARKit detects.
  case arReferenceImage = "arreferenceimage"
  /// `Name.arobject`: an object ARKit detects.
  case arObject = "arobject"
  /// `Name.textureset`: a Metal texture.
  case textureSet = "textureset"
  /// `Name.cubetextureset`: a Metal cube texture.
  case cubeTextureSet = "cubetextureset"
  /// `Name.mipmapset`: a texture's mipmap levels.
  case mipmapSet = "mipmapset"
  /// `Name.icon`: an Icon Composer document (`icon.json` and its `Assets/`).
  case iconDocument = "icon"
  /// A folder with an extension no kind here has (`Name.xyzset`).
  case unknown = ""

  /// The kind of a folder named `name` inside a catalog; `nil` for a plain group (no
  /// extension).
  ///
  /// - Parameter name: the folder's name (`Tomato.imageset`).
  /// - Returns: the kind and the name without the extension.
  public static func of(folder name: String) -> (kind: SetKind, base: String)? {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let ext = String(name[name.index(after: dot)...])
    let base = String(name[..<dot])
    return (SetKind(rawValue: ext) ?? .unknown, base)
  }

  /// Whether the index makes an asset of it (its slots are images a request may get).
  public var isImageSource: Bool {
    switch self {
    case .imageSet, .appIconSet, .launchImage, .sticker, .stickerSequence, .stickersIconSet, .symbolSet: true
    default: false
    }
  }

  /// Whether it holds sets of its own, each indexed in its own right.
  public var isContainer: Bool {
    switch self {
    case .stickerPack, .imageStack, .imageStackLayer, .solidImageStack, .solidImageStackLayer, .brandAssets,
      .complicationSet, .spriteAtlas, .gameCenterLeaderboardSet, .gameCenterLeaderboard,
      .gameCenterDashboardImage:
      true
    default: false
    }
  }

  /// Whether its slots carry a point `size` whose pixels must be size × scale.
  public var hasSizedSlots: Bool { self == .appIconSet || self == .stickersIconSet }

  /// Why the index does not serve its images; `nil` for image sources and containers.
  public var skipReason: String? {
    switch self {
    case .colorSet: "a colour set: a colour, not an image"
    case .dataSet: "a data set: data, not an image"
    case .arResourceGroup, .arReferenceImage, .arObject:
      "an AR resource: ARKit detects it; no screen draws it"
    case .textureSet, .cubeTextureSet, .mipmapSet: "a texture set: Metal textures, not images for a screen"
    case .iconDocument: "an Icon Composer document: its layers are listed and checked, not drawn"
    case .unknown: "a set of a kind this index does not know"
    default: nil
    }
  }

  public var description: String { self == .unknown ? "unknown" : rawValue }
}
