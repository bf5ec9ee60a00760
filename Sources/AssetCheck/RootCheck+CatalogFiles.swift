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
  // MARK: - Catalog files: catalog-invalid, catalog-missing-file, catalog-unassigned

  mutating func catalogRules() {
    // Only a duplicate name needs the loose assets by location: not built for every check.
    let looseByLocation =
      problems.contains { $0.kind == .duplicateName }
      ? Dictionary(
        assets.filter { $0.source == .looseFiles }.map { ($0.location, $0.name) },
        uniquingKeysWith: { first, _ in first }) : [:]
    for problem in problems {
      let asset = setsByPath[Paths.parent(of: problem.path)]?.name
      switch problem.kind {
      case .catalogInvalid:
        add(.catalogInvalid, problem.path, asset: asset, problem.message)
      case .catalogMissingFile:
        var message = problem.message
        let file = Paths.lastComponent(of: problem.path)
        if let set = setsByPath[Paths.parent(of: problem.path)],
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
        // The problem is recorded at the second copy's location: a set folder or a loose file.
        let name = setsByPath[problem.path]?.name ?? looseByLocation[problem.path]
        // Two app icon sets of one name matter only to a target that uses that name as its icon.
        if setsByPath[problem.path]?.kind == .appIconSet, let name,
          !namespaces.contains(where: { space in
            space.target.map { $0.effectiveAppIconName == name || $0.alternateAppIconNames.contains(name) }
              ?? false && space.assets.contains { $0.location == problem.path }
          })
        {
          add(
            .duplicateName, problem.path, asset: name,
            problem.message
              + "; no target that holds both uses \"\(name)\" as its icon, so nothing asks for it",
            severity: .note)
        } else {
          add(.duplicateName, problem.path, asset: name, problem.message)
        }
      case .nonUTF8Name:
        add(.badFileName, problem.path, asset: nil, problem.message)
      case .symlinkOutsideRoot:
        add(.linkOutsideRoot, problem.path, asset: asset, problem.message)
      default:
        continue
      }
    }
    for set in sets where set.kind == .iconDocument {
      iconDocumentRules(set)
    }
    for set in sets where set.isValid && set.kind != .iconDocument {
      let used = Set(set.slots.compactMap(\.filename))
      let usedLower = Set(used.map { $0.lowercased() })
      // Only images are a set's children: actool ignores other files (Flutter's template
      // keeps a README.md in LaunchImage.imageset).
      for file in set.files
      where RootCheck.isImageFile(file) && !used.contains(file) && !usedLower.contains(file.lowercased()) {
        add(
          .catalogUnassigned, Paths.join(set.path, file), asset: set.name,
          "\(file) is in \(Paths.lastComponent(of: set.path)) but no slot of its Contents.json uses it; "
            + "assign it to a slot or delete it")
      }
    }
  }

  /// An Icon Composer document: its `icon.json` must read, and every layer's image be in
  /// `Assets/`; a file no layer draws is reported like an unassigned one.
  mutating func iconDocumentRules(_ set: CatalogSet) {
    guard let document = set.iconDocument else { return }
    let name = Paths.lastComponent(of: set.path)
    if let problem = document.problem {
      add(.catalogInvalid, Paths.join(set.path, "icon.json"), asset: set.name, "\(name): \(problem)")
    }
    for layer in document.missingLayers {
      add(
        .catalogMissingFile, layer.path, asset: set.name,
        "layer \"\(layer.name ?? layer.imageName)\" of \(name)'s icon.json draws \(layer.imageName), which is not "
          + "in its Assets folder")
    }
    for file in document.unusedFiles where RootCheck.isImageFile(file) {
      add(
        .catalogUnassigned, Paths.join(set.path, "Assets/" + file), asset: set.name,
        "\(file) is in \(name)/Assets but no layer of its icon.json draws it; use it in a layer or delete it")
    }
  }

  /// Whether a file name has the extension of an image format a catalog can hold.
  static func isImageFile(_ name: String) -> Bool {
    let images: Set<String> = [
      "png", "jpg", "jpeg", "pdf", "svg", "heic", "heif", "webp", "gif", "tif", "tiff", "bmp",
    ]
    return images.contains(Paths.fileExtension(of: name))
  }

  // MARK: - case-conflict

  /// Names that differ only in case, within one name space (equal names are
  /// `duplicate-name`), and files of one set that do.
  mutating func caseRules() {
    for space in namespaces {
      // Only names that more than one asset lowercases to can differ in case: the first
      // asset of each lowercased name is remembered by its index, and only a name met again
      // gets a list (an array per asset was most of this rule's time).
      var firstByLower: [String: Int] = [:]
      firstByLower.reserveCapacity(space.assets.count)
      var byLower: [String: [Int]] = [:]
      for (index, asset) in space.assets.enumerated() {
        let lower = asset.name.lowercased()
        if let first = firstByLower[lower] {
          byLower[lower, default: [first]].append(index)
        } else {
          firstByLower[lower] = index
        }
      }
      for (_, indices) in byLower.sorted(by: { $0.key < $1.key }) {
        let assets = indices.map { space.assets[$0] }
        let spellings = assets.reduce(into: [Asset]()) { kept, asset in
          if !kept.contains(where: { $0.name == asset.name }) { kept.append(asset) }
        }
        guard spellings.count > 1 else { continue }
        let first = spellings[0]
        let firstPath = Finding.join(catalog.root, first.location)
        for other in spellings.dropFirst() {
          // Two folders of one catalog folder, or two loose files copied flat into one
          // bundle, are one file on a case-insensitive disk; sets in different folders are
          // only names in the compiled catalog.
          let collide =
            (first.source == .looseFiles && other.source == .looseFiles)
            || (first.source != .looseFiles && other.source != .looseFiles
              && Paths.parent(of: first.location) == Paths.parent(of: other.location))
          if collide {
            add(
              .caseConflict, other.location, asset: other.name,
              "asset \"\(other.name)\" and asset \"\(first.name)\" (\(firstPath)) differ only in case in "
                + "\(space.kind) \(space.id); on a case-insensitive disk (the Mac default) one replaces the other"
            )
          } else {
            add(
              .caseConflict, other.location, asset: other.name,
              "asset \"\(other.name)\" and asset \"\(first.name)\" (\(firstPath)) differ only in case in "
                + "\(space.kind) \(space.id); they are in different folders, so both ship, but names that differ only "
                + "in case are easily mistaken for each other", severity: .note)
          }
        }
      }
    }
    for set in sets {
      var files: [String: String] = [:]
      for file in set.files {
        if let first = files[file.lowercased()] {
          add(
            .caseConflict, Paths.join(set.path, file), asset: set.name,
            "\(file) and \(first) differ only in case; on a case-insensitive disk one replaces the other")
        } else {
          files[file.lowercased()] = file
        }
      }
    }
  }
}
