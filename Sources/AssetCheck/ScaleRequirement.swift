/// The scales a name space's images must have, and why: what `missing-scale` holds them to.
///
/// From a project, the requirement follows the devices the target can run on: an iOS app
/// for iOS 10 or later runs on no 1x iPhone or iPad, needs @3x for the iPhones that have
/// it and @2x for the rest; a Mac app needs @1x and @2x (Macs with 1x displays are still
/// supported); watchOS and visionOS are 2x only; tvOS is 1x (HD) and 2x (4K). Without a
/// project, or with `--require`, the scales given apply everywhere.
public struct ScaleRequirement: Sendable, Hashable {
  /// Scales required of images for every device (universal images, iPhone images).
  public var scales: [Int]
  /// Scales required of iPad-specific images (no iPad has a 3x screen).
  public var iPadScales: [Int]
  /// Why: "given with --require", "default", or the target's platforms and deployment targets.
  public var reason: String

  /// Creates a requirement; the scales are sorted and deduplicated.
  ///
  /// - Parameters:
  ///   - scales: scales required of universal and iPhone images.
  ///   - iPadScales: scales required of iPad images; by default `scales` up to 2.
  ///   - reason: why, in words the summary prints.
  public init(scales: [Int], iPadScales: [Int]? = nil, reason: String) {
    self.scales = Array(Set(scales)).sorted()
    self.iPadScales = Array(Set(iPadScales ?? scales.filter { $0 <= 2 })).sorted()
    self.reason = reason
  }

  /// The scales for images of `idiom` (`nil`: universal).
  func scales(forIPad isIPad: Bool) -> [Int] { isIPad ? iPadScales : scales }

  /// What a target needs, from its platforms, deployment targets and device families.
  ///
  /// - Parameters:
  ///   - target: the target's name, for the reason.
  ///   - platforms: `ios`, `macos`, `watchos`, `tvos`, `visionos`.
  ///   - deploymentTargets: platform to version (`"15.0"`); a missing one counts as recent.
  ///   - deviceFamilies: `TARGETED_DEVICE_FAMILY` (1 iPhone, 2 iPad); empty means iPhone.
  /// - Returns: the requirement, or `nil` when no platform is known.
  public static func forTarget(
    _ target: String, platforms: Set<String>, deploymentTargets: [String: String], deviceFamilies: Set<Int>
  ) -> ScaleRequirement? {
    var scales: Set<Int> = []
    var iPad: Set<Int> = []
    var why: [String] = []
    func major(_ platform: String) -> Int? {
      deploymentTargets[platform].flatMap { Int($0.split(separator: ".").first ?? "") }
    }
    if platforms.contains("ios") {
      let version = major("ios")
      let families = deviceFamilies.isEmpty ? [1] : deviceFamilies
      let shown = version.map { "iOS \($0)" } ?? "iOS"
      if families.contains(1) {
        // The last 1x iPhone (3GS) ran iOS 6; @3x iPhones came with iOS 8.
        scales.formUnion(version.map { $0 < 7 } == true ? [1, 2, 3] : [2, 3])
        why.append("iPhone on \(shown)")
      }
      if families.contains(2) {
        // The last 1x iPads (iPad 2, iPad mini) ran iOS 9.
        let needed: Set<Int> = version.map { $0 < 10 } == true ? [1, 2] : [2]
        iPad.formUnion(needed)
        if !families.contains(1) { scales.formUnion(needed) }
        why.append("iPad on \(shown)")
      }
    }
    if platforms.contains("macos") {
      scales.formUnion([1, 2])
      why.append("macOS")
    }
    if platforms.contains("watchos") {
      scales.insert(2)
      why.append("watchOS")
    }
    if platforms.contains("tvos") {
      scales.formUnion([1, 2])
      why.append("tvOS")
    }
    if platforms.contains("visionos") {
      scales.insert(2)
      why.append("visionOS")
    }
    guard !scales.isEmpty else { return nil }
    if iPad.isEmpty { iPad = scales.filter { $0 <= 2 } }
    return ScaleRequirement(
      scales: Array(scales), iPadScales: Array(iPad),
      reason: "target \(target): \(why.joined(separator: ", "))")
  }

  /// `2x, 3x`.
  var scalesText: String { scales.map { "\($0)x" }.joined(separator: ", ") }
}
