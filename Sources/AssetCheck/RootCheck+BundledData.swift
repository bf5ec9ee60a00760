import AssetIndex
import AssetReferences
import IconGridSupport

extension RootCheck {
  /// The names bundled data may give image lookups the scan cannot trace.
  ///
  /// `UIImage(named:)` and `Image(_:)` take any string at run time. When one is given a name
  /// no literal, carrier or pattern accounts for (``SourceReferences/Lookup/isTraced`` is
  /// false), the name may come from data the app ships: a JSON file of the bundle decoded at
  /// run time. So the string values of the JSON files bundled with such a lookup count as
  /// uses of the sets they name (lower-cased: catalog lookups ignore case). With every
  /// lookup traced, data names nothing: an asset's name in a JSON file is a use only where
  /// a lookup could receive it.
  ///
  /// What is bundled with a lookup: the files of the Xcode targets that compile it (their
  /// Resources phase and bundled folders); for a lookup in a Swift package (a folder with a
  /// `Package.swift` that no target compiles), every JSON file of that package, for its
  /// `resources:` are not read; for a root without Xcode targets, every JSON file of the
  /// root, for what ships is not known. A lookup that no target compiles and no package
  /// holds ships in nothing and opens nothing. Property lists and strings files need none of
  /// this: their values count as uses always.
  ///
  /// - Returns: the lower-cased values, and a note naming the lookups and the files.
  func bundledDataNames(_ references: SourceReferences, listing: SourceFiles) -> (
    names: Set<String>, note: String?
  ) {
    let untraced = references.lookups.filter { !$0.isTraced }
    guard !untraced.isEmpty else { return ([], nil) }
    let targets = catalog.namespaces.filter { $0.target != nil && $0.project != nil }
    let packages = listing.folders(holding: "Package.swift")
    var shipping: [SourceReferences.Lookup] = []
    var shippingTargets: [AssetNamespace] = []
    var shippingPackages: Set<String> = []
    var unshipped = 0
    for lookup in untraced {
      if targets.isEmpty {
        shipping.append(lookup)
        continue
      }
      let building = targets.filter { $0.builds(lookup.path) == true }
      if !building.isEmpty {
        shipping.append(lookup)
        for target in building where !shippingTargets.contains(target) {
          shippingTargets.append(target)
        }
      } else if let package = packages.filter({ $0.isEmpty || lookup.path.hasPrefix($0 + "/") }).max(by: {
        $0.count < $1.count
      }) {
        shipping.append(lookup)
        shippingPackages.insert(package)
      } else {
        unshipped += 1
      }
    }
    guard !shipping.isEmpty else { return ([], nil) }
    // An app embeds frameworks of its project, each with its own resources; which ones is
    // not read, so every framework target of those projects counts as bundled.
    let projects = Set(shippingTargets.compactMap(\.project))
    for target in targets
    where projects.contains(target.project ?? "") && !shippingTargets.contains(target)
      && (target.target?.productType?.contains("framework") ?? false)
    {
      shippingTargets.append(target)
    }
    let data = DataStrings.read(listing) { path in
      if targets.isEmpty { return true }
      if shippingPackages.contains(where: { $0.isEmpty || path.hasPrefix($0 + "/") }) { return true }
      return shippingTargets.contains { $0.builds(path) == true }
    }
    let lookupList = ShortList.text(shipping.map { "\($0.path):\($0.line) (\($0.argument))" })
    let fileList =
      data.files.isEmpty
      ? "none"
      : ShortList.text(data.files)
    let bundledBy =
      targets.isEmpty
      ? "every JSON file of the root, for it has no Xcode target and what ships is not known"
      : "the JSON files bundled by the targets that compile them or by a framework target of their project "
        + "(which frameworks an app embeds is not read)"
        + (shippingPackages.isEmpty
          ? "" : " and every JSON file of their Swift packages (resources: not read)")
    var note =
      "--references: \(shipping.count) image \(shipping.count == 1 ? "lookup takes" : "lookups take") a name "
      + "no literal, carrier or pattern accounts for: \(lookupList); such a name may come from data the app "
      + "ships, so the string values of \(bundledBy) count as uses of the sets they name (any case): \(fileList)"
    if !data.unreadable.isEmpty {
      note += "; not read: \(data.unreadable.prefix(3).joined(separator: ", "))"
    }
    if unshipped > 0 {
      note += "; \(unshipped) more in files no target compiles and no package holds open nothing"
    }
    return (data.values, note)
  }
}
