/// Something wrong in the tree, recorded by the index instead of thrown.
public struct CatalogProblem: Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem. Extensible: switch with a `default`.
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    /// A stable, kebab-case name for reports.
    public let description: String
    private init(_ name: String) { description = name }

    /// A `Contents.json` is missing, unreadable or not what a catalog expects.
    public static let catalogInvalid = Kind("catalog-invalid")
    /// A slot names a file the set folder does not hold.
    public static let catalogMissingFile = Kind("catalog-missing-file")
    /// A folder could not be listed.
    public static let unreadableFolder = Kind("unreadable-folder")
    /// Two sets (or loose files) provide the same asset name in one name space; both are
    /// indexed, and a request for the name there is ambiguous.
    public static let duplicateName = Kind("duplicate-name")
    /// A symbolic link leads to a file or folder that does not exist.
    public static let brokenSymlink = Kind("broken-symlink")
    /// A symbolic link leads to a folder the index already holds under another path; its
    /// files are indexed once, at the other path.
    public static let symlinkToIndexedFolder = Kind("symlink-to-indexed-folder")
    /// A symbolic link leads outside the root; it is not followed.
    public static let symlinkOutsideRoot = Kind("symlink-outside-root")
    /// An `.xcodeproj` under the root cannot be read; its targets are not name spaces.
    public static let projectUnreadable = Kind("project-unreadable")
    /// A symbolic link names a folder that contains it; it is not followed.
    public static let symlinkLoop = Kind("symlink-loop")
    /// A file or folder name is not valid UTF-8; it is skipped.
    public static let nonUTF8Name = Kind("non-utf8-name")
  }

  /// What kind of problem.
  public var kind: Kind
  /// The file or folder concerned, relative to the root (`""` for the root itself).
  public var path: String
  /// What is wrong, in words a person can act on.
  public var message: String

  /// Creates a problem.
  ///
  /// - Parameters:
  ///   - kind: what kind of problem.
  ///   - path: the file or folder concerned, relative to the root (`""` for the root).
  ///   - message: what is wrong, in words a person can act on.
  public init(kind: Kind, path: String, message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// `path: message`.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
