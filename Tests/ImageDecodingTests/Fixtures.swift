import TestSupport

/// The small files of each format in `Fixtures/` (made with ImageMagick, cwebp, heif-enc
/// and rsvg-convert from one 8 × 6 drawing: a red 4 × 3 corner on blue; the vectors a
/// 20 × 10 pt red square beside a blue one).
enum Fixture {
  static func path(_ name: String) -> String {
    TestPaths.inPackage("Tests/ImageDecodingTests/Fixtures/" + name)
  }
}
