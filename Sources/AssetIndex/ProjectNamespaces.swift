import IconGridSupport

/// A file the index found and left out of every name space, and why.
///
/// The check reports these as counts ("12 files not in any target's resources; not
/// checked") so that what it did not look at is said, never silently dropped.
public struct SkippedFile: Sendable, Hashable, CustomStringConvertible {
  /// Why a file was left out. Extensible: switch with a `default`.
  public struct Reason: Sendable, Hashable, CustomStringConvertible {
    /// A stable, kebab-case name for reports.
    public let description: String
    private init(_ name: String) { description = name }

    /// The root holds an Xcode project and no target copies the file (screenshots,
    /// README images, snapshot-test references): it does not ship.
    public static let notInAnyTarget = Reason("not-in-any-target")
    /// The file lies in an Android resource folder (`res/drawable-hdpi`, `res/mipmap-…`),
    /// whose density rules are not UIKit's.
    public static let androidResource = Reason("android-resource")
    /// The file is a Flutter asset variant (`2.0x/`, `3.0x/` beside a `pubspec.yaml`, and
    /// the images they are variants of), whose rule is not UIKit's.
    public static let flutterAsset = Reason("flutter-asset")
    /// The file lies in an Android project (beside `build.gradle`, `settings.gradle` or
    /// `AndroidManifest.xml`) and the root holds no Xcode project: store art and
    /// resources, not UIKit images.
    public static let androidProject = Reason("android-project")
    /// The file lies in a JavaScript project (beside a `package.json`) and the root holds
    /// no Xcode project: Metro's or the web's images, not UIKit's.
    public static let javascriptProject = Reason("javascript-project")
    /// The file lies in a React Native app (see ``LayoutCatalog`` for how one is
    /// recognised), whose images Metro chooses.
    public static let reactNativeAsset = Reason("react-native-asset")
    /// The root holds no Xcode project but Apple app folders (an Info.plist, an asset
    /// catalog, a `Package.swift`), and the file lies in none of them: README and website
    /// images, design sources, not a bundle's resources.
    public static let outsideAppFolders = Reason("outside-app-folders")
    /// The root holds an Android, Flutter or JavaScript project and no Apple app at all (no
    /// Xcode project, Info.plist, asset catalog or `Package.swift`): its loose images are
    /// store art and documentation, not UIKit's.
    public static let noAppleApp = Reason("no-apple-app")
    /// Without an Xcode project, the file lies in a folder of documentation or store
    /// metadata (`fastlane/`, `docs/`, `screenshots/`, `metadata/`), which no bundle holds.
    public static let documentation = Reason("documentation")
  }

  /// The file, relative to the root.
  public var path: String
  /// Why it is in no name space.
  public var reason: Reason

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - path: the file, relative to the root.
  ///   - reason: why it was left out.
  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// `path (reason)`.
  public var description: String { "\(path) (\(reason))" }
}

/// What a target's bundle holds, in paths relative to the index's root: the input from
/// which a target's name space is built.
struct TargetResources {
  /// The name space identifier (the target's name, qualified by its project when two
  /// projects have targets of that name).
  var id: String
  /// The target as its project describes it; `nil` for a description made by hand.
  var target: XcodeTarget? = nil
  /// The `.xcodeproj` folder, relative to the root.
  var project: String? = nil
  /// The `.xcassets` folders the target compiles.
  var catalogs: [String]
  /// Loose files it copies flat, by their own file name.
  var files: [String]
  /// Folder references it copies whole, under the folder's own name.
  var folders: [String]
  /// What its Info.plist (and the keys its settings generate) say.
  var info: AppInfo? = nil
}

extension CatalogScanner {
  /// The index in name spaces when the root holds a project: one per target, as its
  /// bundle sees it, plus one per catalog no target compiles. Loose files no target
  /// copies are in no name space and are returned as skipped.
  func index(targets: [TargetResources]) -> (index: Index, skipped: [SkippedFile]) {
    var setsByCatalog: [String: [Asset]] = [:]
    for asset in setAssets { setsByCatalog[catalogID(of: asset.location), default: []].append(asset) }
    var filesByPath: [String: Variant] = [:]
    for variants in looseVariants.values {
      for variant in variants { filesByPath[variant.path] = variant }
    }
    var claimedCatalogs: Set<String> = []
    var shipped: Set<String> = []
    var namespaces: [AssetNamespace] = []
    for target in targets {
      var assets: [Asset] = []
      var catalogs: [String] = []
      for catalog in Set(target.catalogs) {
        claimedCatalogs.insert(catalog)
        catalogs.append(catalog)
        assets += setsByCatalog[catalog] ?? []
      }
      // Copied flat: `icon.png` and `icon@2x.png` from anywhere are the target's "icon".
      var loose: [String: [Variant]] = [:]
      for path in Set(target.files) {
        guard let variant = filesByPath[path] else { continue }
        shipped.insert(path)
        loose[AssetName(parsing: Paths.lastComponent(of: path)).base, default: []].append(variant)
      }
      var looseAssets = CatalogScanner.flatAssets(loose)
      for folder in Set(target.folders) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let shown = Paths.lastComponent(of: folder) + "/"
        var inFolder: [String: [Variant]] = [:]
        for (path, variant) in filesByPath where path.hasPrefix(prefix) {
          shipped.insert(path)
          let inner = String(path.dropFirst(prefix.count))
          let slash = inner.lastIndex(of: "/")
          let folderPart = slash.map { String(inner[...$0]) } ?? ""
          let file = slash.map { String(inner[inner.index(after: $0)...]) } ?? inner
          inFolder[shown + folderPart + AssetName(parsing: file).base, default: []].append(variant)
        }
        looseAssets += inFolder.map { Asset(name: $0.key, source: .looseFiles, variants: $0.value) }
      }
      var namespace = AssetNamespace(
        id: target.id, kind: .target, assets: assets + looseAssets, catalogs: catalogs)
      namespace.target = target.target
      namespace.project = target.project
      namespace.info = target.info
      namespaces.append(namespace)
    }
    namespaces.sort { $0.id < $1.id }
    for (catalog, assets) in setsByCatalog.sorted(by: { $0.key < $1.key })
    where !claimedCatalogs.contains(catalog) {
      namespaces.append(AssetNamespace(id: catalog, kind: .catalog, assets: assets, catalogs: [catalog]))
    }
    let skipped = filesByPath.keys.filter { !shipped.contains($0) }.sorted().map {
      SkippedFile(path: $0, reason: .notInAnyTarget)
    }
    return (Index(namespaces: namespaces), skipped)
  }

  /// Files copied flat under one base name: one asset (`icon.png` and `icon@2x.png` are
  /// one image in the bundle, wherever they come from), or, when two files of the same
  /// file name would land on one another, an asset for each copy, so the index reports
  /// the duplicate.
  /// Where a file copied flat lands in the bundle: its file name, under its `.lproj`
  /// folder when it is a localized variant.
  static func bundlePath(of path: String) -> String {
    let file = Paths.lastComponent(of: path)
    guard let slash = path.lastIndex(of: "/") else { return file }
    let folder = Paths.lastComponent(of: String(path[..<slash]))
    return folder.hasSuffix(".lproj") ? folder + "/" + file : file
  }

  static func flatAssets(_ loose: [String: [Variant]]) -> [Asset] {
    var assets: [Asset] = []
    for (name, variants) in loose {
      var buckets: [(files: Set<String>, variants: [Variant])] = []
      for variant in variants.sorted(by: { $0.path < $1.path }) {
        // Localized variants (`en.lproj/x.png`, `fr.lproj/x.png`) share a file name; each
        // goes to its own `.lproj` folder of the bundle and only one reaches a device.
        let file = CatalogScanner.bundlePath(of: variant.path)
        if let free = buckets.firstIndex(where: { !$0.files.contains(file) }) {
          buckets[free].files.insert(file)
          buckets[free].variants.append(variant)
        } else {
          buckets.append(([file], [variant]))
        }
      }
      for bucket in buckets {
        assets.append(Asset(name: name, source: .looseFiles, variants: bucket.variants))
      }
    }
    return assets
  }
}

extension TargetResources {
  /// The targets of the projects at `projects` (paths relative to `root`), each with its
  /// resources relative to `root`; a project that cannot be read is a problem.
  static func read(projects: [String], root: String) -> (
    targets: [TargetResources], problems: [CatalogProblem]
  ) {
    var targets: [TargetResources] = []
    var problems: [CatalogProblem] = []
    for project in projects.sorted() {
      let parsed: XcodeProject
      do {
        parsed = try XcodeProject(contentsOf: Paths.join(root, project))
      } catch {
        problems.append(
          CatalogProblem(
            kind: .projectUnreadable, path: project,
            message: "the project cannot be read (\(error)); its targets are not name spaces"))
        continue
      }
      let directory = project.lastIndex(of: "/").map { String(project[..<$0]) } ?? ""
      for target in parsed.targets {
        var resources = TargetResources(id: target.name, catalogs: [], files: [], folders: [])
        resources.target = target
        resources.project = project
        for resource in target.resources {
          guard let path = TargetResources.normalized(Paths.join(directory, resource.path)) else {
            continue
          }
          switch resource.kind {
          case .assetCatalog: resources.catalogs.append(path)
          case .file: resources.files.append(path)
          case .folderReference: resources.folders.append(path)
          default: continue
          }
        }
        resources.info = AppInfo.of(
          target, base: TargetResources.infoPlist(of: target, directory: directory, root: root))
        targets.append(resources)
      }
    }
    qualifySharedNames(&targets)
    return (targets, problems)
  }

  /// Gives every target a name space identifier of its own: a target whose name another
  /// target shares is qualified by its project (`Old/App`, `New/App`), and by as many of the
  /// project's folders as tell the projects apart when they have one file name
  /// (`code/wolf3d/wolf3d` and `newCode/wolf3d/wolf3d`, from `code/wolf3d.xcodeproj` and
  /// `newCode/wolf3d.xcodeproj`). Targets of one name in one project are numbered
  /// (`App`, `App (2)`), in the project's order.
  ///
  /// A name space is found by its identifier (confining a library to it, `--target`, a
  /// sheet's section), so two with one identifier would make the second unreachable.
  static func qualifySharedNames(_ targets: inout [TargetResources]) {
    var groups: [String: [Int]] = [:]
    for index in targets.indices { groups[targets[index].id, default: []].append(index) }
    for (name, members) in groups where members.count > 1 {
      // The project's path without `.xcodeproj`, as components: `code/iphone/wolf3d`.
      let folders = members.map { index -> [Substring] in
        let project = targets[index].project ?? ""
        let stem = project.hasSuffix(".xcodeproj") ? String(project.dropLast(".xcodeproj".count)) : project
        return stem.split(separator: "/")
      }
      let deepest = folders.map(\.count).max() ?? 0
      var depth = 1
      while depth < deepest, Set(folders.map { $0.suffix(depth) }).count < Set(folders).count {
        depth += 1
      }
      var used: [String: Int] = [:]
      for (member, path) in zip(members, folders) {
        let qualified = (path.suffix(depth) + [Substring(name)]).joined(separator: "/")
        used[qualified, default: 0] += 1
        let copy = used[qualified]!
        targets[member].id = copy == 1 ? qualified : "\(qualified) (\(copy))"
      }
    }
  }

  /// The target's own Info.plist (`INFOPLIST_FILE`, relative to its project's directory),
  /// when it is in the tree and reads as a property list.
  static func infoPlist(of target: XcodeTarget, directory: String, root: String) -> AppInfo? {
    guard var file = target.infoPlistFile else { return nil }
    for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"]
    where file.hasPrefix(prefix) {
      file.removeFirst(prefix.count)
    }
    guard let path = TargetResources.normalized(Paths.join(directory, file)) else { return nil }
    return try? AppInfo(contentsOf: Paths.join(root, path), path: path)
  }

  /// `path` without `.` components and with each `..` applied; `nil` when it climbs above
  /// the root (such an item is no file of this index).
  static func normalized(_ path: String) -> String? {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }
}
