import AssetIndex
import Testing

/// The requirement model: the scales a target's devices draw its images at, and how sure.
@Suite("Scales a target's devices need")
struct DeviceRequirementTests {
  static func target(
    _ name: String = "App", product: String = "com.apple.product-type.application",
    platforms: Set<ApplePlatform>,
    iOS: String? = nil, families: Set<Int> = [], sdk: String? = nil
  ) -> XcodeTarget {
    var target = XcodeTarget(name: name, productType: product, platforms: platforms)
    if let iOS { target.deploymentTargets[.ios] = iOS }
    target.deviceFamilies = families
    target.sdkVersion = sdk
    return target
  }

  static func info(storyboard: Bool) -> AppInfo {
    var info = AppInfo()
    if storyboard { info.launchStoryboard = "LaunchScreen" }
    return info
  }

  static func scales(_ needs: [ScaleNeed]) -> [Int] { needs.map(\.scale) }

  @Test("a native iPhone and iPad app: 2x and 3x certain for iPhones, 2x for iPads")
  func modern() {
    let need = DeviceRequirement.of(
      Self.target(platforms: [.ios], iOS: "12.0", families: [1, 2]), info: Self.info(storyboard: true))
    #expect(Self.scales(need.scales(for: .iphone)) == [2, 3])
    #expect(need.scales(for: .iphone).allSatisfy { $0.certainty == .certain })
    #expect(Self.scales(need.scales(for: .ipad)) == [2])
    #expect(Self.scales(need.scales(for: nil)) == [2, 3])
    #expect(need.scales(for: .iphone)[1].reason.contains("launch screen"))
  }

  @Test("without a launch screen an app runs zoomed at 2x on 3x iPhones: no 3x")
  func zoomed() {
    let need = DeviceRequirement.of(
      Self.target(platforms: [.ios], iOS: "6.0", families: [1]), info: Self.info(storyboard: false))
    #expect(Self.scales(need.scales(for: .iphone)) == [1, 2])
    #expect(need.summary.contains("zoomed"))
  }

  @Test("an Info.plist the tree does not hold makes 3x likely, not certain")
  func unknownLaunchScreen() {
    let need = DeviceRequirement.of(Self.target(platforms: [.ios], iOS: "11.0", families: [1]), info: nil)
    let three = need.scales(for: .iphone).first { $0.scale == 3 }
    #expect(three?.certainty == .likely)
  }

  @Test("apps for iOS 14 or later, and extensions, are native whatever the tree shows")
  func alwaysNative() {
    let modern = DeviceRequirement.of(Self.target(platforms: [.ios], iOS: "16.0", families: [1]), info: nil)
    #expect(modern.scales(for: .iphone).first { $0.scale == 3 }?.certainty == .certain)
    let widget = DeviceRequirement.of(
      Self.target(
        product: "com.apple.product-type.app-extension", platforms: [.ios], iOS: "9.0", families: [1]),
      info: Self.info(storyboard: false))
    #expect(widget.scales(for: .iphone).first { $0.scale == 3 }?.certainty == .certain)
  }

  @Test("1x: iPhones up to iOS 6, iPads up to iOS 9; a versioned SDKROOT dates a project without a target")
  func oneX() {
    let pad = DeviceRequirement.of(Self.target(platforms: [.ios], iOS: "9.3", families: [2]), info: nil)
    #expect(Self.scales(pad.scales(for: .ipad)) == [1, 2])
    let newPad = DeviceRequirement.of(Self.target(platforms: [.ios], iOS: "10.0", families: [2]), info: nil)
    #expect(Self.scales(newPad.scales(for: .ipad)) == [2])
    let old = DeviceRequirement.of(
      Self.target(platforms: [.ios], sdk: "2.0"), info: Self.info(storyboard: false))
    #expect(old.iOSVersion == 2)
    #expect(Self.scales(old.scales(for: .iphone)) == [1, 2])
  }

  @Test("Macs and Apple TVs: 1x and 2x; watches and Vision Pro: 2x; no platform known: 2x, the default")
  func otherPlatforms() {
    #expect(
      Self.scales(DeviceRequirement.of(Self.target(platforms: [.macos]), info: nil).scales(for: .mac)) == [
        1, 2,
      ])
    #expect(
      Self.scales(DeviceRequirement.of(Self.target(platforms: [.tvos]), info: nil).scales(for: .tv)) == [
        1, 2,
      ])
    #expect(
      Self.scales(DeviceRequirement.of(Self.target(platforms: [.watchos]), info: nil).scales(for: .watch))
        == [2])
    let unknown = DeviceRequirement.of(Self.target(platforms: []), info: nil)
    #expect(unknown.devices.isEmpty)
    #expect(Self.scales(unknown.scales(for: nil)) == [2])
  }

  @Test("a higher scale's file serves a lower need; a 3x file serves nothing before iOS 8")
  func covers() {
    let modern = DeviceRequirement.of(Self.target(platforms: [.ios], iOS: "12.0", families: [1]), info: nil)
    let two = ScaleNeed(scale: 2, certainty: .certain, reason: "")
    #expect(modern.covers(two, files: [3]))
    #expect(!modern.covers(two, files: [1]))
    let old = DeviceRequirement.of(Self.target(platforms: [.ios], iOS: "7.0", families: [1]), info: nil)
    #expect(!old.covers(two, files: [3]))
  }

  @Test("two targets' needs together: every device, each scale at the higher certainty")
  func union() {
    let app = DeviceRequirement.of(Self.target(platforms: [.ios], iOS: "16.0", families: [1]), info: nil)
    let mac = DeviceRequirement.of(Self.target("Mac", platforms: [.macos]), info: nil)
    let both = app.union(mac)
    #expect(both.devices == [.iphone, .mac])
    #expect(Self.scales(both.scales(for: nil)) == [1, 2, 3])
  }
}
