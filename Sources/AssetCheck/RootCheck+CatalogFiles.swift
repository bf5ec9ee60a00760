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
  // MARK: - Catalog files: catalog-invalid, catalog-missing-file, catalog-unassigned

  mutating func catalogRules() {
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

  mutating func caseRules() {
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

  func location(of asset: Asset) -> String {
    switch asset.source {
    case .imageSet(let path), .appIconSet(let path): path
    case .looseFiles: asset.variants.first?.path ?? asset.name
    }
  }

}
