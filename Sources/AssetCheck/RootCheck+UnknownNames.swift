import AssetIndex
import AssetReferences
import IconGridSupport

/// The image lookups whose names no file under the root need spell, and the image sets they
/// can reach.
///
/// `UIImage(named: placeholder.rawValue)`, where `placeholder`'s type is an enum of a Swift
/// package or framework, looks up whatever raw values that enum's declaration gives: names the
/// tree's sources never spell (``SourceReferences/Lookup/unknownRawValue``). A set no source
/// names may still be one of them, so a set such a lookup can reach is not called unused with
/// a warning: the finding is a note that says what is unknown.
///
/// What a lookup can reach: the image sets of the Xcode targets that compile it (a catalog
/// lookup without a bundle searches the main bundle, which is the app's); for a lookup in a
/// Swift package (a folder with `Package.swift` that no target compiles) or in a root without
/// Xcode targets, every set, for which bundle it searches is not known; a lookup that no
/// target compiles and no package holds ships in nothing and reaches nothing. With
/// `--target`, only that target's sets count.
struct UnknownNameLookups {
  /// The lookups, in file and line order.
  var lookups: [SourceReferences.Lookup] = []
  /// The image-set folders (relative to the root) they can reach; `nil` for every set.
  var reachable: Set<String>? = []

  /// Whether a lookup of unknown names can reach the image set at `path`.
  func reaches(_ path: String) -> Bool {
    !lookups.isEmpty && (reachable?.contains(path) ?? true)
  }

  /// The words a finding gives for what is unknown: the first lookup.
  var reason: String {
    let first = lookups[0]
    return "\(first.path):\(first.line) looks an image up by \(first.unknownRawValue ?? first.argument)"
      + (lookups.count > 1 ? " (and \(lookups.count - 1) more such lookups)" : "")
      + "; an enum's raw values are spelled where its type is declared, and a type the files read do not "
      + "declare may name any set"
  }

  /// The words the note gives: every lookup.
  var list: String {
    ShortList.text(lookups.map { "\($0.path):\($0.line) (\($0.unknownRawValue ?? $0.argument))" })
  }
}

extension RootCheck {
  /// The lookups of `references` whose names are not known, and the sets they can reach.
  func unknownNameLookups(_ references: SourceReferences, listing: SourceFiles) -> UnknownNameLookups {
    var result = UnknownNameLookups()
    let unknown = references.lookups.filter { $0.unknownRawValue != nil }
    guard !unknown.isEmpty else { return result }
    let targets = catalog.namespaces.filter { $0.target != nil && $0.project != nil }
    let packages = listing.folders(holding: "Package.swift")
    var reaching: [AssetNamespace] = []
    for lookup in unknown {
      let building = targets.filter { $0.builds(lookup.path) == true }
      if targets.isEmpty
        || (building.isEmpty && packages.contains { $0.isEmpty || lookup.path.hasPrefix($0 + "/") })
      {
        result.reachable = nil
        result.lookups.append(lookup)
        continue
      }
      // With --target, only the sets of the judged target: another target's bundle is not
      // where this one's copies ship.
      let judgedBuilding = building.filter { namespaces.contains($0) }
      guard !judgedBuilding.isEmpty else { continue }
      result.lookups.append(lookup)
      reaching += judgedBuilding
    }
    guard result.reachable != nil else { return result }
    var paths: Set<String> = []
    for space in reaching {
      for asset in space.assets {
        if case .imageSet(let path) = asset.source { paths.insert(path) }
      }
    }
    result.reachable = paths
    return result
  }
}
