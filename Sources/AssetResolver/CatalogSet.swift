/// A catalog slot: one entry of the `images` array of a set's `Contents.json`.
public struct CatalogSlot: Sendable, Hashable {
  /// The file it names, relative to the set folder; `nil` for an empty slot.
  public var filename: String?
  /// Every trait the slot gives: two slots repeat each other only when these are equal.
  public var traits: SlotTraits

  /// Creates a slot.
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

/// An `.imageset` or `.appiconset` folder as indexed.
public struct CatalogSet: Sendable, Hashable {
  /// Which kind of set.
  public enum Kind: String, Sendable, Hashable {
    /// `Name.imageset`.
    case imageSet = "imageset"
    /// `Name.appiconset`: slots carry a `size`, and pixels must be size × scale.
    case appIconSet = "appiconset"
  }

  /// Which kind of set.
  public var kind: Kind
  /// The asset name it provides (with its namespace).
  public var name: String
  /// The set folder relative to the root.
  public var path: String
  /// Every slot of its `Contents.json`, empty ones included; empty when the file is bad.
  public var slots: [CatalogSlot]
  /// The names of the files in the folder, sorted, without `Contents.json` and hidden files.
  public var files: [String]
  /// Whether `Contents.json` was read and understood.
  public var isValid: Bool
  /// The set's `properties` (template rendering, vector preservation, on-demand tags…).
  public var properties = SetProperties()
}
