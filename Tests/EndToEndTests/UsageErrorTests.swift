import Foundation
import TestSupport
import Testing

/// Every subcommand's usage errors as the tool prints them — message, "did you mean", usage
/// line, hint and exit status — against `Golden/usage-errors.txt`.
///
/// Rewrite it with `ICONGRID_RECORD_GOLDEN=1 swift test --filter UsageErrorTests` and read the
/// diff.
@Suite("Usage errors, word for word")
struct UsageErrorTests {
  /// Bad command lines, one or more per subcommand. None reads a file: each fails in parsing.
  static let commandLines: [[String]] = [
    ["inof"],
    ["help", "chek"],
    ["--verison"],
    ["info"],
    ["info", "--formt", "json", "a.png"],
    ["info", "--scale", "zero", "a.png"],
    ["resolve", "mail"],
    ["resolve", "mail", "--in", "r", "--scale"],
    ["resolve", "mail", "--in", "r", "--idiom", "iPad"],
    ["resolve", "mail", "--in", "r", "--layout", "flutte"],
    ["sheet", "in"],
    ["sheet", "in", "-o", "o.png", "--colums", "3"],
    ["sheet", "in", "-o", "o.png", "--scale", "4"],
    ["sheet", "in", "-o", "o.png", "--tile", "80"],
    ["check"],
    ["check", ".", "--ignore", "missing-scal"],
    ["check", ".", "--format", "xml"],
    ["check", ".", "--require", "5x"],
    ["derive"],
    ["derive", ".", "--from", "4x"],
    ["appicon", "m.png"],
    ["appicon", "m.png", "-o", "A.appiconset", "--platform", "iso"],
    ["appicon", "m.png", "-o", "A.appiconset", "--single-size", "--all-sizes"],
    ["diff", "old"],
    ["diff", "old", "new", "--threshold", "lots"],
    ["diff", "old", "new", "--fail-on", "added"],
    ["diff", "old", "new", "--formt", "json"],
  ]

  static let golden = TestPaths.inPackage("Tests/EndToEndTests/Golden/usage-errors.txt")

  @Test func everyUsageErrorMatchesTheGoldenFile() throws {
    var text = ""
    for arguments in Self.commandLines {
      let result = icongrid(arguments)
      #expect(result.out.isEmpty, "icongrid \(arguments.joined(separator: " ")) printed on stdout")
      text += "$ icongrid \(arguments.joined(separator: " "))\n"
      text += "exit \(result.status)\n" + result.err + "\n"
    }
    if recording { try text.write(toFile: Self.golden, atomically: true, encoding: .utf8) }
    let expected = try String(contentsOfFile: Self.golden, encoding: .utf8)
    #expect(
      text == expected,
      """
      usage errors differ from Golden/usage-errors.txt; rewrite it with
      ICONGRID_RECORD_GOLDEN=1 swift test --filter UsageErrorTests
      \(firstDifference(expected, text))
      """)
  }

  @Test("every usage error exits 64", arguments: commandLines)
  func exits64(_ arguments: [String]) {
    #expect(icongrid(arguments).status == 64)
  }
}
