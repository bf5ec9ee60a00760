internal import CRsvg
import ImageCore

/// One librsvg handle, parsed from bytes and drawn on the thread that made it.
///
/// The handle is loaded with no base file, so librsvg's URL policy refuses every URL but
/// `data:`: an `<image>`, `<use>`, XInclude, CSS `@import` or `url()` naming any file or
/// network address is never opened, and the document renders without it. librsvg parses
/// with its own limits (at most 1,000,000 loaded elements, 500,000 references followed in
/// one render, XInclude depth 20) and libxml2 without network access or huge-text mode.
final class SVGDocument {
  private let handle: UnsafeMutablePointer<RsvgHandle>

  /// The resolution that makes physical units points: 1 pt = 1 px, 1 in = 72 px.
  static let dpi = 72.0

  /// Parses `text` (uncompressed SVG).
  ///
  /// - Throws: ``ImageError/Code/malformed`` with librsvg's words when it cannot parse,
  ///   ``ImageError/Code/libraryMissing`` when librsvg cannot be loaded.
  init(_ text: [UInt8]) throws {
    try openLibrary(icongrid_rsvg_library(), format: .svg)
    var error: UnsafeMutablePointer<GError>?
    let loaded = text.withUnsafeBytes { raw -> UnsafeMutablePointer<RsvgHandle>? in
      let bytes = g_bytes_new(raw.baseAddress, gsize(raw.count))
      defer { g_bytes_unref(bytes) }
      let stream = g_memory_input_stream_new_from_bytes(bytes)
      defer { g_object_unref(stream) }
      return rsvg_handle_new_from_stream_sync(stream, nil, RSVG_HANDLE_FLAGS_NONE, nil, &error)
    }
    guard let loaded else {
      let said = takeMessage(&error)
      throw ImageError(.malformed, "librsvg cannot parse the SVG", underlying: said)
    }
    _ = takeMessage(&error)
    handle = loaded
    rsvg_handle_set_dpi(handle, SVGDocument.dpi)
  }

  deinit { g_object_unref(handle) }

  /// The size the document says it has, in points: its `width` and `height` when both are
  /// absolute lengths, else its `viewBox`'s size.
  ///
  /// - Throws: ``ImageError/Code/unsupported`` when it has neither (or they are empty).
  func intrinsicSize() throws -> (width: Double, height: Double) {
    var width = 0.0
    var height = 0.0
    if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0 {
      guard width > 0 && height > 0 && width.isFinite && height.isFinite else {
        throw ImageError(
          .unsupported, "the SVG's width and height are \(width)×\(height); both must be positive")
      }
      return (width, height)
    }
    var hasViewBox: gboolean = 0
    var viewBox = RsvgRectangle()
    rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
    guard hasViewBox != 0 else {
      throw ImageError(
        .unsupported,
        "the SVG has neither an absolute width and height nor a viewBox, so it has no size; add a viewBox")
    }
    guard viewBox.width > 0 && viewBox.height > 0 && viewBox.width.isFinite && viewBox.height.isFinite else {
      throw ImageError(
        .unsupported, "the SVG's viewBox is \(viewBox.width)×\(viewBox.height); both must be positive")
    }
    return (viewBox.width, viewBox.height)
  }

  /// The size of the root element's `viewBox` in user units, when it has a usable one.
  func viewBoxSize() -> (width: Double, height: Double)? {
    var hasViewBox: gboolean = 0
    var viewBox = RsvgRectangle()
    rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
    guard hasViewBox != 0, viewBox.width > 0, viewBox.height > 0, viewBox.width.isFinite,
      viewBox.height.isFinite
    else { return nil }
    return (viewBox.width, viewBox.height)
  }

  /// Whether the document has an element with this `id` (without `#`).
  func hasElement(_ id: String) -> Bool {
    rsvg_handle_has_sub(handle, "#" + id) != 0
  }

  /// The ink bounds of the element with this `id`, in its own user units (points).
  ///
  /// - Throws: ``ImageError/Code/invalidArgument`` when there is no such element,
  ///   ``ImageError/Code/unsupported`` when it draws nothing.
  func elementBounds(_ id: String) throws -> RsvgRectangle {
    guard isPlainID(id), hasElement(id) else {
      throw ImageError(.invalidArgument, "the SVG has no element with id \"\(id)\"")
    }
    var ink = RsvgRectangle()
    var logical = RsvgRectangle()
    var error: UnsafeMutablePointer<GError>?
    guard rsvg_handle_get_geometry_for_element(handle, "#" + id, &ink, &logical, &error) != 0 else {
      throw ImageError(
        .malformed, "librsvg cannot measure element \"\(id)\"", underlying: takeMessage(&error))
    }
    guard ink.width > 0 && ink.height > 0 else {
      throw ImageError(.unsupported, "element \"\(id)\" draws nothing (its ink bounds are empty)")
    }
    return ink
  }

  /// Draws the whole document so its `size` (points) fills `rect` of `canvas`.
  func draw(size: (width: Double, height: Double), into canvas: CairoCanvas, rect: FittedRect) throws {
    cairo_save(canvas.context)
    cairo_translate(canvas.context, rect.x, rect.y)
    cairo_scale(canvas.context, rect.width / size.width, rect.height / size.height)
    var viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
    var error: UnsafeMutablePointer<GError>?
    let drawn = rsvg_handle_render_document(handle, canvas.context, &viewport, &error)
    cairo_restore(canvas.context)
    guard drawn != 0 else {
      throw ImageError(.malformed, "librsvg cannot render the SVG", underlying: takeMessage(&error))
    }
    try canvas.checkStatus()
  }

  /// Draws the element with this `id` so its ink bounds fill `rect` of `canvas`.
  func drawElement(_ id: String, into canvas: CairoCanvas, rect: FittedRect) throws {
    var viewport = RsvgRectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    var error: UnsafeMutablePointer<GError>?
    guard rsvg_handle_render_element(handle, canvas.context, "#" + id, &viewport, &error) != 0 else {
      throw ImageError(
        .malformed, "librsvg cannot render element \"\(id)\"", underlying: takeMessage(&error))
    }
    try canvas.checkStatus()
  }

  /// An id librsvg can look up as a URL fragment: not empty, no `#`, no spaces.
  private func isPlainID(_ id: String) -> Bool {
    !id.isEmpty && !id.contains("#") && !id.contains(where: \.isWhitespace)
  }
}
