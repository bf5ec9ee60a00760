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
  // MARK: - Asset catalogs

  /// Lists an `.xcassets` (or `.xcstickers`) folder, a group inside one or a container
  /// set's folder; `namespace` ends with `/` or is empty; `container` is the enclosing set.
  mutating func walkCatalog(_ fd: Int32, relative: String, namespace: String, container: String? = nil) {
    guard let directory = openDirectory(fd, relative: relative) else { return }
    defer { closedir(directory) }
    let directoryFD = dirfd(directory)
    FileSystem.forEachEntry(of: directory) { name, type in
      if name[0] == 0x2E { return }
      var kind = type
      if kind == UInt8(DT_UNKNOWN) { kind = FileSystem.type(at: directoryFD, name) }
      guard kind == UInt8(DT_DIR) || kind == UInt8(DT_LNK) else { return }
      guard let folder = text(of: name, in: relative) else { return }
      let child = Paths.join(relative, folder)
      if kind == UInt8(DT_LNK) {
        followCatalogLink(relative: child, folder: folder, namespace: namespace, container: container)
        return
      }
      let childFD = openat(directoryFD, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard childFD >= 0 else {
        problems.append(unreadable(child))
        return
      }
      enterCatalogFolder(
        childFD, relative: child, folder: folder, namespace: namespace, container: container)
    }
  }

  /// A symbolic link in a catalog: a link to a folder inside the root is read as that
  /// folder at the link's place (Xcode follows it too); any other link is a problem, never
  /// silence. A link to a file outside a set is ignored like any loose file in a group.
  mutating func followCatalogLink(relative: String, folder: String, namespace: String, container: String?) {
    guard let target = FileSystem.realPath(Paths.join(root, relative)), let canonicalRoot,
      FileSystem.isInside(target, root: canonicalRoot)
    else {
      problems.append(
        CatalogProblem(
          kind: .symlinkOutsideRoot, path: relative,
          message: "symbolic link leads outside the root (or nowhere); not followed"))
      return
    }
    let fd = open(target, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      close(fd)
      return
    }
    let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    if let here = FileSystem.realPath(Paths.join(root, CatalogScanner.parent(of: relative))),
      here == target || here.hasPrefix(target.hasSuffix("/") ? target : target + "/")
    {
      close(fd)
      problems.append(
        CatalogProblem(
          kind: .symlinkLoop, path: relative,
          message: "symbolic link to a folder that contains it (a loop); not followed"))
      return
    }
    // The target may be indexed at its own place too: read it again here, and leave the
    // record of visited folders as it was, so that its own place is still read.
    let saved = visited
    visited[id] = nil
    enterCatalogFolder(fd, relative: relative, folder: folder, namespace: namespace, container: container)
    visited = saved
  }

  /// Reads one folder of a catalog by its kind: a set, a container, a skipped kind, an Icon
  /// Composer document or a group. Takes over `fd`.
  mutating func enterCatalogFolder(
    _ fd: Int32, relative: String, folder: String, namespace: String, container: String?
  ) {
    guard let (kind, base) = SetKind.of(folder: folder) else {
      var inner = namespace
      switch ContentsFile.read(at: fd) {
      case .success(let contents?):
        if contents.properties?.providesNamespace == true { inner += folder + "/" }
      case .success(nil):
        break
      case .failure(let reason):
        problems.append(
          CatalogProblem(
            kind: .catalogInvalid, path: Paths.join(relative, "Contents.json"), message: reason.text)
        )
      }
      walkCatalog(fd, relative: relative, namespace: inner, container: container)
      return
    }
    let name = namespace + base
    let preview = CatalogScanner.isPreview(relative)
    if kind.isImageSource {
      scanSet(fd, relative: relative, name: name, kind: kind, container: container)
    } else if kind.isContainer {
      var set = CatalogSet(
        kind: kind, name: name, path: relative, slots: [], files: [], isValid: true, container: container,
        isPreview: preview)
      var inner = name + "/"
      switch ContentsFile.read(at: fd) {
      case .success(let contents?):
        set.properties = contents.properties?.setProperties ?? SetProperties()
      case .success(nil):
        break
      case .failure(let reason):
        set.isValid = false
        problems.append(
          CatalogProblem(
            kind: .catalogInvalid, path: Paths.join(relative, "Contents.json"), message: reason.text)
        )
      }
      // A sprite atlas is a group: its image sets keep their own names.
      if kind == .spriteAtlas { inner = namespace + (set.properties.providesNamespace ? base + "/" : "") }
      sets.append(set)
      walkCatalog(fd, relative: relative, namespace: inner, container: relative)
    } else if kind == .iconDocument {
      sets.append(CatalogScanner.iconSet(fd, relative: relative, name: name, container: container))
      close(fd)
    } else {
      var set = CatalogSet(
        kind: kind, name: name, path: relative, slots: [], files: [], isValid: true, container: container,
        isPreview: preview)
      if case .failure = ContentsFile.read(at: fd) { set.isValid = false }
      close(fd)
      sets.append(set)
    }
  }

  /// An Icon Composer document as a set: its layers, and a problem for each missing one.
  static func iconSet(_ fd: Int32, relative: String, name: String, container: String?) -> CatalogSet {
    let document = IconDocument.read(at: fd, relative: relative)
    return CatalogSet(
      // Its files are the document's (IconDocument.files), not a set's slot files.
      kind: .iconDocument, name: name, path: relative, slots: [], files: [],
      isValid: document.problem == nil, container: container, isPreview: isPreview(relative),
      iconDocument: document)
  }

  /// Reads an Icon Composer document met outside a catalog (`App/AppIcon.icon`).
  mutating func scanIconDocument(_ fd: Int32, relative: String) {
    let folder = relative.split(separator: "/").last.map(String.init) ?? relative
    let name = SetKind.of(folder: folder)?.base ?? folder
    sets.append(CatalogScanner.iconSet(fd, relative: relative, name: name, container: nil))
    close(fd)
  }

  /// The folder part of a relative path (`""` at the top).
  static func parent(of relative: String) -> String {
    guard let slash = relative.lastIndex(of: "/") else { return "" }
    return String(relative[..<slash])
  }

  /// Whether a path lies in Xcode's development assets: a `Preview Assets.xcassets` catalog
  /// or a `Preview Content` folder.
  static func isPreview(_ relative: String) -> Bool {
    guard relative.contains("Preview") else { return false }
    return relative.split(separator: "/").contains {
      $0 == "Preview Assets.xcassets" || $0 == "Preview Content"
    }
  }

  /// Whether a folder name is a catalog the index walks as one (`.xcassets`, `.xcstickers`).
  static func isCatalog(_ name: String) -> Bool {
    name.hasSuffix(".xcassets") || name.hasSuffix(".xcstickers")
  }

  /// Reads an image source set (image set, app icon set, launch image, sticker…). Takes
  /// over `fd`.
  mutating func scanSet(
    _ fd: Int32, relative: String, name: String, kind: CatalogSet.Kind, container: String? = nil
  ) {
    guard let directory = openDirectory(fd, relative: relative) else { return }
    defer { closedir(directory) }
    let directoryFD = dirfd(directory)
    var files: [String] = []
    FileSystem.forEachEntry(of: directory) { entryName, type in
      if entryName[0] == 0x2E { return }
      var entryKind = type
      if entryKind == UInt8(DT_UNKNOWN) { entryKind = FileSystem.type(at: directoryFD, entryName) }
      guard let file = text(of: entryName, in: relative) else { return }
      if entryKind == UInt8(DT_LNK) {
        let path = Paths.join(relative, file)
        let target = FileSystem.realPath(Paths.join(root, path))
        guard let target, let canonicalRoot, FileSystem.isInside(target, root: canonicalRoot) else {
          problems.append(
            CatalogProblem(
              kind: .symlinkOutsideRoot, path: path,
              message: "symbolic link leads outside the root (or nowhere); not followed"))
          return
        }
      } else if entryKind != UInt8(DT_REG) {
        return
      }
      if file != "Contents.json" { files.append(file) }
    }
    files.sort()
    let contentsPath = Paths.join(relative, "Contents.json")
    let preview = CatalogScanner.isPreview(relative)
    let contents: ContentsFile
    var properties = SetProperties()
    var repeatedCount = 0
    switch ContentsFile.read(at: directoryFD) {
    case .success(let read?):
      contents = read
      properties = read.properties?.setProperties ?? SetProperties()
    case .success(nil):
      problems.append(CatalogProblem(kind: .catalogInvalid, path: contentsPath, message: "no Contents.json"))
      sets.append(
        CatalogSet(
          kind: kind, name: name, path: relative, slots: [], files: files, isValid: false,
          container: container,
          isPreview: preview))
      return
    case .failure(let reason):
      problems.append(CatalogProblem(kind: .catalogInvalid, path: contentsPath, message: reason.text))
      sets.append(
        CatalogSet(
          kind: kind, name: name, path: relative, slots: [], files: files, isValid: false,
          container: container,
          isPreview: preview))
      return
    }
    var slots: [CatalogSlot] = []
    var variants: [Variant] = []
    let present = Set(files)
    // Only a slot equal to an earlier one in every trait adds nothing a request could select;
    // 100,000 copies must not become 100,000 variants.
    var taken: Set<SlotTraits> = []
    var repeated: [String] = []
    // A sticker names its one file in its properties; a sequence's frames share every trait.
    var images = contents.images ?? []
    if kind == .sticker {
      images = [ContentsFile.Image(filename: contents.properties?.filename)]
    } else if kind == .stickerSequence {
      images = (contents.frames ?? []).map { ContentsFile.Image(filename: $0.filename) }
    } else if kind == .symbolSet {
      images = contents.symbols ?? []
    }
    for image in images {
      let traits = image.traits
      let slot = CatalogSlot(filename: image.filename, traits: traits)
      slots.append(slot)
      if let text = image.scale, traits.scale == nil {
        problems.append(
          CatalogProblem(
            kind: .catalogInvalid, path: contentsPath, message: "slot \(traits): bad scale \"\(text)\""))
        continue
      }
      if let text = image.size, traits.size == nil {
        problems.append(
          CatalogProblem(
            kind: .catalogInvalid, path: contentsPath, message: "slot \(traits): bad size \"\(text)\""))
        continue
      }
      guard let filename = image.filename else { continue }
      if kind == .stickerSequence, !variants.isEmpty {
        // Later frames are checked as files of the set; the first one stands for it.
        if !present.contains(filename) {
          problems.append(
            CatalogProblem(
              kind: .catalogMissingFile, path: Paths.join(relative, filename),
              message: "frame names \"\(filename)\", which is not in the set's folder"))
        }
        continue
      }
      guard taken.insert(traits).inserted else {
        if repeated.count < 3, !repeated.contains(traits.description) { repeated.append(traits.description) }
        repeatedCount += 1
        continue
      }
      guard present.contains(filename) else {
        problems.append(
          CatalogProblem(
            kind: .catalogMissingFile, path: Paths.join(relative, filename),
            message: "slot \(traits) names \"\(filename)\", which is not in the set's folder"))
        continue
      }
      let path = Paths.join(relative, filename)
      let idiom = image.idiom.flatMap(Idiom.init(rawValue:))?.fileIdiom
      variants.append(
        Variant(
          path: path, fullPath: Paths.join(root, path), scale: traits.scale ?? 1, idiom: idiom,
          catalogIdiom: image.idiom, traits: traits,
          isScaleIndependent: CatalogScanner.servesEveryScale(
            kind: kind, scale: traits.scale, filename: filename, properties: properties)
        ))
    }
    if repeatedCount > 0 {
      problems.append(
        CatalogProblem(
          kind: .catalogInvalid, path: contentsPath,
          message:
            "\(repeatedCount) slot(s) repeat every trait of an earlier slot (\(repeated.joined(separator: "; ")))"
            + "; the first is used"))
    }
    sets.append(
      CatalogSet(
        kind: kind, name: name, path: relative, slots: slots, files: files, isValid: true,
        properties: properties, container: container, isPreview: preview))
    let source: Asset.Source = kind.hasSizedSlots ? .appIconSet(path: relative) : .imageSet(path: relative)
    setAssets.append(Asset(name: name, source: source, variants: variants, kind: kind))
  }
}

extension CatalogScanner {
  /// Whether a file name is a vector image (PDF or SVG) by its extension.
  package static func isVector(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix(".pdf") || lower.hasSuffix(".svg") || lower.hasSuffix(".svgz")
  }
}
