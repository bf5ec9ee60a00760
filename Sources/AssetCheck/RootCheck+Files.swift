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

  mutating func inspectFiles() {
    var requests: [FileInspector.Request] = []
    var paths: [String] = []
    let variantCount = assets.reduce(0) { $0 + $1.variants.count }
    owner.reserveCapacity(variantCount)
    for asset in assets {
      let key = RootCheck.key(of: asset)
      for variant in asset.variants where owner[variant.path] == nil {
        owner[variant.path] = key
        guard isPNGName(variant.path) else { continue }
        paths.append(variant.path)
        let full = catalog.path(of: variant)
        // On bytes: a `/` is always one byte, and searching `Character`s cost 1 % of a check.
        let slash =
          full.utf8.lastIndex(of: UInt8(ascii: "/")).map { full.utf8.index(after: $0) } ?? full.startIndex
        // --deep decodes every file in this one pass and hashes its pixels for `duplicate`.
        requests.append(
          FileInspector.Request(
            path: full, nameStart: slash, decode: configuration.deep,
            digest: configuration.deep ? .quick : .none,
            transparency: alphaFiles.contains(variant.path), limits: configuration.limits))
      }
    }
    fileCount = owner.count
    for set in sets {
      for file in set.files where owner[Paths.join(set.path, file)] == nil { fileCount += 1 }
    }
    var results = inspectByFolder(requests)

    if !configuration.deep { rereadCopyCandidates(&results, requests: requests, paths: paths) }
    facts.reserveCapacity(paths.count)
    for (index, path) in paths.enumerated() { facts[path] = results[index] }
    probed = paths
  }

  /// Header-only, identical files can only be among those of equal dimensions, length and
  /// content print (``FileFacts/contentPrint``) in different assets; only those are read
  /// whole and hashed.
  func rereadCopyCandidates(
    _ results: inout [FileFacts], requests: [FileInspector.Request], paths: [String]
  ) {
    // Per print: the first file's asset, and whether a file of another asset shares it (a
    // set of owners per print cost a hash of every owner's key for every file).
    var groups: [Fingerprint: (owner: AssetKey?, shared: Bool)] = [:]
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
      let asset = owner[paths[index]]
      if let group = groups[key] {
        if !group.shared && group.owner != asset { groups[key]?.shared = true }
      } else {
        groups[key] = (asset, false)
      }
    }
    let candidates = keys.indices.filter { index in keys[index].map { groups[$0]?.shared ?? false } ?? false }
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
  func inspectByFolder(_ requests: [FileInspector.Request]) -> [FileFacts] {
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

  func isPNGName(_ path: String) -> Bool {
    let tail = path.utf8.suffix(4)
    return tail.count == 4
      && zip(tail, ".png".utf8).allSatisfy { $0 == $1 || ($0 | 0x20) == $1 }
  }

  // MARK: - Per file: unreadable, cgbi

  mutating func fileRules(_ path: String, _ facts: FileFacts) {
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
