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
  var sets: [CatalogSet] = []
  var problems: [CatalogProblem] = []
  var looseVariants: [String: [Variant]] = [:]
  var setAssets: [Asset] = []
  var canonicalRoot: String?
  var visited: Set<FileID> = []

  struct FileID: Hashable {
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
