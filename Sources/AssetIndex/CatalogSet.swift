import ImageCore

/// A catalog slot: one entry of the `images` array of a set's `Contents.json`.
public struct CatalogSlot: Sendable, Hashable {
  /// The file it names, relative to the set folder; `nil` for an empty slot.
  public var filename: String?
  /// Every trait the slot gives: two slots repeat each other only when these are equal.
  public var traits: SlotTraits

  /// Creates a slot.
  ///
  /// - Parameters:
  ///   - filename: the file the slot names, relative to the set folder; `nil` for an empty
  ///     slot.
  ///   - traits: every trait the slot gives.
  public init(filename: String?, traits: SlotTraits) {
    self.filename = filename
    self.traits = traits
  }

  /// The `idiom` as written (`universal`, `iphone`, `ipad`, `ios-marketing`, `mac`…).
  public var idiom: String? {
    get { traits.idiom }
    set { traits.idiom = newValue }
  }
  /// The scale (`2x` → 2); `nil` when the slot gives none or an unreadable one.
  public var scale: Int? {
    get { traits.scale }
    set { traits.scale = newValue }
  }
  /// The `size` in points, for app icon slots.
  public var size: PointSize? {
    get { traits.size }
    set { traits.size = newValue }
  }
  /// The `platform`, when the slot gives one (`ios`, `watchos`…).
  public var platform: String? {
    get { traits.platform }
    set { traits.platform = newValue }
  }
  /// The slot's `appearances`, kind to value (`["luminosity": "dark"]`); empty for the
  /// default ("any") appearance.
  public var appearances: [String: String] {
    get { traits.appearances }
    set { traits.appearances = newValue }
  }
}

/// A set folder of a catalog (`Name.imageset`, `Name.colorset`, `Name.imagestack`…) or an
/// Icon Composer document, as indexed: image sources with their slots, containers whose
/// children are indexed in their own right, and sets this index recognises but does not
/// serve, with the reason.
public struct CatalogSet: Sendable, Hashable {
  /// The set's kind; the raw value is its folder extension.
  public typealias Kind = SetKind

  /// Which kind of set.
  public var kind: Kind
  /// The asset name it provides (with its namespace; a container's children are named
  /// under it: `Stack/Front/Content`).
  public var name: String
  /// The set folder relative to the root.
  public var path: String
  /// Every slot of its `Contents.json`, empty ones included; empty when the file is bad or
  /// the set has no slots (containers, skipped kinds).
  public var slots: [CatalogSlot]
  /// The names of the files in the folder, sorted, without `Contents.json` and hidden files.
  public var files: [String]
  /// Whether `Contents.json` was read and understood.
  public var isValid: Bool
  /// The set's `properties` (template rendering, vector preservation, on-demand tags…).
  public var properties = SetProperties()
  /// The enclosing set (an image stack of a layer, a sticker pack of a sticker, brand assets
  /// of an image stack…); `nil` for a set directly in a catalog or group.
  public var container: String? = nil
  /// Whether the set is in `Preview Assets.xcassets` or a `Preview Content` folder: Xcode's
  /// development assets, which do not ship (a check skips them by default).
  public var isPreview = false
  /// For an Icon Composer document (`Name.icon`), what its `icon.json` names.
  public var iconDocument: IconDocument? = nil

  /// Why the index does not serve the set's images, for kinds it recognises and skips
  /// (colours, symbols, data, AR resources, textures, Icon Composer documents); `nil` for
  /// image sources and containers.
  public var skipReason: String? { kind.skipReason }
}
