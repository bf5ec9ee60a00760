/// The command reference of the documentation: a DocC page per subcommand, made from the
/// same definitions `icongrid SUBCOMMAND --help` prints, so the two cannot differ.
///
/// `EndToEndTests` compares each page in `Sources/IconGridCLI/IconGridCLI.docc` with
/// ``page(for:)`` and rewrites them with `ICONGRID_RECORD_GOLDEN=1`.
package enum CommandReference {
  /// The subcommands, in the order `icongrid --help` lists them.
  package static var subcommandNames: [String] { IconGridCLI.subcommands.map(\.name) }

  /// The page's file name in the catalog: `icongrid-NAME.md`.
  ///
  /// - Parameter name: a subcommand's name.
  /// - Returns: the file name.
  package static func fileName(for name: String) -> String { "icongrid-\(name).md" }

  /// The help a subcommand prints, exactly as `icongrid NAME --help` writes it.
  ///
  /// - Parameter name: a subcommand's name.
  /// - Returns: the text, or `nil` for a name that is not a subcommand.
  package static func help(for name: String) -> String? {
    guard IconGridCLI.subcommands.contains(where: { $0.name == name }) else { return nil }
    return IconGridCLI.helpText(name)
  }

  /// The DocC page of a subcommand: `# icongrid NAME`, its summary, its usage, then the help's
  /// text with its paragraphs as prose, its tables as preformatted text, its options as a
  /// list of terms, and its exit statuses under a heading.
  ///
  /// - Parameter name: a subcommand's name.
  /// - Returns: the Markdown, or `nil` for a name that is not a subcommand.
  package static func page(for name: String) -> String? {
    guard let subcommand = IconGridCLI.subcommands.first(where: { $0.name == name }) else { return nil }
    var page = """
      # icongrid \(name)

      \(prose(subcommand.summary))

      <!-- Made from the command's definition (Sources/IconGridCLI/\(typeName(name)).swift) by
      the EndToEndTests; rewrite with ICONGRID_RECORD_GOLDEN=1. Do not edit by hand. -->

      ## Usage

      ```
      \(subcommand.usage)
      ```

      ## Discussion

      """
    for block in blocks(subcommand.details) {
      page += "\n" + markdown(block) + "\n"
    }
    return page
  }

  /// The source file that defines a subcommand, for the page's note.
  private static func typeName(_ name: String) -> String {
    name == "appicon" ? "AppIconCommand" : name.prefix(1).uppercased() + name.dropFirst() + "Command"
  }

  /// The help's text in blocks, split at blank lines.
  private static func blocks(_ text: String) -> [[Substring]] {
    var blocks: [[Substring]] = []
    var current: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy({ $0 == " " }) {
        if !current.isEmpty { blocks.append(current) }
        current = []
      } else {
        current.append(line)
      }
    }
    if !current.isEmpty { blocks.append(current) }
    return blocks
  }

  private static func markdown(_ block: [Substring]) -> String {
    if block[0] == "options:" { return options(block.dropFirst()) }
    if block.allSatisfy({ $0.hasPrefix("  ") }) {
      return "```\n" + block.joined(separator: "\n") + "\n```"
    }
    let text = block.map { $0.trimmingCharacters(in: " ") }.joined(separator: " ")
    if text.hasPrefix("Exit status: ") {
      return "## Exit status\n\n" + prose(String(text.dropFirst("Exit status: ".count)))
    }
    return prose(text)
  }

  /// The options block as DocC's term list: a term per option, its description after it.
  private static func options(_ lines: ArraySlice<Substring>) -> String {
    var items: [(term: String, description: String)] = []
    for line in lines {
      let trimmed = line.trimmingCharacters(in: " ")
      // An option starts at the block's indent; its description's next lines are deeper.
      if line.hasPrefix("  -") {
        let parts = trimmed.splitAtWideGap()
        items.append((parts.term, parts.rest))
      } else if var last = items.popLast() {
        last.description += (last.description.isEmpty ? "" : " ") + trimmed
        items.append(last)
      }
    }
    return "## Options\n\n"
      + items.map { "- term `\($0.term)`: \(prose($0.description))" }.joined(separator: "\n")
  }

  /// Text as Markdown prose: the characters Markdown would read as markup are escaped,
  /// except backticks, which the help already uses for code.
  private static func prose(_ text: String) -> String {
    var out = ""
    for character in text {
      if "\\*_<>[]".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    var text = self
    while text.first == set { text.removeFirst() }
    while text.last == set { text.removeLast() }
    return String(text)
  }
}

extension String {
  /// Splits `--option VALUE   Its description` at the first run of two or more spaces.
  fileprivate func splitAtWideGap() -> (term: String, rest: String) {
    let characters = Array(self)
    for index in characters.indices.dropLast() where characters[index] == " " && characters[index + 1] == " "
    {
      let rest = characters[index...].drop(while: { $0 == " " })
      return (String(characters[..<index]), String(rest))
    }
    return (self, "")
  }
}
