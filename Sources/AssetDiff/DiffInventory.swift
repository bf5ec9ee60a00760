import AssetIndex
import IconGridSupport

/// One file of an asset as the comparison sees it: where it is and the scale it serves.
public struct DiffFile: Sendable, Hashable {
  /// The file, relative to its tree's root.
  public var path: String
  /// Pixels per point (or logical pixel, or dp) the file is drawn for; 0 for a vector that
  /// serves every scale (rendered at the sheet's scale).
  public var scale: Double
  /// The scale as its platform names it: `@2x`, `xhdpi`, `2x`, `any`.
  public var scaleLabel: String

  /// Creates a file entry.
  ///
  /// - Parameters:
  ///   - path: the file, relative to its tree's root.
  ///   - scale: the scale it serves; 0 for every scale.
  ///   - scaleLabel: the scale as its platform names it.
  public init(path: String, scale: Double, scaleLabel: String) {
    self.path = path
    self.scale = scale
    self.scaleLabel = scaleLabel
  }
}

/// An asset of one side, by name space and name (as `resolve --list` names them), with its
/// files grouped by variant: every trait but the scale (`universal`, `universal dark`,
/// `night`, `default`).
public struct DiffAsset: Sendable, Hashable {
  /// The name space: a target, a catalog's path, `files`, or a layout and its region
  /// (`android:app/src/main/res`).
  public var namespace: String
  /// The asset's name in its name space.
  public var name: String
  /// Per variant, its files in ascending scale.
  public var variants: [String: [DiffFile]]

  /// Creates an asset.
  ///
  /// - Parameters:
  ///   - namespace: the name space.
  ///   - name: the name.
  ///   - variants: per variant, its files.
  public init(namespace: String, name: String, variants: [String: [DiffFile]]) {
    self.namespace = namespace
    self.name = name
    self.variants = variants
  }

  /// The key assets are matched by across the two sides.
  var key: String { namespace + "\u{0}" + name }
}

/// What one tree holds, asset by asset: the Apple index's name spaces and the Flutter,
/// React Native and Android layouts, read without decoding any image.
public struct DiffInventory: Sendable {
  /// The tree's folder.
  public let root: String
  /// Every asset, sorted by name space, then name.
  public let assets: [DiffAsset]

  /// Indexes `root` as `resolve --list` does.
  ///
  /// - Parameter root: the folder to index.
  public init(root: String) {
    self.root = root
    let canonical = FileSystem.realPath(root) ?? root
    var byKey: [String: DiffAsset] = [:]
    let catalog = AssetCatalog(root: canonical)
    for space in catalog.namespaces {
      for asset in space.assets {
        var entry = DiffAsset(namespace: space.id, name: asset.name, variants: [:])
        for variant in asset.variants {
          let key = Self.appleKey(variant)
          let file =
            variant.isScaleIndependent
            ? DiffFile(path: variant.path, scale: 0, scaleLabel: "any")
            : DiffFile(path: variant.path, scale: Double(variant.scale), scaleLabel: "@\(variant.scale)x")
          Self.add(file, to: &entry.variants[key, default: []])
        }
        byKey[entry.key] = Self.merged(byKey[entry.key], entry)
      }
    }
    for asset in LayoutCatalog(root: canonical).assets {
      let space = asset.region.isEmpty ? asset.layout.rawValue : "\(asset.layout.rawValue):\(asset.region)"
      var entry = DiffAsset(namespace: space, name: asset.name, variants: [:])
      for candidate in asset.candidates {
        let key = Self.layoutKey(candidate)
        let label =
          candidate.density?.description
          ?? (candidate.isAndroidDefault ? "mdpi" : "\(ScaleText.format(candidate.scale))x")
        Self.add(
          DiffFile(path: candidate.path, scale: candidate.scale, scaleLabel: label),
          to: &entry.variants[key, default: []])
      }
      byKey[entry.key] = Self.merged(byKey[entry.key], entry)
    }
    assets = byKey.values.sorted { ($0.namespace, $0.name) < ($1.namespace, $1.name) }
  }

  /// A catalog slot's traits without its scale (`universal`, `iphone 60x60 dark`); a loose
  /// file's idiom suffix (`~ipad`), or `universal`.
  static func appleKey(_ variant: Variant) -> String {
    if variant.catalogIdiom != nil {
      var traits = variant.traits
      traits.scale = nil
      return traits.description
    }
    return variant.idiom.map { "~\($0.rawValue)" } ?? "universal"
  }

  /// Android's qualifiers other than density (`night`, `night-v26`), React Native's platform
  /// (`ios`), or `default`.
  static func layoutKey(_ candidate: LayoutCandidate) -> String {
    var parts = candidate.configuration
    if let level = candidate.apiLevel { parts.append("v\(level)") }
    if let platform = candidate.platform { parts.append(platform) }
    return parts.isEmpty ? "default" : parts.joined(separator: "-")
  }

  /// Adds `file`, keeping one file per scale (the first by path) in ascending scale.
  private static func add(_ file: DiffFile, to files: inout [DiffFile]) {
    if let index = files.firstIndex(where: { $0.scale == file.scale }) {
      if file.path < files[index].path { files[index] = file }
      return
    }
    files.append(file)
    files.sort { $0.scale < $1.scale }
  }

  private static func merged(_ old: DiffAsset?, _ new: DiffAsset) -> DiffAsset {
    guard var old else { return new }
    for (key, files) in new.variants {
      for file in files { add(file, to: &old.variants[key, default: []]) }
    }
    return old
  }

  /// The file drawn at `scale` by the scale rule: exact first, then the nearest higher,
  /// then the nearest lower; a file that serves every scale always.
  static func pick(_ files: [DiffFile], scale: Double) -> DiffFile? {
    if let any = files.first(where: { $0.scale == 0 }) { return any }
    if let exact = files.first(where: { $0.scale == scale }) { return exact }
    if let higher = files.first(where: { $0.scale > scale }) { return higher }
    return files.last
  }
}
