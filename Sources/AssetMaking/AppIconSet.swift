import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore
import ImageDecoding
import PNGCodec
import Resampling

/// An opaque colour to flatten icons onto (`--background`).
public struct IconBackground: Sendable, Hashable, CustomStringConvertible {
  /// Red, 0…255.
  public var red: UInt8
  /// Green, 0…255.
  public var green: UInt8
  /// Blue, 0…255.
  public var blue: UInt8

  /// Creates a colour.
  ///
  /// - Parameters:
  ///   - red: red, 0…255.
  ///   - green: green, 0…255.
  ///   - blue: blue, 0…255.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// White, the default: what App Store Connect would show behind a transparent icon.
  public static let white = IconBackground(red: 255, green: 255, blue: 255)

  /// Parses `#RRGGBB`, `RRGGBB`, `#RGB`, `white` or `black`.
  ///
  /// - Parameter text: the colour as written on the command line.
  /// - Returns: the colour, or `nil` for anything else.
  public init?(parsing text: String) {
    switch text.lowercased() {
    case "white": self = .white
    case "black": self.init(red: 0, green: 0, blue: 0)
    default:
      var digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
      if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
      guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
      self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }
  }

  /// `#RRGGBB`.
  public var description: String {
    func hex(_ value: UInt8) -> String {
      let text = String(value, radix: 16, uppercase: true)
      return text.count == 1 ? "0" + text : text
    }
    return "#" + hex(red) + hex(green) + hex(blue)
  }
}

/// How an app icon set lays out its iOS and watchOS sizes.
public enum AppIconSetForm: String, Sendable, Hashable, CaseIterable {
  /// Xcode 14+'s Single Size: one 1024 per platform (with dark and tinted for iOS), every
  /// size made from it at build time.
  case singleSize = "single-size"
  /// Xcode 14+'s All Sizes: a `universal` slot with `platform` per size and scale, and the
  /// scale-less 1024.
  case allSizes = "all-sizes"
}

/// What `icongrid appicon` is asked to make.
public struct AppIconOptions: Sendable, Hashable {
  /// The Apple platforms of the set, in the order given (iOS, watchOS, macOS).
  public var platforms: [AppIconPlatform]
  /// The form of the iOS and watchOS slots (the Mac always has its ten sizes).
  public var form: AppIconSetForm
  /// A dark-appearance master (iOS Single Size); may keep its transparency.
  public var dark: String?
  /// A tinted-appearance master (iOS Single Size).
  public var tinted: String?
  /// What the icons that must be opaque are flattened onto.
  public var background: IconBackground
  /// Replace a set (or files) this command did not write.
  public var force: Bool
  /// The layers of the tvOS or visionOS icon, front to back (2 or 3 files; the last is the
  /// opaque back layer); empty to make them from the master.
  public var layers: [String]
  /// The tvOS top shelf image (8:3, at least 3840 × 1440 px); `nil` to centre the master on
  /// the background.
  public var topShelf: String?
  /// The tvOS wide top shelf image (29:9, at least 4640 × 1440 px); `nil` to centre the master.
  public var topShelfWide: String?
  /// The limits the masters, layers and top shelf images are decoded within, and, through
  /// ``ImageCore/DecodingLimits/isolation``, whether a PDF or SVG render or a HEIC or AVIF
  /// decode runs in a child process with its own CPU, memory and wall-clock limits.
  /// ``ImageCore/DecodingLimits/default`` (in process) unless set.
  public var limits: DecodingLimits = .default

  /// Creates options.
  ///
  /// - Parameters:
  ///   - platforms: the Apple platforms; iOS by default.
  ///   - form: Single Size by default.
  ///   - dark: the dark master, if any.
  ///   - tinted: the tinted master, if any.
  ///   - background: the flattening colour; white by default.
  ///   - force: replace what this command did not write.
  ///   - layers: the tvOS or visionOS layers, front to back; empty to make them from the master.
  ///   - topShelf: the tvOS top shelf image, if not made from the master.
  ///   - topShelfWide: the tvOS wide top shelf image, if not made from the master.
  public init(
    platforms: [AppIconPlatform] = [.ios], form: AppIconSetForm = .singleSize, dark: String? = nil,
    tinted: String? = nil, background: IconBackground = .white, force: Bool = false, layers: [String] = [],
    topShelf: String? = nil, topShelfWide: String? = nil
  ) {
    self.platforms = platforms
    self.form = form
    self.dark = dark
    self.tinted = tinted
    self.background = background
    self.force = force
    self.layers = layers
    self.topShelf = topShelf
    self.topShelfWide = topShelfWide
  }
}

/// One file an app icon set holds.
public struct AppIconFile: Sendable, Hashable {
  /// The slot it fills.
  public var slot: AppIconSlotSpec
  /// Its file name in the set (the slot's `filename`, case and all).
  public var fileName: String
  /// Whether it is flattened onto the background and written without alpha (the App Store
  /// image and every iOS and watchOS icon of the default appearance).
  public var isFlattened: Bool
}

/// What ``AppIconSetBuilder/build(master:output:options:)`` wrote.
public struct AppIconResult: Sendable, Hashable {
  /// The set's folder.
  public var output: String
  /// The catalog folder the set (and the tvOS and visionOS groups) are in.
  public var catalog: String
  /// Every file of the set written, in slot order (none when only tvOS or visionOS was asked).
  public var files: [AppIconFile]
  /// Every image of the tvOS brand assets and the visionOS solid image stack written.
  public var layered: [LayeredIconFile]
  /// The `Contents.json` files of those groups written, inside the catalog.
  public var layeredContents: [String]
  /// Files of those groups an earlier run wrote that the new ones lack, removed (inside the catalog).
  public var layeredRemoved: [String]
  /// Files in those groups this command did not write, left alone (inside the catalog).
  public var layeredKept: [String]
  /// Files of an earlier run that the new set no longer has, removed.
  public var removed: [String]
  /// Files in the folder this command did not write, left alone.
  public var kept: [String]
  /// Warnings reported before anything was written (transparency that is flattened).
  public var warnings: [String]
}

/// Builds an `.appiconset` from one master: every slot of the chosen platforms and form, as
/// Xcode's templates write them (``AppResolver/AppIconTable`` is the table), with a
/// `Contents.json` in Xcode's layout.
///
/// The output depends only on the inputs: PNGs carry no time stamp and are compressed on one
/// thread, so the same master gives the same bytes. A re-run regenerates the set: the files
/// an earlier run wrote (named `SET-platform-size…png`) and the new set does not have are
/// removed; other files are left alone and reported. Everything is written as one change
/// (temporary files renamed into place at the end), so a failure leaves the folder as it was.
///
/// Stateless: any number of threads may build different sets at once.
public enum AppIconSetBuilder {
  /// The slots (and file names) a set named `setName` of `options` has.
  ///
  /// - Parameters:
  ///   - setName: the set's name (`AppIcon` for `AppIcon.appiconset`).
  ///   - options: the platforms and form; `dark` and `tinted` decide whether those slots get files.
  /// - Returns: the files, in the order `Contents.json` lists them, and the slots that stay
  ///   empty (an iOS Single Size set's dark and tinted without `--dark`/`--tinted`).
  ///   tvOS and visionOS have no slots in an app icon set (they are layered groups beside it).
  /// - Throws: never today; kept for forms a platform cannot have.
  public static func layout(setName: String, options: AppIconOptions) throws -> (
    files: [AppIconFile], emptySlots: [AppIconSlotSpec]
  ) {
    var files: [AppIconFile] = []
    var empty: [AppIconSlotSpec] = []
    for platform in [AppIconPlatform.ios, .macos, .watchos] where options.platforms.contains(platform) {
      let form: AppIconForm =
        platform == .macos ? .classic : options.form == .singleSize ? .singleSize : .universalAllSizes
      for slot in AppIconTable.slots(for: platform, form: form) {
        if slot.appearance == "dark", options.dark == nil {
          empty.append(slot)
          continue
        }
        if slot.appearance == "tinted", options.tinted == nil {
          empty.append(slot)
          continue
        }
        let flattened = slot.appearance == nil && (platform == .ios || platform == .watchos)
        files.append(AppIconFile(slot: slot, fileName: fileName(setName, slot), isFlattened: flattened))
      }
    }
    return (files, empty)
  }

  /// `AppIcon-ios-1024.png`, `AppIcon-ios-1024-dark.png`, `AppIcon-mac-16@2x.png`,
  /// `AppIcon-watch-40@2x-appLauncher-38mm.png`.
  static func fileName(_ set: String, _ slot: AppIconSlotSpec) -> String {
    let platform =
      switch slot.platform {
      case .ios: "ios"
      case .macos: "mac"
      case .watchos: "watch"
      case .tvos: "tv"
      case .visionos: "vision"
      }
    let size = slot.size.description
    let side = slot.size.width == slot.size.height ? String(size.split(separator: "x")[0]) : size
    var name = "\(set)-\(platform)-\(side)"
    if let scale = slot.scale { name += "@\(scale)x" }
    if let role = slot.role { name += "-\(role)" }
    if let subtype = slot.subtype { name += "-\(subtype)" }
    if let appearance = slot.appearance { name += "-\(appearance)" }
    return name + ".png"
  }

  /// Whether a file name is one this command writes for a set named `set`.
  static func isOurs(_ file: String, set: String) -> Bool {
    ["ios", "mac", "watch"].contains { file.hasPrefix("\(set)-\($0)-") } && file.hasSuffix(".png")
  }

  /// Reads a master: any format `ImageDecoding` reads (PNG, JPEG, WebP, HEIC…), or an SVG
  /// or PDF rendered at 1024 × 1024 (a vector is drawn at the size asked, so it is never
  /// "enlarged"); square, and a raster at least 1024 px.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - role: `master`, `dark master`…, for the message.
  ///   - limits: the limits it is decoded within, and whether it is decoded in a child
  ///     process.
  /// - Returns: the decoded image.
  /// - Throws: ``MakingError``: `.notFound`, `.badData` for a file that does not decode, is
  ///   not square or is too small.
  public static func loadMaster(
    _ path: String, role: String = "master", limits: DecodingLimits = .default
  ) throws -> Bitmap {
    guard Files.exists(path) else { throw MakingError(.notFound, "no such file (the \(role))", path: path) }
    let image: Bitmap
    do {
      let probe = try ImageDecoder.probe(contentsOf: path, limits: limits)
      if let points = probe.pointSize {
        guard abs(points.width - points.height) < 0.5 else {
          throw MakingError(
            .badData,
            "the \(role) is a \(points) pt \(probe.format.name), not square: an app icon master must be square",
            path: path)
        }
        image = try ImageDecoder.decode(
          contentsOf: path, size: .pixels(width: 1024, height: 1024), limits: limits
        ).bitmap
      } else {
        image = try ImageDecoder.decode(contentsOf: path, limits: limits).bitmap
      }
    } catch let error as ImageError {
      throw MakingError(.badData, "the \(role) cannot be read: \(error.message)", path: path)
    }
    guard image.width == image.height else {
      throw MakingError(
        .badData,
        "the \(role) is \(image.width) × \(image.height) px, not square: an app icon master must be square",
        path: path)
    }
    guard image.width >= 1024 else {
      throw MakingError(
        .badData,
        "the \(role) is \(image.width) × \(image.height) px; the App Store icon is 1024 × 1024, and appicon never "
          + "enlarges: give a master of at least 1024 px", path: path)
    }
    return image
  }

  /// Writes the set, and the tvOS brand assets and visionOS solid image stack beside it in
  /// the same catalog folder when those platforms are asked.
  ///
  /// Everything is read and checked first (the masters, the layers, the top shelf images,
  /// what the folders hold), then drawn into temporary files that are renamed into place at
  /// the end: a failure leaves every folder as it was.
  ///
  /// - Parameters:
  ///   - master: a square image of at least 1024 px.
  ///   - output: the set's folder, `…/NAME.appiconset`; made when an iOS, watchOS or macOS
  ///     set is asked. Its parent (the catalog) gets `App Icon & Top Shelf Image.brandassets`
  ///     for tvOS and `NAME.solidimagestack` for visionOS.
  ///   - options: platforms, form, appearances, background, layers, top shelf images, force.
  /// - Returns: what was written, removed and left alone, and the warnings.
  /// - Throws: ``MakingError``: a bad master, layer or top shelf file (`.badData`,
  ///   `.notFound`), layers that do not fit the request (`.unsupported`), a set or group
  ///   this command did not write without `force` (`.exists`), or `.io`; nothing is written then.
  public static func build(master: String, output: String, options: AppIconOptions) throws -> AppIconResult {
    let folderName = Paths.lastComponent(of: output)
    guard folderName.hasSuffix(".appiconset"), folderName.count > ".appiconset".count else {
      throw MakingError(.badData, "the output must be a folder named NAME.appiconset", path: output)
    }
    let setName = String(folderName.dropLast(".appiconset".count))
    let catalog = FileBatch.parent(output)
    let (files, emptySlots) = try layout(setName: setName, options: options)
    let makesSet = options.platforms.contains { $0 == .ios || $0 == .macos || $0 == .watchos }
    let tv = options.platforms.contains(.tvos)
    let vision = options.platforms.contains(.visionos)
    if !options.layers.isEmpty {
      guard tv != vision else {
        throw MakingError(
          .unsupported,
          tv
            ? "layers are drawn for one canvas: tvOS's are 5:3, visionOS's square; give --layer with one of them"
            : "layers are for a tvOS or visionOS icon; add tvos or visionos to the platforms")
      }
      guard (2...3).contains(options.layers.count) else {
        throw MakingError(
          .unsupported,
          "\(options.layers.count) layers given; appicon writes 2 or 3 (Front, Back or Front, Middle, Back), "
            + "front to back")
      }
    }
    if !tv, options.topShelf != nil || options.topShelfWide != nil {
      throw MakingError(.unsupported, "top shelf images are for tvOS; add tvos to the platforms")
    }
    let image = try loadMaster(master, limits: options.limits)
    let dark = try options.dark.map { try loadMaster($0, role: "dark master", limits: options.limits) }
    let tinted = try options.tinted.map { try loadMaster($0, role: "tinted master", limits: options.limits) }
    var warnings: [String] = []
    let transparent = image.pixels.withUnsafeBufferPointer { pixels in
      var count = 0
      for offset in stride(from: 3, to: pixels.count, by: 4) where pixels[offset] != 255 { count += 1 }
      return count
    }
    if transparent > 0, files.contains(where: \.isFlattened) {
      warnings.append(
        "\(master): \(transparent) of \(image.width * image.height) pixels are not opaque; the App Store icon and "
          + "the iOS and watchOS icons are flattened onto \(options.background) (--background) and written without alpha"
      )
    }
    // The layered groups' inputs.
    var sources: [Int: Bitmap] = [0: image]
    for (index, path) in options.layers.enumerated() {
      let name = LayeredIconLayout.layerNames(options.layers.count)[index]
      let layer = try LayeredIconBuilder.loadArt(
        path, role: "\(name) layer", width: tv ? 1280 : 1024, height: tv ? 768 : 1024, limits: options.limits)
      if index == options.layers.count - 1, !layer.isOpaque {
        warnings.append(
          "\(path): the back layer must be opaque; its transparent pixels are flattened onto \(options.background) "
            + "(--background)")
      }
      sources[index + 1] = layer
    }
    if let path = options.topShelf {
      sources[LayeredIconBuilder.topShelfSource] = try LayeredIconBuilder.loadArt(
        path, role: "top shelf image", width: 3840, height: 1440, limits: options.limits)
    }
    if let path = options.topShelfWide {
      sources[LayeredIconBuilder.topShelfWideSource] = try LayeredIconBuilder.loadArt(
        path, role: "wide top shelf image", width: 4640, height: 1440, limits: options.limits)
    }
    var groups: [LayeredIconBuilder.Group] = []
    if tv {
      let centred = LayerArt.fitted(source: 0, fraction: LayeredIconLayout.tvSafeFraction, opaque: true)
      let entries = LayeredIconLayout.tvEntries(
        setName: setName,
        layers: LayeredIconLayout.arts(
          platform: .tvos, explicitLayers: options.layers.count, masterIsOpaque: image.isOpaque),
        topShelf: options.topShelf == nil
          ? centred : .filled(source: LayeredIconBuilder.topShelfSource, opaque: true),
        topShelfWide: options.topShelfWide == nil
          ? centred : .filled(source: LayeredIconBuilder.topShelfWideSource, opaque: true))
      groups.append(
        try LayeredIconBuilder.plan(
          folder: LayeredIconLayout.brandAssetsName, entries: entries, catalog: catalog, setName: setName,
          force: options.force))
    }
    if vision {
      let entries = LayeredIconLayout.visionEntries(
        setName: setName,
        layers: LayeredIconLayout.arts(
          platform: .visionos, explicitLayers: options.layers.count, masterIsOpaque: image.isOpaque))
      groups.append(
        try LayeredIconBuilder.plan(
          folder: "\(setName).solidimagestack", entries: entries, catalog: catalog, setName: setName,
          force: options.force))
    }
    // What the set's folder holds already.
    var existing: [String] = []
    var foreign: [String] = []
    if makesSet {
      existing = FileSystem.entryNames(of: output).sorted()
      let previous = try? ContentsDocument(
        parsing: Files.read(Paths.join(output, "Contents.json")), path: output)
      let previousFiles = (previous?.images ?? []).compactMap { $0["filename"]?.text }
      foreign = existing.filter { $0 != "Contents.json" && !isOurs($0, set: setName) && !$0.hasPrefix(".") }
      let foreignSlots = previousFiles.filter { !isOurs($0, set: setName) }
      if !options.force, !foreignSlots.isEmpty {
        throw MakingError(
          .exists,
          "holds a set appicon did not write (its Contents.json names \(foreignSlots.prefix(3).joined(separator: ", "))"
            + "\(foreignSlots.count > 3 ? "…" : "")); give --force to replace its Contents.json (other files are kept)",
          path: output)
      }
      if !existing.isEmpty, !FileSystem.isDirectory(output) {
        throw MakingError(.exists, "is a file, not a folder", path: output)
      }
    }
    var batch = FileBatch()
    do {
      var stale: [String] = []
      if makesSet {
        try batch.makeFolders(output)
        var cache: [String: Bitmap] = [:]
        for file in files {
          let source: Bitmap =
            switch file.slot.appearance {
            case "dark": dark!
            case "tinted": tinted!
            default: image
            }
          let key = "\(file.slot.appearance ?? "")\(file.isFlattened)"
          let prepared: Bitmap
          if let cached = cache[key] {
            prepared = cached
          } else {
            prepared = file.isFlattened ? flatten(source, on: options.background) : source
            cache[key] = prepared
          }
          let sized = Resampler.resize(prepared, width: file.slot.pixelWidth, height: file.slot.pixelHeight)
          let bytes = try encode(sized, alpha: !file.isFlattened, path: Paths.join(output, file.fileName))
          try batch.stage(bytes, at: Paths.join(output, file.fileName))
        }
        let document = contents(files: files, empty: emptySlots)
        try batch.stage(Array(document.rendered().utf8), at: Paths.join(output, "Contents.json"))
        let names = Set(files.map(\.fileName))
        stale = existing.filter { isOurs($0, set: setName) && !names.contains($0) }
        for name in stale { batch.remove(Paths.join(output, name)) }
      }
      for group in groups {
        try LayeredIconBuilder.stage(
          group, catalog: catalog, sources: sources, background: options.background, batch: &batch)
      }
      try batch.commit()
      let entries = groups.flatMap(\.entries)
      return AppIconResult(
        output: output, catalog: catalog, files: files, layered: entries.compactMap { $0.image?.file },
        layeredContents: entries.filter { $0.contents != nil }.map(\.path),
        layeredRemoved: groups.flatMap(\.stale), layeredKept: groups.flatMap(\.kept), removed: stale,
        kept: foreign,
        warnings: warnings)
    } catch {
      batch.discard()
      throw error
    }
  }

  /// The `Contents.json` of a set: the slots in table order, keys as Xcode orders them.
  static func contents(files: [AppIconFile], empty: [AppIconSlotSpec]) -> ContentsDocument {
    var slots: [(AppIconSlotSpec, String?)] = files.map { ($0.slot, $0.fileName) }
    for slot in empty {
      // An empty slot goes where the table puts it: after the slots of its platform that precede it.
      let order = AppIconTable.slots
      let rank = order.firstIndex(of: slot) ?? order.count
      let index = slots.firstIndex { (order.firstIndex(of: $0.0) ?? order.count) > rank } ?? slots.count
      slots.insert((slot, nil), at: index)
    }
    let images: [ContentsDocument.Value] = slots.map { slot, file in
      let traits = slot.traits
      var members: [(String, ContentsDocument.Value)] = []
      if let appearance = slot.appearance {
        members.append(
          (
            "appearances",
            .array([.object([("appearance", .string("luminosity")), ("value", .string(appearance))])])
          ))
      }
      if let file { members.append(("filename", .string(file))) }
      members.append(("idiom", .string(slot.idiom)))
      if let platform = traits.platform { members.append(("platform", .string(platform))) }
      if let role = slot.role { members.append(("role", .string(role))) }
      if let scale = slot.scale { members.append(("scale", .string("\(scale)x"))) }
      members.append(("size", .string(slot.size.description)))
      if let subtype = slot.subtype { members.append(("subtype", .string(subtype))) }
      return .object(members)
    }
    return ContentsDocument(
      root: .object([("images", .array(images)), ("info", ContentsDocument.xcodeInfo)]))
  }

  /// The image composited onto an opaque colour ("source over"), alpha 255 everywhere.
  static func flatten(_ image: Bitmap, on background: IconBackground) -> Bitmap {
    var out = image
    out.pixels.withUnsafeMutableBufferPointer { pixels in
      let back = [UInt32(background.red), UInt32(background.green), UInt32(background.blue)]
      for offset in stride(from: 0, to: pixels.count, by: 4) {
        let alpha = UInt32(pixels[offset + 3])
        guard alpha != 255 else { continue }
        for channel in 0..<3 {
          let value = UInt32(pixels[offset + channel]) * alpha + back[channel] * (255 - alpha)
          pixels[offset + channel] = UInt8((value + 127) / 255)
        }
        pixels[offset + 3] = 255
      }
    }
    return out
  }

  static func encode(_ image: Bitmap, alpha: Bool, path: String) throws -> [UInt8] {
    do {
      return try PNGEncoder.encode(
        image, options: PNGEncodingOptions(includeAlpha: alpha, threads: 1))
    } catch {
      throw MakingError(.io, "cannot encode: \(error)", path: path)
    }
  }
}
