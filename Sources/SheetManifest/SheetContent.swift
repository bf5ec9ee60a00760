import IconGridSupport

/// One tile of a sheet: the label under it, the asset it shows and an optional badge.
public struct SheetTile: Sendable, Hashable {
  /// The text under the icon.
  public var name: String
  /// The asset name the data source resolves (`mail`, `Icons/mail`), relative to its root.
  public var icon: String
  /// A number drawn in a red disc at the icon's top-right; `nil` (or below 1) draws none.
  public var badge: Int?

  /// Creates a tile.
  ///
  /// - Parameters:
  ///   - name: the text under the icon.
  ///   - icon: the asset name the data source resolves (`mail`, `Icons/mail`), relative to
  ///     its root.
  ///   - badge: a number drawn in a red disc at the icon's top-right; `nil` (or below 1)
  ///     draws none.
  public init(name: String, icon: String, badge: Int? = nil) {
    self.name = name
    self.icon = icon
    self.badge = badge
  }
}

/// A run of tiles, with a header row above it when it has a title.
public struct SheetSection: Sendable, Hashable {
  /// The header; `nil` for the untitled section of a flat manifest or a folder.
  public var title: String?
  /// The tiles, in order.
  public var tiles: [SheetTile]

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - title: the header; `nil` for a section drawn without one.
  ///   - tiles: the tiles, in order.
  public init(title: String?, tiles: [SheetTile]) {
    self.title = title
    self.tiles = tiles
  }
}

/// Everything a sheet shows, before layout: sections of tiles.
public struct SheetContent: Sendable, Hashable {
  /// The sections, top to bottom.
  public var sections: [SheetSection]

  /// Creates content from sections.
  ///
  /// - Parameter sections: the sections, top to bottom.
  public init(sections: [SheetSection]) {
    self.sections = sections
  }

  /// One untitled section with a tile per asset, each labelled with its own name (the last
  /// component of the asset name: `safari` for `Pods/Assets/safari`): what a folder input
  /// shows. The names are used in the order given (sort them first).
  ///
  /// - Parameter assetNames: the assets, as the data source names them.
  public init(assetNames: [String]) {
    self.sections = [
      SheetSection(
        title: nil,
        tiles: assetNames.map { SheetTile(name: Paths.lastComponent(of: $0), icon: $0) })
    ]
  }

  /// The number of tiles in all sections.
  public var tileCount: Int { sections.reduce(0) { $0 + $1.tiles.count } }
}
