import ImageCore
import ImageDecoding
import TestSupport
import Testing

@Suite("Mismatches between bytes and extension are named, and the file still decodes")
struct MismatchTests {
  @Test("a PNG saved as .jpg: PNG data in a .jpg file", .needsSharedData, .tags(.sharedData))
  func pngAsJPEG() throws {
    let tree = Tree()
    try tree.copy(testData: "pngsuite/basn2c08.png", to: "photo.jpg")
    let image = try ImageDecoder.decode(contentsOf: tree.path("photo.jpg"))
    #expect(image.format == .png)
    #expect(image.mismatch == "PNG data in a .jpg file")
    #expect(image.bitmap.width == 32)
    let sniffed = try ImageDecoder.format(ofFile: tree.path("photo.jpg"))
    #expect(sniffed.format == .png && sniffed.mismatch == "PNG data in a .jpg file")
  }

  @Test("a WebP saved as .png is named so by its first bytes")
  func webpAsPNG() throws {
    let sniffed = try ImageDecoder.format(ofFile: Fixture.path("webp-as.png"))
    #expect(sniffed.format == .webp)
    #expect(sniffed.mismatch == "WebP data in a .png file")
  }

  @Test(
    "a CgBI file agrees with .png; an unknown extension agrees with anything", .needsSharedData,
    .tags(.sharedData))
  func agreements() throws {
    #expect(try ImageDecoder.format(ofFile: TestPaths.testData("cgbi/basn6a08.png")).mismatch == nil)
    let tree = Tree()
    try tree.copy(testData: "pngsuite/basn2c08.png", to: "icon.bin")
    let image = try ImageDecoder.decode(contentsOf: tree.path("icon.bin"))
    #expect(image.format == .png && image.mismatch == nil)
  }
}
