import AssetIndex
import IconGridSupport
import ImageCore

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
    /// The asset exists but has no variant for the request; the devices it does have
    /// variants for (empty when none at all: an empty set, or only unassigned slots).
    case noMatchingVariant(request: TraitRequest, devices: [Idiom])
    /// The chosen file could not be read or decoded.
    case unreadable(ImageError)
    /// The root is not a folder that can be listed.
    case rootUnreadable(String)
    /// Several assets answer to the name (in different name spaces, or twice in one);
    /// every candidate, sorted by name space, then path.
    case ambiguous(candidates: [Candidate])
    /// No name space of the index has that identifier (the error's ``name``); the ones
    /// there are.
    case unknownNamespace(available: [String])
  }

  /// One of several assets a name could mean.
  public struct Candidate: Sendable, Hashable, CustomStringConvertible {
    /// The asset's name in its name space.
    public var name: String
    /// The identifier of a name space that holds it (a target, a catalog's path, or
    /// ``AssetNamespace/looseFilesID``).
    public var namespace: String
    /// Where it lives: the set folder, or its first file, relative to the root.
    public var path: String

    /// Creates a candidate.
    ///
    /// - Parameters:
    ///   - name: the asset's name in its name space.
    ///   - namespace: the name space's identifier.
    ///   - path: the set folder or first file, relative to the root.
    public init(name: String, namespace: String, path: String) {
      self.name = name
      self.namespace = namespace
      self.path = path
    }

    /// `path (in namespace)`.
    public var description: String { "\(path) (in \(namespace))" }
  }

  /// The name as requested.
  public var name: String
  /// The library's root, as given.
  public var root: String
  /// What went wrong.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - name: the name as requested.
  ///   - root: the library's root, as given.
  ///   - reason: what went wrong.
  public init(name: String, root: String, reason: Reason) {
    self.name = name
    self.root = root
    self.reason = reason
  }

  /// Whether the answer is "there is no such asset" (rather than a broken file).
  public var isNotFound: Bool {
    switch reason {
    case .notFound, .noMatchingVariant: true
    case .unreadable, .rootUnreadable, .ambiguous, .unknownNamespace: false
    }
  }

  /// Whether several assets answer to the name, so the request must say which.
  public var isAmbiguous: Bool {
    if case .ambiguous = reason { return true }
    return false
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
    case .noMatchingVariant(let request, let devices):
      let device = request.idiom.map { " on \($0)" } ?? ""
      var text = "asset \"\(name)\" in \(root) has no variant usable at scale \(request.wholeScale)\(device)"
      if devices.isEmpty {
        text += "; it has no file any device can use"
      } else if request.idiom.map({ !devices.contains($0) }) ?? true {
        text += "; its variants are for " + devices.map(\.rawValue).joined(separator: ", ")
      }
      return text
    case .unreadable(let error):
      return "asset \"\(name)\": \(error)"
    case .rootUnreadable(let why):
      return "cannot index \(root): \(why)"
    case .ambiguous(let candidates):
      let spaces = Set(candidates.map(\.namespace))
      let why =
        spaces.count > 1
        ? "\(spaces.count) name spaces provide it; pick one"
        : "it is provided twice in \(candidates[0].namespace)"
      return "asset \"\(name)\" in \(root) is ambiguous: \(why): "
        + candidates.map(\.description).joined(separator: ", ")
    case .unknownNamespace(let available):
      let known = Array(Set(available)).sorted()
      var text = "no target or catalog named '\(name)' in \(root)"
      if let near = Suggestions.closest(to: name, in: known) { text += "; did you mean '\(near)'?" }
      let more = known.count > 8 ? " and \(known.count - 8) more" : ""
      return text + (known.isEmpty ? "" : " (there are: \(known.prefix(8).joined(separator: ", "))\(more))")
    }
  }

  /// Checks a `--target` once, before any work: throws unless one of `catalogs` has the
  /// name space `namespace` (a target's name, a catalog's path).
  ///
  /// Every command that takes a name space (check, derive, resolve, sheet) and
  /// ``AssetLibrary`` ask this, so a missing one is reported in one sentence, with the
  /// nearest name and the first of those there are.
  ///
  /// - Parameters:
  ///   - namespace: the name space asked for.
  ///   - catalogs: the roots' indexes, built once for the run.
  ///   - roots: the roots as the user gave them, for the message.
  /// - Throws: ``ResolveError`` with ``Reason/unknownNamespace(available:)``.
  public static func requireNamespace(_ namespace: String, in catalogs: [AssetCatalog], roots: [String])
    throws(ResolveError)
  {
    guard !catalogs.contains(where: { $0.namespace(namespace) != nil }) else { return }
    throw ResolveError(
      name: namespace, root: roots.joined(separator: ", "),
      reason: .unknownNamespace(available: catalogs.flatMap { $0.namespaces.map(\.id) }))
  }
}
