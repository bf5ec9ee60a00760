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
    /// Two sets (or a set and loose files) provide the same asset name; the first is kept.
    public static let duplicateName = Kind("duplicate-name")
    /// A symbolic link leads outside the root; it is not followed.
    public static let symlinkOutsideRoot = Kind("symlink-outside-root")
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
  public init(kind: Kind, path: String, message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// `path: message`.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
