import IconGridSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A root read by layout: which parts are Apple, Flutter, React Native or Android trees,
/// and the assets of the non-Apple parts with the files each platform's rule chooses among.
///
/// Detection, per folder:
/// - a `pubspec.yaml` makes its folder a Flutter package or app;
/// - a `package.json` naming `react-native` or `expo`, or an `app.json` with an `expo` key
///   or a `displayName`, makes its folder a React Native app;
/// - such an app's `ios/` and `macos/` folders are Apple trees (Xcode projects of their
///   own), and any `res/` folder holding `drawable…` or `mipmap…` folders is an Android
///   tree (an app's `android/app/src/main/res`);
/// - files with a Metro platform suffix (`logo.ios.png`) make the folder above their
///   `assets/` folder (or their own folder) React Native;
/// - with no Xcode project, Swift package or asset catalog anywhere in the root, an
///   `assets/` folder holding `@Nx` files is a JavaScript app's: React Native;
/// - everything else is Apple, read by ``AssetCatalog``.
///
/// A root inside such a tree (`assets/images`, `res/drawable-hdpi`) is read as part of it.
/// `layout` overrides detection for the whole root.
///
/// Images are `.png`, `.jpg`, `.jpeg`, `.webp` and `.gif` files; Android also `.xml`
/// drawables (vectors, adaptive icons), in `drawable…` and `mipmap…` folders.
public struct LayoutCatalog: Sendable {
  /// The root, as given.
  public let root: String
  /// The parts of the root and their layouts; the root itself is always one (Apple unless
  /// said otherwise).
  public private(set) var regions: [LayoutRegion] = []
  /// The assets of the Flutter, React Native and Android regions, ordered by region and name.
  public private(set) var assets: [LayoutAsset] = []
  /// What could not be read.
  public private(set) var problems: [LayoutProblem] = []

  package static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "gif"]

  /// Reads `root`.
  ///
  /// - Parameters:
  ///   - root: the folder.
  ///   - layout: read the whole root in this layout; `nil` to detect.
  public init(root: String, layout: Layout? = nil) {
    self.root = root
    var walker = Walker(root: root)
    walker.walk(relative: "", depth: 0)
    problems += walker.problems
    let canonical = FileSystem.realPath(root) ?? root
    var flutterInfo: [String: (pubspec: PubspecAssets?, prefix: String)] = [:]
    if let layout {
      regions = [LayoutRegion(folder: "", layout: layout, reason: "--layout \(layout)")]
      if layout == .flutter { flutterInfo[""] = (readPubspec(""), "") }
    } else {
      detect(walker, canonical: canonical, flutterInfo: &flutterInfo)
    }
    collect(walker.images, canonical: canonical, flutterInfo: flutterInfo)
  }

  /// The region a path (relative to the root) lies in: the deepest one holding it.
  ///
  /// - Parameter path: a file or folder, relative to the root.
  /// - Returns: its region (the root's when no other holds it).
  public func region(of path: String) -> LayoutRegion {
    var best = regions[0]
    for region in regions where region.contains(path) && region.folder.count >= best.folder.count {
      best = region
    }
    return best
  }

  /// The assets of this name: `name` as code spells it (`assets/images/close.png`,
  /// `drawable/ic_launcher`), or qualified by its region (`app/src/main/res:drawable/x`).
  ///
  /// - Parameter name: the name.
  /// - Returns: every asset of that name, one per region that has it.
  public func assets(named name: String) -> [LayoutAsset] {
    assets.filter { $0.name == name || $0.qualifiedName == name }
  }

  /// The layouts used, each once, in the order of ``Layout/allCases``.
  public var layouts: [Layout] {
    let used = Set(regions.map(\.layout))
    return Layout.allCases.filter { used.contains($0) }
  }

  // MARK: - Detection

  private mutating func detect(
    _ walker: Walker, canonical: String,
    flutterInfo: inout [String: (pubspec: PubspecAssets?, prefix: String)]
  ) {
    var found: [LayoutRegion] = []
    // A root inside a tree: the layout is said by a folder above it.
    let components = canonical.split(separator: "/").map(String.init)
    var rootLayout: LayoutRegion?
    if components.count >= 2, components[components.count - 2] == "res",
      LayoutCatalog.isAndroidFolder(components[components.count - 1])
    {
      rootLayout = LayoutRegion(folder: "", layout: .android, reason: "inside a res/ density folder")
    } else if components.last == "res", walker.resFolders.contains("") {
      rootLayout = LayoutRegion(folder: "", layout: .android, reason: "res/ with drawable or mipmap folders")
    } else if let above = LayoutCatalog.enclosingPubspec(of: canonical) {
      rootLayout = LayoutRegion(
        folder: "", layout: .flutter, reason: "inside the Flutter package at \(above.folder)")
      flutterInfo[""] = (LayoutCatalog.readPubspec(at: above.folder + "/pubspec.yaml").0, above.inner)
    } else if components.contains("assets"), !walker.appleEvidence, walker.hasScaledFiles {
      rootLayout = LayoutRegion(
        folder: "", layout: .reactNative,
        reason: "inside an assets/ folder with @Nx files and no Xcode project, Swift package or asset catalog"
      )
    }
    for folder in walker.pubspecs where !(folder.isEmpty && rootLayout != nil) {
      let hasVariants = walker.ratioFolders.contains { folder.isEmpty || $0.hasPrefix(folder + "/") }
      found.append(
        LayoutRegion(
          folder: folder, layout: .flutter,
          reason: hasVariants
            ? "pubspec.yaml beside N.0x/ variant folders" : "pubspec.yaml: a Flutter app or package"))
      flutterInfo[folder] = (readPubspec(folder), "")
    }
    for (folder, reason) in walker.reactNativeMarkers {
      found.append(LayoutRegion(folder: folder, layout: .reactNative, reason: reason))
    }
    for app in found {
      for runner in ["ios", "macos"] {
        let folder = Paths.join(app.folder, runner)
        if walker.folders.contains(folder) {
          found.append(
            LayoutRegion(
              folder: folder, layout: .apple,
              reason: "the \(runner)/ runner of a \(app.layout) app: an Xcode tree"))
        }
      }
    }
    for folder in walker.resFolders where !(folder.isEmpty && rootLayout != nil) {
      found.append(
        LayoutRegion(folder: folder, layout: .android, reason: "res/ with drawable or mipmap folders"))
    }
    let root =
      rootLayout ?? found.first { $0.folder.isEmpty }
      ?? LayoutRegion(folder: "", layout: .apple, reason: "asset catalogs and @Nx files")
    regions = [root] + found.filter { !$0.folder.isEmpty }
    // Metro's platform suffixes, then the assets/ convention, where nothing else claims the files.
    var inferred: [LayoutRegion] = []
    for path in walker.images where region(of: path).layout == .apple && region(of: path).folder.isEmpty {
      let name = MetroName(Paths.lastComponent(of: path))
      let isSuffixed = name.platform == "ios" || name.platform == "android"
      let isConvention = !walker.appleEvidence && name.hasScaleSuffix && root.layout == .apple
      guard isSuffixed || isConvention,
        let folder = LayoutCatalog.appFolder(of: path, requireAssets: !isSuffixed)
      else { continue }
      if inferred.contains(where: { $0.contains(path) }) { continue }
      inferred.append(
        LayoutRegion(
          folder: folder, layout: .reactNative,
          reason: isSuffixed
            ? "files with Metro platform suffixes (\(name.fileName))"
            : "@Nx files in an assets/ folder, and no Xcode project, Swift package or asset catalog in the root"
        ))
    }
    regions += inferred
    regions.sort { $0.folder < $1.folder }
  }

  /// The folder above a path's `assets/` folder (the app), or its own folder.
  static func appFolder(of path: String, requireAssets: Bool) -> String? {
    let parts = path.split(separator: "/").map(String.init).dropLast()
    if let assets = parts.lastIndex(of: "assets") { return parts[..<assets].joined(separator: "/") }
    return requireAssets ? nil : parts.joined(separator: "/")
  }

  static func isAndroidFolder(_ name: String) -> Bool {
    name == "drawable" || name == "mipmap" || name.hasPrefix("drawable-") || name.hasPrefix("mipmap-")
  }

  /// The Flutter package above `canonical` (outside its ios/ and macos/ runners), and the
  /// path from it to `canonical` ending in `/`.
  static func enclosingPubspec(of canonical: String) -> (folder: String, inner: String)? {
    var folder = canonical
    while let slash = folder.lastIndex(of: "/"), folder != "/" {
      folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
      if access(Paths.join(folder, "pubspec.yaml"), F_OK) == 0 {
        let inner = String(canonical.dropFirst(folder.count + (folder == "/" ? 0 : 1))) + "/"
        if inner.hasPrefix("ios/") || inner.hasPrefix("macos/") { return nil }
        return (folder, inner)
      }
    }
    return nil
  }

  private mutating func readPubspec(_ folder: String) -> PubspecAssets? {
    let path = Paths.join(folder, "pubspec.yaml")
    let (assets, problem) = LayoutCatalog.readPubspec(at: Paths.join(root, path))
    if let problem { problems.append(LayoutProblem(path: path, message: problem)) }
    return assets
  }

  static func readPubspec(at path: String) -> (PubspecAssets?, String?) {
    guard let text = TextFile.read(path, limit: 1 << 20) else {
      return (nil, "cannot be read (\(FileSystem.errorText())); every asset is taken as bundled")
    }
    do {
      return (try PubspecAssets(parsing: text), nil)
    } catch {
      return (nil, "\(error); fix the flutter: assets: block (every asset is taken as bundled meanwhile)")
    }
  }

  // MARK: - Assets

  private mutating func collect(
    _ images: [String], canonical: String, flutterInfo: [String: (pubspec: PubspecAssets?, prefix: String)]
  ) {
    var grouped: [String: LayoutAsset] = [:]
    var order: [String] = []
    for path in images {
      let region = region(of: path)
      let inner = region.folder.isEmpty ? path : String(path.dropFirst(region.folder.count + 1))
      let ext = LayoutCatalog.fileExtension(path)
      let name: String
      let candidate: LayoutCandidate
      var declared: Bool?
      switch region.layout {
      case .apple:
        continue
      case .flutter:
        guard LayoutCatalog.imageExtensions.contains(ext) else { continue }
        let info = flutterInfo[region.folder]
        let parsed = FlutterPath((info?.prefix ?? "") + inner)
        // A variant file declared on its own (`assets/x/3.0x/f.png`, its main file not
        // declared) is an asset of its own key in Flutter's bundle, the only file of it.
        let ownKey =
          !parsed.isMain
          && info?.pubspec.map { $0.declaresFile(parsed.path) && !$0.declares(parsed.mainPath) } == true
        name = ownKey ? parsed.path : parsed.mainPath
        candidate = LayoutCandidate(path: path, scale: parsed.ratio, isMainFile: parsed.isMain)
        declared = info?.pubspec.map { $0.declares(parsed.path) }
      case .reactNative:
        guard LayoutCatalog.imageExtensions.contains(ext) else { continue }
        let metro = MetroName(Paths.lastComponent(of: inner))
        let folder = inner.lastIndex(of: "/").map { String(inner[...$0]) } ?? ""
        name = folder + metro.base + (metro.fileExtension.isEmpty ? "" : "." + metro.fileExtension)
        candidate = .metro(path: path, name: metro)
      case .android:
        guard LayoutCatalog.imageExtensions.contains(ext) || ext == "xml" else { continue }
        let full = Paths.join(canonical, path).split(separator: "/").suffix(2).joined(separator: "/")
        guard let folder = full.split(separator: "/").first.map(String.init),
          LayoutCatalog.isAndroidFolder(folder)
        else { continue }
        do {
          var resource = try AndroidResourcePath(full)
          resource.path = path
          name = "\(resource.type)/\(resource.name)"
          candidate = .android(resource)
        } catch {
          problems.append(LayoutProblem(path: path, message: "\(error.reason); AAPT ignores or refuses it"))
          continue
        }
      }
      let key = region.folder + "\u{0}" + name
      if grouped[key] == nil {
        order.append(key)
        grouped[key] = LayoutAsset(
          name: name, layout: region.layout, region: region.folder, candidates: [], isDeclared: declared)
      }
      grouped[key]!.candidates.append(candidate)
      if declared == true { grouped[key]!.isDeclared = true }
    }
    assets = order.map { key in
      var asset = grouped[key]!
      asset.candidates.sort { ($0.scale, $0.path) < ($1.scale, $1.path) }
      return asset
    }
    assets.sort { ($0.region, $0.name) < ($1.region, $1.name) }
  }

  package static func fileExtension(_ path: String) -> String { Paths.fileExtension(of: path) }
}

/// The walk of a root for layout detection: image files, marker files and folders.
struct Walker {
  let root: String
  var images: [String] = []
  var folders: Set<String> = []
  var pubspecs: [String] = []
  var reactNativeMarkers: [(String, String)] = []
  var resFolders: [String] = []
  var ratioFolders: [String] = []
  var appleEvidence = false
  var hasScaledFiles = false
  var problems: [LayoutProblem] = []

  init(root: String) { self.root = root }

  mutating func walk(relative: String, depth: Int) {
    guard depth < 64 else { return }
    let full = Paths.join(root, relative)
    let names = FileSystem.entryNames(of: full).sorted()
    var androidChildren = false
    for name in names where !name.hasPrefix(".") {
      let path = Paths.join(relative, name)
      var info = stat()
      guard lstat(Paths.join(full, name), &info) == 0 else { continue }
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR {
        if name.hasSuffix(".xcassets") || name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
          appleEvidence = true
          continue
        }
        if name == "node_modules" || name == "Pods" || name == "build" { continue }
        if LayoutCatalog.isAndroidFolder(name) { androidChildren = true }
        if FlutterPath.ratio(ofFolder: name) != nil { ratioFolders.append(path) }
        folders.insert(path)
        walk(relative: path, depth: depth + 1)
      } else if kind == S_IFREG {
        switch name {
        case "pubspec.yaml": pubspecs.append(relative)
        case "Package.swift": appleEvidence = true
        case "package.json":
          if let text = TextFile.read(Paths.join(full, name), limit: 1 << 20),
            text.contains("\"react-native\"") || text.contains("\"expo\"")
          {
            reactNativeMarkers.append((relative, "package.json names react-native"))
          }
        case "app.json":
          if let text = TextFile.read(Paths.join(full, name), limit: 1 << 20),
            text.contains("\"expo\"") || text.contains("\"displayName\"")
          {
            reactNativeMarkers.append((relative, "app.json of a React Native app"))
          }
        default:
          let ext = LayoutCatalog.fileExtension(name)
          if LayoutCatalog.imageExtensions.contains(ext) || ext == "xml" {
            images.append(path)
            if MetroName(name).hasScaleSuffix { hasScaledFiles = true }
          }
        }
      }
    }
    if androidChildren,
      Paths.lastComponent(of: relative) == "res" || (relative.isEmpty && root.hasSuffix("/res"))
    {
      resFolders.append(relative)
    }
  }
}

/// Reads small text files whole.
enum TextFile {
  /// The file's text, or `nil` when it cannot be read or is larger than `limit` bytes.
  static func read(_ path: String, limit: Int) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: limit + 1)
    let count = bytes.withUnsafeMutableBytes { FileSystem.readFully(fd, into: $0) }
    guard count >= 0, count <= limit else { return nil }
    return String(decoding: bytes[..<count], as: UTF8.self)
  }
}
