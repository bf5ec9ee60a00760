import IconGridSupport

extension Bitmap {
  /// Lowercase hex SHA-256 of the RGBA pixels, rows top to bottom, no padding: equal
  /// digests mean pixel-identical images, whatever their encoding.
  ///
  /// - Returns: 64 lowercase hexadecimal digits.
  public func pixelDigest() -> String {
    pixels.withUnsafeBytes { SHA256.hex($0) }
  }
}
