internal import CPoppler
import IconGridSupport
import ImageCore

/// Page 1 of a PDF, opened with poppler from bytes and drawn with poppler's cairo backend.
///
/// Every poppler call of the process runs under ``lock``: poppler documents are per call,
/// but poppler's global parameters, its font engine's FreeType and fontconfig state and its
/// error reporting are shared, and its GLib interface does not promise that they may be
/// used from several threads at once. The lock costs PDF renders their parallelism, not
/// their correctness; SVG renders do not take it.
final class PDFDocument {
  /// Serialises every poppler call of the process (see the type's discussion).
  static let lock = Locked<Void>(())

  private let document: OpaquePointer
  private let page: OpaquePointer

  /// Opens `bytes` (the caller holds ``lock``).
  ///
  /// - Throws: ``ImageError/Code/malformed`` for data poppler cannot read,
  ///   ``ImageError/Code/unsupported`` for an encrypted document or one with no pages,
  ///   ``ImageError/Code/libraryMissing`` when poppler-glib cannot be loaded.
  init(_ bytes: [UInt8]) throws {
    try openLibrary(icongrid_poppler_library(), format: .pdf)
    var error: UnsafeMutablePointer<GError>?
    let opened = bytes.withUnsafeBytes { raw -> OpaquePointer? in
      let data = g_bytes_new(raw.baseAddress, gsize(raw.count))
      defer { g_bytes_unref(data) }
      return poppler_document_new_from_bytes(data, nil, &error)
    }
    guard let opened else {
      let code = error?.pointee.code
      let said = pdfMessage(&error)
      if code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
        throw ImageError(.unsupported, "the PDF is encrypted and needs a password", underlying: said)
      }
      throw ImageError(.malformed, "poppler cannot read the PDF", underlying: said)
    }
    guard poppler_document_get_n_pages(opened) >= 1, let first = poppler_document_get_page(opened, 0) else {
      g_object_unref(UnsafeMutableRawPointer(opened))
      throw ImageError(.unsupported, "the PDF has no pages")
    }
    document = opened
    page = first
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(page))
    g_object_unref(UnsafeMutableRawPointer(document))
  }

  /// Page 1's size in points: its crop box, turned by its `/Rotate`.
  ///
  /// - Throws: ``ImageError/Code/malformed`` for an empty or impossible box.
  func pageSize() throws -> (width: Double, height: Double) {
    var width = 0.0
    var height = 0.0
    poppler_page_get_size(page, &width, &height)
    guard width > 0 && height > 0 && width.isFinite && height.isFinite else {
      throw ImageError(
        .malformed, "the PDF's first page is \(width)×\(height) pt; both sides must be positive")
    }
    return (width, height)
  }

  /// Draws page 1 so its `size` (points) fills `rect` of `canvas`.
  func draw(size: (width: Double, height: Double), into canvas: CairoCanvas, rect: FittedRect) throws {
    cairo_save(canvas.context)
    cairo_translate(canvas.context, rect.x, rect.y)
    cairo_scale(canvas.context, rect.width / size.width, rect.height / size.height)
    poppler_page_render(page, canvas.context)
    cairo_restore(canvas.context)
    try canvas.checkStatus()
  }
}

/// A GError's message, freeing the error.
private func pdfMessage(_ error: inout UnsafeMutablePointer<GError>?) -> String? {
  guard let pointer = error else { return nil }
  defer {
    g_error_free(pointer)
    error = nil
  }
  return pointer.pointee.message.map { String(cString: $0) }
}
