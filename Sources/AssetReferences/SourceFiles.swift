import IconGridSupport

/// The files under a root that the scans may read, found in one walk: each scan
/// (``SourceReferences``, ``FlutterReferences``, ``AndroidReferences``,
/// ``JavaScriptReferences``) picks its own from this list instead of walking the tree again.
///
/// Hidden entries, build output, tool caches and other projects' code are not entered, nor the
/// insides of catalogs and project packages.
///
/// ```swift
/// let files = SourceFiles(root: "MyApp")
/// let swift = SourceReferences.scan(files)
/// let android = AndroidReferences.scan(files)
/// ```
public struct SourceFiles: Sendable {
  struct Entry: Sendable {
    /// The path relative to the root.
    var path: String
    /// The lower-cased extension of its name.
    var fileExtension: String
  }

  /// The root as given.
  public let root: String
  /// Every file of the walk, in the order it met them.
  let entries: [Entry]

  /// Lists the files under `root`.
  ///
  /// - Parameter root: the folder to walk.
  /// - Complexity: one `readdir` per folder; a `stat` only for links and entries of unknown type.
  public init(root: String) {
    self.root = root
    entries = SourceWalk.entries(root: root)
  }

  /// The paths (relative to the root, sorted) of the files `include` accepts.
  ///
  /// - Parameter include: given a relative path and its lower-cased extension, whether to read it.
  func files(_ include: (String, String) -> Bool) -> [String] {
    entries.filter { include($0.path, $0.fileExtension) }.map(\.path).sorted()
  }
}
