import ImageCore

extension DecodingLimits {
  /// Checks input length and image size, as an ``ImageError``.
  ///
  /// - Parameters:
  ///   - width: the image's width in pixels.
  ///   - height: the image's height in pixels.
  ///   - format: the format, for the message.
  ///   - decoded: the size a reduced decode holds, when the decoder reduces the image as it
  ///     goes (see ``RasterHeader/heldPixels(drawnWithin:)``); `nil` when it holds the
  ///     file's own size. The sides are checked on the file's own size whatever is held:
  ///     they bound the work.
  /// - Throws: ``ImageError`` with ``ImageError/Code/limitExceeded``.
  func checkRaster(
    width: Int, height: Int, format: ImageFormat, decoded: (width: Int, height: Int)? = nil
  ) throws(ImageError) {
    guard width > 0, height > 0 else {
      throw ImageError(.corruptData, "\(format.name) image of \(width)×\(height) pixels has no pixels")
    }
    do {
      if let decoded, width <= maxWidth, height <= maxHeight {
        var pixelsOnly = self
        pixelsOnly.maxWidth = .max
        pixelsOnly.maxHeight = .max
        try pixelsOnly.check(width: decoded.width, height: decoded.height)
      } else {
        try check(width: width, height: height)
      }
    } catch {
      throw ImageError(
        .limitExceeded, "\(format.name) image of \(error.reason); raise the decoding limits to read it")
    }
  }

  /// Checks an input length, as an ``ImageError``.
  ///
  /// - Parameters:
  ///   - count: the input's length in bytes.
  ///   - format: the format, for the message.
  /// - Throws: ``ImageError`` with ``ImageError/Code/limitExceeded``.
  func checkRaster(inputBytes count: Int, format: ImageFormat) throws(ImageError) {
    guard count <= maxInputBytes else {
      throw ImageError(
        .limitExceeded,
        "\(format.name) input of \(count) bytes exceeds the \(maxInputBytes)-byte limit; raise the decoding limits to read it"
      )
    }
  }
}
