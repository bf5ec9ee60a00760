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
    for set in sets where set.kind == .appIconSet || set.kind == .stickersIconSet {
      let role = roles[set.path] ?? .unknown
      for slot in set.slots where slot.filename != nil && slot.traits.luminosity == nil {
        let platform = AppIconPlatform(slot: slot.traits)
        let marketing = AppIconTable.isMarketing(slot.traits)
        switch role {
        case .primary, .unknown, .alternate, .configuration:
          if marketing, platform == .ios || platform == .watchos {
            files.insert(Paths.join(set.path, slot.filename!))
          }
          if platform == .watchos { files.insert(Paths.join(set.path, slot.filename!)) }
        case .watch:
          if platform == .watchos || platform == nil { files.insert(Paths.join(set.path, slot.filename!)) }
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
    let contents = Paths.join(set.path, "Contents.json")
    let kind = "app icon \"\(asset.name)\""
    switch role {
    case .unused, .extensionIcon:
      // Not built into any bundle, or an extension's icon (which Apple asks no sizes of):
      // only what is plainly wrong in it, its pixel sizes.
      break
    default:
      if !set.slots.contains(where: { $0.filename != nil }) {
        // Without a project, nothing says the set is any bundle's icon; a background-only app
        // (a login-item helper) shows none.
        let spaces = namespacesByAsset[RootCheck.key(of: asset)] ?? []
        let shipped = !spaces.allSatisfy { $0.target == nil }
        let hidden = !spaces.isEmpty && spaces.allSatisfy { $0.info?.isBackgroundOnly == true }
        add(
          .missingScale, contents, asset: asset.name,
          "\(kind) (\(role.phrase)) has no images: every slot is empty"
            + (shipped ? "" : "; no Xcode project in the tree says which app uses it")
            + (hidden
              ? "; its app is background-only (LSBackgroundOnly), so no Dock, menu or window shows it" : ""),
          severity: shipped && !hidden ? .error : .note)
      } else {
        requiredSlots(asset, set: set, role: role, contents: contents, kind: kind)
      }
    }
    var opaqueAlpha: [String] = []
    for slot in set.slots {
      guard let filename = slot.filename else { continue }
      let path = Paths.join(set.path, filename)
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
      // See-through means some pixel clearly so (alpha 200 or less: a fifth or more of the
      // background shows); edge pixels at 238 or a whole image at 254 are an alpha channel
      // that is all but opaque, and iOS's black fill under them does not show.
      if let translucent = fileFacts.translucentPixels, let lowest = fileFacts.minimumAlpha, lowest <= 200 {
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
            "\(what) is transparent (\(share)), which App Store Connect rejects (ITMS-90717)"
              + (watchSlot ? " in watch icons at every size" : "") + "; flatten it onto an opaque background"
              + RootCheck.configurationClause(role), severity: RootCheck.isConfiguration(role) ? .note : nil)
        }
      } else if header.colorType.hasAlpha || fileFacts.hasTransparencyChunk == true {
        opaqueAlpha.append(path)
      }
    }
    if let first = opaqueAlpha.first, !{ if case .alternate = role { true } else { false } }() {
      let files = opaqueAlpha.map { Paths.lastComponent(of: $0) }
      let list = files.count == 1 ? files[0] : "\(files[0]) and \(files.count - 1) more"
      add(
        .opaqueAlpha, first, asset: asset.name,
        "\(list) of \(role.phrase) \(files.count == 1 ? "has" : "have") an alpha channel, though every pixel "
          + "is opaque or nearly so (not transparent); App Store validation has refused icons with an alpha channel, so "
          + "save without it (pngcrush -c 2, or ImageMagick: magick in.png -alpha off out.png)"
          + RootCheck.configurationClause(role), severity: RootCheck.isConfiguration(role) ? .note : nil)
    }
  }

  /// The slots each platform's form requires, for the devices the targets that use the
  /// set ship to: iPhone and iPad slots as the device families say, 3x slots only where
  /// iPhones run the app natively, no slots of a platform no such target builds for, none of
  /// a platform an Icon Composer document of the same name covers.
  private mutating func requiredSlots(
    _ asset: Asset, set: CatalogSet, role: IconRole, contents: String, kind: String
  ) {
    let layout = AppIconTable.layout(of: set)
    let requirement = requirement(of: asset)
    let known = !requirement.devices.isEmpty
    // Without a project, a set serves the devices it has slots for (an iPhone-only app's
    // set has no iPad slots).
    let devices =
      known ? requirement.devices : Set(set.slots.compactMap { AppIconTable.spec(for: $0.traits)?.device })
    let shipped: Set<AppIconPlatform> =
      known ? RootCheck.platforms(of: requirement.devices) : Set(layout.platforms)
    let document = iconDocumentCovers(asset)
    // A set no project ties to the app (not named AppIcon) may be a fixture or a leftover.
    let sure: Severity = { if case .unknown = role { .note } else { .error } }()
    var reported: Set<String> = []
    for platform in layout.platforms where shipped.contains(platform) && !document {
      guard let form = layout.forms[platform] else { continue }
      for spec in AppIconTable.slots(for: platform, form: form) where spec.isRequired {
        if case .extensionIcon = role, spec.isMarketing { continue }
        if let device = spec.device, device == .iphone || device == .ipad, !devices.contains(device) {
          continue
        }
        var severity = sure
        if spec.scale == 3, platform == .ios {
          guard
            let need = requirement.needs[.iphone]?.first(where: { $0.scale == 3 })
              ?? (known ? nil : ScaleNeed(scale: 3, certainty: .certain, reason: ""))
          else { continue }
          if need.certainty < .certain { severity = min(severity, .warning) }
        }
        let matching = set.slots.filter { spec.matches($0.traits) }
        guard !matching.contains(where: { $0.filename != nil }) else { continue }
        reported.insert(spec.traits.description)
        let state = matching.isEmpty ? "has no \(spec.traits) slot" : "the \(spec.traits) slot is empty"
        add(
          .missingScale, contents, asset: asset.name,
          "\(kind) (\(role.phrase)) \(state); \(spec.usage) needs \(spec.pixelWidth)×\(spec.pixelHeight) px",
          severity: severity)
      }
    }
    // A slot the set has, left empty: an optional size of a device the app ships to.
    for slot in set.slots where slot.filename == nil && slot.traits.luminosity == nil && !document {
      guard let spec = AppIconTable.spec(for: slot.traits), !reported.contains(spec.traits.description),
        shipped.contains(spec.platform), spec.device.map({ devices.contains($0) }) ?? true
      else { continue }
      // An iOS 6 size matters only to an app that still runs on iOS 6.
      if let last = spec.lastIOSVersion, (requirement.iOSVersion ?? 99) > last { continue }
      if spec.scale == 3, spec.platform == .ios, iPhone3x(requirement) == nil { continue }
      add(
        .missingScale, contents, asset: asset.name,
        "\(kind) (\(role.phrase)): the \(slot.traits) slot is empty; \(spec.usage) then shows a scaled copy of "
          + "another size", severity: .warning)
    }
  }

  /// The need of 3x images on iPhones, if there is one.
  func iPhone3x(_ requirement: DeviceRequirement) -> ScaleNeed? {
    RootCheck.needs(of: .iphone, in: requirement)?.first { $0.scale == 3 }
  }

  /// Whether the set is a configuration's icon whose use the tree cannot tell.
  static func isConfiguration(_ role: IconRole) -> Bool {
    if case .configuration = role { return true }
    return false
  }

  /// What a finding on a configuration's icon adds: why it is only a note.
  static func configurationClause(_ role: IconRole) -> String {
    guard case .configuration(_, let setting) = role else { return "" }
    return
      " (a note: \(setting)'s variable is set in an .xcconfig the tree does not hold, so whether a shipped "
      + "build uses this set is not known)"
  }

  /// The icon platforms of devices.
  static func platforms(of devices: Set<Idiom>) -> Set<AppIconPlatform> {
    var platforms: Set<AppIconPlatform> = []
    for device in devices {
      switch device {
      case .iphone, .ipad, .car: platforms.insert(.ios)
      case .mac: platforms.insert(.macos)
      case .watch: platforms.insert(.watchos)
      case .tv: platforms.insert(.tvos)
      case .vision: platforms.insert(.visionos)
      }
    }
    return platforms
  }

  /// Whether an Icon Composer document of the set's name (`AppIcon.icon`) ships beside it:
  /// Xcode makes every size of the platforms it supports from the document.
  func iconDocumentCovers(_ asset: Asset) -> Bool {
    let name = asset.baseName + ".icon"
    let spaces = namespacesByAsset[RootCheck.key(of: asset)] ?? []
    return spaces.contains { space in
      space.target?.resources.contains { Paths.lastComponent(of: $0.path) == name } == true
        || space.catalogs.contains { catalog in
          sets.contains { $0.kind == .iconDocument && $0.path == Paths.join(catalog, name) }
        }
    }
      || sets.contains {
        $0.kind == .iconDocument && Paths.lastComponent(of: $0.path) == name && spaces.isEmpty
      }
  }
}
