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
    switch set.kind {
    case .launchImage:
      launchImageSetRules(asset, set: set)
      return
    case .sticker, .stickerSequence:
      // One file each, shown at its pixel size: no scale variants to ask for.
      return
    default: break
    }
    let contents = Paths.join(set.path, "Contents.json")
    let kind = "image set \"\(asset.name)\""
    let layer = set.path.split(separator: "/").contains {
      $0.hasSuffix(".imagestack") || $0.hasSuffix(".solidimagestack")
    }
    // A layer of an image stack is part of one icon: an emptied layer (a stack of two) is
    // no gap, and the App Store stack (1280 × 768 pt) is drawn at 1x only.
    if layer, set.slots.allSatisfy({ $0.filename == nil }) { return }
    if layer,
      asset.variants.contains(where: {
        facts[$0.path]?.header.map { $0.width == 1280 && $0.height == 768 } ?? false
      })
    {
      return
    }
    if set.slots.isEmpty {
      add(.missingScale, contents, asset: asset.name, "\(kind) has no image slots")
      return
    }
    let files = set.slots.compactMap(\.filename)
    // Vector images are drawn at every scale; a set whose images all lack a scale is a
    // deliberate "Single Scale" set (Xcode's setting), drawn however the app sizes it.
    let vectorOnly =
      !files.isEmpty && files.allSatisfy { ["pdf", "svg"].contains(Paths.fileExtension(of: $0)) }
    let singleScale = set.slots.allSatisfy { $0.filename == nil || $0.scale == nil }
    let filled = asset.variants.filter { $0.isSelectable }
    let role = role(ofSet: asset, set: set, files: filled)
    if files.isEmpty {
      // A layer of a stack or a Game Center image is judged with its container; a plain
      // empty set gives nil to whatever asks for it, which only the code says it does.
      if set.container == nil {
        add(
          .missingScale, contents, asset: asset.name,
          "\(kind) has no images: every slot is empty, so a request for it gets no image", severity: .warning)
      }
    } else if case .master = role {
      // A master drawn resized, as a loose one is: listed as not checked.
      masterSets.insert(set.path)
    } else if !vectorOnly, !singleScale, role.hasScaleFamily {
      for gap in setGaps(asset, slots: set.slots) {
        reportGap(gap, role: role, asset: asset, contents: contents, kind: kind)
      }
    }
    if role.hasScaleFamily {
      let variants = filled.filter { RootCheck.isPNGName($0.path) }
      var groups: [SlotTraits: [Variant]] = [:]
      for variant in variants { groups[RootCheck.group(variant.traits), default: []].append(variant) }
      for key in groups.keys.sorted(by: { $0.description < $1.description }) {
        sizeRule(asset, groups[key]!, traits: key)
      }
    }
  }

  /// The gaps of an image set: within each trait group that has an image, the needs of its
  /// device that no filled slot of the group (or, for an idiom's group, of the universal
  /// group of the same traits) serves.
  func setGaps(_ asset: Asset, slots: [CatalogSlot]) -> [ScaleGap] {
    var groups: [SlotTraits: [CatalogSlot]] = [:]
    for slot in slots { groups[RootCheck.group(slot.traits), default: []].append(slot) }
    var result: [ScaleGap] = []
    for key in groups.keys.sorted(by: { $0.description < $1.description }) {
      let own = groups[key]!
      guard own.contains(where: { $0.filename != nil }) else { continue }
      var universal = key
      universal.idiom = "universal"
      universal.platform = nil
      let serving = own + (key.idiom == "universal" ? [] : groups[universal] ?? [])
      let scales = Set(serving.filter { $0.filename != nil }.map { $0.scale ?? 1 })
      let sources = asset.variants.filter { RootCheck.group($0.traits) == key && $0.isSelectable }
      result += gaps(
        of: asset, device: RootCheck.device(ofSlot: key), files: scales, traits: key, sources: sources)
    }
    return result
  }

  /// A `missing-scale` finding for a set's gap, saying which slot and why the scale is needed.
  private mutating func reportGap(
    _ gap: ScaleGap, role: AssetRole, asset: Asset, contents: String, kind: String
  ) {
    guard let severity = RootCheck.severity(of: gap, role: role), let key = gap.traits else { return }
    let scale = gap.need.scale
    let shown = key.description
    let slots = (setsByPath[asset.location]?.slots ?? []).filter { RootCheck.group($0.traits) == key }
    let why: String
    if slots.allSatisfy({ $0.scale == nil }) {
      why =
        "its only \(shown) image is single-scale; add @1x/@2x/@3x images or use a PDF or SVG with Preserve Vector Data"
    } else if slots.contains(where: { $0.scale == scale }) {
      why = "the \(shown) \(scale)x slot is empty"
    } else {
      why = "it has no \(shown) \(scale)x slot"
    }
    add(
      .missingScale, contents, asset: asset.name,
      "\(kind) has no \(scale)x image: \(why) (\(gap.need.reason))" + RootCheck.roleClause(role),
      severity: severity)
  }
}
