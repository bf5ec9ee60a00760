import IconGridSupport

/// A command line that cannot be run: `icongrid: error: …` with a usage hint, exit 64.
package struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, with a suggestion when there is one.
  package var message: String
  /// The subcommand whose usage to show; `nil` for the top level.
  package var subcommand: String?

  /// Creates a usage error.
  package init(_ message: String, subcommand: String? = nil) {
    self.message = message
    self.subcommand = subcommand
  }

  package var description: String { message }
}

/// How one option is spelt and whether it takes a value.
struct OptionSpec: Sendable {
  var name: String
  var takesValue: Bool
  var repeatable = false
}

/// A subcommand's arguments, split into options and positionals.
struct ParsedArguments {
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []

  func value(_ name: String) -> String? { values[name]?.last }
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// Scans `arguments` against `specs`: `--name value`, `--name=value`, `--flag`, `--` ends
  /// options, and a lone `-` is a positional.
  static func scan(_ arguments: [String], specs: [OptionSpec], subcommand: String) throws
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let spec = specs.first(where: { $0.name == name }) else {
        let names = specs.map(\.name)
        var message = "unknown option '\(name)'"
        if let near = closest(to: name, in: names) { message += "; did you mean '\(near)'?" }
        throw UsageError(message, subcommand: subcommand)
      }
      if spec.takesValue {
        let value: String
        if let inline {
          value = inline
        } else {
          guard index < arguments.count else {
            throw UsageError("option '\(name)' needs a value", subcommand: subcommand)
          }
          value = arguments[index]
          index += 1
        }
        if !spec.repeatable, parsed.values[name] != nil {
          throw UsageError("option '\(name)' given twice", subcommand: subcommand)
        }
        parsed.values[name, default: []].append(value)
      } else {
        if inline != nil {
          throw UsageError("option '\(name)' takes no value", subcommand: subcommand)
        }
        parsed.flags.insert(name)
      }
    }
    return parsed
  }
}

/// The candidate nearest to `word` by edit distance, when near enough to be a typo.
func closest(to word: String, in candidates: [String]) -> String? {
  Suggestions.closest(to: word, in: candidates)
}

/// How `info`, `resolve` and `sheet` write their results: for people, or as JSON for scripts.
package enum OutputFormat: String, Sendable, CaseIterable {
  /// Lines for a person to read.
  case text
  /// One JSON document, keys in a stable order.
  case json
}

/// Parses `--format text|json` (or another set of formats).
func parseFormat<F: RawRepresentable & CaseIterable>(
  _ parsed: ParsedArguments, default value: F, subcommand: String
) throws -> F where F.RawValue == String {
  guard let raw = parsed.value("--format") else { return value }
  guard let format = F(rawValue: raw) else {
    let names = F.allCases.map(\.rawValue)
    throw UsageError(
      "unknown format '\(raw)'; expected \(names.joined(separator: ", "))", subcommand: subcommand)
  }
  return format
}
