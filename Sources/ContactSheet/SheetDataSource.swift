import PNGCodec

/// An icon as the data source found it for a sheet.
public struct SheetIcon: Sendable {
  /// The decoded pixels (straight RGBA).
  public var bitmap: Bitmap
  /// The scale of the file actually chosen: its point size is pixels ÷ `scale`.
  public var scale: Int
  /// Whether the file is of another scale than the one asked for.
  public var isFallback: Bool

  /// Creates an icon.
  public init(bitmap: Bitmap, scale: Int, isFallback: Bool) {
    self.bitmap = bitmap
    self.scale = max(1, scale)
    self.isFallback = isFallback
  }
}

/// Why a data source could not give an icon; the tile becomes a placeholder.
public enum SheetIconError: Error, Sendable, Hashable {
  /// No file of any scale exists for the asset.
  case notFound(name: String)
  /// A file exists but cannot be used (not a PNG, too large, damaged).
  case unreadable(name: String, reason: String)
}

/// Where a sheet's icons come from: the renderer pulls them, one row of tiles at a time.
///
/// The renderer calls ``icon(named:scale:)`` from several threads at once, so conformers
/// must be safe to share. A service or the CLI adapts its asset library to this protocol.
public protocol SheetDataSource: Sendable {
  /// The icon for `name` at the sheet's `scale` (1, 2 or 3), by the scale rule: exact scale
  /// first, then the nearest higher, then the nearest lower.
  ///
  /// - Throws: ``SheetIconError/notFound(name:)`` when no file exists;
  ///   ``SheetIconError/unreadable(name:reason:)`` when one exists but cannot be decoded.
  func icon(named name: String, scale: Int) throws -> SheetIcon

  /// The names of every asset, sorted by name: the tiles of a folder input.
  func assetNames() throws -> [String]
}

/// What the renderer tells whoever runs it, on the thread that called ``SheetRenderer``.
///
/// Every method has an empty default, so a delegate implements only what it cares about.
public protocol SheetRendererDelegate {
  /// `done` of `total` tiles are drawn; called after each row.
  func progress(done: Int, total: Int)
  /// The icon of a tile does not exist; the tile is drawn as a placeholder.
  func missingIcon(name: String)
  /// The icon exists but could not be decoded; the tile is drawn as a placeholder.
  func unreadableIcon(name: String, reason: String)
  /// The icon had no file at the sheet's scale; a file of scale `got` was drawn instead.
  func fallback(name: String, requested: Int, got: Int)
}

extension SheetRendererDelegate {
  /// Does nothing: a delegate implements only what it wants to hear.
  public func progress(done: Int, total: Int) {}
  /// Does nothing: a delegate implements only what it wants to hear.
  public func missingIcon(name: String) {}
  /// Does nothing: a delegate implements only what it wants to hear.
  public func unreadableIcon(name: String, reason: String) {}
  /// Does nothing: a delegate implements only what it wants to hear.
  public func fallback(name: String, requested: Int, got: Int) {}
}
