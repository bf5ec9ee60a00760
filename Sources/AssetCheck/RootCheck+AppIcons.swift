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
  // MARK: - App icon sets: missing-scale, appicon-size, alpha

  /// The files whose transparency the alpha rules read, by role: the App Store image of the
  /// primary icon (and of a set no project explains), every watch icon, an alternate's App
  /// Store image. Dark and tinted appearances may be transparent, so they are left out.
  static func alphaFiles(sets: [CatalogSet], roles: [String: IconRole]) -> Set<String> {
    var files: Set<String> = []
    for set in sets where set.kind == .appIconSet {
      let role = roles[set.path] ?? .unknown
      for slot in set.slots where slot.filename != nil && slot.traits.luminosity == nil {
        let platform = AppIconPlatform(slot: slot.traits)
        let marketing = AppIconTable.isMarketing(slot.traits)
        switch role {
        case .primary, .unknown, .alternate:
          if marketing, platform == .ios || platform == .watchos {
            files.insert(join(set.path, slot.filename!))
          }
          if platform == .watchos { files.insert(join(set.path, slot.filename!)) }
        case .watch:
          if platform == .watchos || platform == nil { files.insert(join(set.path, slot.filename!)) }
        case .extensionIcon, .unused:
          break
        }
      }
    }
    return files
  }

  mutating func appIconRules(_ asset: Asset, set: CatalogSet?) {
    guard let set, set.isValid else { return }
    let role = iconRoles[set.path] ?? .unknown
    let contents = join(set.path, "Contents.json")
    let kind = "app icon \"\(asset.name)\""
    switch role {
    case .unused, .extensionIcon:
      // Not built into any bundle, or an extension's icon (which Apple asks no sizes of):
      // only what is plainly wrong in it, its pixel sizes.
      break
    default:
      if !set.slots.contains(where: { $0.filename != nil }) {
        add(
          .missingScale, contents, asset: asset.name,
          "\(kind) (\(role.phrase)) has no images: every slot is empty")
      } else {
        requiredSlots(asset, set: set, role: role, contents: contents, kind: kind)
      }
    }
    var opaqueAlpha: [String] = []
    for slot in set.slots {
      guard let filename = slot.filename else { continue }
      let path = join(set.path, filename)
      guard let fileFacts = facts[path], let header = fileFacts.header else { continue }
      if let (width, height) = AppIconTable.pixelSize(of: slot.traits),
        header.width != width || header.height != height
      {
        add(
          .appIconSize, path, asset: asset.name,
          "is \(header.width)×\(header.height) px; the \(slot.traits) slot needs \(width)×\(height) px")
      }
      guard alphaFiles.contains(path) else { continue }
      let watchSlot =
        AppIconPlatform(slot: slot.traits) == .watchos || { if case .watch = role { true } else { false } }()
      let what =
        watchSlot ? "\(role.phrase) (\(slot.traits))" : "the App Store image of \(role.phrase)"
      // See-through means some pixel at most half opaque; edge pixels at 238 or a whole
      // image at 254 are an alpha channel that is all but opaque, not transparency.
      if let translucent = fileFacts.translucentPixels, let lowest = fileFacts.minimumAlpha, lowest < 128 {
        let share =
          "\(translucent) of \(header.width * header.height) pixels are not opaque, the lowest alpha \(lowest)"
        if case .alternate = role, !watchSlot {
          add(
            .iconTransparency, path, asset: asset.name,
            "\(what) is transparent (\(share)); iOS draws transparent pixels of an icon black, so flatten "
              + "it onto its background")
        } else {
          add(
            .marketingAlpha, path, asset: asset.name,
            "\(what) is transparent (\(share)), which App Store Connect rejects"
              + (watchSlot ? " in watch icons at every size" : "") + "; flatten it onto an opaque background")
        }
      } else if header.colorType.hasAlpha || fileFacts.hasTransparencyChunk == true {
        opaqueAlpha.append(path)
      }
    }
    if let first = opaqueAlpha.first, !{ if case .alternate = role { true } else { false } }() {
      let files = opaqueAlpha.map(lastComponent)
      let list = files.count == 1 ? files[0] : "\(files[0]) and \(files.count - 1) more"
      add(
        .opaqueAlpha, first, asset: asset.name,
        "\(list) of \(role.phrase) \(files.count == 1 ? "has" : "have") an alpha channel, though every pixel "
          + "is opaque or nearly so (not transparent); App Store validation has refused icons with an alpha channel, so "
          + "save without it (pngcrush -c 2, or ImageMagick: magick in.png -alpha off out.png)")
    }
  }

  /// The slots each platform's form requires, for the devices the target supports.
  private mutating func requiredSlots(
    _ asset: Asset, set: CatalogSet, role: IconRole, contents: String, kind: String
  ) {
    let layout = AppIconTable.layout(of: set)
    let families =
      namespaces.first { $0.assets.contains { $0.location == set.path } }?.target?.deviceFamilies ?? []
    // Without a project, a set serves the devices it has slots for (an iPhone-only app's
    // set has no iPad slots).
    let devices = Set(set.slots.compactMap { AppIconTable.spec(for: $0.traits)?.device })
    var reported: Set<String> = []
    for platform in layout.platforms {
      guard let form = layout.forms[platform] else { continue }
      for spec in AppIconTable.slots(for: platform, form: form) where spec.isRequired {
        if case .extensionIcon = role, spec.isMarketing { continue }
        if let device = spec.device, device == .iphone || device == .ipad {
          let wanted =
            families.isEmpty ? devices.contains(device) : families.contains(device == .iphone ? 1 : 2)
          if !wanted { continue }
        }
        let matching = set.slots.filter { spec.matches($0.traits) }
        guard !matching.contains(where: { $0.filename != nil }) else { continue }
        reported.insert(spec.traits.description)
        let state = matching.isEmpty ? "has no \(spec.traits) slot" : "the \(spec.traits) slot is empty"
        add(
          .missingScale, contents, asset: asset.name,
          "\(kind) (\(role.phrase)) \(state); \(spec.usage) needs \(spec.pixelWidth)×\(spec.pixelHeight) px")
      }
    }
    // A slot the set has, left empty, at a scale the project requires.
    for slot in set.slots where slot.filename == nil && slot.traits.luminosity == nil {
      guard let scale = slot.scale, !reported.contains(slot.traits.description) else { continue }
      let device = AppIconTable.spec(for: slot.traits)?.device
      guard device == .iphone || device == .ipad || device == nil,
        required(for: device == .ipad ? .ipad : nil, of: asset).contains(scale)
      else { continue }
      add(
        .missingScale, contents, asset: asset.name,
        "\(kind) (\(role.phrase)): the \(slot.traits) slot is empty")
    }
  }
}
