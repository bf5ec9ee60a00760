import ImageCore
import ImageDecoding
import PNGCodec

/// What a command line asks for, parsed and checked but not yet run.
package enum Command: Sendable, Equatable {
  /// Help for the tool (`nil`) or for one subcommand.
  case help(String?)
  /// The version, with the libpng and zlib versions.
  case version
  /// `icongrid info FILE...`.
  case info(InfoOptions)
  /// `icongrid resolve NAME --in ROOT` or `icongrid resolve --list --in ROOT`.
  case resolve(ResolveOptions)
  /// `icongrid sheet INPUT -o OUT.png`.
  case sheet(SheetOptions)
  /// `icongrid check ROOT...`.
  case check(CheckOptions)
  /// `icongrid derive ROOT...`.
  case derive(DeriveCommandOptions)
  /// `icongrid appicon MASTER -o SET`.
  case appicon(AppIconCommandOptions)
  /// `icongrid diff BASE HEAD` or `icongrid diff ROOT --base GITREV`.
  case diff(DiffCommandOptions)
}

/// One subcommand: how it is spelt, described and parsed.
struct Subcommand: Sendable {
  var name: String
  var summary: String
  var usage: String
  var details: String
  var options: [OptionSpec]
  var parse: @Sendable (ParsedArguments) throws -> Command
}

/// The `icongrid` command line as a library: ``parse(_:)`` is pure, ``run(_:console:)``
/// returns an exit status and never exits, so both are testable in-process.
package enum IconGridCLI {
  /// The tool's version.
  package static let version = "0.1.0"

  static let subcommands: [Subcommand] = [
    InfoCommand.subcommand, ResolveCommand.subcommand, SheetCommand.subcommand, CheckCommand.subcommand,
    DeriveCommand.subcommand, AppIconCommand.subcommand, DiffCommand.subcommand,
  ]

  /// Parses the arguments after the program name.
  ///
  /// - Throws: ``UsageError`` for an unknown subcommand or option, a missing value or a
  ///   bad value; the message suggests the nearest spelling.
  package static func parse(_ arguments: [String]) throws -> Command {
    guard let first = arguments.first else { return .help(nil) }
    switch first {
    case "-h", "--help": return .help(nil)
    case "--version", "-V": return .version
    case "help":
      guard arguments.count > 1 else { return .help(nil) }
      let topic = arguments[1]
      guard subcommands.contains(where: { $0.name == topic }) else { throw unknownSubcommand(topic) }
      return .help(topic)
    default: break
    }
    guard let subcommand = subcommands.first(where: { $0.name == first }) else {
      throw unknownSubcommand(first)
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") { return .help(subcommand.name) }
    let specs = subcommand.options + [OptionSpec(name: "--help", takesValue: false)]
    let parsed = try ParsedArguments.scan(rest, specs: specs, subcommand: subcommand.name)
    return try subcommand.parse(parsed)
  }

  /// The hidden argument that makes `icongrid` a child process rendering one file (see
  /// `ChildProcessDecoder`); it is in no help text.
  package static let childMode = "_render"

  /// Isolation through `executable` in its ``childMode``, unless `ICONGRID_ISOLATION=off`:
  /// what `icongrid` itself uses, with `/proc/self/exe`, for PDF and SVG renders and HEIC
  /// and AVIF decodes.
  ///
  /// On by default: with a pool of long-lived children a sheet of vectors costs no more
  /// than in process (Security, "Rendering in a child process").
  ///
  /// - Parameters:
  ///   - executable: the `icongrid` binary to run as the child.
  ///   - environment: the value of `ICONGRID_ISOLATION`, if set: only `off` turns isolation
  ///     off (to measure what it costs, or to compare).
  /// - Returns: the setting, with the default CPU, memory and wall-clock limits, or `nil`.
  package static func isolation(executable: String, environment: String? = nil) -> ChildProcessIsolation? {
    environment == "off" ? nil : ChildProcessIsolation(executable: executable, arguments: [childMode])
  }

  /// Runs a parsed command and returns its exit status.
  ///
  /// - Parameters:
  ///   - command: the parsed command.
  ///   - console: where output and diagnostics go.
  ///   - limits: the decoding limits of every command that decodes (`info`, `resolve`,
  ///     `sheet`, `check`, `derive`, `appicon`, `diff`), with their isolation setting.
  package static func run(_ command: Command, console: Console, limits: DecodingLimits = .default) -> Int32 {
    switch command {
    case .help(let topic):
      console.out(helpText(topic))
      return ExitStatus.success
    case .version:
      console.out(
        "icongrid \(version) (libpng \(CodecLibraries.libpngVersion), zlib \(CodecLibraries.zlibVersion))\n"
      )
      return ExitStatus.success
    case .info(let options):
      return InfoCommand.run(options, console: console, limits: limits)
    case .resolve(let options):
      return ResolveCommand.run(options, console: console, limits: limits)
    case .sheet(let options):
      return SheetCommand.run(options, console: console, limits: limits)
    case .check(let options):
      return CheckCommand.run(options, console: console, limits: limits)
    case .derive(let options):
      return DeriveCommand.run(options, console: console, limits: limits)
    case .appicon(let options):
      return AppIconCommand.run(options, console: console, limits: limits)
    case .diff(let options):
      return DiffCommand.run(options, console: console, limits: limits)
    }
  }

  /// Parses and runs; a usage error is reported on stderr with a hint and exits 64.
  ///
  /// `_render` (``childMode``) first makes this process the child of an isolated decode:
  /// it reads one request on standard input and answers on standard output.
  ///
  /// - Parameters:
  ///   - arguments: the arguments after the program name.
  ///   - console: where output and diagnostics go.
  ///   - isolation: the child process that renders PDFs and SVGs and decodes HEIF files, or
  ///     `nil` to do it in this process (the in-process test runner's choice).
  package static func main(
    arguments: [String], console: Console, isolation: ChildProcessIsolation? = nil
  ) -> Int32 {
    if arguments.first == childMode {
      return ChildProcessDecoder.serveChild(arguments: Array(arguments.dropFirst()))
    }
    var limits = DecodingLimits.default
    limits.isolation = isolation
    let command: Command
    do {
      command = try parse(arguments)
    } catch let error as UsageError {
      console.error(error.message)
      let helpCommand = error.subcommand.map { "icongrid \($0) --help" } ?? "icongrid --help"
      if let name = error.subcommand, let sub = subcommands.first(where: { $0.name == name }) {
        console.err("usage: \(sub.usage)\n")
      }
      console.err("See '\(helpCommand)'.\n")
      return ExitStatus.usage
    } catch {
      console.error("\(error)")
      return ExitStatus.usage
    }
    return run(command, console: console, limits: limits)
  }

  static func helpText(_ topic: String?) -> String {
    if let topic, let sub = subcommands.first(where: { $0.name == topic }) {
      return "usage: \(sub.usage)\n\n\(sub.summary)\n\n\(sub.details)\n"
    }
    let width = subcommands.map(\.name.count).max() ?? 0
    let list = subcommands.map {
      "  \($0.name)\(String(repeating: " ", count: width - $0.name.count))  \($0.summary)"
    }.joined(separator: "\n")
    return """
      icongrid — app icons and their retina variants

      usage: icongrid <subcommand> [options]

      subcommands:
      \(list)

      options:
        -h, --help     Show help (also: icongrid help <subcommand>).
        -V, --version  Show the version and the libpng and zlib versions.

      Exit status: 0 ok, 1 findings, 64 bad command line, 65 bad data, 66 missing input,
      74 cannot write.

      """
  }

  private static func unknownSubcommand(_ name: String) -> UsageError {
    var message = "unknown subcommand '\(name)'"
    if let near = closest(to: name, in: subcommands.map(\.name)) {
      message += "; did you mean '\(near)'?"
    }
    return UsageError(message)
  }
}
