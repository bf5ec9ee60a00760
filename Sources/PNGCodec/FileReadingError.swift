/// What every error of IconGrid's image readers has: a reason a person can act on, the
/// file when there is one, and the underlying library's or system's own words.
///
/// `PNGError`, `RasterError` (RasterCodecs) and `VectorError` (VectorRenderer) conform,
/// so a caller can print or re-attribute any of them the same way:
///
/// ```swift
/// catch let error as any FileReadingError { print(error.at(path).description) }
/// ```
public protocol FileReadingError: Error, CustomStringConvertible {
  /// What is wrong, in words a person can act on.
  var reason: String { get }
  /// The file involved, as the caller named it; `nil` for in-memory data.
  var path: String? { get set }
  /// What the library or the operating system said, when it said something.
  var underlying: String? { get }
}

extension FileReadingError {
  /// The same error, attributed to `path`.
  ///
  /// - Parameter path: the file the error is about.
  /// - Returns: a copy whose ``path`` is `path`.
  public func at(_ path: String) -> Self {
    var copy = self
    copy.path = path
    return copy
  }

  /// The reason, with the library's or the system's words after it when they add something.
  public var message: String {
    guard let underlying, !underlying.isEmpty, underlying != reason else { return reason }
    return "\(reason) (\(underlying))"
  }

  /// `path: message`, or the message alone for in-memory data.
  public var description: String {
    guard let path else { return message }
    return "\(path): \(message)"
  }
}
