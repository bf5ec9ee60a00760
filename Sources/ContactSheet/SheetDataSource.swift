import ImageCore

/// An icon as the data source found it for a sheet.
public struct SheetIcon: Sendable {
  /// The decoded pixels (straight RGBA).
  public var bitmap: Bitmap
  /// The scale of the file actually chosen: its point size is pixels ÷ `scale`.
  public var scale: Int
  /// Whether the file is of another scale than the one asked for.
  public var isFallback: Bool
  /// Whether it is a template image (a shape drawn in the sheet's tint colour, as UIKit
  /// draws `template-rendering-intent: template` images and symbols).
  public var isTemplate: Bool
  /// The device whose file was drawn (`tv`, `mac`, `iphone`) when the set has none for the
  /// device the sheet asked for; `nil` when it has. The tile carries a tag with the name.
  public var drawnFor: String?

  /// Creates an icon.
  ///
  /// - Parameters:
  ///   - bitmap: the decoded pixels, straight RGBA, at the file's own pixel size.
  ///   - scale: the scale of the file chosen (pixels per point); values below 1 count as 1.
  ///   - isFallback: whether that scale differs from the one asked for (the tile gets a
  ///     fallback marker).
  ///   - isTemplate: whether it is drawn tinted: its colour replaced by the tint, its alpha
  ///     kept.
  ///   - drawnFor: the device whose file was drawn, when the set has none for the sheet's.
  public init(bitmap: Bitmap, scale: Int, isFallback: Bool, isTemplate: Bool = false, drawnFor: String? = nil)
  {
    self.bitmap = bitmap
    self.scale = max(1, scale)
    self.isFallback = isFallback
    self.isTemplate = isTemplate
    self.drawnFor = drawnFor
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
  /// - Parameters:
  ///   - name: the tile's ``SheetTile/icon``: an asset name relative to the source's root.
  ///   - scale: the sheet's scale in pixels per point (1, 2 or 3).
  /// - Returns: the decoded icon, with the scale of the file chosen.
  /// - Throws: ``SheetIconError/notFound(name:)`` when no file exists;
  ///   ``SheetIconError/unreadable(name:reason:)`` when one exists but cannot be decoded.
  ///   The renderer draws a placeholder for either; any other error counts as unreadable.
  func icon(named name: String, scale: Int) throws -> SheetIcon

  /// The names of every asset, sorted by name: the tiles of a folder input.
  ///
  /// - Returns: asset names a call to ``icon(named:scale:)`` accepts, sorted, each once.
  /// - Throws: whatever error the conformer has when the assets cannot be listed; the
  ///   caller reports it, for no sheet can be made without the names.
  func assetNames() throws -> [String]

  /// The pixels decoding or rendering the file ``icon(named:scale:)`` would return holds
  /// at its peak (the reduced size of a raster decoded reduced), read from its header only,
  /// or `nil` when unknown; the renderer weighs the decodes it runs at once by it.
  ///
  /// - Parameters:
  ///   - name: the tile's ``SheetTile/icon``.
  ///   - scale: the sheet's scale in pixels per point.
  /// - Returns: width × height in pixels, or `nil` (the default) when the source cannot
  ///   tell without decoding; such an icon is weighed as one icon box.
  func pixelArea(named name: String, scale: Int) -> Int?
}

extension SheetDataSource {
  /// Unknown: the renderer weighs the icon as one icon box.
  ///
  /// - Parameters:
  ///   - name: the tile's icon.
  ///   - scale: the sheet's scale.
  /// - Returns: `nil`.
  public func pixelArea(named name: String, scale: Int) -> Int? { nil }
}

/// What the renderer tells whoever runs it, on the thread that called ``SheetRenderer``.
///
/// Every method has an empty default, so a delegate implements only what it cares about.
public protocol SheetRendererDelegate {
  /// `done` of `total` tiles are drawn; called after each row.
  ///
  /// - Parameters:
  ///   - done: tiles drawn so far, placeholders included.
  ///   - total: tiles in the whole sheet.
  func progress(done: Int, total: Int)
  /// The icon of a tile does not exist; the tile is drawn as a placeholder.
  ///
  /// - Parameter name: the asset name the tile asked for; each name is reported once.
  func missingIcon(name: String)
  /// The icon exists but could not be decoded; the tile is drawn as a placeholder.
  ///
  /// - Parameters:
  ///   - name: the asset name the tile asked for; each name is reported once.
  ///   - reason: why it could not be used, in words.
  func unreadableIcon(name: String, reason: String)
  /// The icon had no file at the sheet's scale; a file of scale `got` was drawn instead.
  ///
  /// - Parameters:
  ///   - name: the asset name the tile asked for; each name is reported once.
  ///   - requested: the sheet's scale, in pixels per point.
  ///   - got: the scale of the file drawn, resampled to the sheet's scale.
  func fallback(name: String, requested: Int, got: Int)
}

extension SheetRendererDelegate {
  /// Does nothing: a delegate implements only what it wants to hear.
  ///
  /// - Parameters:
  ///   - done: tiles drawn so far, placeholders included.
  ///   - total: tiles in the whole sheet.
  public func progress(done: Int, total: Int) {}
  /// Does nothing: a delegate implements only what it wants to hear.
  ///
  /// - Parameter name: the asset name the tile asked for.
  public func missingIcon(name: String) {}
  /// Does nothing: a delegate implements only what it wants to hear.
  ///
  /// - Parameters:
  ///   - name: the asset name the tile asked for.
  ///   - reason: why it could not be used, in words.
  public func unreadableIcon(name: String, reason: String) {}
  /// Does nothing: a delegate implements only what it wants to hear.
  ///
  /// - Parameters:
  ///   - name: the asset name the tile asked for.
  ///   - requested: the sheet's scale, in pixels per point.
  ///   - got: the scale of the file drawn.
  public func fallback(name: String, requested: Int, got: Int) {}
}
