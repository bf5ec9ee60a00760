import AssetDiff
import ContactSheet
import Foundation
import ImageCore

/// Options of `icongrid diff`.
package struct DiffCommandOptions: Sendable, Equatable {
  /// The folder before; `nil` with ``revision``.
  package var base: String?
  /// The folder after (with ``revision``: the work tree folder).
  package var head: String
  /// `--base GITREV`: the base is this revision of ``head``.
  package var revision: String?
  /// The sheet to write; `nil` for none.
  package var output: String?
  /// Text, JSON or Markdown on stdout.
  package var format: DiffFormat
  /// How much pixels may differ.
  package var threshold: DiffThreshold
  /// Classes that make the exit status 1.
  package var failOn: Set<String>
  /// The sheet's scale.
  package var scale: Int
  /// The label font family (or a font file, with a `/`).
  package var font: String?

  /// Creates options with the defaults of the command line.
  package init(
    base: String?, head: String, revision: String? = nil, output: String? = nil, format: DiffFormat = .text,
    threshold: DiffThreshold = .default, failOn: Set<String> = [], scale: Int = 2, font: String? = nil
  ) {
    self.base = base
    self.head = head
    self.revision = revision
    self.output = output
    self.format = format
    self.threshold = threshold
    self.failOn = failOn
    self.scale = scale
    self.font = font
  }
}

/// `icongrid diff`: what a change did to the icons, as a sheet and a list.
enum DiffCommand {
  static let subcommand = Subcommand(
    name: "diff",
    summary: "Compare two asset trees, or a git revision and the work tree: a before-and-after sheet.",
    usage: "icongrid diff BASE HEAD [-o DIFF.png] [options]\n"
      + "       icongrid diff ROOT --base GITREV [-o DIFF.png] [options]",
    details: """
      Assets are matched by name space and name (as 'icongrid resolve --list' names
      them), then by variant (every trait but the scale: a dark appearance, an idiom, an
      Android qualifier) and by scale. Every format is decoded; vectors are rendered at their
      scale. Each change is one of: changed (pixels differ beyond the threshold), added,
      removed, renamed (gone under one name, new under another with the same pixels),
      reencoded (bytes differ, pixels the same: listed, not drawn), scale-added and
      scale-removed.

      options:
        -o, --output FILE       The sheet to write (atomically): a section per class; a
                                changed file is before, after and the differing pixels in
                                red, labelled with the name, the variant and the bytes.
        --base GITREV           Compare ROOT with its files at this git revision (read
                                with git archive into a temporary folder; no checkout).
        --threshold T           How much may differ before a file is changed: N or Npx
                                pixels, N% of the pixels, or NdE mean colour difference
                                (default 0px: one pixel counts; channels within 2 levels
                                of 255 are the same pixel).
        --format text|json|github
                                Tab-separated lines (default), JSON, or a Markdown table
                                for a pull-request comment linking the sheet.
        --fail-on changed|removed
                                Exit 1 when anything but re-encoding happened (changed),
                                or when an asset, variant or scale was removed or renamed
                                away (removed). Repeatable.
        --scale 1|2|3           The sheet's scale, and the scale added and removed
                                variants are shown and matched at (default 2).
        --font FAMILY|FILE      Label font (default: fontconfig's sans-serif).

      Exit status: 0 compared (whether or not anything changed), 1 with --fail-on and such
      changes, 64 bad command line, a revision that does not exist or a folder that is not
      a git work tree, 66 a folder not found, 74 cannot write the sheet.
      """,
    options: ["-o", "--output", "--base", "--threshold", "--format", "--scale", "--font"].map {
      OptionSpec(name: $0, takesValue: true)
    } + [OptionSpec(name: "--fail-on", takesValue: true, repeatable: true)],
    parse: parse)

  static func parse(_ parsed: ParsedArguments) throws -> Command {
    func fail(_ message: String) -> UsageError { UsageError(message, subcommand: "diff") }
    let revision = parsed.value("--base")
    let wanted = revision == nil ? 2 : 1
    guard parsed.positionals.count == wanted else {
      if revision == nil {
        throw fail(
          parsed.positionals.count == 1
            ? "expected BASE and HEAD, got one folder; add --base GITREV to compare with a revision"
            : "expected BASE and HEAD, got \(parsed.positionals.count) arguments")
      }
      throw fail("with --base, give one ROOT, not \(parsed.positionals.count) arguments")
    }
    if parsed.value("-o") != nil, parsed.value("--output") != nil {
      throw fail("give the output once, with -o or --output")
    }
    var threshold = DiffThreshold.default
    if let text = parsed.value("--threshold") {
      guard let value = DiffThreshold(parsing: text) else {
        throw fail(
          "--threshold expects pixels (12 or 12px), a percentage (0.5%) or a mean ΔE (1.5dE), not '\(text)'")
      }
      threshold = value
    }
    var failOn = Set<String>()
    for value in parsed.values["--fail-on"] ?? [] {
      guard value == "changed" || value == "removed" else {
        throw fail("--fail-on expects changed or removed, not '\(value)'")
      }
      failOn.insert(value)
    }
    var scale = 2
    if let text = parsed.value("--scale") {
      guard let value = Int(text), (1...3).contains(value) else {
        throw fail("--scale expects 1, 2 or 3, not '\(text)'")
      }
      scale = value
    }
    return .diff(
      DiffCommandOptions(
        base: revision == nil ? parsed.positionals[0] : nil, head: parsed.positionals[wanted - 1],
        revision: revision,
        output: parsed.value("-o") ?? parsed.value("--output"),
        format: try parseFormat(parsed, default: .text, subcommand: "diff"), threshold: threshold,
        failOn: failOn,
        scale: scale, font: parsed.value("--font")))
  }

  static func run(_ options: DiffCommandOptions, console: Console, limits: DecodingLimits = .default) -> Int32
  {
    for folder in [options.base, options.head].compactMap(\.self) {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
      else {
        console.error("\(folder): no such folder")
        return ExitStatus.noInput
      }
    }
    var revisionTree: RevisionTree?
    let baseRoot: String
    let basePrefix: String
    if let revision = options.revision {
      do {
        revisionTree = try RevisionTree(workTree: options.head, revision: revision)
      } catch {
        console.error("\(error)")
        return ExitStatus.usage
      }
      baseRoot = revisionTree!.root
      basePrefix = "\(revision):" + prefix(options.head)
    } else {
      baseRoot = options.base!
      basePrefix = prefix(options.base!)
    }
    let iconBox = SheetLayoutOptions().iconBox
    var diffOptions = DiffOptions(
      scale: options.scale, threshold: options.threshold,
      previewPixels: options.output == nil ? 0 : iconBox * options.scale)
    diffOptions.limits = limits
    let report = AssetDiffer.compare(base: baseRoot, head: options.head, options: diffOptions)
    withExtendedLifetime(revisionTree) {}
    for change in report.changes {
      if let problem = change.problem {
        console.warning("\(change.name) (\(change.variant)): cannot be compared: \(problem)")
      }
    }
    if let output = options.output {
      if let status = writeSheet(report, options: options, output: output, console: console) { return status }
    }
    console.out(
      report.rendered(
        as: options.format,
        options: DiffRenderOptions(
          basePrefix: basePrefix, headPrefix: prefix(options.head), sheet: options.output)))
    console.err("icongrid diff: \(report.assetsCompared) assets compared: \(report.summary)\n")
    let fails =
      (options.failOn.contains("changed") && report.hasVisibleChanges)
      || (options.failOn.contains("removed")
        && report.changes.contains { [.removed, .scaleRemoved, .renamed].contains($0.kind) })
    return fails ? ExitStatus.findings : ExitStatus.success
  }

  /// Writes the sheet; returns an exit status on failure.
  private static func writeSheet(
    _ report: DiffReport, options: DiffCommandOptions, output: String, console: Console
  )
    -> Int32?
  {
    let sheet = DiffSheet(report: report, scale: options.scale)
    var layoutOptions = SheetLayoutOptions()
    layoutOptions.columns = DiffSheet.columns
    layoutOptions.tileWidth = DiffSheet.tileWidth
    layoutOptions.tileHeight = 100
    layoutOptions.scale = options.scale
    layoutOptions.title =
      options.revision.map { "\(options.head) at \($0) → work tree" }
      ?? "\(options.base ?? "") → \(options.head)"
    var content = sheet.content
    if content.sections.isEmpty {
      content = SheetContent(sections: [SheetSection(title: "No icon changes", tiles: [])])
    }
    do {
      let layout = try SheetLayout(content: content, options: layoutOptions)
      let labels = try SheetCommand.makeLabelRenderer(
        font: options.font, pixelSize: layoutOptions.fontSize * options.scale)
      let headings = try SheetCommand.makeLabelRenderer(
        font: options.font, pixelSize: (layoutOptions.fontSize * options.scale * 5 + 2) / 4)
      let renderer = SheetRenderer(
        content: content, layout: layout, style: DiffSheet.style, dataSource: sheet.dataSource,
        labels: labels,
        headings: headings)
      _ = try renderer.write(to: output, compressionLevel: DiffSheet.compressionLevel)
    } catch let error as SheetLayoutError {
      console.error("\(error)")
      return ExitStatus.usage
    } catch let error as FontError {
      console.error("cannot load a font\(options.font.map { " for '\($0)'" } ?? ""): \(error)")
      return ExitStatus.noInput
    } catch {
      console.error(ImageError.from(error).description)
      return ExitStatus.ioError
    }
    return nil
  }

  private static func prefix(_ folder: String) -> String {
    folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/"
  }
}
