import PNGCodec

/// Why a name could not be resolved or its image not loaded.
///
/// ```swift
/// do { _ = try library.image(named: "mial", scale: 2) }
/// catch let error as ResolveError { print(error) }  // no asset named "mial" in Assets; did you mean "mail"?
/// ```
public struct ResolveError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Hashable {
    /// No asset has that name (names never reach outside the root); nearby names, if any.
    case notFound(suggestions: [String])
    /// The asset exists but has no variant a device of that idiom can use.
    case noMatchingVariant(scale: Int, idiom: Idiom?)
    /// The chosen file could not be read or decoded.
    case unreadable(PNGError)
    /// The root is not a folder that can be listed.
    case rootUnreadable(String)
  }

  /// The name as requested.
  public var name: String
  /// The library's root, as given.
  public var root: String
  /// What went wrong.
  public var reason: Reason

  /// Creates an error.
  public init(name: String, root: String, reason: Reason) {
    self.name = name
    self.root = root
    self.reason = reason
  }

  /// Whether the answer is "there is no such asset" (rather than a broken file).
  public var isNotFound: Bool {
    switch reason {
    case .notFound, .noMatchingVariant: true
    case .unreadable, .rootUnreadable: false
    }
  }

  /// A sentence a person can act on.
  public var description: String {
    switch reason {
    case .notFound(let suggestions):
      var text = "no asset named \"\(name)\" in \(root)"
      if !suggestions.isEmpty {
        let quoted = suggestions.map { "\"\($0)\"" }
        let list =
          quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
        text += "; did you mean \(list)?"
      }
      return text
    case .noMatchingVariant(let scale, let idiom):
      let device = idiom.map { " on \($0)" } ?? ""
      return "asset \"\(name)\" in \(root) has no variant usable at scale \(scale)\(device)"
    case .unreadable(let error):
      return "asset \"\(name)\": \(error)"
    case .rootUnreadable(let why):
      return "cannot index \(root): \(why)"
    }
  }
}
