import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension RootCheck {
  // MARK: - Reading files

  /// The PNG files of a check's assets, each once (for its first asset), what to read of
  /// each, and what was read.
  struct FileReads: Sendable {
    /// One request per file, in index order.
    var requests: [FileInspector.Request] = []
    /// Each request's path relative to the root.
    var paths: [String] = []
    /// The index in the check's assets of each request's owner: compared as numbers, not keys.
    var owners: [Int] = []
    /// The first asset (by ``RootCheck/key(of:)``) that uses each file, PNG or not.
    var owner: [String: AssetKey] = [:]
    /// How many files the assets and the image sets hold.
    var fileCount = 0
    /// What each request's file says, once read.
    var results: [FileFacts] = []
  }

  /// What to read of the files of `assets`; `sets` (the check's image sets) are counted.
  static func fileReads(
    of assets: [Asset], sets: [CatalogSet], catalog: AssetCatalog, configuration: CheckConfiguration,
    alphaFiles: Set<String>
  ) -> FileReads {
    var reads = FileReads()
    let variantCount = assets.reduce(0) { $0 + $1.variants.count }
    reads.owner.reserveCapacity(variantCount)
    for (assetIndex, asset) in assets.enumerated() {
      let key = RootCheck.key(of: asset)
      for variant in asset.variants where reads.owner[variant.path] == nil {
        reads.owner[variant.path] = key
        guard isPNGName(variant.path) else { continue }
        reads.paths.append(variant.path)
        reads.owners.append(assetIndex)
        let full = catalog.path(of: variant)
        // On bytes: a `/` is always one byte, and searching `Character`s cost 1 % of a check.
        let slash =
          full.utf8.lastIndex(of: UInt8(ascii: "/")).map { full.utf8.index(after: $0) } ?? full.startIndex
        // --deep decodes every file in this one pass and hashes its pixels for `duplicate`.
        reads.requests.append(
          FileInspector.Request(
            path: full, nameStart: slash, decode: configuration.deep,
            digest: configuration.deep ? .quick : .none,
            transparency: alphaFiles.contains(variant.path), limits: configuration.limits))
      }
    }
    reads.fileCount = reads.owner.count
    for set in sets {
      for file in set.files where reads.owner[Paths.join(set.path, file)] == nil { reads.fileCount += 1 }
    }
    return reads
  }

  /// Takes the heads read in ``init(catalog:configuration:readingFiles:)``; compares the
  /// bytes of copy candidates.
  mutating func inspectFiles() {
    var results = headReads.results
    let paths = headReads.paths
    if !configuration.deep {
      rereadCopyCandidates(&results, requests: headReads.requests, owners: headReads.owners)
    }
    headReads = FileReads()
    facts.reserveCapacity(paths.count)
    for (index, path) in paths.enumerated() { facts[path] = results[index] }
    probed = paths
  }

  /// Header-only, identical files can only be among those of equal dimensions, length and
  /// content print (``FileFacts/contentPrint``) in different assets; only those are read
  /// whole, and compared byte for byte within their group. Each gets as its
  /// ``FileFacts/digest`` the index of the first file of its group with the same bytes, so
  /// equal digests are equal bytes, not equal hashes (SHA-256 of every candidate was a tenth
  /// of the reads' time, and the file's head was read a second time before its whole).
  func rereadCopyCandidates(
    _ results: inout [FileFacts], requests: [FileInspector.Request], owners: [Int]
  ) {
    // Per print: the first file's asset (its index in `assets`), and whether a file of
    // another asset shares it (a set of owners per print cost a hash of every owner's key
    // for every file).
    var groups: [Fingerprint: (owner: Int, shared: Bool)] = [:]
    groups.reserveCapacity(results.count)
    var keys: [Fingerprint?] = []
    keys.reserveCapacity(results.count)
    for (index, result) in results.enumerated() {
      guard let header = result.header, result.problem == nil else {
        keys.append(nil)
        continue
      }
      let key = Fingerprint(
        width: header.width, height: header.height, byteCount: result.byteCount,
        contentPrint: result.contentPrint)
      keys.append(key)
      let asset = owners[index]
      if let group = groups[key] {
        if !group.shared && group.owner != asset { groups[key]?.shared = true }
      } else {
        groups[key] = (asset, false)
      }
    }
    // The candidates of each shared print, in index order.
    var members: [Fingerprint: [Int]] = [:]
    for index in keys.indices {
      guard let key = keys[index], groups[key]?.shared == true else { continue }
      members[key, default: []].append(index)
    }
    guard !members.isEmpty else { return }
    let limit = configuration.limits.maxInputBytes
    let compared = Parallel.map(Array(members.values)) { group in
      RootCheck.compareBytes(of: group, paths: group.map { requests[$0].path }, limit: limit)
    }
    for outcome in compared.joined() {
      if let problem = outcome.problem {
        // As when the whole file was inspected again: unreadable now, no digest.
        results[outcome.index].problem = problem
        results[outcome.index].translucentPixels = nil
        results[outcome.index].minimumAlpha = nil
      } else {
        results[outcome.index].digest = String(outcome.same)
      }
    }
  }

  /// Reads each file of one group of candidates whole (`indices[i]` at `paths[i]`) and
  /// names, for each, the first index of the group whose bytes equal its own (its own index
  /// when none does), or why it could not be read.
  static func compareBytes(
    of indices: [Int], paths: [String], limit: Int
  ) -> [(index: Int, same: Int, problem: String?)] {
    var distinct: [(index: Int, bytes: [UInt8])] = []
    var outcomes: [(index: Int, same: Int, problem: String?)] = []
    for (index, path) in zip(indices, paths) {
      let bytes: [UInt8]
      do {
        bytes = try FileIO.readAll(path, limit: limit)
      } catch {
        outcomes.append((index, index, ImageError.from(error).message))
        continue
      }
      if let first = distinct.first(where: { $0.bytes == bytes }) {
        outcomes.append((index, first.index, nil))
      } else {
        distinct.append((index, bytes))
        outcomes.append((index, index, nil))
      }
    }
    return outcomes
  }

  /// Inspects files in parallel, a folder at a time; results in the order of `requests`.
  static func inspectByFolder(_ requests: [FileInspector.Request]) -> [FileFacts] {
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
  struct Fingerprint: Hashable {
    var width: Int
    var height: Int
    var byteCount: Int
    var contentPrint: UInt64
  }

  static func isPNGName(_ path: String) -> Bool {
    let tail = path.utf8.suffix(4)
    return tail.count == 4
      && zip(tail, ".png".utf8).allSatisfy { $0 == $1 || ($0 | 0x20) == $1 }
  }

  // MARK: - Per file: unreadable, cgbi

  mutating func fileRules(_ path: String, _ facts: FileFacts) {
    // Most files have nothing to report: their owner is looked up only for a finding.
    guard facts.problem != nil || facts.header?.isCgBI == true else { return }
    let asset = owner[path]?.name
    if let problem = facts.problem {
      if let format = facts.foreignRaster,
        path.split(separator: "/").contains(where: { $0.hasSuffix(".xcassets") })
      {
        // actool compiles a catalog image from its content through ImageIO, which reads it:
        // it ships; only tools that trust the extension are misled.
        add(
          .unreadable, path, asset: asset,
          "holds \(format.name) data under a .png name; actool reads catalog images by their content, so it ships, "
            + "but tools that trust the extension do not read it: convert it to PNG or rename it",
          severity: .note)
      } else {
        add(.unreadable, path, asset: asset, problem)
      }
    }
    if facts.header?.isCgBI == true {
      let file = Paths.lastComponent(of: path)
      add(
        .cgbi, path, asset: asset,
        "an Apple CgBI (\"iPhone-optimized\") PNG, which only Apple's tools read; restore a standard PNG "
          + "on a Mac with: xcrun pngcrush -revert-iphone-optimizations \(file) fixed-\(file)")
    }
  }

}
