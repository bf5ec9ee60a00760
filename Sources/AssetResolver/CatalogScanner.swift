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

/// Walks a root with `openat`/`readdir`, trusting `d_type` so regular files are never
/// `stat`ed: indexing costs about what `find ROOT -name '*.png'` costs.
struct CatalogScanner {
  let root: String
  private(set) var sets: [CatalogSet] = []
  private(set) var problems: [CatalogProblem] = []
  private var looseVariants: [String: [Variant]] = [:]
  private var setAssets: [Asset] = []
  private var canonicalRoot: String?
  private var visited: Set<FileID> = []

  private struct FileID: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  init(root: String) {
    self.root = root
  }

  static func join(_ base: String, _ name: String) -> String {
    if name.isEmpty { return base }
    if base.isEmpty { return name }
    return base.hasSuffix("/") ? base + name : base + "/" + name
  }

  mutating func scan() {
    canonicalRoot = FileSystem.realPath(root)
    let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else {
      problems.append(
        CatalogProblem(
          kind: .unreadableFolder, path: "", message: "cannot list the root: \(FileSystem.errorText())"))
      return
    }
    if root.hasSuffix(".xcassets") || root.hasSuffix(".xcassets/") {
      walkCatalog(fd, relative: "", namespace: "")
    } else {
      walk(fd, relative: "")
    }
  }

  /// The loose assets and set assets as one list sorted by name; a name provided twice
  /// keeps the set (the first set by path) and records the others.
  func mergedAssets() -> (assets: [Asset], problems: [CatalogProblem]) {
    var problems: [CatalogProblem] = []
    var setsByName: [String: Asset] = [:]
    var assets: [Asset] = []
    assets.reserveCapacity(looseVariants.count + setAssets.count)
    for asset in setAssets.sorted(by: { $0.path < $1.path }) {
      if let kept = setsByName[asset.name] {
        problems.append(
          CatalogProblem(
            kind: .duplicateName, path: asset.path,
            message: "asset \"\(asset.name)\" is also provided by \(kept.path); this one is ignored"))
        continue
      }
      setsByName[asset.name] = asset
      assets.append(asset)
    }
    for (name, variants) in looseVariants {
      if let kept = setsByName[name] {
        for variant in variants {
          problems.append(
            CatalogProblem(
              kind: .duplicateName, path: variant.path,
              message: "asset \"\(name)\" is also provided by \(kept.path); this file is ignored"))
        }
        continue
      }
      assets.append(Asset(name: name, source: .looseFiles, variants: variants))
    }
    assets.sort { $0.name < $1.name }
    return (assets, problems)
  }

  // MARK: - Plain folders

  /// Lists a folder whose descriptor `fd` this call takes over.
  private mutating func walk(_ fd: Int32, relative: String) {
    guard let directory = openDirectory(fd, relative: relative) else { return }
    defer { closedir(directory) }
    let directoryFD = dirfd(directory)
    // Joined once per folder, not once per file.
    let prefixes = Prefixes(root: root, folder: relative)
    while let entry = readdir(directory) {
      let type = entry.pointee.d_type
      withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        let name = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
        if name[0] == 0x2E { return }  // ".", ".." and hidden files
        var kind = type
        if kind == UInt8(DT_UNKNOWN) { kind = FileSystem.type(at: directoryFD, name) }
        switch kind {
        case UInt8(DT_REG):
          if FileSystem.hasSuffix(name, ".png"), let file = text(of: name, in: relative) {
            addLoose(prefixes, file: file)
          }
        case UInt8(DT_DIR):
          guard let folder = text(of: name, in: relative) else { return }
          let child = CatalogScanner.join(relative, folder)
          let childFD = openat(directoryFD, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
          guard childFD >= 0 else {
            problems.append(unreadable(child))
            return
          }
          if FileSystem.hasSuffix(name, ".xcassets") {
            walkCatalog(childFD, relative: child, namespace: "")
          } else {
            walk(childFD, relative: child)
          }
        case UInt8(DT_LNK):
          guard let file = text(of: name, in: relative) else { return }
          followLink(relative: CatalogScanner.join(relative, file))
        default:
          return
        }
      }
    }
  }

  /// A symbolic link is followed only when it resolves inside the root.
  private mutating func followLink(relative: String) {
    let full = CatalogScanner.join(root, relative)
    guard let target = FileSystem.realPath(full), let canonicalRoot,
      FileSystem.isInside(target, root: canonicalRoot)
    else {
      problems.append(
        CatalogProblem(
          kind: .symlinkOutsideRoot, path: relative,
          message: "symbolic link leads outside the root (or nowhere); not followed"))
      return
    }
    var info = stat()
    guard stat(target, &info) == 0 else { return }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      let fd = open(target, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard fd >= 0 else {
        problems.append(unreadable(relative))
        return
      }
      if relative.hasSuffix(".xcassets") {
        walkCatalog(fd, relative: relative, namespace: "")
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

  /// A folder's path relative to the root and from the root, each ending in `/`.
  private struct Prefixes {
    var relative: String
    var full: String

    init(root: String, folder: String) {
      relative = folder.isEmpty ? "" : folder + "/"
      full = (root.hasSuffix("/") ? root : root + "/") + relative
    }
  }

  private mutating func addLoose(_ prefixes: Prefixes, file: String) {
    let name = AssetName(parsing: file)
    let variant = Variant(
      path: prefixes.relative + file, fullPath: prefixes.full + file, scale: name.scale ?? 1,
      idiom: name.idiom, suspiciousSuffix: name.suspiciousSuffix)
    looseVariants[prefixes.relative + name.base, default: []].append(variant)
  }

  /// `fdopendir`, refusing to enter a folder twice (a symbolic link loop).
  private mutating func openDirectory(_ fd: Int32, relative: String) -> OpaquePointer? {
    var info = stat()
    if fstat(fd, &info) == 0 {
      let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
      guard visited.insert(id).inserted else {
        close(fd)
        return nil
      }
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
  private mutating func text(of name: UnsafePointer<CChar>, in relative: String) -> String? {
    if let text = String(validatingCString: name) { return text }
    let shown = String(
      decoding: UnsafeBufferPointer(start: name, count: strlen(name)).map { UInt8(bitPattern: $0) },
      as: UTF8.self)
    problems.append(
      CatalogProblem(
        kind: .nonUTF8Name, path: CatalogScanner.join(relative, shown),
        message: "the name is not valid UTF-8; skipped"))
    return nil
  }

  private func unreadable(_ relative: String) -> CatalogProblem {
    CatalogProblem(
      kind: .unreadableFolder, path: relative, message: "cannot list the folder: \(FileSystem.errorText())")
  }

  // MARK: - Asset catalogs

  /// Lists an `.xcassets` folder or a group inside one; `namespace` ends with `/` or is empty.
  private mutating func walkCatalog(_ fd: Int32, relative: String, namespace: String) {
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

  private mutating func scanSet(_ fd: Int32, relative: String, name: String, kind: CatalogSet.Kind) {
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

extension Asset {
  /// The folder of a set, or the first file of loose variants: where a duplicate lives.
  fileprivate var path: String {
    switch source {
    case .imageSet(let path), .appIconSet(let path): path
    case .looseFiles: variants.first?.path ?? name
    }
  }
}

/// What a `Contents.json` holds that the index uses.
package struct ContentsFile: Decodable {
  package struct Image: Decodable {
    package struct Appearance: Decodable {
      package var appearance: String
      package var value: String
    }
    package var filename: String?
    package var idiom: String?
    package var scale: String?
    package var size: String?
    package var platform: String?
    package var appearances: [Appearance]?
  }

  package struct Properties: Decodable {
    package var providesNamespace: Bool?

    enum CodingKeys: String, CodingKey {
      case providesNamespace = "provides-namespace"
    }
  }

  package struct Failure: Error {
    package var text: String
  }

  package var images: [Image]?
  package var properties: Properties?

  /// The `Contents.json` in the folder `fd`: `nil` when there is none.
  static func read(at fd: Int32) -> Result<ContentsFile?, Failure> {
    // O_NONBLOCK: a FIFO named Contents.json must not hold the index until a writer comes.
    let file = openat(fd, "Contents.json", O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard file >= 0 else {
      if errno == ENOENT { return .success(nil) }
      return .failure(Failure(text: "cannot open Contents.json: \(FileSystem.errorText())"))
    }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      return .failure(Failure(text: "Contents.json is not a regular file"))
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { FileSystem.read(file, into: $0) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(Failure(text: "cannot read Contents.json: \(FileSystem.errorText())"))
      }
      if count == 0 { break }
      bytes += chunk[..<count]
      if bytes.count > 4 << 20 { return .failure(Failure(text: "Contents.json is larger than 4 MB")) }
    }
    return decode(bytes).map { $0 }
  }

  /// Parses the bytes of a `Contents.json`; the index and the fuzz target call this.
  package static func decode(_ bytes: [UInt8]) -> Result<ContentsFile, Failure> {
    do {
      return .success(try JSONDecoder().decode(ContentsFile.self, from: Data(bytes)))
    } catch let error as DecodingError {
      return .failure(Failure(text: "invalid Contents.json: \(describe(error))"))
    } catch {
      return .failure(Failure(text: "invalid Contents.json: \(error)"))
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? "not valid JSON" : "bad value at \(path(context.codingPath))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "unexpected type at \(path(context.codingPath))"
    case .keyNotFound(let key, let context):
      return "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
    @unknown default:
      return "\(error)"
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
  }

  /// `2x` → 2; `nil` for anything else.
  package static func scale(_ text: String) -> Int? {
    guard text.hasSuffix("x"), let value = Int(text.dropLast()), value >= 1 else { return nil }
    return value
  }

  /// `60x60`, `83.5x83.5` → a point size; `nil` for anything else.
  package static func size(_ text: String) -> PointSize? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
      width > 0, height > 0
    else { return nil }
    return PointSize(width: width, height: height)
  }
}
