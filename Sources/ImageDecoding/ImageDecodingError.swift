import PNGCodec

/// Why a file could not be decoded or rendered, whatever its format.
///
/// Every failure of ``ImageDecoder`` is one of these: a ``Code`` a program can switch on,
/// the file, the format its bytes turned out to be, and a reason a person can act on.
///
/// ```swift
/// do { _ = try ImageDecoder.decode(contentsOf: "Icon.pdf", size: .scale(2)) }
/// catch let error as ImageDecodingError { print(error) }  // Icon.pdf: a PDF (vector): …
/// ```
public struct ImageDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure this is. Extensible: switch with a `default`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// The file does not exist.
    public static let notFound = Code("not-found")
    /// The file could not be opened or read.
    public static let io = Code("io")
    /// The bytes are no image format IconGrid knows.
    public static let unknownFormat = Code("unknown-format")
    /// The bytes are of a known format but damaged or truncated.
    public static let corrupt = Code("corrupt")
    /// The image (or the size asked to render it at) exceeds the ``DecodingLimits``.
    public static let limitExceeded = Code("limit-exceeded")
    /// The caller asked for something impossible, such as a zero pixel size.
    public static let invalidRequest = Code("invalid-request")

    /// A stable, kebab-case name for reports.
    public var description: String { name }
  }

  /// What kind of failure this is.
  public var code: Code
  /// The file involved, as the caller named it; `nil` for bytes in memory.
  public var path: String?
  /// The format the bytes were recognised as; `nil` when they are none.
  public var format: ImageFormat?
  /// What is wrong, in words a person can act on.
  public var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: the kind of failure.
  ///   - reason: what is wrong, in words a person can act on.
  ///   - path: the file involved; `nil` for bytes in memory.
  ///   - format: the format the bytes were recognised as.
  public init(_ code: Code, _ reason: String, path: String? = nil, format: ImageFormat? = nil) {
    self.code = code
    self.reason = reason
    self.path = path
    self.format = format
  }

  /// The reason, after the format when one was recognised: "a PDF (vector): no pages".
  public var message: String {
    guard let format, !reason.hasPrefix(format.description) else { return reason }
    return "\(format.description): \(reason)"
  }

  /// `path: message`, or the message alone for bytes in memory.
  public var description: String {
    guard let path else { return message }
    return "\(path): \(message)"
  }

  /// The same failure as a ``PNGError``, for callers (the resolver) whose errors carry one.
  ///
  /// - Returns: an error with the matching code, this message and the path.
  public func asPNGError() -> PNGError {
    let pngCode: PNGError.Code
    switch code {
    case .notFound: pngCode = .notFound
    case .io: pngCode = .io
    case .limitExceeded: pngCode = .limitExceeded
    case .invalidRequest: pngCode = .invalidArgument
    case .unknownFormat: pngCode = .notPNG
    default: pngCode = .corruptData
    }
    return PNGError(pngCode, message, path: path)
  }

  /// An error of the PNG codec, in these terms.
  static func from(_ error: PNGError, format: ImageFormat?) -> ImageDecodingError {
    let code: Code
    switch error.code {
    case .notFound: code = .notFound
    case .io: code = .io
    case .limitExceeded: code = .limitExceeded
    case .invalidArgument: code = .invalidRequest
    default: code = .corrupt
    }
    return ImageDecodingError(code, error.message, path: error.path, format: format)
  }
}
