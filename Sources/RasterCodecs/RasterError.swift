import PNGCodec

/// Why a JPEG, WebP, HEIC, AVIF or GIF file could not be decoded.
///
/// Every failure of ``RasterDecoder`` is one of these: a ``Code`` a program can switch on,
/// a reason a person can act on, the file when there is one, and the C library's own words
/// (libjpeg-turbo, libwebp, libheif, giflib) in ``underlying`` when it said something.
///
/// ```swift
/// do { _ = try RasterDecoder.decode(bytes, format: .jpeg) }
/// catch let error as RasterError where error.code == .truncated { … }
/// ```
public struct RasterError: FileReadingError, Sendable, Hashable {
  /// What kind of failure this is. Extensible: switch with a `default`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Base: String, Hashable, Sendable {
      case truncated
      case corruptData = "corrupt-data"
      case limitExceeded = "limit-exceeded"
      case unsupported
      case io
    }
    private let base: Base
    private init(_ base: Base) { self.base = base }

    /// The data ends before the image does.
    public static let truncated = Code(.truncated)
    /// The data is not a valid file of its format, or is damaged.
    public static let corruptData = Code(.corruptData)
    /// The image is larger than the ``DecodingLimits`` allow.
    public static let limitExceeded = Code(.limitExceeded)
    /// A valid file this decoder does not handle (a format it has no decoder for, or a
    /// codec the installed library lacks).
    public static let unsupported = Code(.unsupported)
    /// The file could not be opened or read.
    public static let io = Code(.io)

    /// A stable, kebab-case name for reports.
    public var description: String { base.rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// What is wrong, in words a person can act on: "JPEG data ends before the image does".
  public var reason: String
  /// The file involved, as the caller named it; `nil` for in-memory data.
  public var path: String?
  /// What the C library or the operating system said, when it said something.
  public var underlying: String?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: the kind of failure.
  ///   - reason: what is wrong, in words a person can act on.
  ///   - path: the file involved; `nil` for in-memory data.
  ///   - underlying: what the C library or the operating system said.
  public init(_ code: Code, _ reason: String, path: String? = nil, underlying: String? = nil) {
    self.code = code
    self.reason = reason
    self.path = path
    self.underlying = underlying
  }
}

extension DecodingLimits {
  /// Checks input length and image size, as a ``RasterError``.
  ///
  /// - Parameters:
  ///   - width: the image's width in pixels.
  ///   - height: the image's height in pixels.
  ///   - format: the format, for the message.
  /// - Throws: ``RasterError`` with ``RasterError/Code/limitExceeded``.
  func checkRaster(width: Int, height: Int, format: ImageFormat) throws(RasterError) {
    guard width > 0, height > 0 else {
      throw RasterError(.corruptData, "\(format.name) image of \(width)×\(height) pixels has no pixels")
    }
    do {
      try check(width: width, height: height)
    } catch let error as PNGError {
      throw RasterError(
        .limitExceeded, "\(format.name) image of \(error.reason); raise the decoding limits to read it")
    } catch {
      throw RasterError(.limitExceeded, "\(format.name) image \(width)×\(height) exceeds the decoding limits")
    }
  }

  /// Checks an input length, as a ``RasterError``.
  ///
  /// - Parameters:
  ///   - count: the input's length in bytes.
  ///   - format: the format, for the message.
  /// - Throws: ``RasterError`` with ``RasterError/Code/limitExceeded``.
  func checkRaster(inputBytes count: Int, format: ImageFormat) throws(RasterError) {
    guard count <= maxInputBytes else {
      throw RasterError(
        .limitExceeded,
        "\(format.name) input of \(count) bytes exceeds the \(maxInputBytes)-byte limit; raise the decoding limits to read it"
      )
    }
  }
}
