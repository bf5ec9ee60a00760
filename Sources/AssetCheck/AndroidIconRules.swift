import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore

/// A finding of a layout rule before it is tied to a root: the path is relative to the root.
struct LayoutFinding: Sendable, Hashable {
  var rule: Rule
  var path: String
  var asset: String?
  var message: String
}

/// A required density folder that lacks drawables the project's other density folders hold
/// (lint's IconDensities, or IconMissingDensityFolder when the folder does not exist).
package struct AndroidDensityGap: Sendable, Hashable {
  /// The `res` folder, relative to the root.
  package var res: String
  /// The density folder (`drawable-hdpi`); always `drawable-` and one of lint's required densities.
  package var folder: String
  /// Whether the folder exists; a missing one lacks every drawable.
  package var exists: Bool
  /// The names (without extension, as lint compares them) it lacks, sorted.
  package var lacking: [String]
  /// Name → the file name lint shows for it (the least of its files' names).
  package var names: [String: String]
  /// Name → its files in the density folders lint reads (`drawable-xhdpi/foo.png`, and
  /// `drawable-nodpi/…` when it is there too), relative to ``res``, sorted.
  package var holders: [String: [String]]
}

/// Android lint's icon checks over one `res` folder, by the rules of lint's `IconDetector`.
///
/// Lint reads folder names as strings, and so does this, to report what lint reports:
/// - the density checks (`IconDensities`, `IconMissingDensityFolder`, `IconNoDpi`,
///   `IconMixedNinePatch`) look only at folders named exactly `drawable-mdpi`, `-hdpi`,
///   `-xhdpi`, `-xxhdpi`, `-xxxhdpi` and `-nodpi` (no other qualifier; `ldpi` and mipmaps
///   not at all), and require mdpi, hdpi, xhdpi and xxhdpi (lint's default when the build
///   names no `resConfigs`; xxxhdpi "is necessary only to provide a launcher icon");
/// - sizes and copies (`IconDipSize`, `IconDuplicates…`, `IconExtension`) look at every
///   `drawable*` and `mipmap*` folder; a dp size is pixels ÷ the folder's density factor,
///   rounded, compared within one configuration (the folder name without its density);
/// - names are compared without their extension (up to the first dot), as lint does.
struct AndroidIconCheck {
  /// The `res` folder, relative to the root.
  let res: String
  /// The root, as given, to open files.
  let root: String
  /// Folder name → the names of its files, for the `drawable*` and `mipmap*` folders.
  let folders: [String: [String]]
  /// What was read of each image file, by its path relative to the root.
  var images: [String: LayoutImage] = [:]

  /// The density folders lint requires of a project without `resConfigs`.
  static let requiredFolders = ["drawable-mdpi", "drawable-hdpi", "drawable-xhdpi", "drawable-xxhdpi"]
  /// Folder names the density checks look at.
  static let densityFolders: Set<String> = Set(
    ["nodpi", "xxxhdpi", "xxhdpi", "xhdpi", "hdpi", "mdpi"].map { "drawable-" + $0 })
  /// Density qualifiers in the order lint strips the first it finds.
  static let densityQualifiers = ["-ldpi", "-mdpi", "-hdpi", "-xhdpi", "-xxhdpi", "-xxxhdpi"]

  init(res: String, root: String, folders: [String: [String]]) {
    self.res = res
    self.root = root
    self.folders = folders
    for (folder, names) in folders {
      for name in names where AndroidIconCheck.isBitmap(name) {
        let path = join(folder, name)
        if let image = LayoutImage.read(Finding.join(root, path)) { images[path] = image }
      }
    }
  }

  /// `res/folder/name`, relative to the root.
  func join(_ folder: String, _ name: String) -> String {
    Finding.join(Finding.join(res, folder), name)
  }

  static func hasSuffix(_ name: String, _ suffix: String) -> Bool {
    name.lowercased().hasSuffix(suffix)
  }

  /// A file lint counts as a drawable: a bitmap or an XML drawable.
  static func isDrawable(_ name: String) -> Bool {
    [".png", ".jpg", ".gif", ".xml", ".jpeg", ".webp"].contains { hasSuffix(name, $0) }
  }

  /// A bitmap lint measures or compares (PNG, nine-patch, JPEG, WebP).
  static func isBitmap(_ name: String) -> Bool {
    [".png", ".jpg", ".jpeg", ".webp"].contains { hasSuffix(name, $0) }
  }

  /// The name without its extension, up to the first dot (`bar.9.png` → `bar`).
  static func baseName(_ name: String) -> String {
    name.firstIndex(of: ".").map { String(name[..<$0]) } ?? name
  }

  /// `foo_24dp.png`: the material icons' names, which carry their dp size.
  static func dpInName(_ name: String) -> Int? {
    guard let dot = name.lastIndex(of: "."), name[name.index(after: dot)...].allSatisfy(\.isLetter),
      dot != name.index(before: name.endIndex)
    else { return nil }
    let stem = name[..<dot]
    guard stem.hasSuffix("dp"), let underscore = stem.dropLast(2).lastIndex(of: "_") else { return nil }
    let digits = stem[stem.index(after: underscore)..<stem.index(stem.endIndex, offsetBy: -2)]
    guard underscore != stem.startIndex, !digits.isEmpty, digits.allSatisfy(\.isASCII),
      digits.allSatisfy(\.isNumber)
    else { return nil }
    return Int(digits)
  }

  /// Java's `Math.round` of a float: halves round up.
  static func javaRound(_ value: Double) -> Int { Int((value + 0.5).rounded(.down)) }

  func run() -> [LayoutFinding] {
    var found: [LayoutFinding] = []
    found += locationAndExtension()
    found += dipSizes()
    found += duplicates()
    found += densities()
    found += launcherSizes()
    return found
  }

  // MARK: IconLocation, IconExtension

  /// The module's `minSdkVersion` from its manifest's `<uses-sdk>`, when it says (a Gradle
  /// build sets it in `build.gradle`, which this check does not read).
  func minSdk() -> Int? {
    let manifest = Finding.join(root, Finding.join(Paths.parent(of: res), "AndroidManifest.xml"))
    guard let bytes = layoutFileBytes(manifest) else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let range = text.range(of: "android:minSdkVersion=\"") else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }

  func locationAndExtension() -> [LayoutFinding] {
    var found: [LayoutFinding] = []
    // Before Android 1.6 (API 4) there were no density folders, so an app for those
    // versions keeps its bitmaps in drawable/ (lint's IconLocation skips such apps).
    let densityless = (minSdk() ?? 4) < 4
    for folder in folders.keys.sorted() {
      for name in folders[folder]! {
        let path = join(folder, name)
        if folder == "drawable", !densityless,
          [".png", ".jpg", ".jpeg", ".webp", ".gif"].contains(where: { Self.hasSuffix(name, $0) })
        {
          found.append(
            LayoutFinding(
              rule: .androidLocation, path: path, asset: Self.baseName(name),
              message:
                "bitmap \(name) is in res/drawable/, which Android treats as mdpi and scales up on every denser "
                + "screen: move it to drawable-mdpi and add hdpi, xhdpi and xxhdpi versions, or to drawable-nodpi "
                + "if it must never be scaled"))
        }
        guard Self.isDrawable(name), !Self.hasSuffix(name, ".xml") else { continue }
        let image = images[path] ?? LayoutImage.read(Finding.join(root, path))
        guard let format = image?.format else { continue }
        let ext = LayoutImage.extensionOf(name).lowercased()
        let agrees =
          switch format {
          case .png, .cgbi: ext == "png"
          case .jpeg: ext == "jpg" || ext == "jpeg"
          case .webp: ext == "webp"
          case .gif: ext == "gif"
          default: true
          }
        if !agrees {
          found.append(
            LayoutFinding(
              rule: .androidExtension, path: path, asset: Self.baseName(name),
              message:
                "named .\(ext) but the file is \(format.description) data: rename it to "
                + "\(Self.baseName(name)).\(format.pathExtensions.first ?? ext) or convert it"))
        }
      }
    }
    return found
  }

  // MARK: IconDipSize

  /// The drawables a layer-list item draws at a size of its own (`<item android:width="100dp"
  /// android:height="100dp" android:drawable="@drawable/splash"/>`): their own dp size never
  /// reaches a screen, so only whether each density has pixels enough for that size matters.
  func fixedSizes() -> [String: (width: Int, height: Int, file: String)] {
    var sizes: [String: (width: Int, height: Int, file: String)] = [:]
    for folder in folders.keys.sorted() where folder.hasPrefix("drawable") {
      for name in folders[folder]! where Self.hasSuffix(name, ".xml") {
        guard let bytes = layoutFileBytes(Finding.join(root, join(folder, name))) else { continue }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("<layer-list") else { continue }
        for item in text.components(separatedBy: "<item").dropFirst() {
          let tag = item.prefix { $0 != ">" }
          func attribute(_ key: String) -> String? {
            guard let range = tag.range(of: key + "=\"") else { return nil }
            return String(tag[range.upperBound...].prefix { $0 != "\"" })
          }
          guard let drawable = attribute("android:drawable"), let slash = drawable.lastIndex(of: "/"),
            let width = attribute("android:width").flatMap({
              Int($0.replacingOccurrences(of: "dp", with: ""))
            }),
            let height = attribute("android:height").flatMap({
              Int($0.replacingOccurrences(of: "dp", with: ""))
            })
          else { continue }
          sizes[String(drawable[drawable.index(after: slash)...])] = (width, height, join(folder, name))
        }
      }
    }
    return sizes
  }

  func dipSizes() -> [LayoutFinding] {
    // Name → configuration (folder without its density) → files.
    var groups: [String: [String: [(folder: String, size: LayoutImage.PixelSize)]]] = [:]
    var found: [LayoutFinding] = []
    let fixed = fixedSizes()
    for folder in folders.keys.sorted() {
      guard let qualifier = Self.densityQualifiers.first(where: { folder.contains($0) }) else { continue }
      let range = folder.range(of: qualifier)!
      let configuration = folder.replacingCharacters(in: range, with: "")
      for name in folders[folder]! where Self.isBitmap(name) && !Self.hasSuffix(name, ".9.png") {
        guard let size = images[join(folder, name)]?.size else { continue }
        groups[name, default: [:]][configuration, default: []].append((folder, size))
      }
    }
    for name in groups.keys.sorted() {
      // One file copied into every density is reported as a copy (android-duplicate-config);
      // its dp sizes differ only because it was not resized.
      func isCopy(_ files: [(folder: String, size: LayoutImage.PixelSize)]) -> Bool {
        files.count > 1 && Set(files.compactMap { images[join($0.folder, name)]?.byteCount }).count == 1
          && Set(files.map { layoutFileBytes(Finding.join(root, join($0.folder, name))) ?? [] }).count == 1
      }
      if let drawn = fixed[Self.baseName(name)] {
        // Drawn at the layer-list's size: each density needs that many dp of pixels.
        for file in groups[name]!.values.filter({ !isCopy($0) }).joined() {
          let factor = Self.factor(of: file.folder)
          let needed = (
            Int((Double(drawn.width) * factor).rounded()), Int((Double(drawn.height) * factor).rounded())
          )
          guard file.size.width < needed.0 - 1 || file.size.height < needed.1 - 1 else { continue }
          found.append(
            LayoutFinding(
              rule: .androidDipSize, path: join(file.folder, name), asset: Self.baseName(name),
              message:
                "\(drawn.file) draws \(name) at \(drawn.width)×\(drawn.height) dp, which takes \(needed.0)×\(needed.1) px "
                + "in \(file.folder); this file has \(file.size) px, so screens of that density enlarge it"))
        }
        continue
      }
      for configuration in groups[name]!.keys.sorted() {
        let files = groups[name]![configuration]!
        if isCopy(files) { continue }
        // lint divides by the factor of the first density it tests the folder name for.
        let dips = files.map {
          file -> (folder: String, px: LayoutImage.PixelSize, dp: LayoutImage.PixelSize) in
          let factor = Self.factor(of: file.folder)
          return (
            file.folder, file.size,
            LayoutImage.PixelSize(
              width: Self.javaRound(Double(file.size.width) / factor),
              height: Self.javaRound(Double(file.size.height) / factor))
          )
        }
        if let dp = Self.dpInName(name) {
          for file in dips where abs(file.dp.width - dp) > 2 || abs(file.dp.height - dp) > 2 {
            found.append(
              LayoutFinding(
                rule: .androidDipSize, path: join(file.folder, name), asset: Self.baseName(name),
                message:
                  "the name says \(dp) dp, but \(file.px) px in \(file.folder) is \(file.dp) dp: make it "
                  + "\(Self.pixels(dp, in: file.folder))×\(Self.pixels(dp, in: file.folder)) px or rename it")
            )
          }
        }
        let count = dips.count
        let meanWidth = dips.reduce(0) { $0 + $1.dp.width } / count
        let meanHeight = dips.reduce(0) { $0 + $1.dp.height } / count
        let widthDeviation = Double(
          dips.reduce(0) { $0 + ($1.dp.width - meanWidth) * ($1.dp.width - meanWidth) } / count
        )
        .squareRoot()
        let heightDeviation = Double(
          dips.reduce(0) { $0 + ($1.dp.height - meanHeight) * ($1.dp.height - meanHeight) } / count
        ).squareRoot()
        // lint's thresholds, integer division included: a tenth of the mean width, the whole mean height.
        guard widthDeviation > Double(meanWidth / 10) || heightDeviation > Double(meanHeight) else {
          continue
        }
        var tally: [LayoutImage.PixelSize: Int] = [:]
        for file in dips { tally[file.dp, default: 0] += 1 }
        let usual = tally.max { ($0.value, $1.key.width) < ($1.value, $0.key.width) }!.key
        let odd = dips.filter { $0.dp != usual }.sorted { $0.folder < $1.folder }
        let listed = dips.sorted {
          ($0.dp.width, $0.dp.height, $1.folder) > ($1.dp.width, $1.dp.height, $0.folder)
        }
        .map { "\($0.folder): \($0.dp) dp (\($0.px) px)" }.joined(separator: ", ")
        let fixes = odd.map {
          "\($0.folder)/\(name) to \(Self.pixels(usual.width, in: $0.folder))×\(Self.pixels(usual.height, in: $0.folder)) px"
        }
        found.append(
          LayoutFinding(
            rule: .androidDipSize, path: join(odd.first?.folder ?? dips[0].folder, name),
            asset: Self.baseName(name),
            message:
              "\(name) is not the same dp size in every density: \(listed); resize "
              + fixes.joined(separator: ", ") + " (\(usual) dp)"))
      }
    }
    return found
  }

  static func factor(of folder: String) -> Double {
    for (qualifier, factor) in [
      ("-mdpi", 1.0), ("-hdpi", 1.5), ("-xhdpi", 2), ("-xxhdpi", 3), ("-xxxhdpi", 4), ("-ldpi", 0.75),
    ] where folder.contains(qualifier) {
      return factor
    }
    return 0
  }

  static func pixels(_ dp: Int, in folder: String) -> Int { javaRound(Double(dp) * factor(of: folder)) }

  // MARK: IconDuplicates, IconDuplicatesConfig

  func duplicates() -> [LayoutFinding] {
    var byLength: [Int: [(folder: String, name: String)]] = [:]
    for folder in folders.keys.sorted() {
      for name in folders[folder]! where Self.isBitmap(name) {
        guard let image = images[join(folder, name)] else { continue }
        byLength[image.byteCount, default: []].append((folder, name))
      }
    }
    var classes: [[(folder: String, name: String)]] = []
    for (_, candidates) in byLength where candidates.count > 1 {
      var byContent: [[UInt8]: [(folder: String, name: String)]] = [:]
      for file in candidates {
        guard let bytes = layoutFileBytes(Finding.join(root, join(file.folder, file.name))) else { continue }
        byContent[bytes, default: []].append(file)
      }
      classes += byContent.values.filter { $0.count > 1 }
    }
    var found: [LayoutFinding] = []
    for same in classes {
      // The material icons' foo_24dp.png / foo_48dp.png: the same pixels at another size, on purpose.
      if same.allSatisfy({ Self.dpInName($0.name) != nil }) { continue }
      // A launcher icon and its round variant may be one picture (a round icon's own file):
      // `ic_launcher` and `ic_launcher_round` are two resources the launcher picks between.
      let bases = Set(same.map { Self.baseName($0.name) })
      if bases.count == 2, let short = bases.min(by: { $0.count < $1.count }),
        bases.contains(short + "_round")
      {
        continue
      }
      let sorted = same.sorted { join($0.folder, $0.name) < join($1.folder, $1.name) }
      let first = sorted[0]
      if Set(sorted.map(\.name)).count == 1 {
        found.append(
          LayoutFinding(
            rule: .androidDuplicateConfig, path: join(sorted.last!.folder, first.name),
            asset: Self.baseName(first.name),
            message:
              "\(first.name) is the same file in \(sorted.map(\.folder).joined(separator: ", ")): each "
              + "configuration should have its own version (a density's own size); replace the copies or delete them"
          ))
      } else {
        found.append(
          LayoutFinding(
            rule: .androidDuplicate, path: join(sorted.last!.folder, sorted.last!.name),
            asset: Self.baseName(sorted.last!.name),
            message:
              "the same file as "
              + sorted.dropLast().map { "\($0.folder)/\($0.name)" }.joined(separator: ", ")
              + ": use one drawable and delete the other, or check that one was not overwritten by mistake"))
      }
    }
    return found
  }

  // MARK: IconDensities, IconMissingDensityFolder, IconNoDpi, IconMixedNinePatch, IconXmlAndPng

  func densities() -> [LayoutFinding] {
    var dpi: [String: [String]] = [:]
    var other: [String: [String]] = [:]
    for (folder, names) in folders {
      let drawables = names.filter(Self.isDrawable)
      if Self.densityFolders.contains(folder) { dpi[folder] = drawables } else { other[folder] = drawables }
    }
    guard !dpi.isEmpty else { return [] }
    var found: [LayoutFinding] = []
    let present = Self.requiredFolders.filter { dpi[$0] != nil }
    let missing = Self.requiredFolders.filter { dpi[$0] == nil }
    if !missing.isEmpty, !present.isEmpty {
      found.append(
        LayoutFinding(
          rule: .androidDensityFolder, path: res, asset: nil,
          message:
            "has \(present.joined(separator: ", ")) but no \(missing.joined(separator: ", ")): Android scales "
            + "the nearest density's bitmaps for those screens; add the folders with their own versions"))
    }
    let isNoDpi: (String) -> Bool = { $0.contains("-nodpi") }
    // IconNoDpi
    let noDpiBases = Set(dpi.filter { isNoDpi($0.key) }.flatMap(\.value).map(Self.baseName))
    if !noDpiBases.isEmpty {
      var both: Set<String> = []
      for (folder, names) in dpi where !isNoDpi(folder) {
        for name in names where noDpiBases.contains(Self.baseName(name)) { both.insert(Self.baseName(name)) }
      }
      for base in both.sorted() {
        let holders = dpi.keys.sorted().filter { folder in dpi[folder]!.contains { Self.baseName($0) == base }
        }
        // As lint does (IconNoDpi's location chain): on the density folder's copy, the file
        // that ought to go; the first such folder, by name.
        let copy = holders.first { !isNoDpi($0) } ?? "drawable-nodpi"
        found.append(
          LayoutFinding(
            rule: .androidNoDpi,
            path: join(copy, dpi[copy]?.first { Self.baseName($0) == base } ?? base),
            asset: base,
            message:
              "@drawable/\(base) is in \(holders.joined(separator: ", ")): in drawable-nodpi it is never scaled, in "
              + "a density folder it is; delete one or give them different names"))
      }
    }
    // IconMixedNinePatch
    var clashes: Set<String> = []
    for names in dpi.values {
      let set = Set(names)
      for name in names where Self.hasSuffix(name, ".9.png") {
        let base = Self.baseName(name)
        if set.contains(base + ".png") { clashes.insert(base) }
      }
    }
    for base in clashes.sorted() {
      let files = dpi.keys.sorted().flatMap { folder in
        dpi[folder]!.filter { Self.baseName($0) == base }.sorted().map { folder + "/" + $0 }
      }
      found.append(
        LayoutFinding(
          rule: .androidMixedNinePatch, path: Finding.join(res, files[0]), asset: base,
          message:
            "\(files.joined(separator: ", ")): \(base).png and \(base).9.png both map to @drawable/\(base); "
            + "rename one of them"))
    }
    // IconXmlAndPng
    var all = dpi
    all.merge(other) { first, _ in first }
    var xml: Set<String> = []
    var bitmaps: Set<String> = []
    for (folder, names) in all {
      for name in names {
        if Self.hasSuffix(name, ".xml") {
          if !folder.contains("-v") { xml.insert(Self.baseName(name)) }
        } else {
          bitmaps.insert(Self.baseName(name))
        }
      }
    }
    for base in xml.intersection(bitmaps).sorted() {
      let files = all.keys.sorted().flatMap { folder in
        all[folder]!.filter { Self.baseName($0) == base }.sorted().map { folder + "/" + $0 }
      }
      let shown = [files.first { $0.hasSuffix(".xml") }, files.first { !$0.hasSuffix(".xml") }].compactMap {
        $0
      }
      found.append(
        LayoutFinding(
          rule: .androidXMLAndBitmap, path: Finding.join(res, shown[0]), asset: base,
          message:
            "@drawable/\(base) is both an XML drawable and a bitmap (\(shown.joined(separator: ", "))): usually the "
            + "XML should name bitmaps of other names (its states); rename the bitmap or delete one"))
    }
    // IconDensities
    for gap in Self.densityGaps(res: res, folders: folders) where gap.exists {
      let folder = gap.folder
      let lacking = gap.lacking
      var message = "lacks " + lacking.map { gap.names[$0]! }.joined(separator: ", ")
      if lacking.count == 1 {
        let holders = dpi.keys.sorted().filter { other in
          dpi[other]!.contains { Self.baseName($0) == lacking[0] }
        }
        message += " (found in \(holders.joined(separator: ", ")))"
      }
      let density = String(folder.dropFirst("drawable-".count))
      message +=
        ": \(density) screens get another density's file scaled by Android; add \(density) versions "
        + "(or move drawables that must not scale to drawable-nodpi)"
      found.append(
        LayoutFinding(rule: .androidDensities, path: Finding.join(res, folder), asset: nil, message: message))
    }
    return found
  }

  /// What IconDensities and IconMissingDensityFolder require of one `res` folder: for each
  /// required density folder (``requiredFolders``) that lacks some of the drawables the
  /// other density folders hold, those drawables. A required folder that does not exist
  /// while others do lacks every drawable. The rule reports these and `icongrid derive`
  /// makes them, so the two never disagree.
  ///
  /// - Parameters:
  ///   - res: the `res` folder, relative to the root.
  ///   - folders: folder name → its file names, for the `drawable*` and `mipmap*` folders.
  /// - Returns: the gaps, by folder name.
  static func densityGaps(res: String, folders: [String: [String]]) -> [AndroidDensityGap] {
    var dpi: [String: [String]] = [:]
    for (folder, names) in folders where densityFolders.contains(folder) {
      dpi[folder] = names.filter(isDrawable)
    }
    let present = requiredFolders.filter { dpi[$0] != nil }
    guard !present.isEmpty else { return [] }
    var names: [String: String] = [:]
    var holders: [String: [String]] = [:]
    for folder in dpi.keys.sorted() where folder != "drawable-nodpi" {
      for name in dpi[folder]! {
        names[baseName(name)] = names[baseName(name)].map { min($0, name) } ?? name
      }
    }
    for folder in dpi.keys.sorted() {
      for name in dpi[folder]!.sorted() where names[baseName(name)] != nil {
        holders[baseName(name), default: []].append(folder + "/" + name)
      }
    }
    var gaps: [AndroidDensityGap] = []
    for folder in requiredFolders {
      let here = Set((dpi[folder] ?? []).map(baseName))
      let lacking = names.keys.filter { !here.contains($0) }.sorted()
      guard !lacking.isEmpty else { continue }
      gaps.append(
        AndroidDensityGap(
          res: res, folder: folder, exists: dpi[folder] != nil, lacking: lacking,
          names: names.filter { lacking.contains($0.key) },
          holders: holders.filter { lacking.contains($0.key) }))
    }
    return gaps.sorted { $0.folder < $1.folder }
  }

  // MARK: IconExpectedSize (launcher icons)

  /// The drawables the launcher draws as the app's icon: what the module's manifest names
  /// with `android:icon` and `android:roundIcon`, else (no manifest beside `res`) the
  /// `ic_launcher…` names lint assumes; never a layer of an `<adaptive-icon>`, which is
  /// 108 dp with the icon in its middle 72 dp.
  func launcherNames() -> Set<String>? {
    let manifest = Finding.join(root, Finding.join(Paths.parent(of: res), "AndroidManifest.xml"))
    guard let bytes = layoutFileBytes(manifest) else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    var names: Set<String> = []
    // Only the application's and its activities' icons are launcher icons (a tile service's
    // or a notification's `android:icon` is not).
    for element in ["<application", "<activity", "<activity-alias"] {
      var rest = text[...]
      while let start = rest.range(of: element) {
        let tail = rest[start.upperBound...]
        guard let close = tail.firstIndex(of: ">") else { break }
        let tag = tail[..<close]
        rest = tail[close...]
        guard tag.first.map({ $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }) ?? false else {
          continue
        }
        for attribute in ["android:icon=\"", "android:roundIcon=\""] {
          guard let range = tag.range(of: attribute), let end = tag[range.upperBound...].firstIndex(of: "\"")
          else { continue }
          let value = tag[range.upperBound..<end]
          if let slash = value.lastIndex(of: "/"),
            value.hasPrefix("@mipmap/") || value.hasPrefix("@drawable/")
          {
            names.insert(String(value[value.index(after: slash)...]))
          }
        }
      }
    }
    return names
  }

  /// The drawables `<adaptive-icon>` files of this `res` use as layers (foreground,
  /// background, monochrome): 108 dp, not launcher icons.
  func adaptiveLayers() -> Set<String> {
    var layers: Set<String> = []
    for folder in folders.keys where folder.contains("anydpi") {
      for name in folders[folder]! where Self.hasSuffix(name, ".xml") {
        guard let bytes = layoutFileBytes(Finding.join(root, join(folder, name))) else { continue }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("<adaptive-icon") else { continue }
        for piece in text.split(separator: "\"") {
          guard piece.hasPrefix("@mipmap/") || piece.hasPrefix("@drawable/"),
            let slash = piece.lastIndex(of: "/")
          else { continue }
          layers.insert(String(piece[piece.index(after: slash)...]))
        }
      }
    }
    return layers
  }

  func launcherSizes() -> [LayoutFinding] {
    var found: [LayoutFinding] = []
    let layers = adaptiveLayers()
    let named = launcherNames()
    for folder in folders.keys.sorted() {
      guard let dpi = Self.launcherDPI(folder) else { continue }
      for name in folders[folder]!
      where (named.map { $0.contains(Self.baseName(name)) } ?? Self.baseName(name).hasPrefix("ic_launcher"))
        && !layers.contains(Self.baseName(name)) && Self.isBitmap(name) && !Self.hasSuffix(name, ".9.png")
      {
        guard let size = images[join(folder, name)]?.size else { continue }
        let expected = dpi.exact ?? 48 * dpi.value / 160
        guard size.width != expected || size.height != expected else { continue }
        found.append(
          LayoutFinding(
            rule: .androidLauncherSize, path: join(folder, name), asset: Self.baseName(name),
            message:
              "launcher icon is \(size) px; at \(folder)'s density a launcher icon is 48 dp = "
              + "\(expected)×\(expected) px: resize it"))
      }
    }
    return found
  }

  /// The density lint sizes a launcher icon by: the `drawable-<density>` prefixes lint
  /// tests first, else the folder's density qualifier (no `nodpi`, `anydpi`).
  static func launcherDPI(_ folder: String) -> (value: Int, exact: Int?)? {
    for (prefix, pixels) in [
      ("drawable-mdpi", 48), ("drawable-hdpi", 72), ("drawable-xhdpi", 96), ("drawable-xxhdpi", 144),
      ("drawable-ldpi", 36),
    ] where folder.hasPrefix(prefix) {
      return (160, pixels)
    }
    for part in folder.split(separator: "-").dropFirst() {
      guard let density = AndroidDensity.named(String(part)) else { continue }
      return density.isBucket ? (density.dpi, nil) : nil
    }
    return nil
  }
}
