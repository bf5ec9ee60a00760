import AssetIndex
import AssetResolver
import ContactSheet
import IconGridSupport
import ImageCore
import ImageDecoding

/// Options of `icongrid resolve`.
package struct ResolveOptions: Sendable, Equatable {
  /// The asset name to resolve; `nil` with ``list``.
  package var name: String?
  /// The folder to index.
  package var root: String
  /// The screen's scale.
  package var scale: Int
  /// The device, `nil` for a generic iOS screen.
  package var idiom: Idiom?
  /// The appearance asked for (default: any).
  package var appearance: TraitRequest.Appearance
  /// Whether high contrast is asked for.
  package var highContrast: Bool
  /// The display gamut asked for (default: sRGB).
  package var gamut: TraitRequest.Gamut
  /// Text or JSON.
  package var format: OutputFormat
  /// List every asset instead of resolving one.
  package var list: Bool
  /// The name space to resolve in (a target's name, or a catalog's path); `nil` for all.
  package var target: String?
  /// `--layout`, a decimal `--scale`, `--density`, `--explain` (see `ResolveExplain.swift`).
  package var layoutOptions = LayoutOptions()

  /// Creates options.
  package init(
    name: String?, root: String, scale: Int = 1, idiom: Idiom? = nil, format: OutputFormat = .text,
    list: Bool = false, target: String? = nil, appearance: TraitRequest.Appearance = .any,
    highContrast: Bool = false, gamut: TraitRequest.Gamut = .sRGB
  ) {
    self.name = name
    self.root = root
    self.scale = scale
    self.idiom = idiom
    self.format = format
    self.list = list
    self.target = target
    self.appearance = appearance
    self.highContrast = highContrast
    self.gamut = gamut
  }

  /// The request these options make: the scale as given (UIKit's rule reads it rounded
  /// up), the device, the traits and the other platforms' details.
  package var request: TraitRequest {
    TraitRequest(
      scale: layoutOptions.decimalScale ?? Double(scale), idiom: idiom, appearance: appearance,
      highContrast: highContrast, gamut: gamut, density: layoutOptions.density,
      platform: layoutOptions.platform,
      releaseBundle: layoutOptions.releaseBundle)
  }
}

/// The device and traits options `resolve` and `sheet` share.
struct TraitOptions: Equatable {
  var idiom: Idiom?
  var appearance: TraitRequest.Appearance = .any
  var highContrast = false
  var gamut: TraitRequest.Gamut = .sRGB

  static let specs = [
    OptionSpec(name: "--idiom", takesValue: true), OptionSpec(name: "--appearance", takesValue: true),
    OptionSpec(name: "--gamut", takesValue: true),
  ]

  /// The options' lines for a subcommand's help, indented as its other options.
  static let help = [
    "  --idiom DEVICE      iphone, ipad, watch, mac, tv, car or vision; without it, a",
    "                      generic iOS screen (generic files first).",
    "  --appearance STYLE  any (default), light, dark, tinted or high-contrast; a set",
    "                      without such a slot gives its default one, as UIKit does.",
    "  --gamut GAMUT       srgb (default) or p3.",
  ].joined(separator: "\n")

  /// Reads `--idiom`, `--appearance` and `--gamut`.
  static func parse(_ parsed: ParsedArguments, subcommand: String) throws -> TraitOptions {
    func pick<T>(_ option: String, _ text: String, _ values: [(String, T)]) throws -> T {
      if let value = values.first(where: { $0.0 == text }) { return value.1 }
      let names = values.map(\.0)
      var message =
        "unknown \(option.dropFirst(2)) '\(text)'; expected "
        + names.dropLast().joined(separator: ", ") + " or " + names.last!
      if let near = closest(to: text.lowercased(), in: names) { message += "; did you mean '\(near)'?" }
      throw UsageError(message, subcommand: subcommand)
    }
    var options = TraitOptions()
    if let text = parsed.value("--idiom") {
      options.idiom = try pick("--idiom", text, Idiom.allCases.map { ($0.rawValue, $0) })
    }
    if let text = parsed.value("--appearance") {
      let values: [(String, (TraitRequest.Appearance, Bool))] = [
        ("any", (.any, false)), ("light", (.light, false)), ("dark", (.dark, false)),
        ("tinted", (.tinted, false)),
        ("high-contrast", (.any, true)),
      ]
      (options.appearance, options.highContrast) = try pick("--appearance", text, values)
    }
    if let text = parsed.value("--gamut") {
      options.gamut = try pick("--gamut", text, [("srgb", TraitRequest.Gamut.sRGB), ("p3", .p3)])
    }
    return options
  }
}

/// `icongrid resolve`: which file a device gets for a name, or the whole index.
enum ResolveCommand {
  static let subcommand = Subcommand(
    name: "resolve",
    summary: "Show which file a device at a scale gets for an asset name.",
    usage:
      "icongrid resolve NAME --in ROOT [--target NAME] [--scale N] [--idiom DEVICE] [--appearance STYLE]\n"
      + "       [--gamut srgb|p3] [--layout LAYOUT] [--density D] [--explain] [--format text|json]\n"
      + "       icongrid resolve --list --in ROOT [--target NAME] [--format text|json]",
    details: """
      Indexes ROOT (loose PNGs named base[@Nx][~idiom].png and .xcassets sets) and
      applies the scale rule: the exact scale, then the nearest higher, then the nearest
      lower; within a scale the idiom's own file before the generic one.

      Each target of an Xcode project is a name space; without a project each catalog
      is one, and the loose files another (by path, or by base name when that is
      unambiguous). A name that several name spaces provide is ambiguous: the error
      lists the candidates, and --target picks one.

      Other layouts are read by their own platform's rule: a Flutter package
      (pubspec.yaml; names like assets/images/close.png) by AssetImage's midpoint
      rule, a React Native app (package.json naming react-native, .ios/.android
      suffixes, or @Nx files in an assets/ folder of a tree with no Xcode project) by
      Metro's first scale at or above the ratio, an Android res/ folder (names like
      drawable/ic_launcher) by the density rule of ResTable_config. --list notes the
      layout of each part of ROOT on stderr.

      --list lists what a bundle loads by name. The sets no app asks for by name are
      left out, and a note on stderr names them and says why: launch image sets (the
      system shows them), stickers (Messages shows them), Game Center art, the layers
      of an image stack (the stack is loaded whole) and sets with no image file.

      options:
        --in ROOT           The folder to index (required).
        --target NAME       Resolve in one name space: a target, or a catalog's path.
        --scale N           The screen's scale (default 1); decimals for Flutter, React
                            Native and Android screens (2.625); Apple's rounds up.
      \(TraitOptions.help)
      \(LayoutOptions.help)
        --list              List every asset a bundle loads by name, with its variants.
        --format text|json  A line of text (default) or a JSON object.

      Exit status: 0 when the name resolved, 1 when there is no such asset, no variant
      for the request, or the name is ambiguous, 65 when the chosen file is not a
      readable PNG, 66 when ROOT is not a folder, 64 for a bad command line.
      """,
    options: [
      OptionSpec(name: "--in", takesValue: true),
      OptionSpec(name: "--scale", takesValue: true),
      OptionSpec(name: "--format", takesValue: true),
      OptionSpec(name: "--list", takesValue: false),
      OptionSpec(name: "--target", takesValue: true),
    ] + TraitOptions.specs + LayoutOptions.specs,
    parse: { (parsed) throws -> Command in
      let name = "resolve"
      guard let root = parsed.value("--in") else { throw UsageError("missing '--in ROOT'", subcommand: name) }
      let list = parsed.has("--list")
      if list, !parsed.positionals.isEmpty {
        throw UsageError("'--list' takes no asset name", subcommand: name)
      }
      if !list, parsed.positionals.isEmpty { throw UsageError("no asset name given", subcommand: name) }
      if parsed.positionals.count > 1 {
        throw UsageError("one asset name at a time; got \(parsed.positionals.count)", subcommand: name)
      }
      let (layoutOptions, scale) = try LayoutOptions.parse(parsed, subcommand: name)
      let traits = try TraitOptions.parse(parsed, subcommand: name)
      let format = try parseFormat(parsed, default: OutputFormat.text, subcommand: name)
      var options = ResolveOptions(
        name: parsed.positionals.first, root: root, scale: scale, idiom: traits.idiom, format: format,
        list: list, target: parsed.value("--target"), appearance: traits.appearance,
        highContrast: traits.highContrast, gamut: traits.gamut)
      options.layoutOptions = layoutOptions
      return .resolve(options)
    })

  static func run(_ options: ResolveOptions, console: Console, limits: DecodingLimits = .default) -> Int32 {
    let library: AssetLibrary
    do {
      library = try AssetLibrary(
        root: options.root, cache: ImageCache(costLimit: 0, countLimit: 0), namespace: options.target,
        lookupLanes: 1, loader: FormatLoader(limits: limits))
    } catch let error as ResolveError {
      if case .unknownNamespace = error.reason {
        console.error(error.description)
        return ExitStatus.usage
      }
      console.error("\(options.root): no such folder")
      return ExitStatus.noInput
    } catch {
      console.error("\(options.root): no such folder")
      return ExitStatus.noInput
    }
    let layout = options.layoutOptions.layout
    guard let name = options.name, !options.list else {
      let layouts = library.layoutCatalog(layout)
      ResolveExplain.noteLayouts(layouts, root: options.root, console: console)
      return list(
        layout == nil || layout == .apple ? library.catalog : nil, layouts: layout == .apple ? nil : layouts,
        namespace: options.target, root: options.root, format: options.format, console: console)
    }
    if let layout, layout != .apple {
      return ResolveExplain.run(options, name: name, library: library, console: console, appleError: nil)
    }
    let resolved: Resolution
    do {
      resolved = try library.variant(named: name, for: options.request)
    } catch let error as ResolveError {
      if layout == nil, case .notFound = error.reason {
        return ResolveExplain.run(options, name: name, library: library, console: console, appleError: error)
      }
      console.error(error.description)
      return error.isNotFound || error.isAmbiguous ? ExitStatus.findings : ExitStatus.dataError
    } catch {
      console.error("\(error)")
      return ExitStatus.dataError
    }
    if options.layoutOptions.explain {
      ResolveExplain.explainApple(resolved, options: options, library: library, console: console)
      return ExitStatus.success
    }
    // The Apple index answers with a catalog slot and the size its loader read.
    guard let variant = resolved.variant, let width = resolved.pixelWidth, let height = resolved.pixelHeight
    else {
      console.error("\(name): the asset catalog index gave no file with a size")
      return ExitStatus.dataError
    }
    let path = Paths.join(options.root, resolved.path)
    let scale = Int(resolved.scale)
    let points = (width: Double(width) / resolved.scale, height: Double(height) / resolved.scale)
    // The size came from the loader, which read the file: it has a format.
    let sniffed = try? ImageDecoder.format(ofFile: path)
    switch options.format {
    case .json:
      let object = JSONValue.object([
        ("name", .string(resolved.name)),
        ("requestedScale", .int(Int(resolved.requestedScale))),
        ("scale", .int(scale)),
        ("idiom", .optional(variant.idiom?.rawValue)),
        ("path", .string(path)),
        ("format", .optional(sniffed?.format.rawValue)),
        ("formatMismatch", .optional(sniffed?.mismatch)),
        ("vector", .bool(sniffed?.format.isVector ?? false)),
        ("pixelWidth", .int(width)),
        ("pixelHeight", .int(height)),
        ("pointWidth", .double(points.width)),
        ("pointHeight", .double(points.height)),
        ("fallback", .bool(resolved.isFallback)),
        ("request", .string(options.request.description)),
        ("slot", .optional(slot(variant))),
      ])
      console.out(object.rendered() + "\n")
    case .text:
      var line =
        "\(resolved.name): \(path) @\(scale)x"
        + (variant.idiom.map { " ~\($0)" } ?? "")
        + (sniffed.map { ", \($0.format.rawValue)" } ?? "")
        + ", \(width)×\(height) px"
        + (sniffed?.format.isVector == true ? " rendered" : "")
        + " = \(ScaleText.format(points.width))×\(ScaleText.format(points.height)) pt"
      if let mismatch = sniffed?.mismatch { line += " (\(mismatch))" }
      if resolved.isFallback { line += " (fallback: no @\(Int(resolved.requestedScale))x)" }
      if let slot = slot(variant) { line += "; slot: \(slot)" }
      console.out(line + "\n")
    }
    return ExitStatus.success
  }

  private static func list(
    _ apple: AssetCatalog?, layouts: LayoutCatalog?, namespace: String?, root: String, format: OutputFormat,
    console: Console
  )
    -> Int32
  {
    for problem in apple?.problems ?? [] {
      console.warning("\(Paths.join(root, problem.path)): \(problem.message) [\(problem.kind)]")
    }
    for (reason, count) in apple.map(skippedCounts) ?? [] {
      console.err("icongrid: note: \(count) \(count == 1 ? "file" : "files") \(reason); not indexed\n")
    }
    let indexed =
      apple.map { apple in namespace.flatMap { apple.namespace($0)?.assets } ?? apple.assets } ?? []
    // Only what a bundle answers a name request with; the rest is said on stderr.
    let shown = indexed.filter { $0.whyNotLoadableByName == nil }
    var leftOut: [String: [String]] = [:]
    for asset in indexed {
      if let reason = asset.whyNotLoadableByName { leftOut[reason, default: []].append(asset.name) }
    }
    for (reason, names) in leftOut.sorted(by: { $0.key < $1.key }) {
      let listed = ShortList.text(names)
      console.err(
        "icongrid: note: left out \(names.count) \(names.count == 1 ? "name" : "names") no app loads by name "
          + "(\(reason)): \(listed)\n")
    }
    let spaces = apple.map(namespaceTable) ?? [:]
    switch format {
    case .json:
      let assets = shown.map { asset in
        JSONValue.object([
          ("name", .string(asset.name)),
          ("namespaces", .array((spaces[asset.location + "\u{0}" + asset.name] ?? []).map { .string($0) })),
          ("source", .string(source(asset.source))),
          (
            "variants",
            .array(
              asset.variants.map { variant in
                JSONValue.object([
                  ("path", .string(Paths.join(root, variant.path))),
                  ("scale", .int(variant.scale)),
                  ("idiom", .optional(variant.catalogIdiom ?? variant.idiom?.rawValue)),
                  ("size", .optional(variant.size?.description)),
                ])
              })
          ),
        ])
      }
      let others = layouts.map { ResolveExplain.listJSON($0, root: root) } ?? []
      console.out(JSONValue.array(assets + others).rendered() + "\n")
    case .text:
      var text = ""
      for asset in shown {
        let variants = asset.variants.map { variant in
          var label = "@\(variant.scale)x"
          if let idiom = variant.catalogIdiom ?? variant.idiom?.rawValue { label += " \(idiom)" }
          if let size = variant.size { label += " \(size)" }
          return "\(label) \(variant.path)"
        }
        let holders = (spaces[asset.location + "\u{0}" + asset.name] ?? []).joined(separator: ",")
        text +=
          "\(asset.name)\t\(holders)\t" + (variants.isEmpty ? "(no files)" : variants.joined(separator: ", "))
          + "\n"
      }
      console.out(text + (layouts.map { ResolveExplain.listText($0, root: root) } ?? ""))
    }
    return ExitStatus.success
  }

  /// How many files the index left out, per reason, in words, in a stable order.
  private static func skippedCounts(_ catalog: AssetCatalog) -> [(String, Int)] {
    var counts: [SkippedFile.Reason: Int] = [:]
    for file in catalog.skipped { counts[file.reason, default: 0] += 1 }
    return counts.sorted { $0.key.description < $1.key.description }.map { reason, count in
      switch reason {
      case .notInAnyTarget: ("in no target's resources (they do not ship)", count)
      case .androidResource: ("in Android resource folders (Android's rules, not UIKit's)", count)
      case .flutterAsset: ("in Flutter projects (Flutter's rules, not UIKit's)", count)
      case .reactNativeAsset: ("in React Native apps (Metro's rules, not UIKit's)", count)
      default: ("left out (\(reason))", count)
      }
    }
  }

  /// Per asset (by location and name), the identifiers of the name spaces that hold it.
  private static func namespaceTable(_ catalog: AssetCatalog) -> [String: [String]] {
    var table: [String: [String]] = [:]
    for space in catalog.namespaces {
      for asset in space.assets { table[asset.location + "\u{0}" + asset.name, default: []].append(space.id) }
    }
    return table
  }

  private static func source(_ source: Asset.Source) -> String {
    switch source {
    case .looseFiles: "files"
    case .imageSet: "imageset"
    case .appIconSet: "appiconset"
    }
  }

  /// A catalog slot's traits as messages name them (`iphone 60x60 @2x dark`); `nil` for
  /// loose files, whose traits are their name's.
  private static func slot(_ variant: Variant) -> String? {
    variant.catalogIdiom == nil ? nil : variant.traits.description
  }

}
