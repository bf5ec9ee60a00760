import PNGCodec

/// Why a vector image could not be read or rendered.
///
/// Shaped like `PNGError`: a ``Code`` a program can switch on, a reason a person can act
/// on, the file when there is one, and librsvg's, poppler's or cairo's own words when they
/// said something.
///
/// ```swift
/// do { _ = try VectorImage(bytes: bytes, format: .svg, path: "Icon.svg") }
/// catch let error as VectorError where error.code == .limitExceeded { … }
/// ```
public struct VectorError: FileReadingError, Sendable, Hashable {
  /// What kind of failure this is. Extensible: switch with a `default`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Base: String, Hashable, Sendable {
      case malformed
      case limitExceeded = "limit-exceeded"
      case externalReference = "external-reference"
      case unsupported
      case io
      case notFound = "not-found"
      case invalidArgument = "invalid-argument"
    }
    private let base: Base
    private init(_ base: Base) { self.base = base }

    /// The bytes are not a well-formed SVG or PDF (truncated, garbage, bad XML).
    public static let malformed = Code(.malformed)
    /// The file, or the pixels asked for, are larger than the ``VectorLimits`` allow.
    public static let limitExceeded = Code(.limitExceeded)
    /// The document needs a file or URL outside itself, which is never loaded.
    public static let externalReference = Code(.externalReference)
    /// A valid document IconGrid cannot draw (no size, encrypted, no pages, not a vector
    /// format).
    public static let unsupported = Code(.unsupported)
    /// The file could not be opened or read, or the renderer could not allocate.
    public static let io = Code(.io)
    /// The file does not exist.
    public static let notFound = Code(.notFound)
    /// The caller asked for something impossible (a zero or negative size or scale, an
    /// element id the document does not have).
    public static let invalidArgument = Code(.invalidArgument)

    /// A stable, kebab-case name for reports.
    public var description: String { base.rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// What is wrong, in words a person can act on: "the page is 1000000×1000000 pt".
  public var reason: String
  /// The file involved, as the caller named it; `nil` for in-memory data.
  public var path: String?
  /// What librsvg, poppler, cairo or the operating system said, when it said something.
  public var underlying: String?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: the kind of failure.
  ///   - reason: what is wrong, in words a person can act on.
  ///   - path: the file involved; `nil` for in-memory data.
  ///   - underlying: what the library or the operating system said.
  public init(_ code: Code, _ reason: String, path: String? = nil, underlying: String? = nil) {
    self.code = code
    self.reason = reason
    self.path = path
    self.underlying = underlying
  }
}

extension VectorError {
  /// Runs `body`, attributing any ``VectorError`` it throws to `path` when there is one.
  static func attributing<T>(_ path: String?, _ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as VectorError {
      guard let path else { throw error }
      throw error.at(path)
    }
  }

  /// The whole file at `path`, read within `limit` bytes; a failure as a ``VectorError``.
  ///
  /// - Throws: ``VectorError/Code/notFound``, ``VectorError/Code/limitExceeded`` or
  ///   ``VectorError/Code/io``, with the path.
  static func readFile(_ path: String, limit: Int) throws -> [UInt8] {
    do {
      return try FileIO.readAll(path, limit: limit)
    } catch let error as PNGError {
      let code: VectorError.Code =
        error.code == .notFound ? .notFound : error.code == .limitExceeded ? .limitExceeded : .io
      throw VectorError(code, error.reason, path: path, underlying: error.underlying)
    }
  }
}
