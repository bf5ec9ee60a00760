import ImageCore

/// An Android XML drawable (`res/drawable*/name.xml`), translated to SVG and drawn by
/// ``VectorImage`` with all its limits.
///
/// What is drawn:
/// - `<vector>`: `android:width`/`height` in dp (1 dp = 1 pt, mdpi being 1x), the viewport,
///   `<path>` (fill and stroke colours and alphas, `fillType="evenOdd"`, caps, joins, miter
///   limit), `<group>` transforms in Android's order (about the pivot: scale, then rotate,
///   then translate), `<clip-path>` (clipping the group's later children), `android:alpha`
///   and `android:tint` (drawn as `src_in`).
/// - `<shape>`: a rectangle (rounded by `<corners>`) or an oval with `<solid>`, `<stroke>`
///   (dashes too) and a linear `<gradient>`; it has a size only when it has `<size>`, else
///   it is drawn at the box the caller gives.
/// - `<color>`: the colour over the whole box.
/// - `<layer-list>`: its inline items and colours stacked in order, each inset as its item
///   says.
/// - `<selector>`: the item without state attributes (else the last item), drawn when
///   inline; when it names another file, ``reference`` says which, for the caller to load.
///
/// Colours are `#RGB`, `#ARGB`, `#RRGGBB`, `#AARRGGBB` (alpha first), `@android:color/white`,
/// `black` and `transparent`, and `@color/name` through the table given. An unresolved
/// reference or a theme attribute (`?attr/…`) is drawn in a neutral grey and listed in
/// ``warnings``, never silently black.
///
/// **Hostile files.** The input is capped at ``VectorLimits/maxInputBytes``; a DOCTYPE or an
/// entity declaration is refused before parsing (Android's resource compiler accepts
/// neither), no external entity is ever resolved, and elements and nesting are counted
/// against ``VectorLimits/maxElements`` and ``VectorLimits/maxNestingDepth`` while parsing.
/// The SVG made from it goes through ``VectorImage``'s preflight and work budgets.
///
/// ```swift
/// let drawable = try AndroidDrawable(bytes: bytes, path: "res/drawable/ic_add.xml")
/// let bitmap = try drawable.image().render(scale: 2)
/// for warning in drawable.warnings { print(warning) }
/// ```
public struct AndroidDrawable: Sendable {
  /// The root element's name: `vector`, `shape`, `selector`, `layer-list`, …
  public let kind: String
  /// The file as the caller named it, for messages; never opened.
  public let path: String?
  /// The intrinsic size in points (dp); `nil` for a shape without `<size>`, a layer-list
  /// of such shapes, or a selector that names another file.
  public let pointSize: PointSize?
  /// What was drawn other than as written: unresolved colours drawn in grey, attributes
  /// not drawn. Each names the file.
  public let warnings: [String]
  /// For a selector whose default item names another drawable, that reference
  /// (`@drawable/name`, `@mipmap/name`); the caller resolves and draws it.
  public let reference: String?
  let root: AndroidXMLElement
  let colors: AndroidColorTable?
  let limits: VectorLimits

  /// The root elements that are drawn (a selector only when its default item is inline).
  static let drawableKinds: Set<String> = ["vector", "shape", "layer-list", "selector", "color"]

  /// Parses an Android drawable.
  ///
  /// - Parameters:
  ///   - bytes: the whole XML file.
  ///   - path: the file's name for messages; it is not read.
  ///   - colors: the res folder's colours (`values*/colors.xml`) for `@color/` references;
  ///     `nil` draws every such reference grey with a warning.
  ///   - limits: the input limits, and those the SVG is drawn within.
  /// - Throws: ``ImageError`` (with `path`): ``ImageError/Code/malformed`` for XML that is
  ///   not well-formed or a drawable missing what it needs (a path without `pathData`),
  ///   ``ImageError/Code/unsupported`` for a DOCTYPE or entity, a root IconGrid does not
  ///   draw (`<adaptive-icon>`, `<animation-list>`, …) or a size that is not a dp length,
  ///   ``ImageError/Code/limitExceeded`` for too many bytes, elements or levels.
  public init(
    bytes: [UInt8], path: String? = nil, colors: AndroidColorTable? = nil, limits: VectorLimits = .default
  )
    throws
  {
    let root = try ImageError.attributing(path) { try AndroidDrawableXML.parse(bytes, limits: limits) }
    self.root = root
    self.path = path
    self.colors = colors
    self.limits = limits
    kind = root.name
    var translator = AndroidSVGTranslator(colors: colors)
    let analysis = try ImageError.attributing(path) { () throws -> (PointSize?, String?) in
      guard Self.drawableKinds.contains(root.name) else {
        throw ImageError(.unsupported, Self.undrawnReason(root.name))
      }
      let reference = AndroidSVGTranslator.selectorReference(root)
      let size = reference == nil ? try translator.intrinsicSize(root) : nil
      if reference == nil {
        // A box large enough that no layer-list inset hides an item (and its warnings).
        _ = try translator.document(root, size: size ?? PointSize(width: 10_000, height: 10_000))
      }
      return (size, reference)
    }
    pointSize = analysis.0
    reference = analysis.1
    let name = path ?? "the drawable"
    warnings = translator.warnings.map { "\(name): \($0)" }
  }

  /// Reads and parses an Android drawable.
  ///
  /// - Parameters:
  ///   - path: the XML file.
  ///   - colors: the res folder's colours for `@color/` references, or `nil`.
  ///   - limits: the input limits.
  /// - Throws: ``ImageError``: ``ImageError/Code/notFound`` or ``ImageError/Code/io``
  ///   when the file cannot be read, and whatever ``init(bytes:path:colors:limits:)`` throws.
  public init(contentsOf path: String, colors: AndroidColorTable? = nil, limits: VectorLimits = .default)
    throws
  {
    let bytes = try FileIO.readAll(path, limit: limits.maxInputBytes)
    try self.init(bytes: bytes, path: path, colors: colors, limits: limits)
  }

  /// The SVG this drawable is drawn as.
  ///
  /// - Parameter boxSize: the size in points to draw at when the drawable has none of its
  ///   own (a shape without `<size>`); ignored when ``pointSize`` is set.
  /// - Returns: UTF-8 SVG text, self-contained.
  /// - Throws: ``ImageError/Code/unsupported`` (with ``path``) for a selector that names
  ///   another file (see ``reference``), ``ImageError/Code/invalidArgument`` for an empty box.
  public func svg(boxSize: PointSize = .init(width: 48, height: 48)) throws -> [UInt8] {
    try ImageError.attributing(path) {
      if let reference {
        throw ImageError(
          .unsupported, "a selector whose default item is \(reference); draw that drawable instead")
      }
      let size = pointSize ?? boxSize
      guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
        throw ImageError(.invalidArgument, "cannot draw the drawable in a \(boxSize) pt box")
      }
      var translator = AndroidSVGTranslator(colors: colors)
      return Array(try translator.document(root, size: size).utf8)
    }
  }

  /// The drawable as a ``VectorImage``, ready to render at any scale.
  ///
  /// - Parameter boxSize: the size in points for a drawable without one of its own.
  /// - Returns: the image, its ``VectorImage/pointSize`` the drawable's size in dp.
  /// - Throws: ``ImageError`` (with ``path``): what ``svg(boxSize:)`` throws, and
  ///   ``ImageError/Code/limitExceeded`` when the SVG is beyond the limits.
  public func image(boxSize: PointSize = .init(width: 48, height: 48)) throws -> VectorImage {
    try VectorImage(bytes: try svg(boxSize: boxSize), format: .svg, path: path, limits: limits)
  }

  /// Why a root element is not drawn, in words for a placeholder.
  static func undrawnReason(_ name: String) -> String {
    switch name {
    case "adaptive-icon": "an <adaptive-icon> (drawn from its layers by the launcher); not drawn"
    case "animation-list": "an <animation-list> (frames shown in turn); not drawn"
    case "animated-vector": "an <animated-vector>; not drawn"
    case "bitmap", "nine-patch": "a <\(name)> wrapping another file; not drawn"
    default: "a <\(name)> drawable, which IconGrid does not draw"
    }
  }
}
