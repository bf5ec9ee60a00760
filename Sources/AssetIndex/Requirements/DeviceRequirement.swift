/// How sure a requirement is that a shipped device needs something: what separates an
/// error from a warning from a note.
public enum Certainty: Int, Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The context that would decide is missing (a setting in an `.xcconfig`, code that is not
  /// read): worth a note.
  case possible
  /// Very probably, but something that would say so for sure is not there: a warning.
  case likely
  /// A device the project ships to certainly draws it: an error when it is missing.
  case certain

  /// Whether `lhs` is less sure than `rhs`.
  public static func < (lhs: Certainty, rhs: Certainty) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `certain`, `likely` or `possible`.
  public var description: String {
    switch self {
    case .certain: "certain"
    case .likely: "likely"
    case .possible: "possible"
    }
  }
}

/// One scale an image needs, how sure that is, and why in words a message can quote.
public struct ScaleNeed: Sendable, Hashable {
  /// Pixels per point: 1, 2 or 3.
  public var scale: Int
  /// How sure it is that a device draws the image at this scale.
  public var certainty: Certainty
  /// Why, as a clause: "target Mail runs on iPhones with iOS 16, whose Plus and Pro Max
  /// models have 3x screens".
  public var reason: String

  /// Creates a need.
  ///
  /// - Parameters:
  ///   - scale: the scale.
  ///   - certainty: how sure.
  ///   - reason: why, as a clause.
  public init(scale: Int, certainty: Certainty, reason: String) {
    self.scale = scale
    self.certainty = certainty
    self.reason = reason
  }
}

/// The scales the devices of one name space draw its images at, from what its target
/// builds for: platforms, device families, deployment targets, and whether it runs natively
/// on 3x iPhones.
///
/// The rules, each from how the devices work:
/// - Every iPhone and iPad that runs iOS 7 or later, every Mac sold since 2016 with a
///   built-in display, every Apple TV 4K, Apple Watch and Vision Pro has a screen of 2x or
///   more: a 2x image is needed wherever those devices are.
/// - 3x screens are iPhones only (6 Plus and later Plus, X and later), from iOS 8. An app
///   runs at its native size there only with a launch storyboard, a `UILaunchScreen` or a
///   736-pt launch image; without one iOS runs it zoomed at scale 2, and it never loads a 3x
///   file. No iPad, Mac, TV or watch has a 3x screen.
/// - 1x screens: iPhones up to iOS 6, iPads up to iOS 9, Macs with external or older
///   displays, Apple TV HD. A file of a higher scale serves them, drawn smaller and sharp, so
///   a missing lower scale is never a missing image (see ``covers(_:files:)``).
///
/// ```swift
/// let need = DeviceRequirement.of(space)
/// need.scales(for: .iphone).map(\.scale)   // [2, 3]
/// ```
public struct DeviceRequirement: Sendable, Hashable {
  /// What images of each device need (`nil` key: universal images, which every device of the
  /// name space draws), each scale once, ascending.
  public var needs: [Idiom?: [ScaleNeed]]
  /// The device families the name space ships to, as far as it is known.
  public var devices: Set<Idiom>
  /// The deployment target of iOS, as a major version, when the project says.
  public var iOSVersion: Int?
  /// Why, in one line for the report's notes: "target Mail: iPhone and iPad on iOS 16".
  public var summary: String

  /// Creates a requirement.
  ///
  /// - Parameters:
  ///   - needs: the needs by device (`nil` for universal images).
  ///   - devices: the devices shipped to.
  ///   - iOSVersion: the iOS deployment target's major version, when known.
  ///   - summary: why, in one line.
  public init(
    needs: [Idiom?: [ScaleNeed]], devices: Set<Idiom>, iOSVersion: Int?, summary: String
  ) {
    self.needs = needs
    self.devices = devices
    self.iOSVersion = iOSVersion
    self.summary = summary
  }

  /// The scales images of `device` need; `nil` for universal images (the union over every
  /// device, each scale at the highest certainty any device gives it).
  ///
  /// - Parameter device: the images' device; `nil` for universal images.
  /// - Returns: the needs, ascending by scale.
  public func scales(for device: Idiom?) -> [ScaleNeed] {
    needs[device] ?? needs[nil] ?? []
  }

  /// Whether files of `files` scales serve a need: a file of the needed scale, or of a
  /// higher one (drawn smaller, and sharp). A 3x file serves nothing before iOS 8, whose
  /// `UIImage` does not know the `@3x` suffix.
  ///
  /// - Parameters:
  ///   - need: the scale needed.
  ///   - files: the scales there are files of.
  /// - Returns: whether some file serves it.
  public func covers(_ need: ScaleNeed, files: Set<Int>) -> Bool {
    files.contains { $0 >= need.scale && ($0 < 3 || iOSVersion.map { $0 >= 8 } ?? true) }
  }

  /// The same scales for every device, all certain: what `--require` asks for.
  ///
  /// - Parameters:
  ///   - scales: the scales.
  ///   - reason: why (`given with --require`).
  /// - Returns: the requirement.
  public static func given(_ scales: [Int], reason: String) -> DeviceRequirement {
    let needs = Array(Set(scales)).sorted().map { ScaleNeed(scale: $0, certainty: .certain, reason: reason) }
    // No iPad has a 3x screen: iPad images are held to the given scales up to 2x.
    return DeviceRequirement(
      needs: [nil: needs, .ipad: needs.filter { $0.scale <= 2 }], devices: [], iOSVersion: nil,
      summary: reason)
  }

  /// What a name space's devices need: from its target when a project describes one, else
  /// 2x (no device in use since 2010 but Apple TV HD and old Macs' external displays has a
  /// screen under 2x; 3x is not assumed without a project saying iPhone).
  ///
  /// - Parameter space: the name space.
  /// - Returns: the requirement.
  public static func of(_ space: AssetNamespace) -> DeviceRequirement {
    guard let target = space.target else {
      let reason =
        "no Xcode project says which devices run these images; every current Apple screen is 2x or more"
      var need = DeviceRequirement.given([2], reason: reason)
      need.summary = "the default (no project); --require changes it"
      return need
    }
    return of(target, info: space.info, id: space.id)
  }

  /// What a target's devices need.
  ///
  /// - Parameters:
  ///   - target: the target.
  ///   - info: its Info.plist, when read; it says whether the app runs natively on 3x iPhones.
  ///   - id: the name space's identifier for the target, which the reasons name; its name
  ///     when `nil` (a target of a name other projects' targets share has a longer id).
  /// - Returns: the requirement.
  public static func of(_ target: XcodeTarget, info: AppInfo?, id: String? = nil) -> DeviceRequirement {
    var platforms = target.platforms
    if target.supportsMacCatalyst { platforms.insert(.ios) }
    let iOS =
      version(target.deploymentTargets[.ios]) ?? (platforms.contains(.ios) ? version(target.sdkVersion) : nil)
    var devices: Set<Idiom> = []
    var needs: [Idiom: [ScaleNeed]] = [:]
    var why: [String] = []
    let name = "target \(id ?? target.name)"
    if platforms.contains(.ios) {
      let shown = iOS.map { "iOS \($0)" } ?? "iOS"
      // Xcode's templates write 1,2; a family read nowhere (an .xcconfig) is taken as iPhone.
      let families = target.deviceFamilies.isEmpty ? Set([1]) : target.deviceFamilies
      if families.contains(1) {
        devices.insert(.iphone)
        var iphone = [
          ScaleNeed(
            scale: 2, certainty: .certain, reason: "\(name) runs on iPhones, which have 2x or 3x screens")
        ]
        if let iOS, iOS < 7 {
          iphone.append(
            ScaleNeed(
              scale: 1, certainty: .certain,
              reason: "\(name) runs on \(shown), which the 1x iPhone 3GS and iPod touch (3rd generation) run")
          )
        }
        // An extension or a framework draws inside its host app, at the host's scale; only an
        // app's own launch screen decides whether it runs zoomed.
        // Since June 2020 the App Store takes iPhone apps only with a launch storyboard, so an
        // app for iOS 14 or later launches natively whatever the tree shows of its Info.plist.
        let native: Bool? =
          !target.isApplication || (iOS ?? 0) >= 14 ? true : info.map(\.launchesNatively)
        switch native {
        case true?:
          iphone.append(
            ScaleNeed(
              scale: 3, certainty: .certain,
              reason: (target.isApplication
                ? "\(name) runs natively (it has a launch screen)" : "\(name) draws in its host app")
                + " on iPhones with \(iOS.map { $0 >= 8 ? shown : "iOS 8" } ?? "iOS 8") or later, whose Plus, X and "
                + "Pro Max models have 3x screens"))
        case false?:
          why.append("iPhone on \(shown), zoomed at 2x on 3x iPhones (no launch screen)")
        case nil:
          iphone.append(
            ScaleNeed(
              scale: 3, certainty: .likely,
              reason:
                "\(name) runs on iPhones, whose Plus, X and Pro Max models have 3x screens; its Info.plist is "
                + "not in the tree, so whether it has a launch screen (without one iOS runs it zoomed at 2x) "
                + "is not known"))
        }
        needs[.iphone] = iphone
        if native != false { why.append("iPhone on \(shown)") }
      }
      if families.contains(2) {
        devices.insert(.ipad)
        needs[.ipad] = [
          ScaleNeed(
            scale: 2, certainty: .certain,
            reason: "\(name) runs on iPads, whose screens are 2x (no iPad is 3x)")
        ]
        if let iOS, iOS < 10 {
          needs[.ipad]!.append(
            ScaleNeed(
              scale: 1, certainty: .certain,
              reason: "\(name) runs on \(shown), which the 1x iPad 2 and iPad mini run"))
        }
        why.append("iPad on \(shown)")
      }
      if families.contains(6) || target.supportsMacCatalyst {
        devices.insert(.mac)
        needs[.mac] = [
          ScaleNeed(scale: 2, certainty: .certain, reason: "\(name) runs on Macs (Catalyst), which are 2x")
        ]
        why.append("Mac Catalyst")
      }
    }
    let others: [(ApplePlatform, Idiom, String)] = [
      (.macos, .mac, "\(name) runs on Macs, whose built-in displays are 2x"),
      (.watchos, .watch, "\(name) runs on Apple Watch, whose screens are 2x"),
      (.tvos, .tv, "\(name) runs on Apple TV, whose 4K models draw at 2x on a 4K television"),
      (.visionos, .vision, "\(name) runs on Apple Vision Pro, which draws at 2x"),
    ]
    for (platform, device, reason) in others where platforms.contains(platform) {
      devices.insert(device)
      // An Apple TV 4K draws 2x only on a 4K television; an HD one, and any on an HD set, 1x.
      needs[device] = [ScaleNeed(scale: 2, certainty: device == .tv ? .likely : .certain, reason: reason)]
      if device == .mac || device == .tv {
        let low = device == .mac ? "Macs with 1x displays" : "Apple TV HD"
        needs[device]!.append(
          ScaleNeed(scale: 1, certainty: .certain, reason: "\(name) runs on \(low), which draw at 1x"))
      }
      why.append(
        [ApplePlatform.macos: "macOS", .watchos: "watchOS", .tvos: "tvOS", .visionos: "visionOS"][platform]!)
    }
    guard !devices.isEmpty else {
      var need = DeviceRequirement.given(
        [2],
        reason:
          "\(name) sets its platforms outside the project file (an .xcconfig); every current Apple screen is 2x or more"
      )
      need.summary = "\(name): its platforms are set outside the project file; 2x, the default"
      return need
    }
    var all: [Idiom?: [ScaleNeed]] = [:]
    for (device, list) in needs { all[device] = list.sorted { $0.scale < $1.scale } }
    all[nil] = DeviceRequirement.strongest(Idiom.allCases.compactMap { needs[$0] }.joined())
    return DeviceRequirement(
      needs: all, devices: devices, iOSVersion: iOS, summary: "\(name): \(why.joined(separator: ", "))")
  }

  /// Both requirements at once (an image two targets ship, an app and its widget): every
  /// device of either, each scale at the higher certainty.
  ///
  /// - Parameter other: the other name space's requirement.
  /// - Returns: the union.
  public func union(_ other: DeviceRequirement) -> DeviceRequirement {
    if self == other { return self }
    var merged: [Idiom?: [ScaleNeed]] = [:]
    for key in Set(needs.keys).union(other.needs.keys) {
      merged[key] = DeviceRequirement.strongest((needs[key] ?? []) + (other.needs[key] ?? []))
    }
    let version = [iOSVersion, other.iOSVersion].compactMap { $0 }.min()
    return DeviceRequirement(
      needs: merged, devices: devices.union(other.devices), iOSVersion: version,
      summary: summary + "; " + other.summary)
  }

  /// Each scale once, at the highest certainty (the first reason of that certainty).
  static func strongest(_ needs: some Sequence<ScaleNeed>) -> [ScaleNeed] {
    var best: [Int: ScaleNeed] = [:]
    for need in needs where best[need.scale].map({ $0.certainty < need.certainty }) ?? true {
      best[need.scale] = need
    }
    return best.values.sorted { $0.scale < $1.scale }
  }

  /// `"15.0"` → 15.
  static func version(_ text: String?) -> Int? {
    text.flatMap { Int($0.split(separator: ".").first ?? "") }
  }
}
