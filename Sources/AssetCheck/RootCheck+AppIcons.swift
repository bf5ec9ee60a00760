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
  // MARK: - App icon sets

  /// The App Store icon's slot: `ios-marketing`, or a single-size universal 1024-pt icon. Dark
  /// and tinted appearances may be transparent, so only the default appearance counts.
  static func isMarketing(_ slot: CatalogSlot) -> Bool {
    guard slot.appearances.isEmpty, slot.filename != nil else { return false }
    switch slot.idiom {
    case "ios-marketing", "watch-marketing": return true
    case nil, "universal":
      guard let size = slot.size, slot.platform == nil || slot.platform == "ios" else { return false }
      return size.width * Double(slot.scale ?? 1) == 1024
    default: return false
    }
  }

  mutating func appIconRules(_ asset: Asset, set: CatalogSet?) {
    guard let set, set.isValid else { return }
    let contents = join(set.path, "Contents.json")
    let kind = "app icon \"\(asset.name)\""
    var groups: [String: [CatalogSlot]] = [:]
    var order: [String] = []
    for slot in set.slots where isIOS(slot) && slot.scale != nil && slot.size != nil {
      let key = "\(idiomName(slot)) \(slot.size!)"
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(slot)
    }
    for key in order {
      let slots = groups[key]!
      for scale in required(for: Idiom(rawValue: idiomName(slots[0])), of: asset) {
        guard slots.contains(where: { $0.scale == scale }),
          !slots.contains(where: { $0.scale == scale && $0.filename != nil })
        else { continue }
        add(.missingScale, contents, asset: asset.name, "\(kind): the \(key) @\(scale)x slot is empty")
      }
    }
    for variant in asset.variants {
      guard let size = variant.size, let fileFacts = facts[variant.path], let header = fileFacts.header
      else { continue }
      let slot = "the \(variant.catalogIdiom ?? "universal") \(size) @\(variant.scale)x slot"
      let width = size.width * Double(variant.scale)
      let height = size.height * Double(variant.scale)
      if Double(header.width) != width || Double(header.height) != height {
        add(
          .appIconSize, variant.path, asset: asset.name,
          "is \(header.width)×\(header.height) px; \(slot) needs \(number(width))×\(number(height)) px")
      }
      if marketingFiles.contains(variant.path) {
        if header.colorType.hasAlpha {
          add(
            .marketingAlpha, variant.path, asset: asset.name,
            "the App Store icon has an alpha channel (colour type \(header.colorType)), which App Store "
              + "Connect rejects; save it without alpha on an opaque background")
        } else if fileFacts.hasTransparencyChunk == true {
          add(
            .marketingAlpha, variant.path, asset: asset.name,
            "the App Store icon has transparency (a tRNS chunk), which App Store Connect rejects; "
              + "save it without transparency")
        }
      }
    }
  }

}
