/// How ``Resampler`` resizes: the filter, and the colour space it averages in.
///
/// ```swift
/// let sharp = ResampleOptions(kernel: .lanczos(lobes: 3))
/// let physical = ResampleOptions(colorSpace: .linear)
/// ```
public struct ResampleOptions: Sendable, Hashable {
  /// The filter that weighs source pixels into one destination pixel.
  public enum Kernel: Sendable, Hashable {
    /// The kernel the quality benchmark (`Scripts/bench derive`) found best for the ratio:
    /// see ``Resampler`` for the rule.
    case automatic
    /// Exact area coverage: every source pixel the destination pixel covers, weighted by
    /// the area covered. No ringing and no aliasing; enlarging interpolates linearly.
    case area
    /// Area coverage that undoes the blur of the source's own pixels: each source pixel is
    /// first sharpened by the three-tap filter `[-s, 1 + 2s, -s]` along each axis, then
    /// areas are averaged. `s = 1 ÷ 24` cancels the variance a pixel's box adds; 0 is
    /// ``area``.
    case compensatedArea(strength: Double)
    /// Exact area coverage of a smooth reconstruction of the source: inside each source
    /// pixel, the parabola through its own and its two neighbours' means (keeping each
    /// pixel's mean). A destination pixel that covers whole source pixels reads exactly
    /// their mean, as ``area`` does; one whose edge cuts a source pixel reads the part of
    /// the parabola it covers, instead of a flat share. Enlarging interpolates linearly.
    case quadraticArea
    /// A sinc windowed by a wider sinc (Lanczos) with `lobes` lobes each side, stretched by
    /// the ratio when shrinking; 2 or 3 are usual.
    case lanczos(lobes: Int)
  }

  /// The space in which pixels are averaged.
  public enum ColorSpace: Sendable, Hashable {
    /// The encoded sRGB values, as browsers, Core Graphics by default and the rasterizers
    /// that draw icons composite them.
    case sRGB
    /// Light-linear values (decoded from sRGB and encoded back): physically right for
    /// photographs, but thin lines and small text come out lighter than their vector render.
    case linear
  }

  /// The filter; ``Kernel/automatic`` by default.
  public var kernel: Kernel
  /// The averaging space; ``ColorSpace/sRGB`` by default.
  public var colorSpace: ColorSpace

  /// Options for ``Resampler``.
  ///
  /// - Parameters:
  ///   - kernel: the filter; ``Kernel/automatic`` by default.
  ///   - colorSpace: the space pixels are averaged in; ``ColorSpace/sRGB`` by default.
  public init(kernel: Kernel = .automatic, colorSpace: ColorSpace = .sRGB) {
    self.kernel = kernel
    self.colorSpace = colorSpace
  }
}
