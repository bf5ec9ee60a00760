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
    var properties = SetProperties()
    var repeatedCount = 0
    switch ContentsFile.read(at: directoryFD) {
    case .success(let read?):
      contents = read
      properties = read.properties?.setProperties ?? SetProperties()
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
    // Only a slot equal to an earlier one in every trait adds nothing a request could select;
    // 100,000 copies must not become 100,000 variants.
    var taken: Set<SlotTraits> = []
    var repeated: [String] = []
    for image in contents.images ?? [] {
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
      guard taken.insert(traits).inserted else {
        if repeated.count < 3, !repeated.contains(traits.description) { repeated.append(traits.description) }
        repeatedCount += 1
        continue
      }
      guard present.contains(filename) else {
        problems.append(
          CatalogProblem(
            kind: .catalogMissingFile, path: CatalogScanner.join(relative, filename),
            message: "slot \(traits) names \"\(filename)\", which is not in \(relative)"))
        continue
      }
      let path = CatalogScanner.join(relative, filename)
      let idiom = image.idiom.flatMap(Idiom.init(rawValue:))
      variants.append(
        Variant(
          path: path, fullPath: CatalogScanner.join(root, path), scale: traits.scale ?? 1, idiom: idiom,
          catalogIdiom: image.idiom, traits: traits,
          isScaleIndependent: traits.scale == nil
            && (kind == .appIconSet || CatalogScanner.isVector(filename)
              || properties.preservesVectorRepresentation)
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
        properties: properties))
    let source: Asset.Source = kind == .imageSet ? .imageSet(path: relative) : .appIconSet(path: relative)
    setAssets.append(Asset(name: name, source: source, variants: variants))
  }
}

extension CatalogScanner {
  /// Whether a file name is a vector image (PDF or SVG) by its extension.
  static func isVector(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix(".pdf") || lower.hasSuffix(".svg")
  }
}
