import AssetIndex
import ImageCore

/// The variant a request resolved to, with the size its PNG header gives.
public struct ResolvedVariant: Sendable, Hashable {
  /// The asset's name in the catalog.
  public var name: String
  /// The chosen file.
  public var variant: Variant
  /// The scale the caller asked for.
  public var requestedScale: Int
  /// Width of the image in pixels.
  public var pixelWidth: Int
  /// Height of the image in pixels.
  public var pixelHeight: Int

  /// The scale the image is drawn at: the chosen file's, or the requested one for a
  /// scale-independent file (a Single Size icon or a vector image is drawn at any scale).
  public var scale: Int { variant.isScaleIndependent ? max(1, requestedScale) : variant.scale }
  /// Width in points: pixels ÷ the file's scale.
  public var pointWidth: Double { Double(pixelWidth) / Double(scale) }
  /// Height in points: pixels ÷ the file's scale.
  public var pointHeight: Double { Double(pixelHeight) / Double(scale) }
  /// The size in points.
  public var pointSize: PointSize { PointSize(width: pointWidth, height: pointHeight) }
  /// Whether the file's scale differs from the requested one (no exact variant exists);
  /// never for a scale-independent file.
  public var isFallback: Bool { !variant.isScaleIndependent && variant.scale != requestedScale }
}

/// A decoded image and the variant it came from.
public struct ResolvedImage: Sendable {
  /// The decoded pixels (8-bit straight RGBA, sRGB).
  public var bitmap: Bitmap
  /// Which file it is, its scale and its size in pixels and points.
  public var resolved: ResolvedVariant
}
