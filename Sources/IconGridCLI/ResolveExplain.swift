import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore
import PNGCodec

/// The layout options of `resolve` (and the layout of `sheet`): `--layout`, a decimal
/// `--scale`, `--density`, `--platform`, `--release` and `--explain`.
package struct LayoutOptions: Sendable, Equatable {
  /// Read the whole root in this layout; `nil` to detect each part's.
  package var layout: Layout?
  /// The scale as given, when it is not a whole number (2.625); `nil` otherwise.
  package var decimalScale: Double?
  /// Android's density (`--density xxhdpi` or `420`).
  package var density: AndroidDensity?
  /// React Native's platform (`ios` by default).
  package var platform = "ios"
  /// React Native: ask about an iOS release bundle.
  package var releaseBundle = false
  /// Print the candidates, the rule and why the winner won.
  package var explain = false

  /// Creates the defaults.
  package init() {}

  static let specs = [
    OptionSpec(name: "--layout", takesValue: true), OptionSpec(name: "--density", takesValue: true),
    OptionSpec(name: "--platform", takesValue: true), OptionSpec(name: "--release", takesValue: false),
    OptionSpec(name: "--explain", takesValue: false),
  ]

  static let help = [
    "  --layout LAYOUT     apple, flutter, react-native or android: read ROOT in that",
    "                      layout instead of detecting each part's (see below).",
    "  --density D         An Android density: ldpi, mdpi, tvdpi, hdpi, xhdpi, xxhdpi,",
    "                      xxxhdpi, or a dpi (420); sets the scale (dpi ÷ 160).",
    "  --platform P        React Native: ios (default) or android.",
    "  --release           React Native: an iOS release bundle (it keeps scales 1-3).",
    "  --explain           The candidates, the platform's rule, and why the file won.",
  ].joined(separator: "\n")

  /// Reads the layout options, and `--scale` (a number above 0; whole numbers keep the
  /// Apple path's meaning).
  ///
  /// - Returns: the options and the whole scale for the Apple path (rounded up: UIKit
  ///   screens have whole scales, and its rule takes the nearest higher).
  static func parse(_ parsed: ParsedArguments, subcommand: String) throws -> (LayoutOptions, Int) {
    var options = LayoutOptions()
    var scale = 1
    if let text = parsed.value("--layout") {
      guard let layout = Layout.named(text) else {
        let names = Layout.allCases.map(\.rawValue)
        var message = "unknown layout '\(text)'; expected apple, flutter, react-native or android"
        if let near = closest(to: text.lowercased(), in: names) { message += "; did you mean '\(near)'?" }
        throw UsageError(message, subcommand: subcommand)
      }
      options.layout = layout
    }
    if let text = parsed.value("--scale") {
      guard let value = Double(text), value > 0, value <= 16, value.isFinite, !text.hasPrefix("+") else {
        throw UsageError(
          "'--scale' needs a number above 0 and up to 16 (2, 2.625), not '\(text)'", subcommand: subcommand)
      }
      if value == value.rounded(), value >= 1 {
        scale = Int(value)
      } else {
        options.decimalScale = value
        scale = max(1, Int(value.rounded(.up)))
      }
    }
    if let text = parsed.value("--density") {
      guard let density = AndroidDensity.named(text.lowercased()) else {
        throw UsageError(
          "'--density' needs ldpi, mdpi, tvdpi, hdpi, xhdpi, xxhdpi, xxxhdpi, nodpi, anydpi or a dpi, not '\(text)'",
          subcommand: subcommand)
      }
      if parsed.value("--scale") != nil {
        throw UsageError("give '--scale' or '--density', not both", subcommand: subcommand)
      }
      options.density = density
      if density.isBucket {
        let value = density.scale
        if value != value.rounded() || value < 1 { options.decimalScale = value }
        scale = max(1, Int(value.rounded(.up)))
      }
    }
    if let text = parsed.value("--platform") {
      guard text == "ios" || text == "android" else {
        throw UsageError("'--platform' needs ios or android, not '\(text)'", subcommand: subcommand)
      }
      options.platform = text
    }
    options.releaseBundle = parsed.has("--release")
    options.explain = parsed.has("--explain")
    return (options, scale)
  }

  /// Whether only the Apple path's options were given (its behaviour stays as it was).
  var isAppleOnly: Bool { layout == nil && decimalScale == nil && density == nil && !explain }
}

/// `resolve` for Flutter, React Native and Android trees, `--explain`, and the layout
/// lines of `--list`.
enum ResolveExplain {
  /// Resolves `name` in the layout index, or explains an Apple choice; `nil` when the
  /// Apple path should answer as it always has.
  static func run(
    _ options: ResolveOptions, name: String, library: AssetLibrary, console: Console,
    appleError: ResolveError?
  ) -> Int32 {
    let layout = options.layoutOptions
    let request = options.request
    let resolution: Resolution
    do {
      resolution = try library.resolve(named: name, for: request, layout: layout.layout)
    } catch {
      // The Apple path's error says more when the name is in neither index.
      let shown = error.isNotFound && !isNoVariant(error) ? appleError ?? error : error
      console.error(shown.description)
      return shown.isNotFound || shown.isAmbiguous ? ExitStatus.findings : ExitStatus.dataError
    }
    let catalog = library.layoutCatalog(layout.layout)
    let region = catalog.region(of: resolution.path)
    let (asset, selection) = library.explanation(of: resolution, for: request)
    if layout.explain {
      print(
        explanation: selection, asset: asset, region: region, root: options.root,
        sizes: sizes(of: asset, library: library), format: options.format, console: console)
    } else {
      printAnswer(
        resolution, asset: asset, selection: selection, root: options.root, format: options.format,
        console: console)
    }
    return ExitStatus.success
  }

  /// `--explain` for an asset the Apple index resolved: its files by UIKit's scale rule.
  static func explainApple(
    _ resolved: Resolution, options: ResolveOptions, library: AssetLibrary, console: Console
  ) {
    let (named, selection) = library.explanation(of: resolved, for: options.request)
    let detected = library.layoutCatalog(nil).region(of: resolved.path)
    let region =
      detected.layout == .apple
      ? detected : LayoutRegion(folder: "", layout: .apple, reason: "asset catalogs and @Nx files")
    var sizes: [String: (Int, Int)] = [:]
    let catalogRoot = library.catalog.root
    for candidate in named.candidates {
      if let header = try? PNGProbe.size(of: Paths.join(catalogRoot, candidate.path)) {
        sizes[candidate.path] = header
      }
    }
    print(
      explanation: selection, asset: named, region: region, root: options.root, sizes: sizes,
      format: options.format, console: console)
  }

  /// Notes on stderr saying which layout each part of the root was read in, and the
  /// layout index's problems.
  static func noteLayouts(_ catalog: LayoutCatalog, root: String, console: Console) {
    for region in catalog.regions {
      let place = region.folder.isEmpty ? root : Paths.join(root, region.folder)
      console.err("icongrid: note: layout of \(place): \(region.layout) (\(region.reason))\n")
    }
    for problem in catalog.problems {
      console.warning("\(Paths.join(root, problem.path)): \(problem.message)")
    }
  }

  /// The `--list` lines (text) of the non-Apple assets.
  static func listText(_ catalog: LayoutCatalog, root: String) -> String {
    var text = ""
    for asset in catalog.assets {
      let files = asset.candidates.map { "\($0.label) \($0.path)" }.joined(separator: ", ")
      let region = asset.region.isEmpty ? "." : asset.region
      text += "\(asset.name)\t\(asset.layout):\(region)\t\(files)\n"
    }
    return text
  }

  /// The `--list` objects (JSON) of the non-Apple assets.
  static func listJSON(_ catalog: LayoutCatalog, root: String) -> [JSONValue] {
    catalog.assets.map { asset in
      JSONValue.object([
        ("name", .string(asset.name)),
        ("layout", .string(asset.layout.rawValue)),
        ("region", .string(asset.region)),
        ("declared", .optional(asset.isDeclared)),
        (
          "variants",
          .array(
            asset.candidates.map { candidate in
              JSONValue.object([
                ("path", .string(Paths.join(root, candidate.path))),
                ("scale", .double(candidate.scale)),
                ("label", .string(candidate.label)),
              ])
            })
        ),
      ])
    }
  }

  // MARK: - Output

  private static func printAnswer(
    _ resolution: Resolution, asset: LayoutAsset, selection: Selection, root: String, format: OutputFormat,
    console: Console
  ) {
    let path = Paths.join(root, resolution.path)
    let density = resolution.winner?.density
    switch format {
    case .json:
      console.out(
        JSONValue.object([
          ("name", .string(asset.name)),
          ("layout", .string(asset.layout.rawValue)),
          ("region", .string(asset.region)),
          ("requestedScale", .double(resolution.requestedScale)),
          ("scale", .double(resolution.winner?.scale ?? resolution.scale)),
          ("density", .optional(density?.description)),
          ("path", .string(path)),
          ("pixelWidth", .optional(resolution.pixelWidth)),
          ("pixelHeight", .optional(resolution.pixelHeight)),
          ("enlargement", selection.enlargement.map { .double($0) } ?? .null),
        ]).rendered() + "\n")
    case .text:
      var line = "\(asset.name): \(path) \(resolution.winner?.label ?? "") (\(asset.layout))"
      if let width = resolution.pixelWidth, let height = resolution.pixelHeight,
        let points = resolution.pointSize
      {
        line +=
          ", \(width)×\(height) px = \(ScaleText.format(points.width))×\(ScaleText.format(points.height)) \(asset.layout == .android ? "dp" : "pt")"
      }
      if let factor = selection.enlargement {
        line +=
          " (enlarged \(ScaleText.format((factor * 100).rounded() / 100))× at \(ScaleText.format(selection.request.scale))x)"
      }
      console.out(line + "\n")
    }
  }

  private static func sizes(of asset: LayoutAsset, library: AssetLibrary) -> [String: (Int, Int)] {
    var sizes: [String: (Int, Int)] = [:]
    for candidate in asset.candidates {
      if let size = try? PNGProbe.size(of: Paths.join(library.catalog.root, candidate.path)) {
        sizes[candidate.path] = size
      }
    }
    return sizes
  }

  private static func print(
    explanation selection: Selection, asset: LayoutAsset, region: LayoutRegion, root: String,
    sizes: [String: (Int, Int)], format: OutputFormat, console: Console
  ) {
    let request =
      selection.layout == .android
      ? "\(Selection.densityText(selection.request.screenDensity)), \(ScaleText.format(selection.request.scale))x"
      : "\(ScaleText.format(selection.request.scale))x"
        + (selection.layout == .reactNative
          ? " on \(selection.request.platform)\(selection.request.releaseBundle ? ", release bundle" : "")"
          : "")
    switch format {
    case .json:
      let candidates = selection.candidates.enumerated().map { index, candidate in
        JSONValue.object([
          ("path", .string(Paths.join(root, candidate.path))),
          ("label", .string(candidate.label)),
          ("scale", .double(candidate.scale)),
          ("density", .optional(candidate.density?.description)),
          ("pixelWidth", .optional(sizes[candidate.path]?.0)),
          ("pixelHeight", .optional(sizes[candidate.path]?.1)),
          ("chosen", .bool(index == selection.chosen)),
          ("standing", .optional(selection.standing[index]?.description)),
        ])
      }
      console.out(
        JSONValue.object([
          ("name", .string(asset.name)),
          ("layout", .string(selection.layout.rawValue)),
          ("region", .string(region.folder)),
          ("regionReason", .string(region.reason)),
          ("rule", .string(selection.rule)),
          ("request", .string(request)),
          ("candidates", .array(candidates)),
          ("chosen", .optional(selection.winner.map { Paths.join(root, $0.path) })),
          ("explanation", .array(selection.explanation.map { .string($0) })),
          ("enlargement", selection.enlargement.map { .double($0) } ?? .null),
        ]).rendered() + "\n")
    case .text:
      var lines = [
        "\(asset.name): \(selection.layout) (\(region.folder.isEmpty ? "." : region.folder): \(region.reason))",
        "  rule: \(selection.rule)",
        "  request: \(request)",
        "  candidates:",
      ]
      let width = selection.candidates.map(\.path.count).max() ?? 0
      for (index, candidate) in selection.candidates.enumerated() {
        let mark = index == selection.chosen ? "*" : " "
        var line =
          "  \(mark) \(candidate.path.padding(toLength: width, withPad: " ", startingAt: 0))  \(candidate.label)"
        if let size = sizes[candidate.path] { line += ", \(size.0)×\(size.1) px" }
        if let standing = selection.standing[index] { line += " (\(standing))" }
        lines.append(line)
      }
      lines += selection.explanation.map { "  why: \($0)" }
      lines.append("  chosen: " + (selection.winner.map { Paths.join(root, $0.path) } ?? "none"))
      console.out(lines.joined(separator: "\n") + "\n")
    }
  }

  private static func isNoVariant(_ error: ResolveError) -> Bool {
    if case .noMatchingVariant = error.reason { return true }
    return false
  }

}

/// The PNG header's size of a file, when it is a PNG.
enum PNGProbe {
  static func size(of path: String) throws -> (Int, Int) {
    let header = try PNGHeader.probe(contentsOf: path)
    return (header.width, header.height)
  }
}
