import AssetCheck
import AssetIndex
import AssetMaking
import AssetResolver
import IconGridSupport
import ImageCore

/// Options of `icongrid derive`.
package struct DeriveCommandOptions: Sendable, Equatable {
  /// The folders to derive in.
  package var roots: [String]
  /// Make the files (`--write`); without it only the plan is printed.
  package var write = false
  /// Replace existing files (`--force`).
  package var force = false
  /// The source (`--from`).
  package var source: DeriveSource = .best
  /// Of the required scales, the ones to make (`--to`); `nil` for all.
  package var scales: [Int]?
  /// The scales every asset needs (`--require`, as in check); `nil` for the project's.
  package var requiredScales: [Int]?
  /// One target's (or catalog's) name space (`--target`).
  package var target: String?
  /// Average in linear light (`--linear`).
  package var linear = false
  /// Text or JSON.
  package var format: OutputFormat = .text

  /// Creates options.
  package init(roots: [String]) { self.roots = roots }
}

/// `icongrid derive`: make the scales check finds missing, from each asset's best source.
enum DeriveCommand {
  static let subcommand = Subcommand(
    name: "derive",
    summary: "Make the missing scales of icons from their best source (never enlarging).",
    usage:
      "icongrid derive ROOT... [--write] [--force] [--from 3x|2x|vector] [--to 1x,2x]\n"
      + "         [--require SCALES] [--target NAME] [--linear] [--format text|json]",
    details: """
      For every asset that lacks a scale the project requires (what check's
      missing-scale reports: each target's devices decide, 2x where no project says),
      plans the file to make: its source (the highest-scale PNG the asset has), its
      name and its pixel size (the source's points × the scale, rounded as Apple
      rounds). Without --write the plan is printed and nothing changes.

      With --write each file is shrunk from its source in premultiplied alpha (no
      dark fringes) and placed where that kind of asset keeps it: name@2x.png beside a
      loose file (the ~ipad suffix kept), or a file in the image set plus its slot in
      Contents.json (every other key, slot and the key order kept, written as Xcode
      writes it). All files are written at once (temporary files renamed into place):
      a failure changes nothing. A scale above the best source is never made
      (enlarging adds no detail); an existing file is replaced only with --force.
      App icon sets are left to `icongrid appicon`.

      Android: each drawable check's android-densities (lint's IconDensities) or
      android-density-folder finds missing gets res/drawable-<density>/name.png from
      the densest bitmap of that name (pixels × target ÷ source dpi, rounded as
      Android scales bitmaps); nine-patches, XML drawables and names also in
      drawable-nodpi are reported, not made. Flutter and React Native assets have no
      required scales: derive says so and makes none. --from, --to and --target
      are Apple options: given any, Android drawables are left alone (a note says so).

      options:
        --write            Make the files; without it, print the plan only.
        --force            Replace files that already exist where a file goes.
        --from SOURCE      3x, 2x or 1x: make files only from that scale; vector: draw
                           them from the asset's PDF or SVG at the target size.
        --to SCALES        Of the missing required scales, make only these (1x,2x).
        --require SCALES   Hold every asset to these scales, as check --require does;
                           by default each target's devices decide.
        --target NAME      Only this target's (or catalog's) assets.
        --linear           Average in linear light instead of sRGB (thin lines
                           come out lighter than their vector render).
        --format text|json The plan for people (default), or JSON for scripts.

      Exit status: 0 nothing left to make, or everything made; 1 some step cannot be
      made (it would enlarge, its source is unreadable, a file exists without
      --force); 64 bad command line; 65 a source or Contents.json is bad; 66 a root
      does not exist; 74 a file cannot be written (nothing was changed).
      """,
    options: [
      OptionSpec(name: "--write", takesValue: false),
      OptionSpec(name: "--force", takesValue: false),
      OptionSpec(name: "--from", takesValue: true),
      OptionSpec(name: "--to", takesValue: true),
      OptionSpec(name: "--require", takesValue: true),
      OptionSpec(name: "--target", takesValue: true),
      OptionSpec(name: "--linear", takesValue: false),
      OptionSpec(name: "--format", takesValue: true),
    ],
    parse: { (parsed) throws -> Command in
      guard !parsed.positionals.isEmpty else { throw UsageError("no roots given", subcommand: "derive") }
      var options = DeriveCommandOptions(roots: parsed.positionals)
      options.write = parsed.has("--write")
      options.force = parsed.has("--force")
      options.linear = parsed.has("--linear")
      options.target = parsed.value("--target")
      options.format = try parseFormat(parsed, default: OutputFormat.text, subcommand: "derive")
      if let from = parsed.value("--from") {
        switch from {
        case "vector": options.source = .vector
        case "1x", "2x", "3x": options.source = .scale(Int(String(from.dropLast()))!)
        default:
          throw UsageError("bad --from '\(from)'; expected 3x, 2x, 1x or vector", subcommand: "derive")
        }
      }
      if let text = parsed.value("--to") {
        var scales: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
          let item = part.hasSuffix("x") ? part.dropLast() : part
          guard let scale = Int(item), (1...3).contains(scale) else {
            throw UsageError(
              "bad scale '\(part)' in --to '\(text)'; expected 1x, 2x or 3x separated by commas (1x,2x)",
              subcommand: "derive")
          }
          if !scales.contains(scale) { scales.append(scale) }
        }
        options.scales = scales.sorted()
      }
      if let text = parsed.value("--require") {
        do {
          options.requiredScales = try CheckCommand.parseScales(text)
        } catch let error as UsageError {
          throw UsageError(error.message, subcommand: "derive")
        }
      }
      return .derive(options)
    })

  static func run(_ options: DeriveCommandOptions, console: Console, limits: DecodingLimits = .default)
    -> Int32
  {
    for root in options.roots where !FileSystem.isDirectory(root) {
      console.error("\(root): no such folder (give the folder that holds the icons or the .xcassets)")
      return ExitStatus.noInput
    }
    guard let catalogs = CheckCommand.indexRoots(options.roots, target: options.target, console: console)
    else {
      return ExitStatus.usage
    }
    var deriveOptions = DeriveOptions(
      source: options.source, scales: options.scales,
      check: CheckConfiguration(requiredScales: options.requiredScales, target: options.target),
      linear: options.linear, force: options.force)
    deriveOptions.limits = limits
    let plan = DerivePlan.plan(catalogs, options: deriveOptions)
    var result: DeriveResult?
    if options.write, !plan.makeable.isEmpty {
      do {
        result = try plan.execute(options: deriveOptions)
      } catch {
        return fail(error, console: console)
      }
    }
    switch options.format {
    case .json: console.out(json(plan, options: options, result: result).rendered() + "\n")
    case .text: console.out(text(plan, options: options, result: result))
    }
    let blocked = plan.steps.contains { $0.status != .make }
    return blocked ? ExitStatus.findings : ExitStatus.success
  }

  static func fail(_ error: any Error, console: Console) -> Int32 {
    console.error("\(error)")
    guard let error = error as? MakingError else { return ExitStatus.ioError }
    switch error.code {
    case .badData: return ExitStatus.dataError
    case .notFound: return ExitStatus.noInput
    case .exists: return ExitStatus.findings
    case .io: return ExitStatus.ioError
    case .unsupported: return ExitStatus.dataError
    }
  }

  static func statusWord(_ status: DeriveStep.Status) -> String {
    switch status {
    case .make: "make"
    case .exists: "exists"
    case .cannot: "cannot"
    }
  }

  static func placementText(_ step: DeriveStep) -> String {
    switch step.placement {
    case .looseFile: "beside \(step.source.map(lastName) ?? "its variants")"
    case .imageSet(_, let slot): slot == nil ? "new slot in Contents.json" : "fills the empty slot"
    case .androidResource:
      "a density of its own"
        + (step.source.map {
          fileExtensionOf($0) == "png" ? "" : ", written as PNG from \(fileExtensionOf($0))"
        } ?? "")
    }
  }

  /// `webp` for `res/drawable-xhdpi/a.webp`, lowercased.
  static func fileExtensionOf(_ path: String) -> String {
    let name = lastName(path)
    return name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() } ?? ""
  }

  /// `@2x`, or the density of an Android drawable (`hdpi`).
  static func scaleText(_ step: DeriveStep) -> String {
    step.targetDensity.map(\.description) ?? "@\(step.targetScale)x"
  }

  static func lastName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }

  /// `drawable-xhdpi/a.png` for `res/drawable-xhdpi/a.png`.
  static func lastTwo(_ path: String) -> String {
    path.split(separator: "/").suffix(2).joined(separator: "/")
  }

  static func text(_ plan: DerivePlan, options: DeriveCommandOptions, result: DeriveResult?) -> String {
    var out = ""
    for step in plan.steps {
      let target = Paths.join(step.root, step.target)
      let traits = [step.idiom, step.conditions.isEmpty ? nil : step.conditions].compactMap { $0 }
      let shown = traits.isEmpty ? "" : " (\(traits.joined(separator: ", ")))"
      switch step.status {
      case .make, .exists:
        let made = result != nil && step.status == .make
        let word = made ? "made  " : step.status == .make ? "make  " : "exists"
        out +=
          "\(word) \(target)  \(step.targetWidth ?? 0)×\(step.targetHeight ?? 0) px \(scaleText(step))\(shown)"
        // An Android source is named with its density folder, which tells it from the other densities.
        let source = step.sourceDensity == nil ? step.source.map(lastName) : step.source.map(lastTwo)
        out += "  from \(source ?? "?") (\(step.sourceWidth ?? 0)×\(step.sourceHeight ?? 0) px"
        out += step.sourceScale.map { " @\($0)x" } ?? step.sourceDensity.map { " \($0)" } ?? " pt, vector"
        out += "), \(placementText(step))"
        if step.status == .exists { out += "; --force replaces it" }
        out += "\n"
      case .cannot(let why):
        out += "cannot \(target) \(scaleText(step))\(shown): \(why)\n"
      }
    }
    for note in plan.notes { out += "note: \(note)\n" }
    let make = plan.steps.filter { $0.status == .make }.count
    let exists = plan.steps.filter { $0.status == .exists }.count
    let cannot = plan.steps.count - make - exists
    if plan.steps.isEmpty {
      out += "Nothing to derive: every asset has the scales it needs.\n"
    } else if let result {
      out +=
        "Made \(result.made.count) file\(result.made.count == 1 ? "" : "s")"
        + (result.contentsFiles.isEmpty ? "" : ", updated \(result.contentsFiles.count) Contents.json")
        + "; \(exists) exist, \(cannot) cannot be made.\n"
    } else {
      out +=
        "Plan: \(make) to make, \(exists) exist, \(cannot) cannot be made."
        + (make > 0 ? " Nothing was changed; --write makes them.\n" : "\n")
    }
    return out
  }

  static func json(_ plan: DerivePlan, options: DeriveCommandOptions, result: DeriveResult?) -> JSONValue {
    let steps: [JSONValue] = plan.steps.map { step in
      var members: [(String, JSONValue)] = [
        ("asset", .string(step.asset)),
        ("root", .string(step.root)),
        ("target", .string(step.target)),
        ("scale", .int(step.targetScale)),
        ("width", .optional(step.targetWidth)),
        ("height", .optional(step.targetHeight)),
        ("idiom", .optional(step.idiom)),
        ("conditions", .string(step.conditions)),
        ("source", .optional(step.source)),
        ("sourceScale", .optional(step.sourceScale)),
        ("sourceWidth", .optional(step.sourceWidth)),
        ("sourceHeight", .optional(step.sourceHeight)),
        ("density", .optional(step.targetDensity?.description)),
        ("sourceDensity", .optional(step.sourceDensity?.description)),
      ]
      switch step.placement {
      case .looseFile: members.append(("placement", .string("loose-file")))
      case .androidResource: members.append(("placement", .string("android-resource")))
      case .imageSet(let contents, let slot):
        members.append(("placement", .string("image-set")))
        members.append(("contents", .string(contents)))
        members.append(("slot", .string(slot == nil ? "new" : "fill")))
      }
      members.append(("status", .string(statusWord(step.status))))
      if case .cannot(let why) = step.status { members.append(("reason", .string(why))) }
      members.append(("written", .bool(result != nil && step.status == .make)))
      return .object(members)
    }
    return .object([
      ("roots", .array(options.roots.map { .string($0) })),
      ("write", .bool(options.write)),
      ("steps", .array(steps)),
      ("notes", .array(plan.notes.map { .string($0) })),
      ("contentsFiles", .array((result?.contentsFiles ?? []).map { .string($0) })),
    ])
  }
}
