/// Why a derive or app icon operation could not go ahead: the file, what is wrong and what
/// to do about it.
public struct MakingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kind of failure; the CLI maps each to an exit status.
  public enum Code: Sendable, Equatable {
    /// An input exists but its data is unusable (not an image, too small, not square, bad JSON).
    case badData
    /// An input does not exist.
    case notFound
    /// A file exists where one would be written, and overwriting was not asked for.
    case exists
    /// An output could not be written (nothing was changed).
    case io
    /// The request cannot be met as asked (a vector master before vectors can be read).
    case unsupported
  }

  /// The kind of failure.
  public var code: Code
  /// What is wrong and what to do, without the path.
  public var message: String
  /// The file or folder concerned, when there is one.
  public var path: String?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: the kind of failure.
  ///   - message: what is wrong and what to do.
  ///   - path: the file concerned.
  public init(_ code: Code, _ message: String, path: String? = nil) {
    self.code = code
    self.message = message
    self.path = path
  }

  /// `path: message`.
  public var description: String { path.map { "\($0): \(message)" } ?? message }
}
