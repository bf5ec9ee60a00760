#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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

  /// The built `icongrid`, beside the test bundle in the products folder (`swift test`
  /// builds every product of the package first).
  package static let icongridBinary: String = {
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let count = buffer.withUnsafeMutableBytes { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
    let test = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : CommandLine.arguments[0]
    var parts = test.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast()
    return (parts + ["icongrid"]).joined(separator: "/")
  }()

  /// A file or folder of the package, such as `Tests/FuzzRegressions/manifest`.
  package static func inPackage(_ relative: String) -> String {
    packageRoot + "/" + relative
  }
}
