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
/// - `<layer-list>`: its items stacked in order, each inset as its item says.
/// - `<ripple>`: like a layer-list, at rest: the item with `android:id="@android:id/mask"`
///   and the ripple colour show only while touched and are not drawn. A ripple with no other
///   item draws nothing at rest, so it is drawn empty (transparent) and ``warnings`` says so.
/// - `<inset>`: its drawable inset by dp or by a fraction of the box (`25%`).
/// - `<selector>`: the item without state attributes (else the last item); when it names
///   another file, ``reference`` says which.
/// - `<animation-list>`: its first frame, as Android Studio's preview shows it (AOSP's
///   `AnimationDrawable` before it starts); when the frame names another file, ``reference``
///   says which. One with no frame is refused.
/// - `<bitmap>`: the file `android:src` names, placed by `android:gravity` as AOSP's
///   `BitmapDrawable` does: stretched over the box by default (`fill`), else at its own size
///   in dp (its pixels over its density's scale) at the side or centre the gravity names.
///   Its size is its file's, known only when drawn with a resolver; a tiled `tileMode` is
///   drawn once, with a warning.
///
/// A length may be `@dimen/name`, looked up in the table given (the res folder's values); one
/// the table does not hold is drawn as 0 dp with a warning (a `<vector>`'s or `<size>`'s own
/// size is refused instead).
/// - `<adaptive-icon>`: as a launcher shows it (AOSP's `AdaptiveIconDrawable`), 72 × 72 dp:
///   the `<background>` and then the `<foreground>` layer, each 108 dp square and centred, so
///   the outer 18 dp of each side are cut off, and the whole masked by a **circle** 72 dp
///   across (Android Studio's default preview shape; launchers may use other masks).
///   `<monochrome>` (themed icons, when the user turns them on) is not drawn.
///
/// An item or layer may name another file (`android:drawable="@drawable/x"`, `@mipmap/x`);
/// ``references`` lists them and the caller, which knows the tree, finds them through an
/// ``AndroidResourceResolver`` given to ``svg(boxSize:resolve:)``: each is drawn filling the
/// item's box, up to ``maxReferenceDepth`` files deep, and a cycle is refused.
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
  /// of such shapes, a selector that names another file, or a `<bitmap>` (its file's size is
  /// known only when drawn with a resolver).
  public let pointSize: PointSize?
  /// What was drawn other than as written: unresolved colours drawn in grey, attributes
  /// not drawn. Each names the file.
  public let warnings: [String]
  /// For a selector whose default item, or an animation-list whose first frame, names another
  /// drawable, that reference (`@drawable/name`, `@mipmap/name`); the caller resolves and
  /// draws it.
  public let reference: String?
  /// The other files the drawable's items and layers name (`@drawable/x`, `@mipmap/x`),
  /// each once in drawing order; drawing it needs a resolver when there are any.
  public let references: [String]
  /// How many references may lead from one file to the next when drawing (a layer naming a
  /// selector whose item names a vector is 2); deeper is refused.
  public static let maxReferenceDepth = AndroidSVGTranslator.maxReferenceDepth
  let root: AndroidXMLElement
  let colors: AndroidColorTable?
  let limits: VectorLimits

  /// The root elements that are drawn (a selector only when its default item is inline).
  static let drawableKinds: Set<String> = [
    "vector", "shape", "layer-list", "selector", "color", "ripple", "inset", "adaptive-icon",
    "animation-list", "bitmap",
  ]

  /// Parses an Android drawable.
  ///
  /// - Parameters:
  ///   - bytes: the whole XML file.
  ///   - path: the file's name for messages; it is not read.
  ///   - colors: the res folder's colours and dimensions (`values*/*.xml`) for `@color/` and
  ///     `@dimen/` references; `nil` draws every such reference grey (or 0 dp) with a warning.
  ///   - limits: the input limits, and those the SVG is drawn within.
  /// - Throws: ``ImageError`` (with `path`): ``ImageError/Code/malformed`` for XML that is
  ///   not well-formed or a drawable missing what it needs (a path without `pathData`),
  ///   ``ImageError/Code/unsupported`` for a DOCTYPE or entity, a root IconGrid does not
  ///   draw (`<animated-vector>`, an animation-list with no frame, …) or a size that is not a dp length,
  ///   ``ImageError/Code/limitExceeded`` for too many bytes, elements or levels.
  public init(
    bytes: [UInt8], path: String? = nil, colors: AndroidColorTable? = nil, limits: VectorLimits = .default
  )
    throws
  {
    let parsed = try ImageError.attributing(path) { try AndroidDrawableXML.parse(bytes, limits: limits) }
    let (root, dimensionWarnings) = AndroidDimensions.resolve(parsed, table: colors)
    var notes = dimensionWarnings
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
      if root.name == "ripple" && AndroidSVGTranslator.drawnItems(root).isEmpty {
        notes.append(
          "a <ripple> with no item but its mask draws nothing at rest (its touch colour shows only "
            + "while pressed); drawn as it is, empty")
      }
      if root.name == "animation-list" {
        guard AndroidSVGTranslator.firstFrame(root) != nil else {
          throw ImageError(.unsupported, "an <animation-list> with no frame; nothing to draw")
        }
        let count = root.children.filter { $0.name == "item" }.count
        // A frame naming another file is said by whoever draws that file.
        if AndroidSVGTranslator.defaultReference(root) == nil {
          notes.append(
            "an <animation-list> of \(count) frame\(count == 1 ? "" : "s"); drew its first, as Android Studio's preview does"
          )
        }
      }
      if root.name == "adaptive-icon"
        && !root.children.contains(where: { ["background", "foreground"].contains($0.name) })
      {
        throw ImageError(
          .unsupported, "an <adaptive-icon> with no <background> or <foreground> layer; nothing to draw")
      }
      let reference = AndroidSVGTranslator.defaultReference(root)
      let size = reference == nil ? try translator.intrinsicSize(root) : nil
      if reference == nil {
        // A box large enough that no layer-list inset hides an item (and its warnings).
        _ = try translator.document(root, size: size ?? PointSize(width: 10_000, height: 10_000))
      }
      return (size, reference)
    }
    pointSize = analysis.0
    reference = analysis.1
    references = translator.references
    let name = path ?? "the drawable"
    warnings = (notes + translator.warnings).map { "\(name): \($0)" }
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
  /// - Parameters:
  ///   - boxSize: the size in points to draw at when the drawable has none of its own (a
  ///     shape without `<size>`), nor the files it names (a `<bitmap>`'s); ignored when
  ///     ``pointSize`` is set.
  ///   - resolve: finds the files ``references`` and ``reference`` name; `nil` when the
  ///     drawable names none.
  /// - Returns: UTF-8 SVG text, self-contained (a bitmap it names is embedded).
  /// - Throws: ``ImageError`` (with ``path``): ``ImageError/Code/unsupported`` for a
  ///   drawable that names another file when `resolve` is `nil`,
  ///   ``ImageError/Code/malformed`` for references in a cycle,
  ///   ``ImageError/Code/limitExceeded`` for references deeper than ``maxReferenceDepth``,
  ///   ``ImageError/Code/invalidArgument`` for an empty box, and whatever `resolve` throws.
  public func svg(boxSize: PointSize = .init(width: 48, height: 48), resolve: AndroidResourceResolver? = nil)
    throws -> [UInt8]
  {
    try ImageError.attributing(path) {
      if resolve == nil, let reference = reference ?? references.first {
        throw ImageError(
          .unsupported, "it refers to \(reference), another file; draw it with a resolver for the tree")
      }
      var translator = AndroidSVGTranslator(colors: colors, resolve: resolve)
      // A <bitmap>'s size is its file's, which only the resolver finds.
      let size = try pointSize ?? (resolve == nil ? nil : translator.intrinsicSize(root)) ?? boxSize
      guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
        throw ImageError(.invalidArgument, "cannot draw the drawable in a \(size) pt box")
      }
      return Array(try translator.document(root, size: size).utf8)
    }
  }

  /// The drawable as a ``VectorImage``, ready to render at any scale.
  ///
  /// - Parameters:
  ///   - boxSize: the size in points for a drawable without one of its own.
  ///   - resolve: finds the files the drawable names, as for ``svg(boxSize:resolve:)``.
  /// - Returns: the image, its ``VectorImage/pointSize`` the drawable's size in dp.
  /// - Throws: ``ImageError`` (with ``path``): what ``svg(boxSize:resolve:)`` throws, and
  ///   ``ImageError/Code/limitExceeded`` when the SVG is beyond the limits.
  public func image(
    boxSize: PointSize = .init(width: 48, height: 48), resolve: AndroidResourceResolver? = nil
  ) throws -> VectorImage {
    try VectorImage(
      bytes: try svg(boxSize: boxSize, resolve: resolve), format: .svg, path: path, limits: limits)
  }

  /// Why a root element is not drawn, in words for a placeholder.
  static func undrawnReason(_ name: String) -> String {
    switch name {
    case "animated-vector": "an <animated-vector>; not drawn"
    case "nine-patch": "a <nine-patch> wrapping another file; not drawn"
    default: "a <\(name)> drawable, which IconGrid does not draw"
    }
  }
}
