import ImageCore

/// Resizes bitmaps in premultiplied alpha, and turns points into pixels.
///
/// Transparent pixels lend no colour to their neighbours (the work is done in premultiplied
/// alpha), so edges get no dark or coloured fringe. Averaging happens in sRGB by default, as
/// the vector rasterizers that draw icons composite, or in linear light on request.
///
/// ``ResampleOptions/Kernel/automatic`` picks the kernel by the shrink ratio `r` (the larger
/// of source ÷ destination along the two axes), from what `Scripts/bench derive` measured
/// against vector renders: ``ResampleOptions/Kernel/quadraticArea`` below a ratio of 2
/// (at 1.5×, 180 → 120 px, it scores about 1.5 dB above windowed sincs and 2.7 dB above
/// plain area), exact ``ResampleOptions/Kernel/area`` from 2 up (the two agree at whole
/// ratios; at 1024 → 120 plain area is 0.05 dB ahead).
/// Enlarging interpolates linearly.
///
/// Every function is pure: it reads only its arguments and allocates its own buffers, so any
/// number of threads may call them at once on the same or different images.
///
/// ```swift
/// let icon = try PNGDecoder.decode(contentsOf: "icon@3x.png")   // 180 × 180
/// let size = Resampler.pixels(points: 60, scale: 2)             // 120
/// let small = Resampler.resize(icon, width: size, height: size)
/// ```
public enum Resampler {
  /// Resizes a straight-alpha bitmap.
  ///
  /// - Parameters:
  ///   - image: the source, straight RGBA in sRGB, at least 1 × 1.
  ///   - width: the destination width in pixels, at least 1.
  ///   - height: the destination height in pixels, at least 1.
  ///   - options: the kernel and colour space; the automatic kernel in sRGB by default.
  /// - Returns: straight RGBA of `width × height`; the source itself when the size is unchanged.
  /// - Precondition: both sizes are positive; an empty image or size is a programmer error.
  /// - Complexity: O(source pixels × taps + destination pixels × taps), taps being the
  ///   kernel's width in source pixels (the ratio, plus 2 for the compensated area).
  public static func resize(
    _ image: Bitmap, width: Int, height: Int, options: ResampleOptions = .init()
  ) -> Bitmap {
    if width == image.width && height == image.height { return image }
    let values = filtered(image, width: width, height: height, options: options)
    return values.withUnsafeBufferPointer {
      store(straight: $0, width: width, height: height, options: options)
    }
  }

  /// Resizes a straight-alpha bitmap and returns it premultiplied, ready to composite.
  ///
  /// - Parameters:
  ///   - image: the source, straight RGBA in sRGB, at least 1 × 1.
  ///   - width: the destination width in pixels, at least 1.
  ///   - height: the destination height in pixels, at least 1.
  ///   - options: the kernel and colour space; the automatic kernel in sRGB by default.
  /// - Returns: premultiplied RGBA of `width × height`, in sRGB.
  /// - Precondition: both sizes are positive; an empty image or size is a programmer error.
  /// - Complexity: as ``resize(_:width:height:options:)``.
  public static func resizePremultiplied(
    _ image: Bitmap, width: Int, height: Int, options: ResampleOptions = .init()
  ) -> PremultipliedImage {
    if width == image.width && height == image.height { return PremultipliedImage(image) }
    let values = filtered(image, width: width, height: height, options: options)
    return values.withUnsafeBufferPointer {
      store(premultiplied: $0, width: width, height: height, options: options)
    }
  }

  /// The pixel length of `points` at `scale`, rounded as Apple's icon tables are: to the
  /// nearest pixel, halves up (83.5 pt @2x is 167 px, 43.5 pt @2x is 87 px).
  ///
  /// - Parameters:
  ///   - points: a length in points, not negative.
  ///   - scale: pixels per point (1, 2, 3 …), positive.
  /// - Returns: whole pixels, at least 0.
  public static func pixels(points: Double, scale: Double) -> Int {
    // Rounded to a millionth first, so 0.1 × 3 and friends land on the exact half or whole.
    let exact = ((points * scale) * 1e6).rounded() / 1e6
    return max(0, Int((exact + 0.5).rounded(.down)))
  }

  /// The kernel ``ResampleOptions/Kernel/automatic`` stands for at this shrink ratio.
  ///
  /// - Parameter ratio: source ÷ destination size, the larger of the two axes.
  /// - Returns: a kernel other than ``ResampleOptions/Kernel/automatic``.
  package static func automaticKernel(ratio: Double) -> ResampleOptions.Kernel {
    ratio < 2 ? .quadraticArea : .area
  }

  /// The kernel the taps are made for; `automatic` stands for ``automaticKernel(ratio:)``.
  static func resolved(_ kernel: ResampleOptions.Kernel, ratio: Double) -> ResolvedKernel {
    switch kernel == .automatic ? automaticKernel(ratio: ratio) : kernel {
    case .automatic, .area: .area
    case .compensatedArea(let strength): .compensated(strength)
    case .quadraticArea: .quadratic
    case .lanczos(let lobes): .lanczos(max(1, lobes))
    }
  }

  /// Premultiplied values after both passes, colour and alpha on a 0...255 scale.
  private static func filtered(
    _ image: Bitmap, width: Int, height: Int, options: ResampleOptions
  ) -> [SIMD4<Float>] {
    precondition(width > 0 && height > 0, "empty resample target")
    precondition(image.width > 0 && image.height > 0, "empty resample source")
    let ratio = max(Double(image.width) / Double(width), Double(image.height) / Double(height))
    let kernel = resolved(options.kernel, ratio: ratio)
    let across = AxisTaps(from: image.width, to: width, kernel: kernel)
    let down = AxisTaps(from: image.height, to: height, kernel: kernel)
    return passes(
      image, colorSpace: options.colorSpace, across: across, down: down, outWidth: width, outHeight: height)
  }
}
