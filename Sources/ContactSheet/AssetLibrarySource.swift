import AssetResolver

/// A sheet's icons from an ``AssetLibrary``: the scale rule, catalogs and the decoded-image
/// cache of the resolver, so sheets and services resolve names the same way.
///
/// ```swift
/// let library = try AssetLibrary(root: "Assets/Demo")
/// let renderer = SheetRenderer(content: content, layout: layout, dataSource: AssetLibrarySource(library))
/// ```
public struct AssetLibrarySource: SheetDataSource {
  /// The library icons are resolved in.
  public let library: AssetLibrary

  /// Creates a data source over `library`.
  public init(_ library: AssetLibrary) {
    self.library = library
  }

  /// The icon by the resolver's scale rule; names never leave the library's root.
  public func icon(named name: String, scale: Int) throws -> SheetIcon {
    do {
      let image = try library.image(named: name, scale: scale)
      return SheetIcon(
        bitmap: image.bitmap, scale: image.resolved.scale, isFallback: image.resolved.isFallback)
    } catch let error as ResolveError {
      if error.isNotFound { throw SheetIconError.notFound(name: name) }
      let reason: String
      switch error.reason {
      case .unreadable(let underlying): reason = underlying.message
      default: reason = error.description
      }
      throw SheetIconError.unreadable(name: name, reason: reason)
    }
  }

  /// Every asset name of the library's index (or of its name space), sorted, each once.
  ///
  /// A name that several name spaces provide appears once; its tile reports the
  /// ambiguity unless the library is confined to one name space.
  public func assetNames() throws -> [String] {
    let catalog = library.catalog
    let assets = library.namespace.flatMap { catalog.namespace($0)?.assets } ?? catalog.assets
    var names = assets.map(\.name)
    names.sort()
    var unique: [String] = []
    unique.reserveCapacity(names.count)
    for name in names where name != unique.last { unique.append(name) }
    return unique
  }
}
