/// What a reference in an Android drawable (`@drawable/x`, `@mipmap/x`) names, found by the
/// caller in the tree.
public enum AndroidResource: Sendable {
  /// An XML drawable, parsed; it is drawn with its own colour table.
  case drawable(AndroidDrawable)
  /// A bitmap (PNG, WebP, …) as PNG bytes; it is stretched over the item's box.
  case png([UInt8])
  /// A colour value (`#AARRGGBB`, `@color/x`, resolved in the referring file's table).
  case color(String)
}

/// Finds what a reference names (`@drawable/x`, `@mipmap/x`), for the file being drawn.
///
/// It throws when the reference cannot be found or read; the error reaches the caller of
/// ``AndroidDrawable/svg(boxSize:resolve:)``, an `ImageError` with the drawable's path (so its
/// reason should name the file it could not read).
public typealias AndroidResourceResolver = (_ reference: String) throws -> AndroidResource
