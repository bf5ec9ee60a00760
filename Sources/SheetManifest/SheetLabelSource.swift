import IconGridSupport

/// What a tile's label says.
public enum SheetLabelSource: String, Sendable, Hashable, CaseIterable {
  /// The asset's own name, the last component of its path: `safari` for
  /// `Pods/TUSafariActivity/Pod/Assets/safari`. What a folder's sheet shows.
  case name
  /// The asset's whole name, folders included, relative to the assets root.
  case path
  /// The name the manifest gives the tile. What a manifest's sheet shows.
  case manifest

  /// The label of a tile that shows the asset named `icon`, whose manifest calls it
  /// `manifestName`.
  ///
  /// - Parameters:
  ///   - icon: the asset name the data source resolves, such as `Icons/mail`.
  ///   - manifestName: the tile's name in the manifest (for a folder, the asset name).
  /// - Returns: the text to show under the icon.
  public func label(icon: String, manifestName: String) -> String {
    switch self {
    case .name: Paths.lastComponent(of: icon)
    case .path: icon
    case .manifest: manifestName
    }
  }

}

extension SheetContent {
  /// The same tiles, each labelled by `source`.
  ///
  /// - Parameter source: what the labels say.
  /// - Returns: the content with every tile's ``SheetTile/name`` replaced.
  public func labelled(by source: SheetLabelSource) -> SheetContent {
    var content = self
    for section in content.sections.indices {
      for tile in content.sections[section].tiles.indices {
        let current = content.sections[section].tiles[tile]
        content.sections[section].tiles[tile].name = source.label(
          icon: current.icon, manifestName: current.name)
      }
    }
    return content
  }
}
