import ImageCore

/// How ``AssetDiffer`` compares two trees.
public struct DiffOptions: Sendable, Hashable {
  /// The sheet's scale (1, 2 or 3): the file an added, removed or renamed variant is shown
  /// and matched by, and the scale a vector serving every scale is rendered at.
  public var scale: Int
  /// How much pixels may differ before a file counts as changed.
  public var threshold: DiffThreshold
  /// The side of the box previews are fitted into, in pixels (the sheet's icon box times
  /// its scale); 0 makes no previews.
  public var previewPixels: Int
  /// The limits each file is read and decoded within, and, through
  /// ``ImageCore/DecodingLimits/isolation``, whether PDF and SVG renders and HEIC and AVIF
  /// decodes run in a child process with its own CPU, memory and wall-clock limits.
  /// ``ImageCore/DecodingLimits/default`` (in process) unless set.
  public var limits: DecodingLimits = .default

  /// Creates options.
  ///
  /// - Parameters:
  ///   - scale: the sheet's scale, 1 to 3.
  ///   - threshold: how much pixels may differ.
  ///   - previewPixels: the preview box in pixels; 0 for none.
  public init(scale: Int = 2, threshold: DiffThreshold = .default, previewPixels: Int = 120) {
    self.scale = max(1, min(3, scale))
    self.threshold = threshold
    self.previewPixels = max(0, previewPixels)
  }
}
