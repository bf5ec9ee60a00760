/// Why a PNG could not be read or written.
///
/// Every failure of the codec is one of these: a ``Code`` a program can switch on, a
/// reason a person can act on, the file when there is one, and libpng's or zlib's own
/// words when they said something.
///
/// ```swift
/// do { _ = try PNGDecoder.decode(contentsOf: path) }
/// catch let error as PNGError where error.code == .limitExceeded { … }
/// ```
public struct PNGError: FileReadingError, Sendable, Hashable {
  /// What kind of failure this is. Extensible: switch with a `default`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Base: String, Hashable, Sendable {
      case notPNG = "not-png"
      case truncated
      case badHeader = "bad-header"
      case crcMismatch = "crc-mismatch"
      case corruptData = "corrupt-data"
      case limitExceeded = "limit-exceeded"
      case cgbi
      case io
      case notFound = "not-found"
      case invalidArgument = "invalid-argument"
    }
    private let base: Base
    private init(_ base: Base) { self.base = base }

    /// The signature is not the PNG signature.
    public static let notPNG = Code(.notPNG)
    /// The data ends before the image does.
    public static let truncated = Code(.truncated)
    /// IHDR is missing or holds impossible values.
    public static let badHeader = Code(.badHeader)
    /// A chunk's CRC does not match its bytes.
    public static let crcMismatch = Code(.crcMismatch)
    /// The compressed stream or a chunk is damaged.
    public static let corruptData = Code(.corruptData)
    /// The image is larger than the ``DecodingLimits`` allow.
    public static let limitExceeded = Code(.limitExceeded)
    /// An Apple CgBI ("iPhone-optimized") PNG that could not be converted.
    public static let cgbi = Code(.cgbi)
    /// The file could not be opened, read, written or renamed.
    public static let io = Code(.io)
    /// The file does not exist.
    public static let notFound = Code(.notFound)
    /// The caller asked for something impossible (for example a zero-width image).
    public static let invalidArgument = Code(.invalidArgument)

    /// A stable, kebab-case name for reports.
    public var description: String { base.rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// What is wrong, in words a person can act on: "IHDR CRC mismatch".
  public var reason: String
  /// The file involved, as the caller named it; `nil` for in-memory data.
  public var path: String?
  /// What libpng, zlib or the operating system said, when it said something.
  public var underlying: String?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: the kind of failure.
  ///   - reason: what is wrong, in words a person can act on.
  ///   - path: the file involved; `nil` for in-memory data.
  ///   - underlying: what libpng, zlib or the operating system said.
  public init(_ code: Code, _ reason: String, path: String? = nil, underlying: String? = nil) {
    self.code = code
    self.reason = reason
    self.path = path
    self.underlying = underlying
  }
}

/// Runs `body`, attributing any ``PNGError`` it throws to `path`.
func attributing<T>(_ path: String, _ body: () throws -> T) throws -> T {
  do { return try body() } catch let error as PNGError { throw error.at(path) }
}

extension PNGError {
  /// `error` itself when it is a ``PNGError``; otherwise wrapped as ``Code/io``.
  ///
  /// - Parameter error: any error.
  /// - Returns: a ``PNGError`` for it.
  public static func from(_ error: any Error) -> PNGError {
    (error as? PNGError) ?? PNGError(.io, "\(error)")
  }
}
