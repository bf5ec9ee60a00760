import AssetIndex
import AssetMaking
import AssetResolver
import IconGridSupport
import ImageCore

/// Options of `icongrid appicon`.
package struct AppIconCommandOptions: Sendable, Equatable {
  /// The master PNG.
  package var master: String
  /// The output (`-o`): `…/NAME.appiconset`, or a module's `src/main` for Android alone.
  package var output: String
  /// The Apple platforms.
  package var platforms: [AppIconPlatform] = [.ios]
  /// Android launcher icons too.
  package var android = false
  /// Single Size or All Sizes.
  package var form: AppIconSetForm = .singleSize
  /// `--dark FILE`.
  package var dark: String?
  /// `--tinted FILE`.
  package var tinted: String?
  /// `--background COLOR`.
  package var background: IconBackground = .white
  /// `--force`.
  package var force = false
  /// `--layer FILE`, repeated: the tvOS or visionOS layers, front to back.
  package var layers: [String] = []
  /// `--top-shelf FILE`.
  package var topShelf: String?
  /// `--top-shelf-wide FILE`.
  package var topShelfWide: String?

  /// Creates options.
  package init(master: String, output: String) {
    self.master = master
    self.output = output
  }
}

/// `icongrid appicon`: an app icon set (or Android launcher icons) from one master.
enum AppIconCommand {
  static let subcommand = Subcommand(
    name: "appicon",
    summary: "Make an app icon set (or Android icons) from one 1024-px master.",
    usage:
      "icongrid appicon MASTER -o DIR/AppIcon.appiconset [--platform ios,watchos,macos,tvos,visionos,android]\n"
      + "         [--single-size | --all-sizes] [--dark FILE] [--tinted FILE] [--background COLOR]\n"
      + "         [--layer FILE]... [--top-shelf FILE] [--top-shelf-wide FILE] [--force]",
    details: """
      Writes every slot the platforms need, with the Contents.json Xcode writes for
      that choice: --single-size (default) is one 1024 universal icon per platform
      (iOS with its dark and tinted appearances); --all-sizes is Xcode's All Sizes
      (universal slots with a platform, every size and scale, and the 1024). The Mac
      always has its ten sizes (16-512 pt at 1x and 2x).

      MASTER is a square image of at least 1024 px (PNG, JPEG, WebP, HEIC…; it is
      never enlarged) or a square SVG or PDF, drawn at 1024 px. The App Store
      icon and every iOS and watchOS icon are flattened onto --background (white by
      default) and written without alpha; the Mac's keep their transparency, and so
      may the dark icon. A master that is too small or not square stops the run
      before anything is written; transparency that will be flattened is reported.

      A re-run regenerates the set: files an earlier run wrote (NAME-ios-…,
      NAME-mac-…, NAME-watch-…) that the new set lacks are removed; other files are
      left alone and listed. A set this command did not write is replaced only with
      --force. Output is byte-identical for identical input.

      --platform android writes legacy launcher icons ic_launcher.png (48 dp:
      48-192 px) in res/mipmap-{m,h,xh,xxh,xxxh}dpi and the 512-px
      ic_launcher-playstore.png below -o (a module's src/main); give it alone.

      tvos and visionos icons are layered groups, written beside the set in the
      same catalog folder (the set itself only when ios, watchos or macos is
      asked): tvOS's "App Icon & Top Shelf Image.brandassets" (the home screen
      icon, 400x240 pt @1x and @2x, and the 1280x768 App Store icon, each an
      image stack of layers; the top shelf images, 1920x720 and 2320x720 pt @1x
      and @2x), visionOS's NAME.solidimagestack (1024-px layers). From the master
      alone, a transparent master is the front layer (tvOS: centred, 70% of the
      canvas height; visionOS: the whole canvas) before a back layer of
      --background; an opaque master is the back layer behind an empty front.
      The top shelf images are the master centred on --background. --layer FILE
      (2 or 3, front to back; tvOS 5:3 of at least 1280x768 px, visionOS square
      of at least 1024 px) gives the layers; the last is the opaque back one.

      options:
        -o, --output DIR      The .appiconset folder (or src/main for android).
        --platform LIST       ios (default), watchos, macos, tvos, visionos, android;
                              comma-separated.
        --single-size         One 1024 per platform (default).
        --all-sizes           Every size and scale, in the universal + platform form.
        --dark FILE           The dark appearance's master (iOS).
        --tinted FILE         The tinted appearance's master (iOS).
        --background COLOR    #RRGGBB, white or black: what opaque icons are flattened onto.
        --layer FILE          A tvOS or visionOS layer, front to back (2 or 3 times).
        --top-shelf FILE      The tvOS top shelf image (8:3, at least 3840x1440 px).
        --top-shelf-wide FILE The wide one (29:9, at least 4640x1440 px).
        --force               Replace a set (or Android files) this command did not write.

      Exit status: 0 written; 1 a set or file exists that --force would replace;
      64 bad command line; 65 a master, layer or top shelf file does not read or
      has the wrong shape or size; 66 an input does not exist; 74 a file
      cannot be written (nothing was changed).
      """,
    options: [
      OptionSpec(name: "-o", takesValue: true),
      OptionSpec(name: "--output", takesValue: true),
      OptionSpec(name: "--platform", takesValue: true),
      OptionSpec(name: "--single-size", takesValue: false),
      OptionSpec(name: "--all-sizes", takesValue: false),
      OptionSpec(name: "--dark", takesValue: true),
      OptionSpec(name: "--tinted", takesValue: true),
      OptionSpec(name: "--background", takesValue: true),
      OptionSpec(name: "--force", takesValue: false),
      OptionSpec(name: "--layer", takesValue: true, repeatable: true),
      OptionSpec(name: "--top-shelf", takesValue: true),
      OptionSpec(name: "--top-shelf-wide", takesValue: true),
    ],
    parse: { (parsed) throws -> Command in
      guard parsed.positionals.count == 1 else {
        throw UsageError(
          parsed.positionals.isEmpty ? "no master given" : "give one master, not \(parsed.positionals.count)",
          subcommand: "appicon")
      }
      guard let output = parsed.value("-o") ?? parsed.value("--output") else {
        throw UsageError("no output given: -o DIR/AppIcon.appiconset", subcommand: "appicon")
      }
      var options = AppIconCommandOptions(master: parsed.positionals[0], output: output)
      if parsed.has("--single-size"), parsed.has("--all-sizes") {
        throw UsageError("--single-size and --all-sizes exclude each other", subcommand: "appicon")
      }
      options.form = parsed.has("--all-sizes") ? .allSizes : .singleSize
      options.dark = parsed.value("--dark")
      options.tinted = parsed.value("--tinted")
      options.force = parsed.has("--force")
      options.layers = parsed.values["--layer"] ?? []
      options.topShelf = parsed.value("--top-shelf")
      options.topShelfWide = parsed.value("--top-shelf-wide")
      if let color = parsed.value("--background") {
        guard let background = IconBackground(parsing: color) else {
          throw UsageError(
            "bad --background '\(color)'; expected #RRGGBB, white or black", subcommand: "appicon")
        }
        options.background = background
      }
      if let list = parsed.value("--platform") {
        var platforms: [AppIconPlatform] = []
        let names = AppIconPlatform.allCases.map(\.rawValue) + ["android"]
        for part in list.split(separator: ",") {
          let name = String(part)
          if name == "android" {
            options.android = true
          } else if let platform = AppIconPlatform(rawValue: name) {
            if !platforms.contains(platform) { platforms.append(platform) }
          } else {
            var message = "unknown platform '\(name)'"
            if let near = closest(to: name, in: names) { message += "; did you mean '\(near)'?" }
            throw UsageError(message, subcommand: "appicon")
          }
        }
        options.platforms = platforms
      }
      if options.android, !options.platforms.isEmpty {
        throw UsageError(
          "android writes a res/ layout, not an app icon set: run appicon once for android (-o src/main) "
            + "and once for the Apple platforms", subcommand: "appicon")
      }
      if options.android, options.dark != nil || options.tinted != nil {
        throw UsageError("--dark and --tinted are for iOS app icon sets", subcommand: "appicon")
      }
      if !options.android, !options.output.hasSuffix(".appiconset"), !options.output.hasSuffix(".appiconset/")
      {
        throw UsageError(
          "the output '\(options.output)' must be a folder named NAME.appiconset", subcommand: "appicon")
      }
      if options.dark != nil || options.tinted != nil,
        !options.platforms.contains(.ios) || options.form != .singleSize
      {
        throw UsageError("--dark and --tinted go with an iOS Single Size set", subcommand: "appicon")
      }
      let tv = options.platforms.contains(.tvos)
      let vision = options.platforms.contains(.visionos)
      if !options.layers.isEmpty {
        if tv == vision {
          throw UsageError(
            tv
              ? "--layer is drawn for one canvas (tvOS 5:3, visionOS square): run appicon once for each"
              : "--layer goes with --platform tvos or visionos", subcommand: "appicon")
        }
        if !(2...3).contains(options.layers.count) {
          throw UsageError(
            "give --layer 2 or 3 times (front to back), not \(options.layers.count)", subcommand: "appicon")
        }
      }
      if !tv, options.topShelf != nil || options.topShelfWide != nil {
        throw UsageError("--top-shelf and --top-shelf-wide go with --platform tvos", subcommand: "appicon")
      }
      return .appicon(options)
    })

  static func run(_ options: AppIconCommandOptions, console: Console, limits: DecodingLimits = .default)
    -> Int32
  {
    var output = options.output
    while output.count > 1, output.hasSuffix("/") { output.removeLast() }
    if options.android {
      do {
        let result = try AndroidIconBuilder.build(
          master: options.master, output: output, force: options.force, limits: limits)
        for file in result.files {
          let replaced = result.replaced.contains(file.path) ? " (replaced)" : ""
          let verb = result.unchanged.contains(file.path) ? "unchanged" : "wrote"
          console.out(
            "\(verb) \(Paths.join(output, file.path))  \(file.pixels)×\(file.pixels) px, \(file.usage)\(replaced)\n"
          )
        }
        for note in result.notes { console.out("note: \(note)\n") }
        return ExitStatus.success
      } catch {
        return DeriveCommand.fail(error, console: console)
      }
    }
    var appIconOptions = AppIconOptions(
      platforms: options.platforms, form: options.form, dark: options.dark, tinted: options.tinted,
      background: options.background, force: options.force, layers: options.layers,
      topShelf: options.topShelf,
      topShelfWide: options.topShelfWide)
    appIconOptions.limits = limits
    do {
      let result = try AppIconSetBuilder.build(
        master: options.master, output: output, options: appIconOptions)
      for warning in result.warnings { console.warning(warning) }
      for file in result.files {
        var line =
          "wrote \(Paths.join(output, file.fileName))  \(file.slot.pixelWidth)×\(file.slot.pixelHeight) px, "
        line += "\(file.slot.platform) \(file.slot.usage)"
        if file.isFlattened {
          line +=
            file.slot.isMarketing
            ? "; opaque (App Store icon, flattened onto \(options.background))" : "; opaque"
        }
        console.out(line + "\n")
      }
      if !result.files.isEmpty {
        console.out("wrote \(Paths.join(output, "Contents.json"))  \(result.files.count) images\n")
      }
      for name in result.removed {
        console.out("removed \(Paths.join(output, name))  (an earlier run's, no longer in the set)\n")
      }
      for file in result.layered {
        var line =
          "wrote \(Paths.join(result.catalog, file.path))  \(file.pixelWidth)×\(file.pixelHeight) px, "
        line += "\(file.platform) \(file.usage)"
        if let scale = file.scale { line += " @\(scale)x" }
        if let layer = file.layer { line += ", \(layer) layer" }
        line += file.isOpaque ? "; opaque" : "; with alpha"
        console.out(line + "\n")
      }
      if !result.layeredContents.isEmpty {
        console.out("wrote \(result.layeredContents.count) Contents.json files of the layered groups\n")
      }
      for path in result.layeredRemoved {
        console.out(
          "removed \(Paths.join(result.catalog, path))  (an earlier run's, no longer in the group)\n")
      }
      for path in result.layeredKept {
        console.out("kept \(Paths.join(result.catalog, path))  (not written by appicon)\n")
      }
      let catalog = output.split(separator: "/").dropLast().last
      if catalog?.hasSuffix(".xcassets") != true {
        console.out(
          "note: \(output) is not inside an .xcassets catalog; Xcode reads an app icon set only inside one\n")
      }
      for name in result.kept {
        console.out("kept \(Paths.join(output, name))  (not written by appicon; no slot names it)\n")
      }
      return ExitStatus.success
    } catch {
      return DeriveCommand.fail(error, console: console)
    }
  }
}
