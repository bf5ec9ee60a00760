import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Tag {
  /// Suites that take more than a few seconds on two shared cores (real trees, every real
  /// vector file, a binary killed mid-write): `swift test --skip` them while iterating.
  @Tag package static var slow: Tag
  /// Suites that compare with a library's own command-line tool (djpeg, dwebp,
  /// heif-convert, ImageMagick, rsvg-convert, pdftoppm), installed by `Scripts/setup`.
  @Tag package static var referenceTool: Tag
  /// Suites that read `../shared/testdata` (PngSuite, CgBI files, the real app trees).
  @Tag package static var sharedData: Tag
}

extension TestPaths {
  /// Whether the shared test data is beside the package (its `pngsuite` folder is there).
  package static let hasTestData: Bool = {
    var info = stat()
    return stat(testData + "/pngsuite", &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }()
}

extension Trait where Self == ConditionTrait {
  /// Runs a suite or test only when `../shared/testdata` is there. Without it the suite is
  /// skipped; `SharedTestDataTests` says once, as a warning, what is missing and why.
  package static var needsSharedData: Self {
    .enabled(if: TestPaths.hasTestData, "no ../shared/testdata")
  }
}
