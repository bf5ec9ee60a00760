/// The size a vector image is rendered at; raster images keep their own pixels.
public enum RenderSize: Sendable, Hashable, CustomStringConvertible {
  /// The image's own size in points × the scale (pixels per point): `.scale(2)` renders a
  /// 20 × 20 pt PDF as 40 × 40 pixels.
  case scale(Double)
  /// Exactly this many pixels wide and high, whatever the image's point size.
  case pixels(width: Int, height: Int)

  /// `@2x` or `40×40 px`.
  public var description: String {
    switch self {
    case .scale(let scale):
      "@\(scale == scale.rounded() ? String(Int(scale)) : String(scale))x"
    case .pixels(let width, let height): "\(width)×\(height) px"
    }
  }
}
