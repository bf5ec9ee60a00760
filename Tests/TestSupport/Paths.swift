/// Where the package and the shared test data are, from this file's path
/// (`<root>/Tests/TestSupport/Paths.swift`), so tests run from any working directory.
package enum TestPaths {
  /// The package root.
  package static let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
  }()

  /// The shared test data beside the package: `<root>/../shared/testdata`, with the `..`
  /// resolved.
  package static let testData: String = {
    var parts = packageRoot.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast()
    return parts.joined(separator: "/") + "/shared/testdata"
  }()

  /// A file or folder of the shared test data, such as `pngsuite/basn2c08.png`.
  package static func testData(_ relative: String) -> String {
    testData + "/" + relative
  }

  /// A file or folder of the package, such as `Tests/FuzzRegressions/manifest`.
  package static func inPackage(_ relative: String) -> String {
    packageRoot + "/" + relative
  }
}
