import IconGridSupport

/// A width and height in points: an app icon slot's `size`, a vector image's page or
/// `viewBox` (1/72 inch; one SVG user unit), or pixels ÷ scale.
public struct PointSize: Sendable, Hashable, CustomStringConvertible {
  /// Width in points.
  public var width: Double
  /// Height in points.
  public var height: Double

  /// Creates a size.
  ///
  /// - Parameters:
  ///   - width: the width in points.
  ///   - height: the height in points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// `60x60`, `83.5x83.5`: the spelling of `Contents.json`.
  public var description: String { "\(ScaleText.format(width))x\(ScaleText.format(height))" }
}
