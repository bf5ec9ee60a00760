import AssetIndex

/// A scale an asset's devices need and its files lack: what `missing-scale` reports and
/// `icongrid derive` makes.
public struct ScaleGap: Sendable, Hashable {
  /// The asset.
  public var asset: Asset
  /// The scale needed, how sure, and why.
  public var need: ScaleNeed
  /// For loose files, the idiom of the files the gap is in (`nil`: generic files).
  public var idiom: Idiom?
  /// For an image set, the traits of the slot group the gap is in, without a scale; `nil`
  /// for loose files.
  public var traits: SlotTraits?
  /// The group's own files: what a derived file is made from.
  public var sources: [Variant]
  /// The scale of the file a device draws instead, scaled down, when there is one (a 2x
  /// screen shown a 3x file): no device is short of an image, so the check reports nothing,
  /// but `derive` can make the file.
  public var servedBy: Int?
}

extension RootCheck {
  /// The device a catalog slot group is for: `nil` for universal images of iOS or of
  /// every platform.
  static func device(ofSlot traits: SlotTraits) -> Idiom? {
    switch traits.idiom ?? "universal" {
    case "universal":
      switch traits.platform {
      case "macos": .mac
      case "watchos": .watch
      case "tvos": .tv
      case "xros", "visionos": .vision
      default: nil
      }
    case "iphone": .iphone
    case "ipad": .ipad
    case "mac": .mac
    case "watch": .watch
    case "tv": .tv
    case "vision", "reality": .vision
    case "car": .car
    default: .iphone
    }
  }

  /// The needs of `device`'s images under `requirement`: its own, or, when the project
  /// does not say which devices it ships to, the universal ones; `nil` when the name space
  /// ships to no such device (a watch slot left in an iPhone app's set).
  static func needs(of device: Idiom?, in requirement: DeviceRequirement) -> [ScaleNeed]? {
    guard let device else { return requirement.scales(for: nil) }
    if let own = requirement.needs[device] { return own }
    if requirement.devices.isEmpty { return requirement.scales(for: nil) }
    // CarPlay draws an iPhone app's images at the iPhone's scales.
    if device == .car, let iphone = requirement.needs[.iphone] { return iphone }
    return nil
  }

  /// The gaps of one group of files: each need that no file of its scale serves.
  func gaps(
    of asset: Asset, device: Idiom?, files: Set<Int>, idiom: Idiom? = nil, traits: SlotTraits? = nil,
    sources: [Variant]
  ) -> [ScaleGap] {
    let requirement = requirement(of: asset)
    guard let needs = RootCheck.needs(of: device, in: requirement) else { return [] }
    return needs.filter { !files.contains($0.scale) }.map { need in
      let higher = files.filter { $0 > need.scale && requirement.covers(need, files: [$0]) }.min()
      return ScaleGap(
        asset: asset, need: need, idiom: idiom, traits: traits, sources: sources, servedBy: higher)
    }
  }

  /// How much a gap matters for an image of `role`: by the need's certainty for a UI
  /// image, a note at most for game art; `nil` for a gap a file of a higher scale serves.
  static func severity(of gap: ScaleGap, role: AssetRole) -> Severity? {
    guard gap.servedBy == nil else { return nil }
    switch role {
    case .gameArt, .large, .symbolFallback: return .note
    default: break
    }
    switch gap.need.certainty {
    case .certain: return .error
    case .likely: return .warning
    case .possible: return .note
    }
  }

  /// What a message adds for the role: why game art is only a note.
  static func roleClause(_ role: AssetRole) -> String {
    switch role {
    case .gameArt(let why): return "; it is \(why)"
    case .large(let side):
      return
        "; a note, as a single \(side)-px image is likely drawn resized (in a frame its code or storyboard "
        + "sets): only if it is drawn at \(side) pt does a denser screen upscale it"
    case .symbolFallback:
      return
        "; a note, as a storyboard draws this name as the system's SF Symbol (catalog=\"system\"): the set is "
        + "only the fallback before iOS 13 and macOS 11, at the size the storyboard gives it"
    default: return ""
    }
  }
}
