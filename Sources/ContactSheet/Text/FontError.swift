/// Why the fonts for a sheet's labels could not be opened.
///
/// The rasterizer itself never fails once it exists: a character no installed font covers is
/// drawn as the primary font's missing-glyph box, so only startup can throw.
public struct FontError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure this is.
  public enum Code: String, Sendable, Hashable {
    /// fontconfig found no usable font at all for the family, not even a substitute.
    case noFont = "no-font"
    /// FreeType or fontconfig could not be initialised.
    case library
    /// The pixel size is outside 1...512.
    case invalidSize = "invalid-size"
  }

  /// What kind of failure this is.
  public var code: Code
  /// What is wrong, in words a person can act on.
  public var reason: String
  /// The font family that was asked for, when one was.
  public var family: String?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: what kind of failure this is.
  ///   - reason: what is wrong, in words a person can act on.
  ///   - family: the font family that was asked for, when one was.
  public init(code: Code, reason: String, family: String? = nil) {
    self.code = code
    self.reason = reason
    self.family = family
  }

  /// The reason, after the family when one was asked for.
  public var description: String {
    if let family { return "font \"\(family)\": \(reason)" }
    return reason
  }
}
