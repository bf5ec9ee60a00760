import IconGridSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension CatalogScanner {
  // MARK: - Plain folders

  /// Lists a folder whose descriptor `fd` this call takes over.
  mutating func walk(_ fd: Int32, relative: String) {
    guard let directory = openDirectory(fd, relative: relative) else { return }
    defer { closedir(directory) }
    let directoryFD = dirfd(directory)
    // Joined once per folder, not once per file.
    let prefixes = Prefixes(root: root, folder: relative)
    var looseHere: [String: [Variant]] = [:]
    defer { addLoose(looseHere, prefixes) }
    FileSystem.forEachEntry(of: directory) { name, type in
      if name[0] == 0x2E { return }  // ".", ".." and hidden files
      var kind = type
      if kind == UInt8(DT_UNKNOWN) { kind = FileSystem.type(at: directoryFD, name) }
      switch kind {
      case UInt8(DT_REG):
        if FileSystem.hasSuffix(name, ".png") {
          addLoose(prefixes, name: name, in: relative, to: &looseHere)
        } else if strcmp(name, "pubspec.yaml") == 0 {
          flutterProjects.append(relative)
        } else if strcmp(name, "Package.swift") == 0 {
          swiftPackages.append(relative)
        } else if FileSystem.hasSuffix(name, "Info.plist") || strcmp(name, "Info.plist") == 0,
          let file = text(of: name, in: relative), file == "Info.plist" || file.hasSuffix("-Info.plist")
        {
          infoPlists.append(Paths.join(relative, file))
        } else if let reason = CatalogScanner.projectMarker(name) {
          otherProjects.append((relative, reason))
        } else if strcmp(name, "app.json") == 0,
          let text = TextFile.read(
            Paths.join(Paths.join(root, relative), "app.json"), limit: 1 << 20),
          text.contains("\"expo\"") || text.contains("\"displayName\"")
        {
          reactNativeRoots.append(relative)
        }
      case UInt8(DT_DIR):
        guard let folder = text(of: name, in: relative) else { return }
        let child = Paths.join(relative, folder)
        let childFD = openat(directoryFD, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard childFD >= 0 else {
          problems.append(unreadable(child))
          return
        }
        if CatalogScanner.isCatalog(folder) {
          walkCatalog(childFD, relative: child, namespace: "")
        } else if FileSystem.hasSuffix(name, ".xcodeproj") {
          projects.append(child)  // read after the walk; it holds no images
          close(childFD)
        } else if folder.hasSuffix(".icon") {
          scanIconDocument(childFD, relative: child)
        } else {
          if CatalogScanner.isAndroidResourceFolder(folder, parent: relative) {
            androidFolders.append(child)
          }
          walk(childFD, relative: child)
        }
      case UInt8(DT_LNK):
        guard let file = text(of: name, in: relative) else { return }
        // Followed after the walk, so the real folder, not a link to it, is where its
        // files are indexed, whatever order the folders are listed in.
        pendingLinks.append(Paths.join(relative, file))
      default:
        return
      }
    }
  }

  /// Follows the links the walks put aside, and those found behind them, in order.
  mutating func followPendingLinks() {
    var next = 0
    while next < pendingLinks.count {
      let link = pendingLinks[next]
      next += 1
      followLink(relative: link)
    }
    pendingLinks.removeAll()
  }

  /// A symbolic link is followed only when it resolves inside the root, and a folder it
  /// leads to only when that folder is not indexed already; anything else is a problem.
  mutating func followLink(relative: String) {
    let full = Paths.join(root, relative)
    guard let target = FileSystem.realPath(full) else {
      problems.append(
        CatalogProblem(
          kind: .brokenSymlink, path: relative,
          message: "symbolic link leads nowhere (its target does not exist)"))
      return
    }
    guard let canonicalRoot, FileSystem.isInside(target, root: canonicalRoot) else {
      problems.append(
        CatalogProblem(
          kind: .symlinkOutsideRoot, path: relative,
          message: "symbolic link leads outside the root (to \(target)); not followed"))
      return
    }
    var info = stat()
    guard stat(target, &info) == 0 else { return }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
      if let first = visited[id] {
        let place = first.isEmpty ? "the root" : first
        problems.append(
          CatalogProblem(
            kind: .symlinkToIndexedFolder, path: relative,
            message:
              "symbolic link to a folder indexed as \(place); its files are indexed there, not again here"))
        return
      }
      let fd = open(target, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard fd >= 0 else {
        problems.append(unreadable(relative))
        return
      }
      if CatalogScanner.isCatalog(relative) || CatalogScanner.isCatalog(target) {
        walkCatalog(fd, relative: relative, namespace: "")
      } else if relative.hasSuffix(".icon") {
        scanIconDocument(fd, relative: relative)
      } else {
        walk(fd, relative: relative)
      }
    } else if (info.st_mode & S_IFMT) == S_IFREG, relative.hasSuffix(".png") {
      let slash = relative.lastIndex(of: "/")
      let folder = slash.map { String(relative[..<$0]) } ?? ""
      let file = slash.map { String(relative[relative.index(after: $0)...]) } ?? relative
      addLoose(Prefixes(root: root, folder: folder), file: file)
    }
  }

  /// Whether `folder` in `parent` is an Android density folder (`res/drawable-hdpi`,
  /// `res/mipmap-xxxhdpi`, `res/drawable-v11`, `res/raw`…), whose images follow Android's rules.
  static func isAndroidResourceFolder(_ folder: String, parent: String) -> Bool {
    guard folder.hasPrefix("drawable") || folder.hasPrefix("mipmap") || folder.hasPrefix("raw") else {
      return false
    }
    return parent == "res" || parent.hasSuffix("/res")
  }

  /// Moves the loose files of Android resource folders and Flutter projects out of the
  /// UIKit loose assets into ``skipped``: their variants are not `@Nx` files, and UIKit's
  /// rule would call every one of them incomplete.
  ///
  /// Without an Xcode project in the root, the loose files of an Android or JavaScript
  /// project (store art, screenshots, web images) are set aside too; with one, the targets'
  /// resources already say which loose files ship.
  mutating func setAsideOtherLayouts() {
    // A React Native app's app.json says its images are Metro's (outside its ios/ and
    // android/ projects), with or without an Xcode project in the root.
    let others =
      reactNativeRoots.map { ($0.isEmpty ? "" : $0 + "/", SkippedFile.Reason.reactNativeAsset) }
      + (projects.isEmpty
        ? reactNativeApps().map { ($0, SkippedFile.Reason.reactNativeAsset) }
          + otherProjects.map { ($0.folder.isEmpty ? "" : $0.folder + "/", $0.reason) } : [])
    guard !androidFolders.isEmpty || !flutterProjects.isEmpty || !others.isEmpty else { return }
    let android = androidFolders.map { $0.isEmpty ? "" : $0 + "/" }
    let flutter = flutterProjects.map { $0.isEmpty ? "" : $0 + "/" }
    setAsideLoose { variant in
      if android.contains(where: { variant.path.hasPrefix($0) }) { return .androidResource }
      if flutter.contains(where: { CatalogScanner.isFlutterAsset(variant.path, project: $0) }),
        !flutter.contains(where: {
          variant.path.hasPrefix($0 + "ios/") || variant.path.hasPrefix($0 + "macos/")
        })
      {
        return .flutterAsset
      }
      // The same test as Flutter's: outside the project's ios/ and macos/ folders.
      return others.first(where: {
        CatalogScanner.isFlutterAsset(variant.path, project: $0.0)
          && !variant.path.dropFirst($0.0.count).hasPrefix("android/")
      })?.1
    }
  }

  /// Moves each loose file `reason` gives a reason for into ``skipped``, in the order of
  /// ``looseVariants``, dropping a name left with no file; the others stay as they were.
  ///
  /// Most files of a tree stay: a name's variants are copied only once one of them goes,
  /// and the table is changed after the pass, not copied by a change during it.
  mutating func setAsideLoose(_ reason: (Variant) -> SkippedFile.Reason?) {
    var changed: [(key: String, kept: [Variant])] = []
    for (key, variants) in looseVariants {
      var kept: [Variant]?
      for (index, variant) in variants.enumerated() {
        if let reason = reason(variant) {
          skipped.append(SkippedFile(path: variant.path, reason: reason))
          if kept == nil { kept = Array(variants[..<index]) }
        } else {
          kept?.append(variant)
        }
      }
      if let kept { changed.append((key, kept)) }
    }
    for (key, kept) in changed { looseVariants[key] = kept.isEmpty ? nil : kept }
  }

  /// Without an Xcode project (the name spaces come from no targets): loose files outside
  /// every app folder, in documentation folders, or in a tree that holds another platform's
  /// project and no Apple app, set aside with the reason; a plain folder of icons keeps all.
  mutating func setAsideOutsideApps() {
    let apps = appFolders
    let hasOtherProjects = !androidFolders.isEmpty || !flutterProjects.isEmpty || !otherProjects.isEmpty
    // A plain folder of icons: no file can be set aside, so none is looked at.
    guard !apps.isEmpty || hasOtherProjects || looseInDocumentation else { return }
    setAsideLoose { variant in
      if CatalogScanner.isDocumentation(variant.path) { return .documentation }
      if !apps.isEmpty, CatalogScanner.appFolder(of: variant.path, in: apps) == nil {
        return .outsideAppFolders
      }
      if apps.isEmpty, hasOtherProjects { return .noAppleApp }
      return nil
    }
  }

  /// Without an Xcode project, the folders that hold an Apple app or package, relative to
  /// the root, sorted: each folder holding an `Info.plist` (`NAME-Info.plist`) or a
  /// `Package.swift`, and a Flutter project's `ios/` and `macos/` runners. Empty when there
  /// is none (a plain folder of icons, a folder of catalogs).
  var appFolders: [String] {
    var folders = Set(infoPlists.map(CatalogScanner.parent(of:)) + swiftPackages)
    for project in flutterProjects {
      for runner in ["ios", "macos"] { folders.insert(Paths.join(project, runner)) }
    }
    return folders.sorted()
  }

  /// The deepest of `folders` that holds `path`, or `nil`.
  static func appFolder(of path: String, in folders: [String]) -> String? {
    folders.filter { $0.isEmpty || path.hasPrefix($0 + "/") }.max { $0.count < $1.count }
  }

  /// Whether a path lies in a folder of documentation or store metadata, which no bundle
  /// holds: `fastlane/`, `docs/`, `doc/`, `documentation/`, `screenshots/`, `metadata/`.
  static func isDocumentation(_ path: String) -> Bool {
    // On bytes, once per file of the tree: the folder names are ASCII, and no other
    // text lower-cases to one of them.
    Paths.containsComponent(path, exceptLast: true, where: isDocumentationFolder)
  }

  /// Whether a folder name (UTF-8 bytes) is one ``isDocumentation(_:)`` sets aside.
  static func isDocumentationFolder(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    documentationFolders.contains { Paths.equalsIgnoringASCIICase(name, $0) }
  }

  /// The folders ``isDocumentation(_:)`` sets aside, lower-case.
  private static let documentationFolders = [
    "fastlane", "docs", "doc", "documentation", "screenshots", "metadata",
  ]

  /// The reason a file of this name marks its folder as a non-Apple project, if it does.
  static func projectMarker(_ name: UnsafePointer<CChar>) -> SkippedFile.Reason? {
    for marker in ["build.gradle", "build.gradle.kts", "settings.gradle", "AndroidManifest.xml"]
    where strcmp(name, marker) == 0 {
      return .androidProject
    }
    return strcmp(name, "package.json") == 0 ? .javascriptProject : nil
  }

  /// Whether `path` lies in the Flutter project at `project` (empty or ending in `/`)
  /// outside its `ios/` and `macos/` runners, which are Xcode projects of their own.
  static func isFlutterAsset(_ path: String, project: String) -> Bool {
    guard path.hasPrefix(project) else { return false }
    let inner = path.dropFirst(project.count)
    return !inner.hasPrefix("ios/") && !inner.hasPrefix("macos/")
  }

  /// A folder's path relative to the root and from the root, each ending in `/`, and what
  /// the passes after the walk ask of every file's folders, answered once per folder.
  struct Prefixes {
    var relative: String
    var full: String
    /// Whether a folder of the path is a documentation folder (see ``isDocumentation(_:)``).
    var inDocumentation: Bool
    /// Whether a folder of the path is `assets` (see ``mayBeMetroAsset(_:)``).
    var inAssetsFolder: Bool

    init(root: String, folder: String) {
      relative = folder.isEmpty ? "" : folder + "/"
      full = (root.hasSuffix("/") ? root : root + "/") + relative
      inDocumentation = Paths.containsComponent(folder, where: CatalogScanner.isDocumentationFolder)
      inAssetsFolder = Paths.containsComponent(folder) { $0.elementsEqual("assets".utf8) }
    }
  }

  /// Adds a loose file found by a link, outside its folder's listing.
  mutating func addLoose(_ prefixes: Prefixes, file: String) {
    var file = file
    var folder: [String: [Variant]] = [:]
    file.withUTF8 { addLoose(prefixes, file: $0, to: &folder) }
    addLoose(folder, prefixes)
  }

  /// Adds the loose file a folder listing names (`name`, in the folder `relative`) to
  /// `folder`, or records the problem when the name is not UTF-8 (see ``text(of:in:)``).
  mutating func addLoose(
    _ prefixes: Prefixes, name: UnsafePointer<CChar>, in relative: String,
    to folder: inout [String: [Variant]]
  ) {
    let length = strlen(name)
    name.withMemoryRebound(to: UInt8.self, capacity: length) { start in
      let bytes = UnsafeBufferPointer(start: start, count: length)
      // ASCII is UTF-8; only another name is checked, as every other entry is.
      guard bytes.allSatisfy({ $0 < 0x80 }) || text(of: name, in: relative) != nil else { return }
      addLoose(prefixes, file: bytes, to: &folder)
    }
  }

  /// Adds a loose file, its name's UTF-8 bytes, to `folder`: its variants by base name.
  ///
  /// The name is read in place, and each string the variant keeps (its path from the folder,
  /// its full path) is made once at its length: the index does this for every file of a tree.
  mutating func addLoose(
    _ prefixes: Prefixes, file: UnsafeBufferPointer<UInt8>, to folder: inout [String: [Variant]]
  ) {
    // The file's path is its folder's plus its name, so each test of the path is the
    // folder's answer or a test of the name.
    if prefixes.inDocumentation { looseInDocumentation = true }
    if !looseMayBeMetro,
      prefixes.inAssetsFolder || Paths.containsBytes(file, ".ios.") || Paths.containsBytes(file, ".android.")
    {
      looseMayBeMetro = true
    }
    let parts = AssetName.parts(of: file)
    let variant = Variant(
      path: Paths.appending(file, to: prefixes.relative), fullPath: Paths.appending(file, to: prefixes.full),
      scale: parts.scale ?? 1, idiom: parts.idiom,
      suspiciousSuffix: parts.suspiciousRange.map {
        String(decoding: UnsafeBufferPointer(rebasing: file[$0]), as: UTF8.self)
      })
    let base = String(decoding: UnsafeBufferPointer(rebasing: file[..<parts.baseEnd]), as: UTF8.self)
    Asset.insert(variant, into: &folder[base, default: []])
  }

  /// Puts one folder's loose files, by base name, into ``looseVariants`` under their path
  /// keys: each key is joined and hashed once per name, not once per file.
  mutating func addLoose(_ folder: [String: [Variant]], _ prefixes: Prefixes) {
    looseVariants.merge(folder.lazy.map { (prefixes.relative + $0.key, $0.value) }) { $0 + $1 }
  }

  /// `fdopendir`, refusing to enter a folder twice (a symbolic link loop).
  mutating func openDirectory(_ fd: Int32, relative: String) -> OpaquePointer? {
    var info = stat()
    if fstat(fd, &info) == 0 {
      let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
      if let first = visited[id] {
        // Only a link (or a mount) reaches a folder twice; say so rather than drop it.
        problems.append(
          CatalogProblem(
            kind: .symlinkToIndexedFolder, path: relative,
            message:
              "the folder is also reached as \(first.isEmpty ? "the root" : first); indexed there, not again here"
          ))
        close(fd)
        return nil
      }
      visited[id] = relative
    }
    guard let directory = fdopendir(fd) else {
      problems.append(unreadable(relative))
      close(fd)
      return nil
    }
    return directory
  }

  /// The entry's name as a string, or `nil` with a problem recorded when it is not UTF-8:
  /// a repaired name would name a file that does not exist, and no request could match it.
  mutating func text(of name: UnsafePointer<CChar>, in relative: String) -> String? {
    if let text = String(validatingCString: name) { return text }
    let shown = String(
      decoding: UnsafeBufferPointer(start: name, count: strlen(name)).map { UInt8(bitPattern: $0) },
      as: UTF8.self)
    problems.append(
      CatalogProblem(
        kind: .nonUTF8Name, path: Paths.join(relative, shown),
        message: "the name is not valid UTF-8; skipped"))
    return nil
  }

  func unreadable(_ relative: String) -> CatalogProblem {
    CatalogProblem(
      kind: .unreadableFolder, path: relative, message: "cannot list the folder: \(FileSystem.errorText())")
  }

}
