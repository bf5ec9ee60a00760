/// One named image: its variants and where they come from.
public struct Asset: Sendable, Hashable {
  /// Where an asset's variants are declared.
  public enum Source: Sendable, Hashable {
    /// Loose PNG files named `base[@Nx][~idiom].png`.
    case looseFiles
    /// An image set folder (`.imageset`, and the other sets without sized slots: launch
    /// images, stickers, sticker sequences), by its path relative to the root; ``Asset/kind``
    /// says which.
    case imageSet(path: String)
    /// A set whose slots have a point size (`.appiconset`, `.stickersiconset`), by its path
    /// relative to the root.
    case appIconSet(path: String)
  }

  /// The name a request uses: `tabs/home` for loose files, `Namespace/mail` in a catalog.
  public var name: String
  /// Loose files or a catalog set.
  public var source: Source
  /// Every indexed file, ordered by scale, then generic before idiom-specific.
  public var variants: [Variant]
  /// The kind of set it comes from; `nil` for loose files.
  public var kind: SetKind?

  package init(name: String, source: Source, variants: [Variant], kind: SetKind? = nil) {
    self.name = name
    self.source = source
    self.kind = kind
    // Variants put in order as they were found (``insert(_:into:)``) are kept as they are:
    // sorting makes a copy of the array even when nothing moves.
    let inOrder = variants.indices.dropFirst().allSatisfy { !Asset.precedes(variants[$0], variants[$0 - 1]) }
    self.variants = inOrder ? variants : variants.sorted(by: Asset.precedes)
  }

  /// Whether `a` comes before `b` in ``variants``: by scale, then generic before
  /// idiom-specific, then by path.
  static func precedes(_ a: Variant, _ b: Variant) -> Bool {
    if a.scale != b.scale { return a.scale < b.scale }
    if a.idiom != b.idiom { return Asset.rank(a.idiom) < Asset.rank(b.idiom) }
    return a.path < b.path
  }

  /// Inserts `variant` into `variants` (in ``variants``' order) where the order puts it, so
  /// that an asset made of them needs no sort.
  static func insert(_ variant: Variant, into variants: inout [Variant]) {
    // Room for @1x, @2x and @3x files at once, rather than growing the list twice.
    if variants.isEmpty { variants.reserveCapacity(3) }
    var index = variants.endIndex
    while index > variants.startIndex, precedes(variant, variants[index - 1]) { index -= 1 }
    variants.insert(variant, at: index)
  }

  private static func rank(_ idiom: Idiom?) -> Int {
    switch idiom {
    case nil: 0
    case .iphone: 1
    case .ipad: 2
    default: 3
    }
  }

  /// The devices a request can name and get a variant for (a watch-only set answers only
  /// `watch`), in ``Idiom`` order; a generic file serves every device.
  public var devices: [Idiom] {
    Idiom.allCases.filter { device in
      variants.contains { !$0.match.unassigned && $0.match.family.rank(for: device) != nil }
    }
  }
}
