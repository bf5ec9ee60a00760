import CLcms2

/// Conversion of pixels described by an embedded ICC profile to sRGB, through lcms2.
///
/// Each call creates and frees its own profiles and transform on lcms2's default context,
/// which holds no state a call changes, so calls on different threads are independent.
/// A profile lcms2 cannot read, or one for another colour space than the pixels', is
/// ignored and the pixels are taken as sRGB, as browsers do: a broken profile should not
/// make an icon unreadable.
package enum ColorProfile {
  /// How the samples to convert are laid out.
  package enum Layout: Sendable {
    /// 8-bit RGBA; alpha is kept.
    case rgba
    /// 8-bit grayscale, one byte a pixel.
    case gray
    /// 8-bit CMYK; `inverted` when 0 means full ink (Adobe Photoshop's JPEGs).
    case cmyk(inverted: Bool)
  }

  /// The profile's colour space, as its header's four-character code ("RGB ", "GRAY",
  /// "CMYK"), or `nil` when the profile is too short to have one.
  ///
  /// - Parameter profile: the ICC profile's bytes.
  /// - Returns: the colour space signature.
  package static func colorSpace(of profile: [UInt8]) -> String? {
    guard profile.count >= 128 else { return nil }
    return String(decoding: profile[16..<20], as: UTF8.self)
  }

  /// Converts `count` pixels laid out as `layout` to sRGB RGBA through `profile`.
  ///
  /// - Parameters:
  ///   - source: the samples, `count` pixels laid out as `layout`.
  ///   - layout: the samples' layout.
  ///   - profile: the ICC profile that describes them.
  ///   - count: the number of pixels.
  ///   - target: where the RGBA output goes, `count × 4` bytes (may be `source` for
  ///     ``Layout/rgba``). Alpha is copied for RGBA input and set to 255 otherwise.
  /// - Returns: `false` when the profile was unusable and nothing was written.
  package static func convert(
    _ source: UnsafeRawPointer, layout: Layout, profile: [UInt8], count: Int,
    into target: UnsafeMutablePointer<UInt8>
  ) -> Bool {
    let expected: String
    let inputFormat: cmsUInt32Number
    switch layout {
    case .rgba: (expected, inputFormat) = ("RGB ", icongrid_lcms_rgba_8)
    case .gray: (expected, inputFormat) = ("GRAY", icongrid_lcms_gray_8)
    case .cmyk(let inverted):
      (expected, inputFormat) = ("CMYK", inverted ? icongrid_lcms_cmyk_8_rev : icongrid_lcms_cmyk_8)
    }
    guard colorSpace(of: profile) == expected else { return false }
    guard
      let input = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
      )
    else { return false }
    defer { cmsCloseProfile(input) }
    guard let output = cmsCreate_sRGBProfile() else { return false }
    defer { cmsCloseProfile(output) }
    let flags: cmsUInt32Number
    if case .rgba = layout { flags = icongrid_lcms_flags_copy_alpha } else { flags = 0 }
    guard
      let transform = cmsCreateTransform(
        input, inputFormat, output, icongrid_lcms_rgba_8, icongrid_lcms_intent_perceptual, flags)
    else { return false }
    defer { cmsDeleteTransform(transform) }
    // Row by row keeps the count within lcms2's 32-bit pixel count for any allowed image.
    let chunk = 1 << 16
    let bytesPerPixel: Int
    switch layout {
    case .rgba, .cmyk: bytesPerPixel = 4
    case .gray: bytesPerPixel = 1
    }
    var done = 0
    while done < count {
      let n = min(chunk, count - done)
      cmsDoTransform(transform, source + done * bytesPerPixel, target + done * 4, cmsUInt32Number(n))
      done += n
    }
    if case .rgba = layout {
    } else {
      for index in 0..<count { target[index * 4 + 3] = 255 }
    }
    return true
  }
}
