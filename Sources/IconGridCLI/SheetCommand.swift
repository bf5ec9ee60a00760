import AssetIndex
import AssetResolver
import ContactSheet
import Foundation
import IconGridSupport
import ImageCore
import ImageDecoding
import SheetManifest

/// Options of `icongrid sheet`.
package struct SheetOptions: Sendable, Equatable {
  /// An asset folder or a manifest (JSON, XML or binary plist).
  package var input: String
  /// The PNG to write.
  package var output: String
  /// Where icons resolve; `nil`: the input folder, or the manifest's folder.
  package var assets: String?
  /// The grid, in points, and the scale.
  package var layout: SheetLayoutOptions
  /// Colours and labels.
  package var style: SheetStyle
  /// The font family fontconfig looks up; `nil` for its default sans-serif.
  package var font: String?
  /// Text or JSON summary.
  package var format: OutputFormat
  /// Missing icons and fallbacks make the exit status 1.
  package var strict: Bool
  /// Progress on stderr even when it is not a terminal.
  package var progress: Bool
  /// The name space icons resolve in (a target's name, or a catalog's path); `nil` for all.
  package var target: String?
  /// The device, appearance and gamut icons are drawn for (its scale is the layout's).
  package var traits: TraitRequest
  /// What labels say; `nil`: the manifest's names, or a folder's asset names.
  package var label: SheetLabelSource?
  /// The manifest key that holds each item's label (`--label-key`, `name` by default).
  package var labelKey = "name"
  /// `--layout`: read the assets folder in this layout; `nil` to detect (see `SheetLayouts.swift`).
  package var treeLayout: Layout?

  /// Creates options with the defaults of the command line.
  package init(
    input: String, output: String, assets: String? = nil, layout: SheetLayoutOptions = .init(),
    style: SheetStyle = .init(), font: String? = nil, format: OutputFormat = .text, strict: Bool = false,
    progress: Bool = false, target: String? = nil, traits: TraitRequest = TraitRequest(scale: 1),
    label: SheetLabelSource? = nil, labelKey: String = "name"
  ) {
    self.input = input
    self.output = output
    self.assets = assets
    self.layout = layout
    self.style = style
    self.font = font
    self.format = format
    self.strict = strict
    self.progress = progress
    self.target = target
    self.traits = traits
    self.label = label
    self.labelKey = labelKey
  }
}

/// `icongrid sheet`: the nine-grid of app tiles as one PNG.
enum SheetCommand {
  static let subcommand = Subcommand(
    name: "sheet",
    summary: "Render a contact sheet of app icons (the nine-grid) into one PNG.",
    usage: "icongrid sheet INPUT -o OUT.png [options]",
    details: """
      INPUT is an asset folder (one tile per asset, sorted by name; a section per name
      space, a target or a catalog, when it holds several) or a manifest: a JSON, XML or
      binary property list holding an array of {name, icon, badge?} items, or of
      {title, <key>: [items]} groups, each group a section with a header.

      options:
        -o, --output FILE       The PNG to write (atomically, with pHYs for the scale).
        --assets DIR            Where icons resolve (default: INPUT, or the manifest's folder).
        --target NAME           Draw one name space: a target, or a catalog's path (a
                                folder's sheet otherwise has a section for each; in a
                                manifest, a name several provide is otherwise ambiguous).
        --idiom DEVICE          iphone, ipad, watch, mac, tv, car or vision (default: a
                                generic iOS screen).
        --appearance STYLE      any (default), light, dark, tinted or high-contrast.
        --gamut GAMUT           srgb (default) or p3.
        --columns N             Tiles per row (default 4).
        --tile WxH              Tile size in points (default 80x90).
        --icon PT               Icon box in points (default 60).
        --width PT              Sheet width in points; margins are even.
        --margin PT             Margin around and between tiles (default 16; not with --width).
        --title TEXT            A title row at the top.
        --scale 1|2|3           Pixels per point (default 2).
        --background COLOR      #RRGGBB, #RRGGBBAA or transparent (default #FFFFFF).
        --label-color COLOR     #RRGGBB (default #1C1C1E).
        --tint COLOR            The colour template images and symbols are drawn in
                                (default: the label colour).
        --font FAMILY|FILE      Label font: a family (default: fontconfig's sans-serif), or
                                a font file when it contains a '/'.
        --font-size PT          Label size in points (default 12).
        --no-labels             Tiles without names.
        --label name|path|manifest
                                What labels say: the asset's own name (default for a folder),
                                its path under the assets folder, or the manifest's name
                                (default for a manifest). Shortened labels stay distinct.
        --label-key KEY         The manifest key that holds each item's label (default
                                name); with --no-labels items need no label at all.
        --layout LAYOUT         apple, flutter, react-native or android: read the assets in
                                that layout instead of detecting it; Flutter, React Native
                                and Android assets are drawn from the file their
                                platform's rule picks for the sheet's scale.
        --format text|json      The summary: one line (default) or JSON on stdout.
        --strict                Exit 1 when an icon is missing or drawn from another scale.
        --progress              Progress on stderr (automatic on a terminal above 300 tiles).

      Exit status: 0 written (missing icons become placeholders and are reported on stderr),
      1 with --strict and missing icons or fallbacks, 64 bad command line, 65 bad manifest,
      66 input not found, 74 cannot write.
      """,
    options: [
      "-o", "--output", "--assets", "--columns", "--tile", "--icon", "--width", "--margin", "--title",
      "--scale", "--background", "--label-color", "--tint", "--font", "--font-size", "--format", "--target",
      "--idiom", "--appearance", "--gamut",
      "--label", "--label-key", "--layout",
    ].map { OptionSpec(name: $0, takesValue: true) }
      + ["--no-labels", "--strict", "--progress"].map { OptionSpec(name: $0, takesValue: false) },
    parse: parse)

  /// Tiles above which progress shows by itself on a terminal.
  static let progressThreshold = 300

  static func parse(_ parsed: ParsedArguments) throws -> Command {
    func fail(_ message: String) -> UsageError { UsageError(message, subcommand: "sheet") }
    func integer(_ name: String, _ range: ClosedRange<Int>) throws -> Int? {
      guard let text = parsed.value(name) else { return nil }
      guard let value = Int(text), range.contains(value) else {
        throw fail(
          "\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
      }
      return value
    }
    func color(_ name: String) throws -> SheetColor? {
      guard let text = parsed.value(name) else { return nil }
      guard let value = SheetColor(parsing: text) else {
        throw fail("\(name) expects #RRGGBB, #RRGGBBAA or transparent, not '\(text)'")
      }
      return value
    }
    guard parsed.positionals.count == 1, let input = parsed.positionals.first else {
      throw fail(
        parsed.positionals.isEmpty ? "no INPUT given" : "expected one INPUT, got \(parsed.positionals.count)")
    }
    if parsed.value("-o") != nil, parsed.value("--output") != nil {
      throw fail("give the output once, with -o or --output")
    }
    guard let output = parsed.value("-o") ?? parsed.value("--output") else {
      throw fail("no output given; add -o OUT.png")
    }
    var layout = SheetLayoutOptions()
    if let columns = try integer("--columns", 1...1000) { layout.columns = columns }
    if let tile = parsed.value("--tile") {
      let parts = tile.lowercased().split(separator: "x", omittingEmptySubsequences: false)
      guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
        (1...4096).contains(width), (1...4096).contains(height)
      else { throw fail("--tile expects WxH in points, such as 80x90, not '\(tile)'") }
      layout.tileWidth = width
      layout.tileHeight = height
    }
    if let icon = try integer("--icon", 1...4096) { layout.iconBox = icon }
    if parsed.value("--width") != nil, parsed.value("--margin") != nil {
      throw fail("give either --width or --margin, not both")
    }
    if let width = try integer("--width", 1...100_000) { layout.width = .points(width) }
    if let text = parsed.value("--margin") {
      guard let margin = Double(text), margin >= 0, margin <= 4096 else {
        throw fail("--margin expects points from 0 to 4096, not '\(text)'")
      }
      layout.width = .margin(margin)
    }
    layout.title = parsed.value("--title")
    if let scale = try integer("--scale", 1...3) { layout.scale = scale }
    if let size = try integer("--font-size", 1...512) { layout.fontSize = size }
    do {
      _ = try SheetLayout(content: SheetContent(sections: []), options: layout)
    } catch {
      throw fail("\(error)")
    }
    var style = SheetStyle()
    if let background = try color("--background") { style.background = background }
    if let label = try color("--label-color") { style.labelColor = label }
    style.tint = try color("--tint")
    style.showLabels = !parsed.has("--no-labels")
    let traits = try TraitOptions.parse(parsed, subcommand: "sheet")
    var label: SheetLabelSource?
    if let text = parsed.value("--label") {
      guard let value = SheetLabelSource(rawValue: text) else {
        throw fail("--label expects name, path or manifest, not '\(text)'")
      }
      label = value
    }
    let labelKey = parsed.value("--label-key") ?? "name"
    guard !labelKey.isEmpty else { throw fail("--label-key needs a key name") }
    var treeLayout: Layout?
    if let text = parsed.value("--layout") {
      guard let value = Layout.named(text) else {
        throw fail("--layout expects apple, flutter, react-native or android, not '\(text)'")
      }
      treeLayout = value
    }
    var options =
      SheetOptions(
        input: input, output: output, assets: parsed.value("--assets"), layout: layout, style: style,
        font: parsed.value("--font"), format: try parseFormat(parsed, default: .text, subcommand: "sheet"),
        strict: parsed.has("--strict"), progress: parsed.has("--progress"),
        target: parsed.value("--target"),
        traits: TraitRequest(
          scale: 1, idiom: traits.idiom, appearance: traits.appearance, highContrast: traits.highContrast,
          gamut: traits.gamut),
        label: label, labelKey: labelKey)
    options.treeLayout = treeLayout
    return .sheet(options)
  }

  /// The folder's sheet: one index of `assetsRoot` (every format, through `FormatLoader`),
  /// split by name space for a folder input with no target.
  ///
  /// A folder input draws each of its files in one tile (a file in two name spaces, in two
  /// sections far apart), so decoded images are not kept: a cache would hold only what is
  /// never asked for again (8 MB of a 5,000-icon sheet's 67 MB peak). A manifest may name an
  /// icon in many items, so its decodes are kept, up to 8 MB.
  ///
  /// - Throws: ``ResolveError`` when the assets folder cannot be opened (the command exits
  ///   66), or has no name space `target` (64).
  static func makeFolderSheet(
    _ options: SheetOptions, assetsRoot: String, folderInput: Bool, limits: DecodingLimits = .default
  ) throws -> FolderSheet {
    let cache = folderInput ? ImageCache(costLimit: 0, countLimit: 0) : ImageCache(costLimit: 8 << 20)
    let library = try AssetLibrary(
      root: assetsRoot, cache: cache, namespace: options.target, lookupLanes: 2,
      loader: FormatLoader(limits: limits, drawnWithin: options.layout.iconBox * options.layout.scale))
    return try FolderSheet(
      library: library, traits: options.traits, layout: options.treeLayout, splitByNamespace: folderInput)
  }

  /// The text renderer for labels (and, bigger, headings) at `pixelSize`: HarfBuzz and
  /// FreeType, with fontconfig's per-character fallback. `font` is a family, or a font file
  /// when it contains a `/`.
  static func makeLabelRenderer(font: String?, pixelSize: Int) throws -> any LabelRendering {
    let choice = font.map { $0.contains("/") ? LabelFont.file($0) : LabelFont.family($0) } ?? .systemDefault
    return try LabelRasterizer(font: choice, pixelSize: pixelSize)
  }

  static func run(_ options: SheetOptions, console: Console, limits: DecodingLimits = .default) -> Int32 {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: options.input, isDirectory: &isDirectory) else {
      console.error("\(options.input): no such file or directory")
      return ExitStatus.noInput
    }
    let folderInput = isDirectory.boolValue
    let assetsRoot =
      options.assets
      ?? (folderInput
        ? options.input
        : (URL(fileURLWithPath: options.input)
          .deletingLastPathComponent().path))
    var assetsIsDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: assetsRoot, isDirectory: &assetsIsDirectory),
      assetsIsDirectory.boolValue
    else {
      console.error("\(assetsRoot): no such assets folder")
      return ExitStatus.noInput
    }
    let folder: FolderSheet
    do {
      folder = try makeFolderSheet(options, assetsRoot: assetsRoot, folderInput: folderInput, limits: limits)
    } catch let error as ResolveError {
      if case .unknownNamespace = error.reason {
        console.error(error.description)
        return ExitStatus.usage
      }
      console.error("\(assetsRoot): cannot open the assets folder: \(error)")
      return ExitStatus.noInput
    } catch {
      console.error("\(assetsRoot): cannot open the assets folder: \(error)")
      return ExitStatus.noInput
    }
    if folderInput, options.label == .manifest {
      console.error("\(options.input): --label manifest needs a manifest INPUT, not a folder")
      return ExitStatus.usage
    }
    var content: SheetContent
    do {
      if folderInput {
        content = folder.content(labelledBy: options.label)
        guard content.tileCount > 0 else {
          console.error("\(options.input): no icons in this folder")
          return ExitStatus.dataError
        }
      } else {
        // Without labels an item needs no label key at all.
        content = try Manifest.load(
          contentsOf: options.input, labelKey: options.style.showLabels ? options.labelKey : nil)
        if let label = options.label { content = content.labelled(by: label) }
      }
    } catch let error as ManifestError {
      var text = error.description
      if options.style.showLabels, text.hasSuffix("missing key '\(options.labelKey)'") {
        text += " (each item's label; --label-key names another key, --no-labels needs none)"
      }
      console.error(text)
      return error.kind == .notFound ? ExitStatus.noInput : ExitStatus.dataError
    } catch {
      console.error("\(options.input): \(error)")
      return ExitStatus.dataError
    }
    let layout: SheetLayout
    do {
      layout = try SheetLayout(content: content, options: options.layout)
    } catch {
      console.error("\(error)")
      return ExitStatus.usage
    }
    let scale = options.layout.scale
    let labels: any LabelRendering
    let headings: any LabelRendering
    do {
      labels = try makeLabelRenderer(font: options.font, pixelSize: options.layout.fontSize * scale)
      headings = try makeLabelRenderer(
        font: options.font, pixelSize: (options.layout.fontSize * scale * 5 + 2) / 4)
    } catch {
      console.error("cannot load a font\(options.font.map { " for '\($0)'" } ?? ""): \(error)")
      return ExitStatus.noInput
    }
    let renderer = SheetRenderer(
      content: content, layout: layout, style: options.style, dataSource: folder.dataSource, labels: labels,
      headings: headings)
    let showProgress =
      options.progress || (console.errIsTerminal && content.tileCount > progressThreshold)
    let reporter = SheetReporter(console: console, showProgress: showProgress)
    let summary: SheetSummary
    do {
      summary = try renderer.write(to: options.output, delegate: reporter)
    } catch {
      if showProgress { console.err("\n") }
      console.error(ImageError.from(error).description)
      return ExitStatus.ioError
    }
    if showProgress { console.err("\n") }
    for note in folder.notes {
      console.err("icongrid: note: \(note)\n")
    }
    switch options.format {
    case .json:
      console.out(
        json(summary, output: options.output, sections: folder.sectionSummaries(summary)).rendered() + "\n")
    case .text: console.out(line(summary, output: options.output) + "\n")
    }
    let incomplete = !summary.missing.isEmpty || !summary.unreadable.isEmpty || !summary.fallbacks.isEmpty
    return options.strict && incomplete ? ExitStatus.findings : ExitStatus.success
  }

  static func json(_ summary: SheetSummary, output: String, sections: [FolderSheet.SectionSummary] = [])
    -> JSONValue
  {
    var fields: [(String, JSONValue)] = [
      ("output", .string(output)),
      ("width", .int(summary.widthPixels)),
      ("height", .int(summary.heightPixels)),
      ("scale", .int(summary.scale)),
      ("tiles", .int(summary.tiles)),
      ("sections", .int(summary.sections)),
      ("missing", .array((summary.missing + summary.unreadable).map { .string($0) })),
      ("fallbacks", .array(summary.fallbacks.map { .string($0) })),
      (
        "drawnFor",
        .array(
          summary.drawnFor.map { .object([("icon", .string($0.icon)), ("device", .string($0.device))]) })
      ),
    ]
    if !sections.isEmpty {
      fields.append(
        (
          "namespaces",
          .array(
            sections.map {
              .object([
                ("title", .string($0.section.title)),
                ("namespace", $0.section.namespace.map(JSONValue.string) ?? .null),
                ("kind", .string($0.section.kind)),
                ("idiom", $0.section.device.map { .string($0.rawValue) } ?? .null),
                ("tiles", .int($0.section.names.count)),
                ("missing", .array($0.missing.map { .string($0) })),
                ("fallbacks", .array($0.fallbacks.map { .string($0) })),
              ])
            })
        ))
    }
    return .object(fields)
  }

  static func line(_ summary: SheetSummary, output: String) -> String {
    let missing = summary.missing.count + summary.unreadable.count
    return
      "\(output): \(summary.widthPixels)×\(summary.heightPixels) px at \(summary.scale)x, "
      + "\(summary.tiles) tiles in \(summary.sections) section\(summary.sections == 1 ? "" : "s"), "
      + "\(missing) missing, \(summary.fallbacks.count) fallback\(summary.fallbacks.count == 1 ? "" : "s")"
  }
}

/// The CLI as a sheet delegate: missing icons and fallbacks as warnings, progress on stderr.
struct SheetReporter: SheetRendererDelegate {
  let console: Console
  let showProgress: Bool

  func progress(done: Int, total: Int) {
    guard showProgress else { return }
    console.err("\rsheet: \(done)/\(total) tiles")
  }

  func missingIcon(name: String) {
    clearProgress()
    console.warning("no icon '\(name)'; drew a placeholder")
  }

  func unreadableIcon(name: String, reason: String) {
    clearProgress()
    console.warning("icon '\(name)' cannot be read (\(reason)); drew a placeholder")
  }

  func fallback(name: String, requested: Int, got: Int) {
    clearProgress()
    console.warning("icon '\(name)' has no @\(requested)x file; drew its @\(got)x, marked '\(got)x'")
  }

  /// Moves a progress line out of the way of a warning.
  private func clearProgress() {
    guard showProgress else { return }
    console.err(console.errIsTerminal ? "\r\u{1B}[K" : "\n")
  }
}
