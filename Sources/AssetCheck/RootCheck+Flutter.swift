import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore

extension RootCheck {
  /// The device pixel ratios a Flutter project's assets are held to at the midpoint trap,
  /// with where each comes from: every iPhone and iPad draws at 2 or 3; Android phones
  /// draw at their density's dpi ÷ 160: hdpi 1.5, xhdpi 2, 420 dpi 2.625 and 440 dpi 2.75
  /// (most recent Pixels and many others), xxhdpi 3, 560 dpi 3.5 (the large Pixels), xxxhdpi 4.
  static let flutterRatios: (ios: [Double], android: [Double]) = ([2, 3], [1.5, 2, 2.625, 2.75, 3, 3.5, 4])

  /// File extensions Flutter's image codecs read.
  static let flutterImageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "gif", "bmp", "wbmp"]

  /// The Flutter projects (folders holding a `pubspec.yaml`) of the root's Flutter files,
  /// relative to the root, with the variant folders the index found in each.
  func flutterProjects() -> [String: Set<String>] {
    var projects: [String: Set<String>] = [:]
    var known: [String: String?] = [:]
    for file in catalog.skipped where file.reason == .flutterAsset {
      var folder = Paths.parent(of: file.path)
      let assetFolder = folder
      while true {
        if let cached = known[folder] {
          if let project = cached { projects[project, default: []].insert(assetFolder) }
          break
        }
        if isLayoutFile(Finding.join(catalog.root, Finding.join(folder, "pubspec.yaml"))) {
          known[folder] = folder
          projects[folder, default: []].insert(assetFolder)
          break
        }
        if folder.isEmpty {
          known[folder] = .some(nil)
          break
        }
        folder = Paths.parent(of: folder)
      }
    }
    return projects
  }

  /// The Flutter rules over each project: what `pubspec.yaml` bundles, the variants' sizes
  /// and folders, and the ratios at which Flutter would enlarge a lower variant.
  mutating func flutterRules() {
    for (project, seen) in flutterProjects().sorted(by: { $0.key < $1.key }) {
      let pubspecPath = Finding.join(project, "pubspec.yaml")
      let text = (try? FileIO.readAll(Finding.join(catalog.root, pubspecPath), limit: 1 << 22))
        .map { String(decoding: $0, as: UTF8.self) }
      let pubspec: PubspecAssets
      do {
        pubspec = try PubspecAssets(parsing: text ?? "")
      } catch {
        add(
          .flutterMissingAsset, pubspecPath, asset: nil,
          "cannot read its flutter: assets: list (\(error)); the variants' bundling is not checked: fix the YAML"
        )
        continue
      }
      var check = FlutterCheck(root: catalog.root, project: project, pubspec: pubspec)
      let targets = check.targetRatios()
      check.scan(seen: seen)
      for found in check.run(ratios: targets.ratios) {
        add(found.rule, found.path, asset: found.asset, found.message)
      }
      layoutFiles.formUnion(check.readFiles)
      layoutAssets.formUnion(check.assetNames)
      let declared =
        pubspec.entries.isEmpty ? "declares no assets" : "declares \(pubspec.entries.joined(separator: ", "))"
      layoutNotes.append(
        "\(project.isEmpty ? "." : project): Flutter assets: pubspec.yaml \(declared); variant sizes ±1 px; "
          + "midpoint trap checked at ratios \(targets.ratios.map(ScaleText.format).joined(separator: ", ")) "
          + "(\(targets.reason))")
    }
  }
}

/// The Flutter rules over one project (a folder with a `pubspec.yaml`).
struct FlutterCheck {
  let root: String
  /// The project folder, relative to the root (`""` for the root).
  let project: String
  let pubspec: PubspecAssets
  /// Asset folders (relative to the project) → main files and variant folders' files.
  var folders: [String: (mains: [String], variants: [String: [String]])] = [:]
  var found: [LayoutFinding] = []
  var readFiles: Set<String> = []
  var assetNames: Set<String> = []

  init(root: String, project: String, pubspec: PubspecAssets) {
    self.root = root
    self.project = project
    self.pubspec = pubspec
  }

  func full(_ inProject: String) -> String { Finding.join(root, Finding.join(project, inProject)) }
  func relative(_ inProject: String) -> String { Finding.join(project, inProject) }

  /// Which ratios the project is held to: iOS's with an `ios/` runner, Android's with an
  /// `android/` one, both for a package (its apps may be either).
  func targetRatios() -> (ratios: [Double], reason: String) {
    let ios = FileSystem.isDirectory(full("ios"))
    let android = FileSystem.isDirectory(full("android"))
    switch (ios, android) {
    case (true, false): return (RootCheck.flutterRatios.ios, "iPhone and iPad: the project has ios/ only")
    case (false, true):
      return (RootCheck.flutterRatios.android, "Android phones: the project has android/ only")
    default:
      let both = Set(RootCheck.flutterRatios.ios + RootCheck.flutterRatios.android).sorted()
      let why =
        ios
        ? "iOS and Android: the project has ios/ and android/"
        : "iOS and Android: a package, for apps of either"
      return (both, why)
    }
  }

  static func isImage(_ name: String) -> Bool {
    RootCheck.flutterImageExtensions.contains(LayoutImage.extensionOf(name).lowercased())
  }

  /// Lists the asset folders: the declared ones, the folders of declared files, and the
  /// folders the index found Flutter images in (relative to the root in `seen`).
  mutating func scan(seen: Set<String>) {
    var candidates: Set<String> = []
    for entry in pubspec.entries where !entry.hasPrefix("packages/") {
      let cleaned = FlutterCheck.cleaned(entry)
      candidates.insert(cleaned.hasSuffix("/") ? String(cleaned.dropLast()) : Paths.parent(of: cleaned))
    }
    for folder in seen {
      let inProject =
        project.isEmpty ? folder : String(folder.dropFirst(min(folder.count, project.count + 1)))
      let leaf = FlutterCheck.leaf(inProject)
      candidates.insert(FlutterPath.ratio(ofFolder: leaf) != nil ? Paths.parent(of: inProject) : inProject)
    }
    for folder in candidates.sorted() where !FlutterCheck.isRunner(folder) {
      guard FileSystem.isDirectory(full(folder)) else { continue }
      var mains: [String] = []
      var variants: [String: [String]] = [:]
      for name in FileSystem.entryNames(of: full(folder)).sorted() where !name.hasPrefix(".") {
        let path = Paths.join(folder, name)
        if !FileSystem.isDirectory(full(path)) {
          if FlutterCheck.isImage(name) { mains.append(name) }
          continue
        }
        if FlutterPath.ratio(ofFolder: name) != nil {
          let files = FileSystem.entryNames(of: full(path)).sorted().filter { !$0.hasPrefix(".") }
          variants[name] = files.filter {
            !FileSystem.isDirectory(full(Paths.join(path, $0))) && FlutterCheck.isImage($0)
          }
          for inner in files where FileSystem.isDirectory(full(Paths.join(path, inner))) {
            if FlutterPath.ratio(ofFolder: inner) != nil {
              found.append(
                LayoutFinding(
                  rule: .flutterVariantFolder, path: relative(Paths.join(path, inner)), asset: nil,
                  message:
                    "a variant folder inside the variant folder \(name)/: Flutter looks for variants one level "
                    + "below the main file only, so its images are no one's variants; move them up to \(folder.isEmpty ? "" : folder + "/")\(inner)/"
                ))
            }
          }
        } else if FlutterPath.isNearMissRatioFolder(name) {
          found.append(
            LayoutFinding(
              rule: .flutterVariantFolder, path: relative(path), asset: nil,
              message:
                "\(name)/ looks like a variant folder but Flutter reads only N.Mx or Nx (2.0x, 1.5x, 3x): its "
                + "images are not variants of \(folder.isEmpty ? "the project's" : folder + "/")'s files; rename it"
            ))
        }
      }
      folders[folder] = (mains, variants)
    }
  }

  static func cleaned(_ entry: String) -> String {
    entry.hasPrefix("./") ? String(entry.dropFirst(2)) : entry
  }
  static func leaf(_ path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }
  /// The platform runners of a Flutter app: Xcode, Gradle and web projects of their own.
  static func isRunner(_ folder: String) -> Bool {
    ["ios", "macos", "android", "web", "windows", "linux", "build"].contains {
      folder == $0 || folder.hasPrefix($0 + "/")
    }
  }

  mutating func run(ratios: [Double]) -> [LayoutFinding] {
    missingEntries()
    for folder in folders.keys.sorted() {
      let (mains, variants) = folders[folder]!
      var names = Set(mains)
      for files in variants.values { names.formUnion(files) }
      for name in names.sorted() {
        asset(folder: folder, name: name, hasMain: mains.contains(name), variants: variants, ratios: ratios)
      }
    }
    return found
  }

  /// flutter-missing-asset: each entry must name a folder, or a file or its variants.
  mutating func missingEntries() {
    for entry in pubspec.entries where !entry.hasPrefix("packages/") {
      let cleaned = FlutterCheck.cleaned(entry)
      if cleaned.hasSuffix("/") {
        if FileSystem.isDirectory(full(String(cleaned.dropLast()))) { continue }
      } else {
        if isLayoutFile(full(cleaned)) { continue }
        let folder = Paths.parent(of: cleaned)
        let name = FlutterCheck.leaf(cleaned)
        if let variants = folders[folder]?.variants, variants.values.contains(where: { $0.contains(name) }) {
          continue
        }
      }
      found.append(
        LayoutFinding(
          rule: .flutterMissingAsset, path: relative("pubspec.yaml"), asset: cleaned,
          message:
            "flutter: assets: lists \(entry), which \(cleaned.hasSuffix("/") ? "is no folder" : "is no file and has no variants")"
            + " of the project: flutter build stops on it; fix the path or remove the line"))
    }
  }

  /// The rules of one asset: its bundling, its variants' sizes, its ratios.
  mutating func asset(
    folder: String, name: String, hasMain: Bool, variants: [String: [String]], ratios: [Double]
  ) {
    let main = Paths.join(folder, name)
    let holding = variants.filter { $0.value.contains(name) }.keys.sorted {
      FlutterPath.ratio(ofFolder: $0)! < FlutterPath.ratio(ofFolder: $1)!
    }
    let declaredFile = pubspec.entries.contains { FlutterCheck.cleaned($0) == main }
    let declaredFolder = pubspec.declares(main) && !declaredFile
    let bundled = declaredFile || (declaredFolder && hasMain)
    if !bundled {
      guard !holding.isEmpty else { return }
      let folderText = folder.isEmpty ? "the project folder" : folder + "/"
      let reason =
        declaredFolder
        ? "pubspec.yaml declares \(folderText), but Flutter bundles a folder's variants only for files in the "
          + "folder itself, and \(main) does not exist: add the 1x image there, or declare \(main)"
        : "pubspec.yaml declares neither \(folderText) nor \(main) under flutter: assets:; add - \(folder.isEmpty ? main : folder + "/")"
      // A variant folder declared itself, or the variant file declared on its own, is
      // bundled under its own key (Flutter's asset bundle takes the declared path as is).
      for variant in holding
      where !pubspec.entries.contains(where: {
        FlutterCheck.cleaned($0) == Paths.join(folder, variant) + "/"
          || FlutterCheck.cleaned($0) == Paths.join(Paths.join(folder, variant), name)
      }) {
        found.append(
          LayoutFinding(
            rule: .flutterUnbundled,
            path: relative(Paths.join(Paths.join(folder, variant), name)),
            asset: relative(main), message: "never bundled: " + reason))
      }
      return
    }
    assetNames.insert(relative(main))
    // Sizes: the 1.0x/ file is what Flutter draws at 1, else the main file.
    var files: [(ratio: Double, path: String, size: LayoutImage.PixelSize?)] = []
    if hasMain {
      let image = LayoutImage.read(full(main))
      readFiles.insert(relative(main))
      files.append((1, main, image?.size))
    }
    for variant in holding {
      let path = Paths.join(Paths.join(folder, variant), name)
      let image = LayoutImage.read(full(path))
      readFiles.insert(relative(path))
      let ratio = FlutterPath.ratio(ofFolder: variant)!
      if ratio == 1, let index = files.firstIndex(where: { $0.ratio == 1 }) { files.remove(at: index) }
      files.append((ratio, path, image?.size))
    }
    files.sort { $0.ratio < $1.ratio }
    if let reference = files.first(where: { $0.size != nil }), let base = reference.size {
      for file in files where file.path != reference.path {
        guard let size = file.size else { continue }
        let width = Double(base.width) / reference.ratio * file.ratio
        let height = Double(base.height) / reference.ratio * file.ratio
        guard abs(Double(size.width) - width) > 1 || abs(Double(size.height) - height) > 1 else { continue }
        let expected = "\(Int(width.rounded()))×\(Int(height.rounded()))"
        found.append(
          LayoutFinding(
            rule: .flutterSizeMismatch, path: relative(file.path), asset: relative(main),
            message:
              "is \(size) px; at \(ScaleText.format(file.ratio))x of \(reference.path) (\(base) px at "
              + "\(ScaleText.format(reference.ratio))x) it should be \(expected) px (±1): resize it, or fix "
              + "\(reference.path) if that is the wrong one"))
      }
    }
    // The midpoint trap.
    let scales = files.map(\.ratio)
    var trapped: [String] = []
    for ratio in ratios {
      guard let chosen = Layout.flutter.rule.chosenScale(among: scales, at: ratio), chosen < ratio,
        let higher = scales.first(where: { $0 > ratio })
      else { continue }
      trapped.append(
        "at \(ScaleText.format(ratio)) Flutter draws the \(ScaleText.format(chosen))x file enlarged "
          + "\(ScaleText.format((ratio / chosen * 100).rounded() / 100))× though a \(ScaleText.format(higher))x one exists"
      )
    }
    if !trapped.isEmpty, let top = files.last {
      found.append(
        LayoutFinding(
          rule: .flutterMidpoint, path: relative(top.path), asset: relative(main),
          message:
            trapped.joined(separator: "; ")
            + " (Flutter takes the lower variant at or below the midpoint of two, from 2.0 up): add variants for those ratios"
        ))
    }
  }
}
