import IconGridSupport

/// How much two images may differ and still count as the same: rounding of a re-export is
/// not a change, a one-pixel edit is.
///
/// A pixel differs when one of its premultiplied RGBA channels moves by more than
/// ``channelTolerance`` levels (of 255); fully transparent pixels are equal whatever their
/// colour. Images of different pixel sizes always differ.
public enum DiffThreshold: Sendable, Hashable, CustomStringConvertible {
  /// Changed when more than this many pixels differ. The default is 0: one pixel counts.
  case pixels(Int)
  /// Changed when more than this fraction of the pixels differ (0.005 is 0.5%).
  case fraction(Double)
  /// Changed when the mean colour difference (CIE76 ΔE over every pixel, each composited
  /// over white and over black, the larger taken) exceeds this.
  case meanDeltaE(Double)

  /// No pixel may differ: a lossless re-encode is no change, a one-pixel edit is.
  public static let `default` = DiffThreshold.pixels(0)

  /// Levels (of 255) a premultiplied channel may move before its pixel differs: rounding
  /// in an encoder or a renderer moves channels by one or two.
  public static let channelTolerance = 2

  /// Parses `12`, `12px`, `0.5%` or `1.5de`.
  ///
  /// - Parameter text: a count of pixels, a percentage of them, or a mean ΔE.
  /// - Returns: the threshold, or `nil` for text of another form or a negative value.
  public init?(parsing text: String) {
    let lower = text.lowercased()
    func number(dropping suffix: String) -> Double? {
      guard let value = Double(lower.dropLast(suffix.count)), value >= 0, value.isFinite else { return nil }
      return value
    }
    if lower.hasSuffix("%") {
      guard let value = number(dropping: "%"), value <= 100 else { return nil }
      self = .fraction(value / 100)
    } else if lower.hasSuffix("de") {
      guard let value = number(dropping: "de") else { return nil }
      self = .meanDeltaE(value)
    } else {
      let digits = lower.hasSuffix("px") ? String(lower.dropLast(2)) : lower
      guard let value = Int(digits), value >= 0 else { return nil }
      self = .pixels(value)
    }
  }

  /// `0px`, `0.5%`, `1.5dE`: as ``init(parsing:)`` reads it.
  public var description: String {
    switch self {
    case .pixels(let count): "\(count)px"
    case .fraction(let value): "\(ScaleText.format(value * 100))%"
    case .meanDeltaE(let value): "\(ScaleText.format(value))dE"
    }
  }

  /// Whether `difference` is beyond this threshold.
  ///
  /// - Parameter difference: what the comparison of two images measured.
  /// - Returns: `true` when the images count as changed.
  public func isExceeded(by difference: PixelDifference) -> Bool {
    if difference.sizeChanged { return true }
    switch self {
    case .pixels(let count): return difference.differingPixels > count
    case .fraction(let value):
      return Double(difference.differingPixels) > value * Double(max(1, difference.totalPixels))
    case .meanDeltaE(let value): return difference.meanDeltaE > value
    }
  }
}
