internal import CLibraryLoader
internal import CPoppler
internal import CRsvg
import Foundation
import ImageCore
import Testing

@testable import VectorRenderer

@Suite("Libraries opened on first use")
struct LibraryLoadingTests {
  @Test("a library that cannot be opened is a typed error naming it and its Debian package")
  func missingLibrary() throws {
    let soname = strdup("libicongrid-absent.so.0")!
    let package = strdup("libicongrid-absent0")!
    defer {
      free(soname)
      free(package)
    }
    var library = icongrid_library()
    library.soname = UnsafePointer(soname)
    library.package = UnsafePointer(package)
    let error = try #require(throws: ImageError.self) { try openLibrary(&library, format: .svg) }
    #expect(error.code == .libraryMissing)
    #expect(
      error.reason
        == "libicongrid-absent.so.0 cannot be loaded (install the Debian package libicongrid-absent0)")
    #expect(error.underlying?.contains("libicongrid-absent.so.0") == true)
    #expect(error.format == .svg)
    // A second call gives the same answer from the one attempt, without opening again.
    #expect(throws: ImageError.self) { try openLibrary(&library, format: .svg) }
  }

  @Test("librsvg and poppler-glib open, so their documents render")
  func installedLibraries() throws {
    try openLibrary(icongrid_rsvg_library(), format: .svg)
    try openLibrary(icongrid_poppler_library(), format: .pdf)
  }
}
