/// The rule UIKit uses to pick a file for a screen.
///
/// Scales are tried exact first, then the nearest higher, then the nearest lower
/// (1 → 1, 2, 3; 2 → 2, 3, 1; 3 → 3, 2, 1). Within a scale, a variant for the requested
/// idiom beats the generic one; a request without an idiom takes the generic one, then an
/// iPhone, then an iPad variant. A variant for the other idiom is never chosen. Among
/// app icon slots of the same scale and idiom, the largest wins.
enum ScaleRule {
  private static let generic: [Idiom?] = [nil, .iphone, .ipad]
  private static let phone: [Idiom?] = [.iphone, nil]
  private static let pad: [Idiom?] = [.ipad, nil]

  /// The index in `variants` of the file to use, or `nil` when none serves the request.
  ///
  /// Allocation-free: the index of a 10,000-asset tree computes nine of these per asset.
  ///
  /// - Parameters:
  ///   - pinnedScale: only `scale` itself is acceptable (the name said `@Nx`).
  ///   - pinnedIdiom: only `idiom` itself is acceptable (the name said `~idiom`).
  static func choose(
    in variants: [Variant], scale: Int, idiom: Idiom?, pinnedScale: Bool = false,
    pinnedIdiom: Bool = false
  ) -> Int? {
    let idioms: [Idiom?]
    switch (idiom, pinnedIdiom) {
    case (.iphone, false): idioms = phone
    case (.ipad, false): idioms = pad
    case (nil, false): idioms = generic
    case (.iphone, true): idioms = [.iphone]
    case (.ipad, true): idioms = [.ipad]
    case (nil, true): idioms = [nil]
    }
    if let found = best(in: variants, scale: scale, idioms: idioms) { return found }
    if pinnedScale { return nil }
    var floor = scale
    while let next = variants.lazy.map(\.scale).filter({ $0 > floor }).min() {
      if let found = best(in: variants, scale: next, idioms: idioms) { return found }
      floor = next
    }
    var ceiling = scale
    while let next = variants.lazy.map(\.scale).filter({ $0 < ceiling }).max() {
      if let found = best(in: variants, scale: next, idioms: idioms) { return found }
      ceiling = next
    }
    return nil
  }

  /// The best variant of exactly `scale`, trying `idioms` in order; the largest app icon
  /// slot among equals.
  private static func best(in variants: [Variant], scale: Int, idioms: [Idiom?]) -> Int? {
    for candidateIdiom in idioms {
      var best: Int?
      for index in variants.indices {
        let variant = variants[index]
        guard variant.isSelectable, variant.scale == scale, variant.idiom == candidateIdiom else {
          continue
        }
        if let current = best, area(variants[current]) >= area(variant) { continue }
        best = index
      }
      if let best { return best }
    }
    return nil
  }

  private static func area(_ variant: Variant) -> Double {
    guard let size = variant.size else { return 0 }
    return size.width * size.height
  }
}
