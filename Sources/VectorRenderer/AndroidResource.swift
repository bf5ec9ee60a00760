/// What a reference in an Android drawable (`@drawable/x`, `@mipmap/x`) names, found by the
/// caller in the tree.
public enum AndroidResource: Sendable {
  /// An XML drawable, parsed; it is drawn with its own colour table.
  case drawable(AndroidDrawable)
  /// A bitmap (PNG, WebP, …) as PNG bytes, and the scale of the density it was drawn for
  /// (`xhdpi` 2), so its size in dp is its pixels over the scale; an item stretches it over its
  /// box, a `<bitmap>` may draw it at that size.
  case png([UInt8], scale: Double = 1)
  /// A colour value (`#AARRGGBB`, `@color/x`, resolved in the referring file's table).
  case color(String)
}

/// Finds what a reference names (`@drawable/x`, `@mipmap/x`), for the file being drawn.
///
/// It throws when the reference cannot be found or read; the error reaches the caller of
/// ``AndroidDrawable/svg(boxSize:resolve:)``, an `ImageError` with the drawable's path (so its
/// reason should name the file it could not read).
public typealias AndroidResourceResolver = (_ reference: String) throws -> AndroidResource
