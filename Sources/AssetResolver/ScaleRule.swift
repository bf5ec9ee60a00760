import AssetIndex

/// The rule UIKit uses to pick a file for a screen.
///
/// Scales are tried exact first, then the nearest higher, then the nearest lower
/// (1 → 1, 2, 3; 2 → 2, 3, 1; 3 → 3, 2, 1); a scale-independent file (a Single Size icon,
/// a set's one vector file) counts as exact at every scale. Within a scale, a variant for
/// the requested idiom beats its platform's `universal` slot, which beats a generic one; a
/// variant for another device is never chosen. A request without an idiom takes generic and
/// iPhone variants (generic first within a scale), and iPad ones only when neither exists.
///
/// Before the scale, the request's traits rule out slots made for other settings (a dark
/// slot for a light request, a `compact` slot for any size class, a P3 slot on an sRGB
/// screen) unless nothing else is there; then a slot drawn for exactly the requested
/// appearance, contrast and size class beats an "any" one, even at another scale; within a
/// scale, a `light` slot beats an "any" one for a light request and the requested gamut's
/// slot comes first. The App Store image of an
/// app icon set (`ios-marketing`, or a Single Size 1024 beside sized slots) is the last
/// resort. Among app icon slots of equal standing the largest wins; then the slot with the
/// fewest device conditions (subtype, memory, role…); then the first.
enum ScaleRule {
  /// The index in `variants` of the file to use for a default-trait request, or `nil` when
  /// none serves it.
  ///
  /// - Parameters:
  ///   - pinnedScale: only `scale` itself is acceptable (the name said `@Nx`).
  ///   - pinnedIdiom: only `idiom` itself is acceptable (the name said `~idiom`).
  static func choose(
    in variants: [Variant], scale: Int, idiom: Idiom?, pinnedScale: Bool = false,
    pinnedIdiom: Bool = false
  ) -> Int? {
    choose(
      in: variants, request: TraitRequest(scale: Double(scale), idiom: idiom), pinnedScale: pinnedScale,
      pinnedIdiom: pinnedIdiom)
  }

  /// The index in `variants` of the file to use for `request`, or `nil` when none serves it.
  ///
  /// Allocation-free: the index of a 10,000-asset tree computes nine of these per asset.
  ///
  /// - Parameters:
  ///   - request: the scale, device and traits asked for.
  ///   - pinnedScale: only the request's scale is acceptable (the name said `@Nx`).
  ///   - pinnedIdiom: only the request's idiom is acceptable (the name said `~idiom`).
  static func choose(
    in variants: [Variant], request: TraitRequest, pinnedScale: Bool = false, pinnedIdiom: Bool = false
  ) -> Int? {
    let scale = request.wholeScale
    var hasSizedSlots = false
    for variant in variants {
      let match = variant.match
      if !variant.isScaleIndependent, !match.family.isMarketing, variant.size != nil,
        match.family.rank(for: request.idiom) != nil
      {
        hasSizedSlots = true
        break
      }
    }
    var best: Int?
    var bestKey = Key.worst
    for index in variants.indices {
      let variant = variants[index]
      let match = variant.match
      guard !match.unassigned, let rank = match.family.rank(for: request.idiom) else { continue }
      if pinnedIdiom, variant.idiom == nil || variant.idiom != request.idiom?.fileIdiom { continue }
      if pinnedScale, !variant.isScaleIndependent, variant.scale != scale { continue }
      var key = Key()
      key.mismatches = mismatches(match, request)
      key.marketing =
        match.family.isMarketing || (hasSizedSlots && variant.isScaleIndependent && variant.size != nil)
      key.tier = rank / 10
      key.scale = scaleRank(variant, scale)
      key.exactness = rank % 10
      key.artwork = artwork(match, request)
      key.preference = preference(match, request)
      if let size = variant.size { key.area = size.width * size.height }
      key.conditions = Int(match.conditions)
      if key < bestKey {
        bestKey = key
        best = index
      }
    }
    return best
  }

  /// How a candidate ranks; smaller is better, compared field by field.
  private struct Key: Comparable {
    var mismatches = 0
    var marketing = false
    var tier = 0
    var artwork = 0
    var scale = 0
    var exactness = 0
    var preference = 0
    var area = 0.0
    var conditions = 0

    static let worst: Key = {
      var key = Key()
      key.mismatches = .max
      return key
    }()

    static func < (a: Key, b: Key) -> Bool {
      if a.mismatches != b.mismatches { return a.mismatches < b.mismatches }
      if a.marketing != b.marketing { return !a.marketing }
      if a.tier != b.tier { return a.tier < b.tier }
      if a.artwork != b.artwork { return a.artwork < b.artwork }
      if a.scale != b.scale { return a.scale < b.scale }
      if a.exactness != b.exactness { return a.exactness < b.exactness }
      if a.preference != b.preference { return a.preference < b.preference }
      if a.area != b.area { return a.area > b.area }
      return a.conditions < b.conditions
    }
  }

  /// 0 for the exact scale (or a scale-independent file), then the higher scales nearest
  /// first, then the lower ones nearest first.
  private static func scaleRank(_ variant: Variant, _ requested: Int) -> Int {
    if variant.isScaleIndependent { return 0 }
    let order = scaleOrder(Double(variant.scale), for: Double(requested))
    return order.tier << 20 + Int(order.distance)
  }

  /// Where a file of `scale` stands for a screen of `requested` in UIKit's scale order: the
  /// exact scale (tier 0), then the higher scales (tier 1), then the lower ones (tier 2),
  /// nearest first within a tier. The one statement of the order: the full rule above and
  /// ``SelectionRule``'s Apple rule over bare scales both read it.
  static func scaleOrder(_ scale: Double, for requested: Double) -> (tier: Int, distance: Double) {
    if abs(scale - requested) < 1e-9 { return (0, 0) }
    return scale > requested ? (1, scale - requested) : (2, requested - scale)
  }

  /// How many of the slot's traits are made for settings the request does not have.
  private static func mismatches(_ match: SlotMatch, _ request: TraitRequest) -> Int {
    var count = 0
    switch (request.appearance, match.luminosity) {
    case (_, 0), (.any, 1), (.light, 1), (.dark, 2), (.tinted, 3), (.tinted, 1): break
    default: count += 1
    }
    if match.highContrast, !request.highContrast { count += 1 }
    if match.gamut == 2, request.gamut == .sRGB { count += 1 }
    count += sizeClassMismatch(match.widthClass, request.widthClass)
    count += sizeClassMismatch(match.heightClass, request.heightClass)
    return count
  }

  private static func sizeClassMismatch(_ slot: UInt8, _ requested: TraitRequest.SizeClass?) -> Int {
    switch (slot, requested) {
    case (0, _), (1, .compact), (2, .regular): 0
    default: 1
    }
  }

  /// Among slots that fit, how far each one's artwork is from what was asked: a dark slot
  /// for a dark request, a `compact` one for a compact size class (0 is exact). A different
  /// drawing matters more than a different scale.
  private static func artwork(_ match: SlotMatch, _ request: TraitRequest) -> Int {
    var score = 0
    switch (request.appearance, match.luminosity) {
    case (.any, 1), (.light, 1), (.dark, 2), (.tinted, 3), (.any, 0), (.light, 0): break
    case (.tinted, 1): score += 2
    default: score += 1
    }
    if request.highContrast, !match.highContrast { score += 1 }
    if request.widthClass != nil, match.widthClass == 0 { score += 1 }
    if request.heightClass != nil, match.heightClass == 0 { score += 1 }
    return score
  }

  /// Among slots of one scale and standing, a `light` slot for a light request before an
  /// "any" one, and the requested gamut's slot first.
  private static func preference(_ match: SlotMatch, _ request: TraitRequest) -> Int {
    var score = 0
    if request.appearance == .any || request.appearance == .light, match.luminosity == 0 { score += 1 }
    switch (request.gamut, match.gamut) {
    case (.sRGB, 1), (.p3, 2): break
    case (.p3, 1): score += 2
    default: score += 1
    }
    return score
  }
}
