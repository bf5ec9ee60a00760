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
  /// The chosen variant's index for scales 1…3 × idioms (generic, iphone, ipad); -1 for none.
  let choices: [Int16]

  init(name: String, source: Source, variants: [Variant], kind: SetKind? = nil) {
    self.name = name
    self.source = source
    self.kind = kind
    self.variants = variants.sorted { a, b in
      if a.scale != b.scale { return a.scale < b.scale }
      if a.idiom != b.idiom { return Asset.rank(a.idiom) < Asset.rank(b.idiom) }
      return a.path < b.path
    }
    var choices: [Int16] = []
    for scale in 1...3 {
      for idiom in [nil, Idiom.iphone, .ipad] {
        let index = ScaleRule.choose(in: self.variants, scale: scale, idiom: idiom)
        choices.append(Int16(index ?? -1))
      }
    }
    self.choices = choices
  }

  private static func rank(_ idiom: Idiom?) -> Int {
    switch idiom {
    case nil: 0
    case .iphone: 1
    case .ipad: 2
    }
  }

  /// The variant a device of `idiom` at `scale` gets with default traits (any/light
  /// appearance, sRGB, any size class), by the scale rule; `nil` when no variant can serve it.
  ///
  /// - Parameters:
  ///   - scale: the screen's scale.
  ///   - idiom: `iphone`, `ipad`, or `nil` for a generic iOS screen.
  /// - Returns: the chosen variant, or `nil`.
  ///
  /// - Complexity: O(1) for scales 1…3, O(variants × scales) above.
  public func variant(scale: Int, idiom: Idiom?) -> Variant? {
    guard let index = choiceIndex(scale: scale, idiom: idiom) else { return nil }
    return variants[index]
  }

  /// The variant a screen with `request`'s scale, device and traits gets, by the scale rule
  /// and UIKit's trait fallback; `nil` when no variant can serve it.
  ///
  /// Default-trait requests for a generic, iPhone or iPad screen at scales 1…3 are answered
  /// from a table built with the index; others are computed on each call.
  ///
  /// - Parameter request: the scale, device and traits asked for.
  /// - Returns: the chosen variant, or `nil`.
  /// - Complexity: O(1) for precomputed requests, O(variants) for the others.
  public func variant(for request: TraitRequest) -> Variant? {
    if request.hasDefaultTraits, request.idiom == nil || request.idiom?.fileIdiom != nil {
      return variant(scale: request.scale, idiom: request.idiom?.fileIdiom)
    }
    return ScaleRule.choose(in: variants, request: request).map { variants[$0] }
  }

  /// The devices a request can name and get a variant for (a watch-only set answers only
  /// `watch`), in ``DeviceIdiom`` order; a generic file serves every device.
  public var devices: [DeviceIdiom] {
    DeviceIdiom.allCases.filter { device in
      variants.contains { !$0.match.unassigned && $0.match.family.rank(for: device) != nil }
    }
  }

  /// Whether a request without an idiom (a generic iOS screen) gets a variant.
  public var servesGenericRequests: Bool { variant(scale: 1, idiom: nil) != nil }

  func choiceIndex(scale: Int, idiom: Idiom?) -> Int? {
    if scale >= 1, scale <= 3 {
      let column: Int
      switch idiom {
      case nil: column = 0
      case .iphone: column = 1
      case .ipad: column = 2
      }
      let index = Int(choices[(scale - 1) * 3 + column])
      return index < 0 ? nil : index
    }
    return ScaleRule.choose(in: variants, scale: max(1, scale), idiom: idiom)
  }
}
