import AssetResolver
import IconGridSupport
import PNGCodec

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
    let vectorOnly = !files.isEmpty && files.allSatisfy { [".pdf", ".svg"].contains(fileExtension($0)) }
    if !slots.isEmpty, !vectorOnly {
      if files.isEmpty {
        add(.missingScale, contents, asset: asset.name, "\(kind) has no images: every slot is empty")
      } else {
        for idiom in ["universal", "iphone", "ipad"] {
          let own = slots.filter { idiomName($0) == idiom }
          guard own.contains(where: { $0.filename != nil }) else { continue }
          let covered = Set(
            slots.filter { $0.filename != nil && (idiomName($0) == idiom || idiomName($0) == "universal") }
              .map { $0.scale ?? 1 })
          for scale in required(for: Idiom(rawValue: idiom), of: asset) where !covered.contains(scale) {
            let why: String
            if own.allSatisfy({ $0.scale == nil }) {
              why =
                "its only \(idiom) image is single-scale; add @1x/@2x/@3x images or use a PDF or SVG "
                + "with Preserve Vector Data"
            } else if own.contains(where: { $0.scale == scale }) {
              why = "the \(idiom) \(scale)x slot is empty"
            } else {
              why = "it has no \(idiom) \(scale)x slot"
            }
            add(.missingScale, contents, asset: asset.name, "\(kind) has no \(scale)x image: \(why)")
          }
        }
      }
    }
    let variants = asset.variants.filter { $0.isSelectable && isPNGName($0.path) }
    for idiom in [nil] + Idiom.allCases.map(Optional.some) {
      sizeRule(asset, variants.filter { $0.idiom == idiom })
    }
  }

}
