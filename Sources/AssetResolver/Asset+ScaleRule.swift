import AssetIndex

/// UIKit's choice among an asset's variants (``ScaleRule``).
extension Asset {
  /// The variant a device of `idiom` at `scale` gets with default traits (any/light
  /// appearance, sRGB, any size class), by the scale rule; `nil` when no variant can serve it.
  ///
  /// - Parameters:
  ///   - scale: the screen's scale.
  ///   - idiom: `iphone`, `ipad`, or `nil` for a generic iOS screen.
  /// - Returns: the chosen variant, or `nil`.
  ///
  /// - Complexity: O(variants).
  public func variant(scale: Int, idiom: Idiom?) -> Variant? {
    ScaleRule.choose(in: variants, scale: max(1, scale), idiom: idiom).map { variants[$0] }
  }

  /// The variant a screen with `request`'s scale, device and traits gets, by the scale rule
  /// and UIKit's trait fallback; `nil` when no variant can serve it.
  ///
  /// - Parameter request: the scale, device and traits asked for.
  /// - Returns: the chosen variant, or `nil`.
  /// - Complexity: O(variants).
  public func variant(for request: TraitRequest) -> Variant? {
    ScaleRule.choose(in: variants, request: request).map { variants[$0] }
  }

  /// Whether a request without an idiom (a generic iOS screen) gets a variant (tests ask it;
  /// a caller resolves with ``variant(for:)``).
  @_spi(Testing) public var servesGenericRequests: Bool { variant(scale: 1, idiom: nil) != nil }

  /// The index of the variant each default-trait request at scales 1…3 gets, for a
  /// generic, an iPhone and an iPad screen in turn (nine entries, -1 for none): the table
  /// a library's lookups read.
  var defaultChoices: [Int] {
    var choices: [Int] = []
    for scale in 1...3 {
      for idiom in [nil, Idiom.iphone, .ipad] {
        choices.append(ScaleRule.choose(in: variants, scale: scale, idiom: idiom) ?? -1)
      }
    }
    return choices
  }
}
