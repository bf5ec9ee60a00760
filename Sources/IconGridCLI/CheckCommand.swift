import AssetCheck
import AssetIndex
import AssetResolver
import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Options of `icongrid check`.
package struct CheckOptions: Sendable, Equatable {
  /// The folders to check (loose icons and `.xcassets`), in the order given.
  package var roots: [String]
  /// Scales every asset must have, ascending (`--require`, `[2]` by default).
  package var requiredScales: [Int]?
  /// Decode every file fully (`--deep`).
  package var deep: Bool
  /// The report format.
  package var format: ReportFormat
  /// Findings to suppress (`--baseline FILE`).
  package var baseline: String?
  /// Where to record today's findings (`--write-baseline FILE`).
  package var writeBaseline: String?
  /// Rule ids to drop (`--ignore`).
  package var ignoredRules: [String]
  /// Warnings fail the check too (`--strict`).
  package var strict: Bool
  /// Check only this target's (or catalog's) name space (`--target`).
  package var target: String?
  /// Check development assets too (`--include-previews`).
  package var includePreviews = false
  /// List what was not checked (`--verbose`).
  package var verbose = false
  /// How to read loose files (`--layout`); `nil` to tell from each tree.
  package var layout: Layout?
  /// Read the sources for missing and unused assets (`--references`).
  package var references = false

  /// Creates options.
  package init(
    roots: [String], requiredScales: [Int]? = nil, deep: Bool = false, format: ReportFormat = .text,
    baseline: String? = nil, writeBaseline: String? = nil, ignoredRules: [String] = [], strict: Bool = false
  ) {
    self.roots = roots
    self.requiredScales = requiredScales
    self.deep = deep
    self.format = format
    self.baseline = baseline
    self.writeBaseline = writeBaseline
    self.ignoredRules = ignoredRules
    self.strict = strict
  }
}

/// `icongrid check`: the CI rules over roots of icons and asset catalogs.
enum CheckCommand {
  static let subcommand = Subcommand(
    name: "check",
    summary: "Check icons and asset catalogs for missing or wrong retina variants (for CI).",
    usage:
      "icongrid check ROOT... [--require SCALES] [--target NAME] [--deep] [--strict]\n"
      + "         [--ignore RULE]... [--format text|json|github|junit|sarif]\n"
      + "         [--baseline FILE] [--write-baseline FILE] [--include-previews] [--verbose]\n"
      + "         [--layout apple|react-native] [--references]",
    details: """
      Indexes each ROOT (loose PNGs named name[@Nx][~idiom].png, and .xcassets
      catalogs; with an Xcode project, each target's resources as one name space)
      and reports, by rule:

      \(ruleList)

      A finding is an error only where a shipped device certainly gets a missing or
      wrong image, a warning where it likely does, and a note (which never fails the
      check) where context is missing or nothing a user sees is wrong; each message
      says why. The scales an image needs follow from the devices its target runs on
      (platforms, device families, deployment target, launch screen) and from what
      it is (a UI image, an icon file, a launch image, a sticker, game art, a master).

      Only PNG headers are read unless --deep is given. duplicate compares the bytes of
      same-size files header-only, and decoded pixels with --deep.

      options:
        --require SCALES     Scales every asset needs: 2x, 2x,3x, 1x,2x,3x. By default
                             each target's platforms and deployment target decide
                             (2x where no project says). iPad variants need only
                             the scales up to 2x.
        --target NAME        Check only this target (or catalog) of the project.
        --include-previews   Check development assets (Preview Assets.xcassets) too.
        --verbose            List every file that was not checked, and why.
        --references         Read the sources (Swift, Objective-C, storyboards, xibs,
                             property lists, strings files; Kotlin, Java, Android
                             XML; Dart, pubspec.yaml; JavaScript, TypeScript) and
                             report missing-asset (a name the code uses that no
                             asset provides, at its line) and unused-asset (an
                             image nothing uses). Names built
                             at run time (interpolated strings, "icon_%d") use
                             every asset they match and are listed in the JSON's
                             references.patterns. A file that cannot be read, or a
                             tree without code, turns off unused-asset (a note
                             says why). With --target: that target's image sets,
                             and missing names in the files it builds.
        --layout LAYOUT      react-native: read every loose file by Metro's rules (for a
                             React Native tree without its package.json); apple:
                             UIKit's rules alone. By default Android res/ folders,
                             Flutter projects and React Native packages are told apart.
        --deep               Decode every PNG fully; any decoding error is unreadable.
        --format FORMAT      text (default), json, github (workflow annotations), junit
                             (XML, a test case per asset), sarif (SARIF 2.1.0).
        --baseline FILE      Report only findings not recorded in FILE.
        --write-baseline FILE
                             Record today's findings in FILE (matched later by rule,
                             path and asset) and report nothing as new.
        --ignore RULE        Drop a rule's findings; repeat or separate ids by commas.
        --strict             Warnings fail the check too.

      Exit status: 0 no errors, 1 errors (or warnings with --strict), 64 bad command
      line, 65 a bad baseline file, 66 a root or the baseline does not exist,
      74 the baseline cannot be written.
      """,
    options: [
      OptionSpec(name: "--require", takesValue: true),
      OptionSpec(name: "--deep", takesValue: false),
      OptionSpec(name: "--format", takesValue: true),
      OptionSpec(name: "--baseline", takesValue: true),
      OptionSpec(name: "--write-baseline", takesValue: true),
      OptionSpec(name: "--ignore", takesValue: true, repeatable: true),
      OptionSpec(name: "--strict", takesValue: false),
      OptionSpec(name: "--target", takesValue: true),
      OptionSpec(name: "--include-previews", takesValue: false),
      OptionSpec(name: "--verbose", takesValue: false),
      OptionSpec(name: "--layout", takesValue: true),
      OptionSpec(name: "--references", takesValue: false),
    ],
    parse: { (parsed) throws -> Command in
      guard !parsed.positionals.isEmpty else { throw UsageError("no roots given", subcommand: "check") }
      var options = CheckOptions(roots: parsed.positionals)
      if let text = parsed.value("--require") { options.requiredScales = try parseScales(text) }
      options.deep = parsed.has("--deep")
      options.strict = parsed.has("--strict")
      options.target = parsed.value("--target")
      options.includePreviews = parsed.has("--include-previews")
      options.verbose = parsed.has("--verbose")
      options.references = parsed.has("--references")
      if let text = parsed.value("--layout") {
        guard let layout = Layout.named(text), layout == .apple || layout == .reactNative else {
          throw UsageError(
            "unknown layout '\(text)' for check (apple or react-native; Android and Flutter folders are read by their own rules anyway)",
            subcommand: "check")
        }
        options.layout = layout
      }
      options.format = try parseFormat(parsed, default: ReportFormat.text, subcommand: "check")
      options.baseline = parsed.value("--baseline")
      options.writeBaseline = parsed.value("--write-baseline")
      for value in parsed.values["--ignore"] ?? [] {
        for id in value.split(separator: ",").map({ String($0).trimmingSpaces }) where !id.isEmpty {
          guard Rule.named(id) != nil else {
            var message = "unknown rule '\(id)'"
            if let near = closest(to: id, in: Rule.all.map(\.id)) { message += "; did you mean '\(near)'?" }
            throw UsageError(message, subcommand: "check")
          }
          if !options.ignoredRules.contains(id) { options.ignoredRules.append(id) }
        }
      }
      return .check(options)
    })

  /// The rules as a table, summaries wrapped to 80 columns.
  private static var ruleList: String {
    let width = Rule.all.map(\.id.count).max() ?? 0
    let indent = 2 + width + 2 + 7 + 2
    return Rule.all.map { rule in
      let pad = String(repeating: " ", count: width - rule.id.count)
      let severity = rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
      var lines: [String] = []
      var line = ""
      for word in rule.summary.split(separator: " ") {
        if !line.isEmpty, indent + line.count + 1 + word.count > 80 {
          lines.append(line)
          line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
      }
      lines.append(line)
      let rest = lines.dropFirst().map { "\n" + String(repeating: " ", count: indent) + $0 }.joined()
      return "  \(rule.id)\(pad)  \(severity)  \(lines[0])\(rest)"
    }.joined(separator: "\n")
  }

  /// `2x`, `2x,3x`, `1x,2x,3x` (a bare `2` is accepted too).
  static func parseScales(_ text: String) throws -> [Int] {
    var scales: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let item = String(part).trimmingSpaces
      let digits = item.hasSuffix("x") ? String(item.dropLast()) : item
      guard let scale = Int(digits), (1...3).contains(scale), digits.allSatisfy(\.isNumber) else {
        throw UsageError(
          "bad scale '\(item)' in --require '\(text)'; expected 1x, 2x or 3x separated by commas (2x,3x)",
          subcommand: "check")
      }
      if !scales.contains(scale) { scales.append(scale) }
    }
    return scales.sorted()
  }

  /// Indexes each root once for the run and checks `--target` against the indexes before
  /// any work (check and derive share this).
  ///
  /// - Returns: the indexes; `nil` when no root has the target, its message printed.
  static func indexRoots(_ roots: [String], target: String?, console: Console) -> [AssetCatalog]? {
    let catalogs = roots.map { AssetCatalog(root: $0) }
    if let target {
      do {
        try ResolveError.requireNamespace(target, in: catalogs, roots: roots)
      } catch {
        console.error(error.description)
        return nil
      }
    }
    return catalogs
  }

  static func run(_ options: CheckOptions, console: Console, limits: DecodingLimits = .default) -> Int32 {
    for root in options.roots {
      var info = stat()
      guard stat(root, &info) == 0 else {
        console.error("\(root): no such folder")
        return ExitStatus.noInput
      }
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        console.error("\(root): not a folder (give the folder that holds the icons or the .xcassets)")
        return ExitStatus.noInput
      }
    }
    var baseline: Baseline?
    if let path = options.baseline {
      do {
        baseline = try Baseline(contentsOf: path)
      } catch {
        console.error("baseline \(error)")
        return error.isMissing ? ExitStatus.noInput : ExitStatus.dataError
      }
    }
    var configuration = CheckConfiguration(
      requiredScales: options.requiredScales, deep: options.deep, ignoredRules: Set(options.ignoredRules),
      includePreviews: options.includePreviews, target: options.target)
    configuration.layout = options.layout
    configuration.references = options.references
    configuration.limits = limits
    guard let catalogs = indexRoots(options.roots, target: options.target, console: console) else {
      return ExitStatus.usage
    }
    var report = AssetChecker.check(catalogs, configuration: configuration)
    if let path = options.writeBaseline {
      let recorded = Baseline(report.findings)
      do {
        try recorded.write(to: path)
      } catch {
        console.error("baseline \(error)")
        return ExitStatus.ioError
      }
      console.err("icongrid: recorded \(recorded.count) findings in \(path)\n")
      report = recorded.filter(report)
    } else if let baseline {
      report = baseline.filter(report)
    }
    var render = RenderOptions(strict: options.strict, toolName: "icongrid", toolVersion: IconGridCLI.version)
    render.verbose = options.verbose
    let text = report.renderedBytes(as: options.format, options: render)
    console.outBytes(text)
    let status = report.fails(strict: options.strict) ? ExitStatus.findings : ExitStatus.success
    // The index, the findings and the text are left for the exit (about 10 ms for a
    // tree of 10,000 files).
    console.keepUntilExit((catalogs, report, text))
    return status
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
