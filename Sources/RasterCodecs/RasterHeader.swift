import CWebP
import ImageCore

/// What a JPEG's or WebP's first bytes say about its decode: its size, upright, and how many
/// pixels a decode drawn within a box really holds, without decoding.
///
/// A scaled decode does not always save memory: libjpeg reduces a baseline file row by row,
/// but keeps every DCT coefficient of a progressive one (about as many bytes as RGBA at full
/// size); libwebp rescales a lossy file row by row, but decodes a lossless one into a
/// full-size ARGB buffer first (its backward references reach anywhere above), and never
/// reduces an animation or a lossy file with alpha. ``heldPixels(drawnWithin:)`` counts what
/// is held, and the decoders check the ``DecodingLimits`` against that same count.
package struct RasterHeader: Sendable {
  /// The format, JPEG or WebP.
  package var format: ImageFormat
  /// Width as stored, in pixels (before a JPEG's EXIF orientation).
  package var width: Int
  /// Height as stored, in pixels.
  package var height: Int
  /// Whether the EXIF orientation turns the image a quarter, so the upright sides swap.
  package var swapsSides: Bool
  /// Whether a reduced decode holds only the reduced pixels (a sequential JPEG; a still,
  /// lossy WebP without alpha).
  package var reducesMemory: Bool
  /// For a WebP: whether it is lossless, has alpha, is animated (what decides its reduction).
  var webp: (isLossless: Bool, hasAlpha: Bool, isAnimated: Bool)?

  /// The size the image is shown at, in pixels: the stored size, its sides swapped by an
  /// EXIF orientation that turns it.
  package var uprightSize: (width: Int, height: Int) { swapsSides ? (height, width) : (width, height) }

  /// The size a decode drawn within a `box`-pixel square returns, as stored (before
  /// orientation); the file's own size when `box` is `nil` or the format cannot reduce it.
  ///
  /// - Parameter box: the side of the square, in pixels, or `nil`.
  /// - Returns: the decoded width and height.
  package func decodedSize(drawnWithin box: Int?) -> (width: Int, height: Int) {
    switch format {
    case .jpeg:
      guard let box else { return (width, height) }
      let reduction = JPEGDecoder.reductionDenominator(longSide: max(width, height), box: box)
      return ((width + reduction - 1) / reduction, (height + reduction - 1) / reduction)
    default:
      guard let webp else { return (width, height) }
      return WebPDecoder.decodedSize(
        width: width, height: height, box: box, isLossless: webp.isLossless, hasAlpha: webp.hasAlpha,
        isAnimated: webp.isAnimated)
    }
  }

  /// The pixels a decode drawn within a `box`-pixel square holds at its peak: the decoded
  /// size when the decoder reduces as it goes, the file's own size when it does not.
  ///
  /// - Parameter box: the side of the square, in pixels, or `nil`.
  /// - Returns: width × height of what is held.
  package func heldPixels(drawnWithin box: Int?) -> Int {
    guard reducesMemory else { return width * height }
    let size = decodedSize(drawnWithin: box)
    return size.width * size.height
  }

  /// Reads the header of a JPEG or WebP from its first bytes.
  ///
  /// - Parameters:
  ///   - head: the file's first bytes (`ImageFormat.sizeHeadLength` are enough for most
  ///     files; a JPEG's frame header can follow large metadata).
  ///   - format: the format the bytes were sniffed as.
  /// - Returns: the header, or `nil` for another format, or when the bytes end before the
  ///   header does or it is damaged (the decode then says why).
  package static func read(_ head: [UInt8], format: ImageFormat) -> RasterHeader? {
    switch format {
    case .jpeg: jpeg(head)
    case .webp: webp(head)
    default: nil
    }
  }

  /// The first start-of-frame segment, and the orientation of an EXIF block before it.
  private static func jpeg(_ bytes: [UInt8]) -> RasterHeader? {
    var orientation = Orientation.up
    let frame = JPEGFrameHeader.read(bytes) { marker, payload in
      if marker == 0xE1, let found = Orientation.fromEXIF(Array(payload)) { orientation = found }
    }
    guard let frame, frame.width > 0, frame.height > 0 else { return nil }
    return RasterHeader(
      format: .jpeg, width: frame.width, height: frame.height, swapsSides: orientation.swapsSides,
      reducesMemory: frame.isSequential)
  }

  /// libwebp's own reading of the header (canvas size, kind, alpha, animation).
  private static func webp(_ bytes: [UInt8]) -> RasterHeader? {
    var features = WebPBitstreamFeatures()
    let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
    guard status == VP8_STATUS_OK, features.width > 0, features.height > 0 else { return nil }
    // features.format: 1 lossy, 2 lossless, 0 mixed (an animation).
    let kind = (
      isLossless: features.format == 2, hasAlpha: features.has_alpha != 0,
      isAnimated: features.has_animation != 0
    )
    return RasterHeader(
      format: .webp, width: Int(features.width), height: Int(features.height), swapsSides: false,
      reducesMemory: !kind.isLossless && !kind.hasAlpha && !kind.isAnimated, webp: kind)
  }
}
