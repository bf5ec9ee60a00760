import Foundation
import IconGridCLI
import TestSupport
import Testing

/// Whether the golden files and pages of this target are to be rewritten from what the code
/// says now (`ICONGRID_RECORD_GOLDEN=1`), instead of compared with it.
let recording = ProcessInfo.processInfo.environment["ICONGRID_RECORD_GOLDEN"] != nil

/// The command reference in the CLI's DocC catalog against the commands' definitions: a page
/// per subcommand, made from the help, fails here when the two differ.
///
/// Rewrite the pages with `ICONGRID_RECORD_GOLDEN=1 swift test --filter CommandReferenceTests`
/// and read the diff.
@Suite("The command reference pages match the commands' help")
struct CommandReferenceTests {
  static let catalog = TestPaths.inPackage("Sources/IconGridCLI/IconGridCLI.docc")

  @Test("each subcommand's page is made from its help", arguments: CommandReference.subcommandNames)
  func pageMatchesTheHelp(_ name: String) throws {
    let page = try #require(CommandReference.page(for: name))
    let path = Self.catalog + "/" + CommandReference.fileName(for: name)
    if recording { try page.write(toFile: path, atomically: true, encoding: .utf8) }
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      written == page,
      """
      \(CommandReference.fileName(for: name)) differs from `icongrid \(name) --help`; rewrite it with
      ICONGRID_RECORD_GOLDEN=1 swift test --filter CommandReferenceTests
      \(firstDifference(written, page))
      """)
  }

  @Test("the page's source is what the command prints", arguments: CommandReference.subcommandNames)
  func helpIsWhatTheCommandPrints(_ name: String) throws {
    let printed = icongrid(name, "--help")
    #expect(printed.status == 0 && printed.err.isEmpty)
    #expect(printed.out == CommandReference.help(for: name))
    // Every word of the help is on the page: the page leaves nothing out.
    let page = try #require(CommandReference.page(for: name))
    let unescaped = page.replacingOccurrences(of: "\\", with: "")
    for word in printed.out.split(whereSeparator: { $0 == " " || $0 == "\n" })
    where !["usage:", "options:", "status:"].contains(word) {
      #expect(unescaped.contains(word), "'\(word)' of the help is not on the page")
    }
  }

  @Test("the catalog's landing page links every subcommand's page")
  func landingPageLinksEveryPage() throws {
    let landing = try String(contentsOfFile: Self.catalog + "/IconGridCLI.md", encoding: .utf8)
    for name in CommandReference.subcommandNames {
      #expect(landing.contains("<doc:icongrid-\(name)>"), "IconGridCLI.md does not link icongrid-\(name)")
    }
  }
}

/// The first line where two texts differ, for a failure message that says where to look.
func firstDifference(_ written: String, _ expected: String) -> String {
  let have = written.split(separator: "\n", omittingEmptySubsequences: false)
  let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
  for index in 0..<max(have.count, want.count) {
    let left = index < have.count ? String(have[index]) : "(end of file)"
    let right = index < want.count ? String(want[index]) : "(end of file)"
    if left != right { return "line \(index + 1):\n  file: \(left)\n  help: \(right)" }
  }
  return ""
}
