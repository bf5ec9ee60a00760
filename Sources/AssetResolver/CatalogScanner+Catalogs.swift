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

  /// Lists an `.xcassets` folder or a group inside one; `namespace` ends with `/` or is empty.
  mutating func walkCatalog(_ fd: Int32, relative: String, namespace: String) {
    guard let directory = openDirectory(fd, relative: relative) else { return }
    defer { closedir(directory) }
    let directoryFD = dirfd(directory)
    while let entry = readdir(directory) {
      let type = entry.pointee.d_type
      withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        let name = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
        if name[0] == 0x2E { return }
        var kind = type
        if kind == UInt8(DT_UNKNOWN) { kind = FileSystem.type(at: directoryFD, name) }
        guard kind == UInt8(DT_DIR) else { return }
        guard let folder = text(of: name, in: relative) else { return }
        let child = CatalogScanner.join(relative, folder)
        let childFD = openat(directoryFD, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard childFD >= 0 else {
          problems.append(unreadable(child))
          return
        }
        if folder.hasSuffix(".imageset") {
          scanSet(childFD, relative: child, name: namespace + String(folder.dropLast(9)), kind: .imageSet)
        } else if folder.hasSuffix(".appiconset") {
          scanSet(childFD, relative: child, name: namespace + String(folder.dropLast(11)), kind: .appIconSet)
        } else if folder.contains(".") {
          close(childFD)  // colour sets, data sets, symbol sets…: not images this index serves
        } else {
          var inner = namespace
          switch ContentsFile.read(at: childFD) {
          case .success(let contents?):
            if contents.properties?.providesNamespace == true { inner += folder + "/" }
          case .success(nil):
            break
          case .failure(let reason):
            problems.append(
              CatalogProblem(
                kind: .catalogInvalid, path: CatalogScanner.join(child, "Contents.json"), message: reason.text
              ))
          }
          walkCatalog(childFD, relative: child, namespace: inner)
        }
      }
    }
  }

  mutating func scanSet(_ fd: Int32, relative: String, name: String, kind: CatalogSet.Kind) {
    guard let directory = openDirectory(fd, relative: relative) else { return }
    defer { closedir(directory) }
    let directoryFD = dirfd(directory)
    var files: [String] = []
    while let entry = readdir(directory) {
      let type = entry.pointee.d_type
      withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        let entryName = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
        if entryName[0] == 0x2E { return }
        var entryKind = type
        if entryKind == UInt8(DT_UNKNOWN) { entryKind = FileSystem.type(at: directoryFD, entryName) }
        guard let file = text(of: entryName, in: relative) else { return }
        if entryKind == UInt8(DT_LNK) {
          let path = CatalogScanner.join(relative, file)
          let target = FileSystem.realPath(CatalogScanner.join(root, path))
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
    }
    files.sort()
    let contentsPath = CatalogScanner.join(relative, "Contents.json")
    let contents: ContentsFile
    switch ContentsFile.read(at: directoryFD) {
    case .success(let read?):
      contents = read
    case .success(nil):
      problems.append(CatalogProblem(kind: .catalogInvalid, path: contentsPath, message: "no Contents.json"))
      sets.append(CatalogSet(kind: kind, name: name, path: relative, slots: [], files: files, isValid: false))
      return
    case .failure(let reason):
      problems.append(CatalogProblem(kind: .catalogInvalid, path: contentsPath, message: reason.text))
      sets.append(CatalogSet(kind: kind, name: name, path: relative, slots: [], files: files, isValid: false))
      return
    }
    var slots: [CatalogSlot] = []
    var variants: [Variant] = []
    let present = Set(files)
    // A slot that repeats an earlier slot's idiom, scale, size, platform and appearance adds nothing a
    // request could select; 100,000 copies must not become 100,000 variants.
    var taken: Set<SlotKey> = []
    var repeated = 0
    for image in contents.images ?? [] {
      let slot = CatalogSlot(
        filename: image.filename, idiom: image.idiom, scale: image.scale.flatMap(ContentsFile.scale),
        size: image.size.flatMap(ContentsFile.size), platform: image.platform,
        appearances: Dictionary(
          (image.appearances ?? []).map { ($0.appearance, $0.value) }, uniquingKeysWith: { first, _ in first }
        ))
      slots.append(slot)
      let describe =
        "slot \(image.idiom ?? "universal") \(image.size.map { $0 + " " } ?? "")\(image.scale ?? "")"
      if let text = image.scale, slot.scale == nil {
        problems.append(
          CatalogProblem(
            kind: .catalogInvalid, path: contentsPath, message: "\(describe): bad scale \"\(text)\""))
        continue
      }
      if let text = image.size, slot.size == nil {
        problems.append(
          CatalogProblem(
            kind: .catalogInvalid, path: contentsPath, message: "\(describe): bad size \"\(text)\""))
        continue
      }
      guard let filename = image.filename else { continue }
      guard
        taken.insert(
          SlotKey(
            idiom: image.idiom, scale: slot.scale, size: slot.size, platform: image.platform,
            appearances: slot.appearances)
        ).inserted
      else {
        repeated += 1
        continue
      }
      guard present.contains(filename) else {
        problems.append(
          CatalogProblem(
            kind: .catalogMissingFile, path: CatalogScanner.join(relative, filename),
            message: "\(describe) names \"\(filename)\", which is not in \(relative)"))
        continue
      }
      let path = CatalogScanner.join(relative, filename)
      let idiom = image.idiom.flatMap(Idiom.init(rawValue:))
      let genericIdioms: Set<String> = ["universal", "ios-marketing"]
      let selectable =
        (idiom != nil || image.idiom == nil || genericIdioms.contains(image.idiom!))
        && (image.platform == nil || image.platform == "ios")
      variants.append(
        Variant(
          path: path, fullPath: CatalogScanner.join(root, path), scale: slot.scale ?? 1, idiom: idiom,
          catalogIdiom: image.idiom, size: slot.size, isSelectable: selectable))
    }
    if repeated > 0 {
      problems.append(
        CatalogProblem(
          kind: .catalogInvalid, path: contentsPath,
          message:
            "\(repeated) slot(s) repeat the idiom, scale and size of an earlier slot; the first is used"
        ))
    }
    sets.append(CatalogSet(kind: kind, name: name, path: relative, slots: slots, files: files, isValid: true))
    let source: Asset.Source = kind == .imageSet ? .imageSet(path: relative) : .appIconSet(path: relative)
    setAssets.append(Asset(name: name, source: source, variants: variants))
  }
}

/// What makes two slots of a set the same choice for a request.
private struct SlotKey: Hashable {
  var idiom: String?
  var scale: Int?
  var size: PointSize?
  var platform: String?
  /// Dark and tinted slots share idiom, scale and size with the default one; they are
  /// not repeats.
  var appearances: [String: String]
}
