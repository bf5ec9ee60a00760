/// A part of a root read in one layout, and why.
public struct LayoutRegion: Sendable, Hashable, CustomStringConvertible {
  /// The folder, relative to the root (empty for the root itself).
  public var folder: String
  /// How its files are read.
  public var layout: Layout
  /// What said so, in words (`pubspec.yaml beside 2.0x/ folders`, `--layout`).
  public var reason: String

  /// Creates a region.
  ///
  /// - Parameters:
  ///   - folder: the folder, relative to the root.
  ///   - layout: how its files are read.
  ///   - reason: what said so.
  public init(folder: String, layout: Layout, reason: String) {
    self.folder = folder
    self.layout = layout
    self.reason = reason
  }

  /// `folder: layout (reason)`, with `.` for the root.
  public var description: String { "\(folder.isEmpty ? "." : folder): \(layout) (\(reason))" }

  /// Whether `path` (relative to the root) lies in this region's folder.
  func contains(_ path: String) -> Bool { folder.isEmpty || path.hasPrefix(folder + "/") }
}

/// One asset of a Flutter, React Native or Android tree: the files its platform's rule
/// chooses among.
public struct LayoutAsset: Sendable, Hashable, CustomStringConvertible {
  /// The name code uses: Flutter's asset key (`assets/images/close.png`), React Native's
  /// `require` path from the region (`assets/images/logo.png`), Android's
  /// `type/name` (`drawable/ic_launcher`).
  public var name: String
  /// The layout, and so the rule.
  public var layout: Layout
  /// The region's folder, relative to the root.
  public var region: String
  /// The files, ordered by scale, then path.
  public var candidates: [LayoutCandidate]
  /// Flutter: whether `pubspec.yaml`'s `flutter: assets:` bundles the asset; `nil` when
  /// no `pubspec.yaml` was read (and for other layouts).
  public var isDeclared: Bool?

  /// Creates an asset.
  ///
  /// - Parameters:
  ///   - name: the name code uses.
  ///   - layout: the layout.
  ///   - region: the region's folder.
  ///   - candidates: the files.
  ///   - isDeclared: Flutter's bundling, if known.
  public init(
    name: String, layout: Layout, region: String, candidates: [LayoutCandidate], isDeclared: Bool? = nil
  ) {
    self.name = name
    self.layout = layout
    self.region = region
    self.candidates = candidates
    self.isDeclared = isDeclared
  }

  /// The name qualified by its region (`omniNotes/src/main/res:drawable/ic_launcher`), which is
  /// unique in a root.
  public var qualifiedName: String { region.isEmpty ? name : "\(region):\(name)" }

  /// `name (layout, n files)`.
  public var description: String { "\(name) (\(layout), \(candidates.count) files)" }
}

/// Something a layout's files said that could not be read (an unreadable `pubspec.yaml`,
/// an Android folder AAPT refuses).
public struct LayoutProblem: Sendable, Hashable, CustomStringConvertible {
  /// The file or folder, relative to the root.
  public var path: String
  /// What is wrong and what to do.
  public var message: String

  /// Creates a problem.
  ///
  /// - Parameters:
  ///   - path: the file, relative to the root.
  ///   - message: what is wrong.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`.
  public var description: String { "\(path): \(message)" }
}
