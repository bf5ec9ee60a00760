/// Why an image could not be read, decoded, rendered or written, whatever its format.
///
/// Every codec and renderer of IconGrid throws this one type: a ``Code`` a program can
/// switch on, a reason a person can act on, the file when there is one, the format its
/// bytes turned out to be when that is known, and the C library's or the system's own
/// words when they said something.
///
/// ```swift
/// do { _ = try PNGDecoder.decode(contentsOf: "Icon.png") }
/// catch let error as ImageError where error.code == .limitExceeded { print(error) }
/// ```
public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure this is. Extensible: switch with a `default`.
  ///
  /// Some codes belong to one kind of file (``crcMismatch`` to PNG, ``externalReference``
  /// to vectors); the rest are shared by every format.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// The file does not exist.
    public static let notFound = Code("not-found")
    /// The file could not be opened, read, written or renamed, or memory ran out.
    public static let io = Code("io")
    /// The caller asked for something impossible (a zero-width image, a render size
    /// without pixels, an element a document does not have).
    public static let invalidArgument = Code("invalid-argument")
    /// The input, the image or the work to draw it is larger than the limits allow
    /// (``DecodingLimits``, a renderer's budgets).
    public static let limitExceeded = Code("limit-exceeded")
    /// The data ends before the image does.
    public static let truncated = Code("truncated")
    /// The data is damaged: a compressed stream, a chunk or a segment that does not parse.
    public static let corruptData = Code("corrupt-data")
    /// A document (SVG, PDF, XML drawable) that is not well formed.
    public static let malformed = Code("malformed")
    /// The bytes are no image format IconGrid knows.
    public static let unknownFormat = Code("unknown-format")
    /// A valid file IconGrid cannot draw: a codec the installed library lacks, an
    /// encrypted or page-less PDF, a drawable element it does not model.
    public static let unsupported = Code("unsupported")
    /// A PNG's signature is not the PNG signature.
    public static let notPNG = Code("not-png")
    /// A PNG's IHDR is missing or holds impossible values.
    public static let badHeader = Code("bad-header")
    /// A PNG chunk's CRC does not match its bytes.
    public static let crcMismatch = Code("crc-mismatch")
    /// An Apple CgBI ("iPhone-optimized") PNG that could not be converted.
    public static let cgbi = Code("cgbi")
    /// A vector document needs a file or URL outside itself, which is never loaded.
    public static let externalReference = Code("external-reference")
    /// A shared library the format needs (libheif, librsvg, poppler-glib) is not installed
    /// or cannot be loaded; the reason names it and the Debian package that installs it.
    public static let libraryMissing = Code("library-missing")

    /// A stable, kebab-case name for reports.
    public var description: String { name }

    /// The code whose ``description`` is `name`, among those this type declares; `nil` for
    /// any other name (a child process's reply is read back through this).
    package static func named(_ name: String) -> Code? {
      let all: [Code] = [
        .notFound, .io, .invalidArgument, .limitExceeded, .truncated, .corruptData, .malformed,
        .unknownFormat, .unsupported, .notPNG, .badHeader, .crcMismatch, .cgbi, .externalReference,
        .libraryMissing,
      ]
      return all.first { $0.name == name }
    }
  }

  /// What kind of failure this is.
  public var code: Code
  /// What is wrong, in words a person can act on: "IHDR CRC mismatch".
  public var reason: String
  /// The file involved, as the caller named it; `nil` for in-memory data.
  public var path: String?
  /// The format the bytes were recognised as, when the failure is about them; `nil` when
  /// it is not known or not the point (a file that cannot be opened).
  public var format: ImageFormat?
  /// What the C library or the operating system said, when it said something.
  public var underlying: String?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: the kind of failure.
  ///   - reason: what is wrong, in words a person can act on.
  ///   - path: the file involved; `nil` for in-memory data.
  ///   - format: the format the bytes were recognised as, when it matters.
  ///   - underlying: what the C library or the operating system said.
  public init(
    _ code: Code, _ reason: String, path: String? = nil, format: ImageFormat? = nil, underlying: String? = nil
  ) {
    self.code = code
    self.reason = reason
    self.path = path
    self.format = format
    self.underlying = underlying
  }

  /// The same error, attributed to `path`.
  ///
  /// - Parameter path: the file the error is about.
  /// - Returns: a copy whose ``path`` is `path`.
  public func at(_ path: String) -> ImageError {
    var copy = self
    copy.path = path
    return copy
  }

  /// The reason with the library's words after it when they add something: "CRC mismatch
  /// in a chunk (IDAT: CRC error)".
  public var detail: String {
    guard let underlying, !underlying.isEmpty, underlying != reason else { return reason }
    return "\(reason) (\(underlying))"
  }

  /// The ``detail`` after the format when one was recognised: "a PDF (vector): no pages".
  public var message: String {
    let text = detail
    guard let format, !text.hasPrefix(format.description) else { return text }
    return "\(format.description): \(text)"
  }

  /// `path: message`, or the message alone for in-memory data.
  public var description: String {
    guard let path else { return message }
    return "\(path): \(message)"
  }

  /// `error` itself when it is an ``ImageError``; otherwise its words as ``Code/io``.
  ///
  /// - Parameter error: any error.
  /// - Returns: an ``ImageError`` for it.
  public static func from(_ error: any Error) -> ImageError {
    (error as? ImageError) ?? ImageError(.io, "\(error)")
  }

  /// The error for a shared library that cannot be loaded: "librsvg-2.so.2 cannot be
  /// loaded (install the Debian package librsvg2-2)", with the dynamic loader's words.
  ///
  /// - Parameters:
  ///   - library: the library's file name (its soname).
  ///   - debianPackage: the package that installs it.
  ///   - format: the format that needs it.
  ///   - underlying: what the dynamic loader said.
  /// - Returns: an error of code ``Code/libraryMissing``.
  package static func libraryMissing(
    _ library: String, debianPackage: String, format: ImageFormat?, underlying: String
  ) -> ImageError {
    ImageError(
      .libraryMissing, "\(library) cannot be loaded (install the Debian package \(debianPackage))",
      format: format, underlying: underlying)
  }

  /// Runs `body`, attributing any ``ImageError`` it throws to `path` (when there is one).
  ///
  /// - Parameters:
  ///   - path: the file the work reads; `nil` leaves errors as they are.
  ///   - body: the work.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws, an ``ImageError`` with its path set.
  package static func attributing<T>(_ path: String?, _ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as ImageError {
      guard let path else { throw error }
      throw error.at(path)
    }
  }
}
