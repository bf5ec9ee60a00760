import AssetIndex
import IconGridSupport

/// What a platform's rule is asked for: a screen's scale, and the platform details some
/// rules read.
public struct SelectionRequest: Sendable, Hashable, CustomStringConvertible {
  /// Pixels per point, logical pixel or dp: 2, 2.625, 3.5.
  public var scale: Double
  /// Android's screen density; by default the scale's (`scale × 160` dpi).
  public var density: AndroidDensity
  /// React Native: the platform being bundled (`ios` or `android`).
  public var platform: String
  /// React Native: whether this is an iOS release bundle, which keeps only some scales.
  public var releaseBundle: Bool
  /// Android: the device's API level; `nil` for the newest.
  public var apiLevel: Int?

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - scale: pixels per point (or logical pixel, or dp).
  ///   - density: Android's density; `nil` for the scale's.
  ///   - platform: React Native's platform, `ios` by default.
  ///   - releaseBundle: whether a React Native iOS release bundle is asked about.
  ///   - apiLevel: Android's API level; `nil` for the newest.
  public init(
    scale: Double, density: AndroidDensity? = nil, platform: String = "ios", releaseBundle: Bool = false,
    apiLevel: Int? = nil
  ) {
    self.scale = scale
    self.density = density ?? AndroidDensity.forScale(scale)
    self.platform = platform
    self.releaseBundle = releaseBundle
    self.apiLevel = apiLevel
  }

  /// Creates a request for an Android density.
  ///
  /// - Parameter density: the screen's density.
  public init(density: AndroidDensity) {
    self.init(scale: density.scale, density: density)
  }

  /// `2x`, or `2.625x (420dpi)` when the density is not the scale's.
  public var description: String { "\(ScaleText.format(scale))x" }
}
