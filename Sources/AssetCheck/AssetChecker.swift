import AssetResolver
import IconGridSupport
import PNGCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a check requires and how deep it reads.
public struct CheckConfiguration: Sendable, Hashable {
  /// The scales every asset must have, ascending: `[2]` by default, `[2, 3]` for `2x,3x`.
  /// iPad variants are held to the scales up to 2 (no iPad has a 3x screen).
  public var requiredScales: [Int]
  /// Decode every PNG fully instead of reading its header only.
  public var deep: Bool
  /// Rule ids whose findings are dropped.
  public var ignoredRules: Set<String>

  /// Creates a configuration.
  public init(requiredScales: [Int] = [2], deep: Bool = false, ignoredRules: Set<String> = []) {
    self.requiredScales = Array(Set(requiredScales)).sorted()
    self.deep = deep
    self.ignoredRules = ignoredRules
  }
}

/// Runs the rules over roots of loose icons and asset catalogs.
///
/// Each root is indexed by ``AssetResolver/AssetCatalog``; by default only the first bytes of
/// each PNG are read (its header), so a check costs about as much as listing the files.
///
/// ```swift
/// let report = AssetChecker.check(roots: ["App/Assets.xcassets"],
///                                 configuration: CheckConfiguration(requiredScales: [2, 3]))
/// print(report.rendered(as: .text), terminator: "")
/// ```
///
/// - Complexity: O(files) file opens of one small read each; with
///   ``CheckConfiguration/deep`` every PNG is read and decoded.
public enum AssetChecker {
  /// Checks each root in turn and reports all their findings together.
  public static func check(roots: [String], configuration: CheckConfiguration = .init()) -> CheckReport {
    var summaries: [CheckReport.Root] = []
    var findings: [Finding] = []
    for root in roots {
      let (summary, found) = check(AssetCatalog(root: root), configuration: configuration)
      summaries.append(summary)
      findings += found
    }
    return CheckReport(roots: summaries, findings: findings)
  }

  /// Checks one indexed root.
  public static func check(_ catalog: AssetCatalog, configuration: CheckConfiguration = .init())
    -> (root: CheckReport.Root, findings: [Finding])
  {
    var run = RootCheck(catalog: catalog, configuration: configuration)
    run.run()
    let summary = CheckReport.Root(
      path: catalog.root, absolutePath: FileSystem.realPath(catalog.root), assets: catalog.assets.map(\.name),
      files: run.fileCount)
    return (summary, run.findings.filter { !configuration.ignoredRules.contains($0.rule.id) })
  }
}

/// The rules over one root's index; collects findings.
struct RootCheck {
  let catalog: AssetCatalog
  let configuration: CheckConfiguration
  private(set) var findings: [Finding] = []
  private(set) var fileCount = 0
  /// What each probed file's bytes say, by path relative to the root.
  private var facts: [String: FileFacts] = [:]
  /// The first asset that uses each file.
  private var owner: [String: String] = [:]
  /// The files probed, in index order.
  private var probed: [String] = []
  private let setsByPath: [String: CatalogSet]
  /// For an asset name, a loose file meant for it whose suffix a device does not read.
  private let misspeltFiles: [String: String]
  /// The files of App Store icon slots, which must be opaque.
  private let marketingFiles: Set<String>

  init(catalog: AssetCatalog, configuration: CheckConfiguration) {
    self.catalog = catalog
    self.configuration = configuration
    setsByPath = Dictionary(catalog.sets.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    var misspelt: [String: String] = [:]
    for asset in catalog.assets where asset.source == .looseFiles {
      for variant in asset.variants {
        guard let suffix = variant.suspiciousSuffix, asset.name.hasSuffix(suffix) else { continue }
        let intended = String(asset.name.dropLast(suffix.count))
        if misspelt[intended] == nil { misspelt[intended] = lastComponent(variant.path) }
      }
    }
    misspeltFiles = misspelt
    var marketing: Set<String> = []
    for set in catalog.sets where set.kind == .appIconSet {
      for slot in set.slots where RootCheck.isMarketing(slot) {
        marketing.insert(join(set.path, slot.filename!))
      }
    }
    marketingFiles = marketing
  }

  mutating func run() {
    inspectFiles()
    for path in probed { if let fileFacts = facts[path] { fileRules(path, fileFacts) } }
    for asset in catalog.assets {
      switch asset.source {
      case .looseFiles: looseRules(asset)
      case .imageSet(let path): imageSetRules(asset, set: setsByPath[path])
      case .appIconSet(let path): appIconRules(asset, set: setsByPath[path])
      }
    }
    catalogRules()
    caseRules()
    duplicateRule()
    var seen: Set<String> = []
    findings = findings.filter { seen.insert("\($0.rule.id)\u{0}\($0.path)\u{0}\($0.message)").inserted }
  }

  private mutating func add(_ rule: Rule, _ path: String, asset: String?, _ message: String) {
    findings.append(
      Finding(rule: rule, root: catalog.root, relativePath: path, asset: asset, message: message))
  }

  // MARK: - Reading files

  private mutating func inspectFiles() {
    var requests: [FileInspector.Request] = []
    var paths: [String] = []
    for asset in catalog.assets {
      for variant in asset.variants where owner[variant.path] == nil {
        owner[variant.path] = asset.name
        guard isPNGName(variant.path) else { continue }
        paths.append(variant.path)
        let full = catalog.path(of: variant)
        let slash = full.lastIndex(of: "/").map { full.index(after: $0) } ?? full.startIndex
        // --deep decodes every file in this one pass and hashes its pixels for `duplicate`.
        requests.append(
          FileInspector.Request(
            path: full, nameStart: slash, decode: configuration.deep,
            digest: configuration.deep ? .quick : .none,
            transparency: marketingFiles.contains(variant.path)))
      }
    }
    fileCount = owner.count
    for set in catalog.sets {
      for file in set.files where owner[join(set.path, file)] == nil { fileCount += 1 }
    }
    var results = inspectByFolder(requests)

    if !configuration.deep { rereadCopyCandidates(&results, requests: requests, paths: paths) }
    facts.reserveCapacity(paths.count)
    for (index, path) in paths.enumerated() { facts[path] = results[index] }
    probed = paths
  }

  /// Header-only, identical files can only be among those of equal size, length and last
  /// CRC in different assets; only those are read whole and hashed.
  private func rereadCopyCandidates(
    _ results: inout [FileFacts], requests: [FileInspector.Request], paths: [String]
  ) {
    var groups: [Fingerprint: Set<String>] = [:]
    var keys: [Fingerprint?] = []
    keys.reserveCapacity(results.count)
    for (index, result) in results.enumerated() {
      guard let header = result.header, result.problem == nil else {
        keys.append(nil)
        continue
      }
      let key = Fingerprint(
        width: header.width, height: header.height, byteCount: result.byteCount, tailCRC: result.tailCRC)
      keys.append(key)
      groups[key, default: []].insert(owner[paths[index]] ?? "")
    }
    let candidates = keys.indices.filter { index in keys[index].map { (groups[$0]?.count ?? 0) > 1 } ?? false
    }
    guard !candidates.isEmpty else { return }
    let again = inspectByFolder(
      candidates.map { index in
        var request = requests[index]
        request.digest = .quick
        return request
      })
    for (offset, index) in candidates.enumerated() {
      let transparency = results[index].hasTransparencyChunk
      results[index] = again[offset]
      if results[index].hasTransparencyChunk == nil { results[index].hasTransparencyChunk = transparency }
    }
  }

  /// Inspects files in parallel, a folder at a time; results in the order of `requests`.
  private func inspectByFolder(_ requests: [FileInspector.Request]) -> [FileFacts] {
    var folders: [Substring: [Int]] = [:]
    for (index, request) in requests.enumerated() {
      folders[FileInspector.folder(of: request), default: []].append(index)
    }
    // Batches of at most 64 files keep both cores busy when one folder holds most files.
    let batches = folders.values.flatMap { indices in
      stride(from: 0, to: indices.count, by: 64).map { Array(indices[$0..<min($0 + 64, indices.count)]) }
    }
    let done = Parallel.map(batches) { batch in FileInspector.inspect(folder: batch.map { requests[$0] }) }
    var results = [FileFacts](repeating: FileFacts(), count: requests.count)
    for (batch, facts) in zip(batches, done) {
      for (index, fileFacts) in zip(batch, facts) { results[index] = fileFacts }
    }
    return results
  }

  /// What identical files share, read from their heads.
  private struct Fingerprint: Hashable {
    var width: Int
    var height: Int
    var byteCount: Int
    var tailCRC: UInt32
  }

  private func isPNGName(_ path: String) -> Bool {
    let tail = path.utf8.suffix(4)
    return tail.count == 4
      && zip(tail, ".png".utf8).allSatisfy { $0 == $1 || ($0 | 0x20) == $1 }
  }

  // MARK: - Per file: unreadable, cgbi

  private mutating func fileRules(_ path: String, _ facts: FileFacts) {
    let asset = owner[path]
    if let problem = facts.problem {
      add(.unreadable, path, asset: asset, problem)
    }
    if facts.header?.isCgBI == true {
      let file = lastComponent(path)
      add(
        .cgbi, path, asset: asset,
        "an Apple CgBI (\"iPhone-optimized\") PNG, which only Apple's tools read; restore a standard PNG "
          + "on a Mac with: xcrun pngcrush -revert-iphone-optimizations \(file) fixed-\(file)")
    }
  }

  // MARK: - Loose files: missing-scale, size-mismatch, suffix-case

  private mutating func looseRules(_ asset: Asset) {
    for variant in asset.variants {
      guard let suffix = variant.suspiciousSuffix else { continue }
      add(.suffixCase, variant.path, asset: asset.name, suffixMessage(lastComponent(variant.path), suffix))
    }
    let variants = asset.variants.filter { $0.suspiciousSuffix == nil }
    guard !variants.isEmpty else { return }
    var groups: [Idiom?] = []
    if variants.contains(where: { $0.idiom == nil }) { groups.append(nil) }
    for idiom in Idiom.allCases where variants.contains(where: { $0.idiom == idiom }) { groups.append(idiom) }
    for idiom in groups {
      let own = variants.filter { $0.idiom == idiom }
      let covered = Set(variants.filter { $0.idiom == nil || $0.idiom == idiom }.map(\.scale))
      guard let reference = own.max(by: { $0.scale < $1.scale }) else { continue }
      for scale in required(for: idiom) where !covered.contains(scale) {
        let name = AssetName(parsing: lastComponent(reference.path))
        let wanted = AssetName(base: name.base, scale: scale == 1 ? nil : scale, idiom: idiom, ext: name.ext)
        var message = "no @\(scale)x\(idiom.map { "~\($0)" } ?? "") variant: add \(wanted.fileName)"
        if let misspelt = misspelt(asset.name) {
          message += " (\(misspelt) is there, but its suffix is misspelt)"
        }
        add(.missingScale, reference.path, asset: asset.name, message)
      }
    }
    for idiom in groups { sizeRule(asset, variants.filter { $0.idiom == idiom }) }
  }

  /// The scales required of variants for `idiom`.
  private func required(for idiom: Idiom?) -> [Int] {
    idiom == .ipad ? configuration.requiredScales.filter { $0 <= 2 } : configuration.requiredScales
  }

  /// A loose file whose misspelt suffix makes it miss the asset `name`.
  private func misspelt(_ name: String) -> String? {
    misspeltFiles[name]
  }

  private func suffixMessage(_ file: String, _ suffix: String) -> String {
    let fixed: String
    let why: String
    if suffix.hasPrefix("~"), let at = suffix.firstIndex(of: "@") {
      fixed = suffix[at...].lowercased() + suffix[..<at].lowercased()
      why = "a device reads neither suffix of \"\(suffix)\": the scale comes before the idiom"
    } else if suffix.hasPrefix("@") {
      fixed = suffix.lowercased()
      why = "a device does not read \"\(suffix)\" as a scale (the x is lower case)"
    } else {
      fixed = suffix.lowercased()
      why = "a device does not read \"\(suffix)\" as an idiom (idioms are lower case)"
    }
    return "\(why); rename it to \(replacingLast(suffix, in: file, with: fixed))"
  }

  /// size-mismatch over variants of one idiom: point size from the highest scale.
  private mutating func sizeRule(_ asset: Asset, _ variants: [Variant]) {
    let sized = variants.compactMap { variant in facts[variant.path]?.header.map { (variant, $0) } }
    guard sized.count > 1, let (reference, top) = sized.max(by: { $0.0.scale < $1.0.scale }) else { return }
    let pointWidth = Double(top.width) / Double(reference.scale)
    let pointHeight = Double(top.height) / Double(reference.scale)
    for (variant, header) in sized where variant.path != reference.path {
      let width = pointWidth * Double(variant.scale)
      let height = pointHeight * Double(variant.scale)
      guard abs(Double(header.width) - width) > 1 || abs(Double(header.height) - height) > 1 else { continue }
      add(
        .sizeMismatch, variant.path, asset: asset.name,
        "is \(header.width)×\(header.height) px at @\(variant.scale)x; "
          + "expected \(number(width))×\(number(height)) px (\(variant.scale) × \(number(pointWidth))×\(number(pointHeight)) pt, from "
          + "\(lastComponent(reference.path)) at \(top.width)×\(top.height) px @\(reference.scale)x)")
    }
  }

  // MARK: - Image sets

  private static let iosIdioms: Set<String> = ["universal", "iphone", "ipad"]

  private func idiomName(_ slot: CatalogSlot) -> String { slot.idiom ?? "universal" }

  private func isIOS(_ slot: CatalogSlot) -> Bool {
    RootCheck.iosIdioms.contains(idiomName(slot)) && (slot.platform == nil || slot.platform == "ios")
  }

  private mutating func imageSetRules(_ asset: Asset, set: CatalogSet?) {
    guard let set, set.isValid else { return }
    let contents = join(set.path, "Contents.json")
    let slots = set.slots.filter(isIOS)
    let kind = "image set \"\(asset.name)\""
    if set.slots.isEmpty {
      add(.missingScale, contents, asset: asset.name, "\(kind) has no image slots")
      return
    }
    let files = slots.compactMap(\.filename)
    let vectorOnly = !files.isEmpty && files.allSatisfy { [".pdf", ".svg"].contains(fileExtension($0)) }
    if !slots.isEmpty, !vectorOnly {
      if files.isEmpty {
        add(.missingScale, contents, asset: asset.name, "\(kind) has no images: every slot is empty")
      } else {
        for idiom in ["universal", "iphone", "ipad"] {
          let own = slots.filter { idiomName($0) == idiom }
          guard own.contains(where: { $0.filename != nil }) else { continue }
          let covered = Set(
            slots.filter { $0.filename != nil && (idiomName($0) == idiom || idiomName($0) == "universal") }
              .map { $0.scale ?? 1 })
          for scale in required(for: Idiom(rawValue: idiom)) where !covered.contains(scale) {
            let why: String
            if own.allSatisfy({ $0.scale == nil }) {
              why =
                "its only \(idiom) image is single-scale; add @1x/@2x/@3x images or use a PDF or SVG "
                + "with Preserve Vector Data"
            } else if own.contains(where: { $0.scale == scale }) {
              why = "the \(idiom) \(scale)x slot is empty"
            } else {
              why = "it has no \(idiom) \(scale)x slot"
            }
            add(.missingScale, contents, asset: asset.name, "\(kind) has no \(scale)x image: \(why)")
          }
        }
      }
    }
    let variants = asset.variants.filter { $0.isSelectable && isPNGName($0.path) }
    for idiom in [nil] + Idiom.allCases.map(Optional.some) {
      sizeRule(asset, variants.filter { $0.idiom == idiom })
    }
  }

  // MARK: - App icon sets

  /// The App Store icon's slot: `ios-marketing`, or a single-size universal 1024-pt icon. Dark
  /// and tinted appearances may be transparent, so only the default appearance counts.
  private static func isMarketing(_ slot: CatalogSlot) -> Bool {
    guard slot.appearances.isEmpty, slot.filename != nil else { return false }
    switch slot.idiom {
    case "ios-marketing", "watch-marketing": return true
    case nil, "universal":
      guard let size = slot.size, slot.platform == nil || slot.platform == "ios" else { return false }
      return size.width * Double(slot.scale ?? 1) == 1024
    default: return false
    }
  }

  private mutating func appIconRules(_ asset: Asset, set: CatalogSet?) {
    guard let set, set.isValid else { return }
    let contents = join(set.path, "Contents.json")
    let kind = "app icon \"\(asset.name)\""
    var groups: [String: [CatalogSlot]] = [:]
    var order: [String] = []
    for slot in set.slots where isIOS(slot) && slot.scale != nil && slot.size != nil {
      let key = "\(idiomName(slot)) \(slot.size!)"
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(slot)
    }
    for key in order {
      let slots = groups[key]!
      for scale in required(for: Idiom(rawValue: idiomName(slots[0]))) {
        guard slots.contains(where: { $0.scale == scale }),
          !slots.contains(where: { $0.scale == scale && $0.filename != nil })
        else { continue }
        add(.missingScale, contents, asset: asset.name, "\(kind): the \(key) @\(scale)x slot is empty")
      }
    }
    for variant in asset.variants {
      guard let size = variant.size, let fileFacts = facts[variant.path], let header = fileFacts.header
      else { continue }
      let slot = "the \(variant.catalogIdiom ?? "universal") \(size) @\(variant.scale)x slot"
      let width = size.width * Double(variant.scale)
      let height = size.height * Double(variant.scale)
      if Double(header.width) != width || Double(header.height) != height {
        add(
          .appIconSize, variant.path, asset: asset.name,
          "is \(header.width)×\(header.height) px; \(slot) needs \(number(width))×\(number(height)) px")
      }
      if marketingFiles.contains(variant.path) {
        if header.colorType.hasAlpha {
          add(
            .marketingAlpha, variant.path, asset: asset.name,
            "the App Store icon has an alpha channel (colour type \(header.colorType)), which App Store "
              + "Connect rejects; save it without alpha on an opaque background")
        } else if fileFacts.hasTransparencyChunk == true {
          add(
            .marketingAlpha, variant.path, asset: asset.name,
            "the App Store icon has transparency (a tRNS chunk), which App Store Connect rejects; "
              + "save it without transparency")
        }
      }
    }
  }

  // MARK: - Catalog files: catalog-invalid, catalog-missing-file, catalog-unassigned

  private mutating func catalogRules() {
    for problem in catalog.problems {
      let asset = setsByPath[parent(problem.path)]?.name
      switch problem.kind {
      case .catalogInvalid:
        add(.catalogInvalid, problem.path, asset: asset, problem.message)
      case .catalogMissingFile:
        var message = problem.message
        let file = lastComponent(problem.path)
        if let set = setsByPath[parent(problem.path)],
          let near = set.files.first(where: { $0.lowercased() == file.lowercased() })
        {
          message +=
            "; the folder has \(near), which differs only in case (found on a case-insensitive Mac "
            + "disk, not on a case-sensitive one)"
        }
        add(.catalogMissingFile, problem.path, asset: asset, message)
      case .unreadableFolder:
        add(.unreadable, problem.path, asset: asset, problem.message)
      case .duplicateName:
        add(.caseConflict, problem.path, asset: asset, problem.message)
      default:
        continue
      }
    }
    for set in catalog.sets where set.isValid {
      let used = Set(set.slots.compactMap(\.filename))
      let usedLower = Set(used.map { $0.lowercased() })
      for file in set.files where !used.contains(file) && !usedLower.contains(file.lowercased()) {
        add(
          .catalogUnassigned, join(set.path, file), asset: set.name,
          "\(file) is in \(lastComponent(set.path)) but no slot of its Contents.json uses it; "
            + "assign it to a slot or delete it")
      }
    }
  }

  // MARK: - case-conflict

  private mutating func caseRules() {
    var byLower: [String: [Asset]] = [:]
    for asset in catalog.assets { byLower[asset.name.lowercased(), default: []].append(asset) }
    let clashes = byLower.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
    for (_, assets) in clashes {
      let first = assets[0]
      let firstPath = Finding.join(catalog.root, location(of: first))
      for other in assets.dropFirst() {
        add(
          .caseConflict, location(of: other), asset: other.name,
          "asset \"\(other.name)\" and asset \"\(first.name)\" (\(firstPath)) differ only in case; on a "
            + "case-insensitive disk (the Mac default) one replaces the other")
      }
    }
    for set in catalog.sets {
      var files: [String: String] = [:]
      for file in set.files {
        if let first = files[file.lowercased()] {
          add(
            .caseConflict, join(set.path, file), asset: set.name,
            "\(file) and \(first) differ only in case; on a case-insensitive disk one replaces the other")
        } else {
          files[file.lowercased()] = file
        }
      }
    }
  }

  private func location(of asset: Asset) -> String {
    switch asset.source {
    case .imageSet(let path), .appIconSet(let path): path
    case .looseFiles: asset.variants.first?.path ?? asset.name
    }
  }

  // MARK: - duplicate

  private mutating func duplicateRule() {
    var groups = identical(facts.keys.sorted())
    if configuration.deep {
      // Equal quick hashes are candidates only: compare the SHA-256 of their pixels.
      let candidates = groups.flatMap { $0 }
      let requests = candidates.map { path in
        let full = Finding.join(catalog.root, path)
        let slash = full.lastIndex(of: "/").map { full.index(after: $0) } ?? full.startIndex
        return FileInspector.Request(path: full, nameStart: slash, decode: true, digest: .exact)
      }
      for (path, exact) in zip(candidates, Parallel.map(requests) { FileInspector.inspect($0) }) {
        facts[path]?.digest = exact.digest
      }
      groups = identical(candidates)
    }
    for paths in groups {
      let first = paths[0]
      let firstAsset = owner[first]
      let firstPath = Finding.join(catalog.root, first)
      for path in paths.dropFirst() where owner[path] != firstAsset {
        add(
          .duplicate, path, asset: owner[path],
          "\(configuration.deep ? "pixel-identical" : "byte-identical") to \(firstPath) "
            + "(asset \"\(firstAsset ?? "")\"); keep one asset and use it in both places")
      }
    }
  }

  /// Groups of `paths` (sorted) with equal size and digest that span more than one asset.
  private func identical(_ paths: [String]) -> [[String]] {
    var byDigest: [String: [String]] = [:]
    var order: [String] = []
    for path in paths {
      guard let fileFacts = facts[path], let digest = fileFacts.digest, let header = fileFacts.header else {
        continue
      }
      let key = "\(header.width)x\(header.height):\(digest)"
      if byDigest[key] == nil { order.append(key) }
      byDigest[key, default: []].append(path)
    }
    return order.compactMap { key in
      let group = byDigest[key]!
      return Set(group.map { owner[$0] ?? "" }).count > 1 ? group : nil
    }
  }
}

// MARK: - Helpers

func join(_ folder: String, _ name: String) -> String {
  folder.isEmpty ? name : folder + "/" + name
}

func lastComponent(_ path: String) -> String {
  path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
}

/// `text` with the last occurrence of `target` replaced.
func replacingLast(_ target: String, in text: String, with replacement: String) -> String {
  guard !target.isEmpty, text.count >= target.count else { return text }
  var index = text.endIndex
  while index > text.startIndex {
    index = text.index(before: index)
    if text[index...].hasPrefix(target) {
      return String(text[..<index]) + replacement + text[text.index(index, offsetBy: target.count)...]
    }
  }
  return text
}

func parent(_ path: String) -> String {
  path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
}

func fileExtension(_ path: String) -> String {
  let name = lastComponent(path)
  return name.lastIndex(of: ".").map { name[$0...].lowercased() } ?? ""
}

/// `60`, `83.5`, `66.7`: integers plain, others to one decimal.
func number(_ value: Double) -> String {
  if abs(value - value.rounded()) < 0.001 { return String(Int(value.rounded())) }
  return String((value * 10).rounded() / 10)
}
