internal import CRsvg
import ImageCore

/// Opens librsvg or poppler-glib on the first document of the process that needs it (CRsvg
/// and CPoppler load their library lazily), so a missing library is a typed error.
///
/// - Parameters:
///   - library: `icongrid_rsvg_library()` or `icongrid_poppler_library()`.
///   - format: the format that needs it, for the message.
/// - Throws: ``ImageError/Code/libraryMissing`` naming the library and its Debian package.
func openLibrary(_ library: UnsafeMutablePointer<icongrid_library>?, format: ImageFormat) throws(ImageError) {
  guard let library, let why = icongrid_library_open(library) else { return }
  throw .libraryMissing(
    String(cString: icongrid_library_soname(library)),
    debianPackage: String(cString: icongrid_library_package(library)), format: format,
    underlying: String(cString: why))
}
