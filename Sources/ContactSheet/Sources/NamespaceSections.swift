import AssetIndex
import AssetResolver
import IconGridSupport
import SheetManifest

/// A folder's sheet with a section per name space, so that a name several targets (or
/// catalogs) provide is drawn once in each of them instead of as an ambiguous placeholder.
///
/// Each Apple name space with assets becomes a section, in the index's order (targets by
/// name, then catalogs no target compiles, then a root's loose files), its tiles resolved
/// by a library confined to it. Flutter, React Native and Android assets, which belong to no
/// Apple name space, follow in one section of their own, resolved as on a flat sheet. A tree
/// with at most one Apple name space is not split (``make(flat:traits:)`` returns
/// `nil`), so its sheet stays the flat one.
///
/// Loose files of a project that no target copies are in no name space and on no sheet:
/// no bundle ships them (they are screenshots, snapshot-test images, documentation).
struct NamespaceSections {
  typealias Part = FolderSheet.Section

  /// The sections, top to bottom.
  let parts: [Part]
  /// Resolves each tile's key in its section's name space.
  let source: NamespacedSheetSource

  /// The sheet of `flat`'s tree split by name space, or `nil` when the tree has at most one
  /// Apple name space with assets, or is read in another layout than Apple's.
  ///
  /// - Parameters:
  ///   - flat: the whole tree's source (its library, traits and layout are reused; each
  ///     section's library is the flat one confined to a name space, not a new index).
  ///   - traits: the device and traits icons are drawn for.
  /// - Returns: the split sheet, or `nil` to draw the flat one.
  /// - Throws: ``ResolveError`` when a name space of the index cannot be confined to.
  static func make(flat: AssetTreeSource, traits: TraitRequest) throws(ResolveError) -> NamespaceSections? {
    guard flat.layout == nil || flat.layout == .apple else { return nil }
    let catalog = flat.library.catalog
    let spaces = catalog.namespaces.filter { !$0.assets.isEmpty }
    guard spaces.count > 1 else { return nil }
    let hasTargets = spaces.contains { $0.kind == .target }
    var parts: [Part] = []
    var sources: [any SheetDataSource] = []
    for space in spaces {
      let library = try flat.library.confined(to: space.id)
      // A target for no iOS device is drawn as its own device sees it, unless --idiom says.
      let device = traits.idiom == nil ? space.target.flatMap(nonIOSDevice) : nil
      var spaceTraits = traits
      spaceTraits.idiom = device ?? traits.idiom
      sources.append(
        OtherDeviceSource(apple: AssetLibrarySource(library, traits: spaceTraits), namespace: space.id))
      var title = title(of: space, hasTargets: hasTargets)
      if let device { title += " (\(device))" }
      parts.append(
        Part(
          title: title, namespace: space.id, kind: space.kind.description,
          names: ImageStacks.sheetNames(space.assets), device: device))
    }
    if flat.layout == nil {
      let others = uniqueSorted(flat.layoutAssetNames())
      if !others.isEmpty {
        let layouts = flat.library.layoutCatalog(nil).layouts.filter { $0 != .apple }
        sources.append(flat)
        parts.append(
          Part(
            title: layouts.map(displayName).joined(separator: ", ") + " assets", namespace: nil,
            kind: layouts.map(\.description).joined(separator: ","), names: others))
      }
    }
    var tiles: [String: NamespacedSheetSource.Tile] = [:]
    for (index, part) in parts.enumerated() {
      for name in part.names {
        // A key made twice (an asset name that itself ends in "(in …)") keeps its first tile.
        let key = key(name, in: part)
        if tiles[key] == nil { tiles[key] = .init(part: index, name: name) }
      }
    }
    return NamespaceSections(parts: parts, source: NamespacedSheetSource(tiles: tiles, sources: sources))
  }

  /// The sheet's content: a titled section per part, each tile labelled by `label` (the
  /// asset's own name by default) and keyed for ``source``.
  ///
  /// - Parameter label: what labels say; `nil` for the asset's own name.
  /// - Returns: the sections, one per part.
  func content(labelledBy label: SheetLabelSource?) -> SheetContent {
    let label = label ?? .name
    return SheetContent(
      sections: parts.map { part in
        SheetSection(
          title: part.title,
          tiles: part.names.map {
            SheetTile(name: label.label(icon: $0, manifestName: $0), icon: Self.key($0, in: part))
          })
      })
  }

  /// What each section's tiles came to: its placeholders and fallbacks.
  ///
  /// - Parameter summary: what the renderer reported, by tile key.
  /// - Returns: an array of one object per section, in sheet order.
  func summaries(_ summary: SheetSummary) -> [FolderSheet.SectionSummary] {
    var missing = Array(repeating: [String](), count: parts.count)
    var fallbacks = missing
    for key in summary.missing + summary.unreadable {
      if let tile = source.tiles[key] { missing[tile.part].append(tile.name) }
    }
    for key in summary.fallbacks {
      if let tile = source.tiles[key] { fallbacks[tile.part].append(tile.name) }
    }
    return parts.enumerated().map { index, part in
      FolderSheet.SectionSummary(
        section: part, missing: missing[index], fallbacks: fallbacks[index])
    }
  }

  /// A tile's key: the asset name and its name space, as warnings and the summary show it
  /// (`AppIcon (in Widget)`); an asset of the non-Apple part keeps its plain name.
  static func key(_ name: String, in part: Part) -> String {
    part.namespace.map { "\(name) (in \($0))" } ?? name
  }

  /// A section's header: the target's name, the catalog's path (saying when no target
  /// compiles it), or what the loose files are.
  static func title(of space: AssetNamespace, hasTargets: Bool) -> String {
    switch space.kind {
    case .target: space.id
    case .catalog: hasTargets ? "\(space.id) (in no target)" : space.id
    case .looseFiles: "Loose files (in no catalog)"
    }
  }

  /// The device a target that builds for no iOS device runs on: a Mac, a watch, a TV or
  /// Vision Pro (the first of these it builds for); `nil` when it builds for iOS, or its
  /// platforms are unknown.
  static func nonIOSDevice(_ target: XcodeTarget) -> Idiom? {
    guard !target.platforms.isEmpty, !target.platforms.contains(.ios) else { return nil }
    let devices: [(ApplePlatform, Idiom)] = [
      (.macos, .mac), (.watchos, .watch), (.tvos, .tv), (.visionos, .vision),
    ]
    return devices.first { target.platforms.contains($0.0) }?.1
  }

  static func displayName(_ layout: Layout) -> String {
    switch layout {
    case .apple: "Apple"
    case .flutter: "Flutter"
    case .reactNative: "React Native"
    case .android: "Android"
    }
  }

  static func uniqueSorted(_ names: [String]) -> [String] {
    var unique: [String] = []
    for name in names.sorted() where name != unique.last { unique.append(name) }
    return unique
  }
}

/// A name space's icons; a set with no variant for the device asked (a Mac target's app icon
/// on a generic iOS screen, an iPhone launch image in a tvOS target) is drawn for the first
/// device it has (``AssetLibrarySource``), and the sheet's notes say so.
struct OtherDeviceSource: SheetDataSource {
  let apple: AssetLibrarySource
  /// The name space `apple`'s library is confined to.
  let namespace: String
  /// What was drawn for another device, once per asset.
  let notes = Locked<[String]>([])

  func icon(named name: String, scale: Int) throws -> SheetIcon {
    let icon = try apple.icon(named: name, scale: scale)
    if let device = icon.drawnFor {
      let asked = apple.traits.idiom?.rawValue ?? "iOS"
      notes.withLock {
        $0.append("\(name) (in \(namespace)) has no \(asked) variant; drew its \(device) one")
      }
    }
    return icon
  }

  func assetNames() throws -> [String] { try apple.assetNames() }

  func pixelArea(named name: String, scale: Int) -> Int? { apple.pixelArea(named: name, scale: scale) }
}

/// The icons of a sheet split by name space: each tile's key leads to its section's source
/// and the asset name there.
struct NamespacedSheetSource: SheetDataSource {
  /// Where a tile's icon comes from.
  struct Tile: Sendable {
    /// The index of the section (and of its source).
    var part: Int
    /// The asset name in that section's name space.
    var name: String
  }

  /// Every tile's key and where it resolves.
  let tiles: [String: Tile]
  /// One source per section.
  let sources: [any SheetDataSource]

  func icon(named key: String, scale: Int) throws -> SheetIcon {
    guard let tile = tiles[key] else { throw SheetIconError.notFound(name: key) }
    do {
      return try sources[tile.part].icon(named: tile.name, scale: scale)
    } catch SheetIconError.notFound {
      throw SheetIconError.notFound(name: key)
    } catch SheetIconError.unreadable(_, let reason) {
      throw SheetIconError.unreadable(name: key, reason: reason)
    }
  }

  func assetNames() throws -> [String] {
    tiles.keys.sorted()
  }

  func pixelArea(named key: String, scale: Int) -> Int? {
    guard let tile = tiles[key] else { return nil }
    return sources[tile.part].pixelArea(named: tile.name, scale: scale)
  }
}
