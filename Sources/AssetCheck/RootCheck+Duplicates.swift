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
  // MARK: - duplicate

  /// Different assets of one bundle with identical images. App icon sets are left out:
  /// their slots cannot share a file, so copies between them are unavoidable (a tinted
  /// variant common to every alternate icon). With a project each target is a bundle, and
  /// copies between targets are normal (the same artwork in an app and its widget); without
  /// one, the whole root is taken as one app.
  mutating func duplicateRule() {
    var candidates: [[String]] = []
    let bundles: [[Asset]] =
      namespaces.contains { $0.kind == .target }
      ? namespaces.map(\.assets) : [assets]
    for assets in bundles {
      // Only files with a digest can be identical (header-only: the few whose prints matched
      // another's); the others are left out before the sort, not by ``identical(_:)``.
      let paths = assets.filter { asset in
        asset.variants.contains { facts[$0.path]?.digest != nil }
          && !isAppIcon(asset) && !RootCheck.isInComplicationBundle(asset.location)
          && looseSkips[asset.location] == nil
      }.flatMap {
        asset in
        asset.variants.map(\.path).filter {
          owner[$0] == RootCheck.key(of: asset) && facts[$0]?.digest != nil
        }
      }
      candidates += identical(paths.sorted())
    }
    if configuration.deep {
      // Equal quick hashes are candidates only: compare the SHA-256 of their pixels.
      let paths = Array(Set(candidates.flatMap { $0 })).sorted()
      let requests = paths.map { path in
        let full = Finding.join(catalog.root, path)
        let slash = full.lastIndex(of: "/").map { full.index(after: $0) } ?? full.startIndex
        return FileInspector.Request(
          path: full, nameStart: slash, decode: true, digest: .exact, limits: configuration.limits)
      }
      for (path, exact) in zip(paths, Parallel.map(requests) { FileInspector.inspect($0) }) {
        facts[path]?.digest = exact.digest
      }
      candidates = candidates.flatMap { identical($0) }
    }
    for paths in candidates {
      let first = paths[0]
      let firstAsset = owner[first]
      let firstPath = Finding.join(catalog.root, first)
      let firstName = firstAsset?.name ?? ""
      for path in paths.dropFirst() where owner[path] != firstAsset {
        add(
          .duplicate, path, asset: owner[path]?.name,
          "\(configuration.deep ? "pixel-identical" : "byte-identical") to \(firstPath) "
            + "(asset \"\(firstName)\"); keep one asset and use it in both places")
      }
    }
  }

  private func isAppIcon(_ asset: Asset) -> Bool {
    if case .appIconSet = asset.source { return true }
    return false
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
      return Set(group.map { owner[$0] }).count > 1 ? group : nil
    }
  }
}
