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

extension RootCheck {
  // MARK: - duplicate

  mutating func duplicateRule() {
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
  func identical(_ paths: [String]) -> [[String]] {
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
