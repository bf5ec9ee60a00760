import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension RootCheck {
  // MARK: - Image sets

  static let iosIdioms: Set<String> = ["universal", "iphone", "ipad"]

  func idiomName(_ slot: CatalogSlot) -> String { slot.idiom ?? "universal" }

  func isIOS(_ slot: CatalogSlot) -> Bool {
    RootCheck.iosIdioms.contains(idiomName(slot)) && (slot.platform == nil || slot.platform == "ios")
  }

  /// The traits of a slot but its scale: the slots of one group are one image at several
  /// scales (the dark @2x and the dark @3x; the compact-height @2x and @3x).
  static func group(_ traits: SlotTraits) -> SlotTraits {
    var group = traits
    group.scale = nil
    if group.idiom == nil { group.idiom = "universal" }
    return group
  }

  mutating func imageSetRules(_ asset: Asset, set: CatalogSet?) {
    guard let set, set.isValid else { return }
    let contents = join(set.path, "Contents.json")
    let slots = set.slots.filter(isIOS)
    let kind = "image set \"\(asset.name)\""
    if set.slots.isEmpty {
      add(.missingScale, contents, asset: asset.name, "\(kind) has no image slots")
      return
    }
    let files = slots.compactMap(\.filename)
    // Vector images are drawn at every scale; a set whose images all lack a scale is a
    // deliberate "Single Scale" set (Xcode's setting), drawn however the app sizes it.
    let vectorOnly = !files.isEmpty && files.allSatisfy { [".pdf", ".svg"].contains(fileExtension($0)) }
    let singleScale = slots.allSatisfy { $0.filename == nil || $0.scale == nil }
    if !slots.isEmpty, !vectorOnly, !singleScale {
      if files.isEmpty {
        add(.missingScale, contents, asset: asset.name, "\(kind) has no images: every slot is empty")
      } else {
        missingScales(asset, slots: slots, contents: contents, kind: kind)
      }
    }
    let variants = asset.variants.filter { $0.isSelectable && isPNGName($0.path) }
    var groups: [SlotTraits: [Variant]] = [:]
    for variant in variants { groups[RootCheck.group(variant.traits), default: []].append(variant) }
    for key in groups.keys.sorted(by: { $0.description < $1.description }) {
      sizeRule(asset, groups[key]!, traits: key)
    }
  }

  /// missing-scale within each trait group that has an image; universal images serve the
  /// iPhone and iPad groups of the same traits.
  private mutating func missingScales(_ asset: Asset, slots: [CatalogSlot], contents: String, kind: String) {
    var groups: [SlotTraits: [CatalogSlot]] = [:]
    for slot in slots { groups[RootCheck.group(slot.traits), default: []].append(slot) }
    for key in groups.keys.sorted(by: { $0.description < $1.description }) {
      let own = groups[key]!
      guard own.contains(where: { $0.filename != nil }) else { continue }
      var universal = key
      universal.idiom = "universal"
      let serving = own + (key.idiom == "universal" ? [] : groups[universal] ?? [])
      let covered = Set(serving.filter { $0.filename != nil }.map { $0.scale ?? 1 })
      let idiom = key.idiom ?? "universal"
      let shown = key.description
      for scale in required(for: Idiom(rawValue: idiom), of: asset) where !covered.contains(scale) {
        let why: String
        if own.allSatisfy({ $0.scale == nil }) {
          why =
            "its only \(shown) image is single-scale; add @1x/@2x/@3x images or use a PDF or SVG "
            + "with Preserve Vector Data"
        } else if own.contains(where: { $0.scale == scale }) {
          why = "the \(shown) \(scale)x slot is empty"
        } else {
          why = "it has no \(shown) \(scale)x slot"
        }
        let fix =
          own.contains { $0.filename != nil && ($0.scale ?? 1) > scale }
          ? "; `icongrid derive --write` makes it" : ""
        add(.missingScale, contents, asset: asset.name, "\(kind) has no \(scale)x image: \(why)\(fix)")
      }
    }
  }
}
