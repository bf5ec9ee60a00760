import AssetResolver
import IconGridSupport
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

  /// Creates options.
  ///
  /// - Parameters:
  ///   - platforms: the Apple platforms; iOS by default.
  ///   - form: Single Size by default.
  ///   - dark: the dark master, if any.
  ///   - tinted: the tinted master, if any.
  ///   - background: the flattening colour; white by default.
  ///   - force: replace what this command did not write.
  public init(
    platforms: [AppIconPlatform] = [.ios], form: AppIconSetForm = .singleSize, dark: String? = nil,
    tinted: String? = nil, background: IconBackground = .white, force: Bool = false
  ) {
    self.platforms = platforms
    self.form = form
    self.dark = dark
    self.tinted = tinted
    self.background = background
    self.force = force
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
  /// Every file written, in slot order.
  public var files: [AppIconFile]
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
  /// - Throws: ``MakingError`` with ``MakingError/Code/unsupported`` for tvOS and visionOS.
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
    for platform in options.platforms where platform == .tvos || platform == .visionos {
      throw MakingError(
        .unsupported,
        "\(platform) app icons are layered image stacks (tvOS: a .brandassets group; visionOS: a "
          + ".solidimagestack), not an app icon set; appicon makes iOS, watchOS, macOS and Android icons")
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
  /// - Returns: the decoded image.
  /// - Throws: ``MakingError``: `.notFound`, `.badData` for a file that does not decode, is
  ///   not square or is too small.
  public static func loadMaster(_ path: String, role: String = "master") throws -> Bitmap {
    guard Files.exists(path) else { throw MakingError(.notFound, "no such file (the \(role))", path: path) }
    let image: Bitmap
    do {
      let probe = try ImageDecoder.probe(contentsOf: path)
      if let points = probe.pointSize {
        guard abs(points.width - points.height) < 0.5 else {
          throw MakingError(
            .badData,
            "the \(role) is a \(points) pt \(probe.format.name), not square: an app icon master must be square",
            path: path)
        }
        image = try ImageDecoder.decode(contentsOf: path, size: .pixels(width: 1024, height: 1024)).bitmap
      } else {
        image = try ImageDecoder.decode(contentsOf: path).bitmap
      }
    } catch let error as ImageDecodingError {
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

  /// Writes the set.
  ///
  /// - Parameters:
  ///   - master: a square PNG of at least 1024 px.
  ///   - output: the set's folder, `…/NAME.appiconset`; made when missing.
  ///   - options: platforms, form, appearances, background, force.
  /// - Returns: what was written, removed and left alone, and the warnings.
  /// - Throws: ``MakingError``: a bad master (`.badData`, `.notFound`, `.unsupported`), a set
  ///   this command did not write without `force` (`.exists`), or `.io`; nothing is written then.
  public static func build(master: String, output: String, options: AppIconOptions) throws -> AppIconResult {
    let folderName = lastComponent(output)
    guard folderName.hasSuffix(".appiconset"), folderName.count > ".appiconset".count else {
      throw MakingError(.badData, "the output must be a folder named NAME.appiconset", path: output)
    }
    let setName = String(folderName.dropLast(".appiconset".count))
    let (files, emptySlots) = try layout(setName: setName, options: options)
    let image = try loadMaster(master)
    let dark = try options.dark.map { try loadMaster($0, role: "dark master") }
    let tinted = try options.tinted.map { try loadMaster($0, role: "tinted master") }
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
    // What is there already.
    let existing = FileSystem.entryNames(of: output).sorted()
    let previous = try? ContentsDocument(parsing: Files.read(joinPath(output, "Contents.json")), path: output)
    let previousFiles = (previous?.images ?? []).compactMap { $0["filename"]?.text }
    let foreign = existing.filter { $0 != "Contents.json" && !isOurs($0, set: setName) && !$0.hasPrefix(".") }
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
    try Files.makeFolders(output)
    var batch = FileBatch()
    do {
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
        let bytes = try encode(sized, alpha: !file.isFlattened, path: joinPath(output, file.fileName))
        try batch.stage(bytes, at: joinPath(output, file.fileName))
      }
      let document = contents(files: files, empty: emptySlots)
      try batch.stage(Array(document.rendered().utf8), at: joinPath(output, "Contents.json"))
      let names = Set(files.map(\.fileName))
      let stale = existing.filter { isOurs($0, set: setName) && !names.contains($0) }
      for name in stale { batch.remove(joinPath(output, name)) }
      try batch.commit()
      return AppIconResult(output: output, files: files, removed: stale, kept: foreign, warnings: warnings)
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
