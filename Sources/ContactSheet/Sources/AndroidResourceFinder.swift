import AssetIndex
import AssetResolver
import ImageCore
import PNGCodec
import VectorRenderer

/// Finds the files an Android drawable names (`@drawable/x`, `@mipmap/x`) in the tree's
/// library, each chosen by the platform's density rule for the sheet's scale, so that
/// `AndroidDrawable` can draw adaptive icons and layers made of other files.
///
/// An XML drawable is parsed with its res folder's colours; a bitmap (PNG, WebP, a
/// nine-patch without its marks) is decoded and handed over as PNG bytes. `@color/x` never
/// reaches it: the drawable looks colours up in its own table. Cycles and depth are checked
/// by `AndroidDrawable` as it draws.
struct AndroidResourceFinder {
  /// Where the names resolve.
  let library: AssetLibrary
  /// The layout the tree is read in; `nil` to detect.
  let layout: Layout?
  /// The sheet's scale, as a density (2 → xhdpi).
  let scale: Int
  /// The colour table of the res folder a drawable file is in.
  let colors: (String) -> AndroidColorTable
  /// Says something about a referenced file (its warnings), for the sheet's notes.
  let note: (String) -> Void

  /// The drawable, bitmap or colour `reference` names.
  ///
  /// - Parameter reference: `@drawable/name` or `@mipmap/name`.
  /// - Returns: the file's drawable, or its pixels as PNG bytes.
  /// - Throws: ``ImageError``: ``ImageError/Code/unsupported`` for a reference of another
  ///   kind (`@android:drawable/…`), ``ImageError/Code/notFound`` when the tree has no such
  ///   file, and the file's own decoding error.
  func resource(_ reference: String) throws -> AndroidResource {
    let parts = reference.dropFirst().split(separator: "/", maxSplits: 1)
    guard reference.hasPrefix("@"), parts.count == 2, ["drawable", "mipmap"].contains(parts[0]) else {
      throw ImageError(.unsupported, "\(reference) is not a drawable or mipmap of the tree; not drawn")
    }
    let request = TraitRequest(scale: Double(scale))
    // Android trees' asset names carry their folder type ("drawable/x"); others do not.
    var found: (name: String, resolution: Resolution)?
    for target in ["\(parts[0])/\(parts[1])", String(parts[1])] where found == nil {
      if let resolution = try? library.resolve(named: target, for: request, layout: layout),
        resolution.winner != nil
      {
        found = (target, resolution)
      }
    }
    guard let (target, resolution) = found else {
      throw ImageError(.notFound, "\(reference) is not in the tree")
    }
    if LayoutCatalog.fileExtension(resolution.path) == "xml" {
      let drawable = try AndroidDrawable(contentsOf: resolution.fullPath, colors: colors(resolution.fullPath))
      for warning in drawable.warnings {
        note(warning.replacingOccurrences(of: resolution.fullPath, with: resolution.path))
      }
      return .drawable(drawable)
    }
    let image: ResolvedImage
    do {
      image = try library.image(named: target, for: request, layout: layout)
    } catch {
      throw ImageError(.unsupported, "\(reference) (\(resolution.path)) cannot be read: \(error.description)")
    }
    let bitmap =
      resolution.path.lowercased().hasSuffix(".9.png")
      ? AssetTreeSource.ninePatchContent(image.bitmap) : image.bitmap
    return .png(try PNGEncoder.encode(bitmap), scale: resolution.scale)
  }
}
