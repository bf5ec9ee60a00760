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

/// The rules over one root's index; collects findings.
///
/// Rules run per asset, each asset once however many name spaces hold it; what an asset
/// must have (its scales) comes from its name spaces, and the rules that compare assets
/// (names that differ only in case, identical images) compare within one name space only:
/// an app and its widget may both hold an `AppIcon`, and the same artwork.
struct RootCheck {
  let catalog: AssetCatalog
  let configuration: CheckConfiguration
  /// What this run checks: the whole index, or one target's name space (`--target`),
  /// without development assets unless they are asked for.
  let assets: [Asset]
  let namespaces: [AssetNamespace]
  let sets: [CatalogSet]
  let problems: [CatalogProblem]
  /// What was left out on purpose (previews), besides the index's own skipped files.
  let skippedHere: [CheckReport.Skipped]
  /// Loose assets the Apple rules leave alone (``looseSkipList()``), once the files are read.
  var looseSkips: [String: String] = [:]
  /// Image sets whose one image is a master of 1000 px or more in the 1x slot: drawn
  /// resized, not held to scales.
  var masterSets: Set<String> = []
  var findings: [Finding] = []
  var fileCount = 0
  /// What each probed file's bytes say, by path relative to the root.
  var facts: [String: FileFacts] = [:]
  /// The first asset (by ``key(of:)``) that uses each file.
  var owner: [String: AssetKey] = [:]
  /// The files probed, in index order.
  var probed: [String] = []
  /// The PNG files to probe, and their heads once read (in ``init(catalog:configuration:readingFiles:)``).
  var headReads = FileReads()
  let setsByPath: [String: CatalogSet]
  /// For an asset name, a loose file meant for it whose suffix a device does not read.
  let misspeltFiles: [String: String]
  /// What each app icon set (by path) is to its bundle.
  let iconRoles: [String: IconRole]
  /// The icon files whose transparency the alpha rules read.
  let alphaFiles: Set<String>
  /// What each asset (by ``key(of:)``) must have: over all the name spaces that hold it.
  let requirements: [AssetKey: DeviceRequirement]
  /// The distinct requirements, with the name spaces each applies to, for the summary.
  let requirementUses: [(requirement: DeviceRequirement, namespaces: [String])]
  /// The name spaces (of this run) that hold each asset, by ``key(of:)``.
  let namespacesByAsset: [AssetKey: [AssetNamespace]]
  /// Loose cocos2d texture families (``cocosFamilies(_:)``).
  let cocosFamilies: Set<String>
  /// The ids of the name spaces that hold an asset of a ``cocosFamilies`` family.
  let cocosNamespaces: Set<String>
  /// The tree's folders, listed once each, for rules that look for sibling files.
  let listings: FolderListings
  /// What storyboards and xibs draw (``interfaceUses(in:root:)``).
  let interfaceUses: InterfaceUses
  /// Files the Flutter, React Native and Android rules read, relative to the root.
  var layoutFiles: Set<String> = []
  /// The assets those rules checked (drawable names, Flutter and Metro assets).
  var layoutAssets: Set<String> = []
  /// `ROOT: note:` lines of those rules: what each layout's part was held to.
  var layoutNotes: [String] = []
  /// With `--references`, the names built at run time that counted.
  var referencePatterns: [CheckReport.Pattern]? = nil

  init(catalog: AssetCatalog, configuration: CheckConfiguration, readingFiles: Bool = true) {
    self.catalog = catalog
    self.configuration = configuration
    var spaces = catalog.namespaces
    if let target = configuration.target { spaces = spaces.filter { $0.id == target } }
    var previews: [CheckReport.Skipped] = []
    // With a project, a catalog no target compiles ships in no bundle (a removed watch app's
    // leftover): listed, not checked. Asked for by name with --target, it is checked.
    if configuration.target == nil, spaces.contains(where: { $0.kind == .target }) {
      for space in spaces where space.kind == .catalog {
        previews.append(CheckReport.Skipped(path: space.id, reason: "catalog-in-no-target"))
      }
      spaces = spaces.filter { $0.kind != .catalog }
    }
    if !configuration.includePreviews {
      spaces = spaces.map { space in
        // Most name spaces hold no development asset: kept as they are, not copied.
        guard space.assets.contains(where: { RootCheck.isDevelopmentAsset($0.location) }) else {
          return space
        }
        var kept = space
        kept.assets = space.assets.filter { asset in
          guard RootCheck.isDevelopmentAsset(asset.location) else { return true }
          previews.append(CheckReport.Skipped(path: asset.location, reason: "preview-assets"))
          return false
        }
        return kept
      }
    }
    let filtered = configuration.target != nil || !previews.isEmpty
    namespaces = spaces
    if filtered {
      var seen: Set<AssetKey> = []
      let scoped = spaces.flatMap(\.assets).filter { seen.insert(RootCheck.key(of: $0)).inserted }
      let folders = Set(scoped.map(\.location))
      assets = scoped.sorted { ($0.name, $0.location) < ($1.name, $1.location) }
      sets = catalog.sets.filter { folders.contains($0.path) }
      problems = catalog.problems.filter { problem in
        folders.contains(problem.path) || folders.contains(Paths.parent(of: problem.path))
          || (configuration.target == nil && !RootCheck.isDevelopmentAsset(problem.path))
      }
    } else {
      // Nothing left out: the index's own lists, without a set of every asset's key.
      assets = catalog.assets
      sets = catalog.sets
      problems = catalog.problems
    }
    var unique: Set<String> = []
    skippedHere = previews.filter { unique.insert($0.path).inserted }
    setsByPath = Dictionary(sets.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    iconRoles = IconRole.roles(of: spaces, sets: setsByPath)
    alphaFiles = RootCheck.alphaFiles(sets: sets, roles: iconRoles)
    // The files' heads are read (on every core) while this thread builds the rest of the
    // check's model, which needs no file's bytes.
    let reads =
      readingFiles
      ? RootCheck.fileReads(
        of: assets, sets: sets, catalog: catalog, configuration: configuration, alphaFiles: alphaFiles)
      : FileReads()
    let requests = reads.requests
    let checked = assets
    let (results, model) = Parallel.overlapping(
      { RootCheck.inspectByFolder(requests) },
      with: { Model(catalog: catalog, namespaces: spaces, assets: checked, configuration: configuration) })
    headReads = reads
    headReads.results = results
    owner = reads.owner
    fileCount = reads.fileCount
    misspeltFiles = model.misspeltFiles
    requirements = model.requirements
    requirementUses = model.requirementUses
    namespacesByAsset = model.namespacesByAsset
    listings = model.listings
    cocosFamilies = model.cocosFamilies
    cocosNamespaces = model.cocosNamespaces
    interfaceUses = model.interfaceUses
  }

  /// What the check knows of the assets besides their files: built in ``init(catalog:configuration:readingFiles:)``
  /// while the files are read.
  struct Model {
    var misspeltFiles: [String: String] = [:]
    var requirements: [AssetKey: DeviceRequirement] = [:]
    var requirementUses: [(requirement: DeviceRequirement, namespaces: [String])] = []
    var namespacesByAsset: [AssetKey: [AssetNamespace]] = [:]
    var listings: FolderListings
    var cocosFamilies: Set<String>
    var cocosNamespaces: Set<String>
    var interfaceUses: InterfaceUses

    init(
      catalog: AssetCatalog, namespaces: [AssetNamespace], assets: [Asset], configuration: CheckConfiguration
    ) {
      for asset in assets where asset.source == .looseFiles {
        for variant in asset.variants {
          guard let suffix = variant.suspiciousSuffix, asset.name.hasSuffix(suffix) else { continue }
          let intended = String(asset.name.dropLast(suffix.count))
          if misspeltFiles[intended] == nil {
            misspeltFiles[intended] = Paths.lastComponent(of: variant.path)
          }
        }
      }
      requirements.reserveCapacity(assets.count)
      namespacesByAsset.reserveCapacity(assets.count)
      for space in namespaces where !space.assets.isEmpty {
        let need = RootCheck.requirement(of: space, configuration: configuration)
        if let index = requirementUses.firstIndex(where: { $0.requirement == need }) {
          requirementUses[index].namespaces.append(space.id)
        } else {
          requirementUses.append((need, [space.id]))
        }
        for asset in space.assets {
          let key = RootCheck.key(of: asset)
          requirements[key] = requirements[key].map { $0.union(need) } ?? need
          namespacesByAsset[key, default: []].append(space)
        }
      }
      // From the whole tree: a Mac target of a cocos2d game ships the SD textures only.
      listings = FolderListings(root: catalog.root)
      let families = RootCheck.cocosFamilies(catalog.assets)
      cocosFamilies = families
      cocosNamespaces =
        families.isEmpty
        ? []
        : Set(
          namespaces.filter { $0.assets.contains { families.contains(RootCheck.cocosStem(of: $0)) } }.map(
            \.id))
      interfaceUses = RootCheck.interfaceUses(in: namespaces, root: catalog.root)
    }
  }

  /// What a name space's images must have: `--require`, else its target's devices, else 2x.
  static func requirement(of space: AssetNamespace, configuration: CheckConfiguration) -> DeviceRequirement {
    if let scales = configuration.requiredScales {
      return DeviceRequirement.given(scales, reason: "given with --require")
    }
    // A launch image set's filled 5.5-inch or X-class slot makes the app native on 3x
    // iPhones, as a UILaunchImages entry does.
    var space = space
    let native = space.assets.filter { $0.kind == .launchImage }.flatMap(\.variants).contains {
      ["736h", "2436h", "2688h"].contains($0.traits.subtype ?? "")
    }
    if native, let info = space.info, !info.launchesNatively {
      space.info?.launchImages.append(AppInfo.LaunchImage(name: "Default-736h", size: (414, 736)))
    } else if native, space.info == nil, space.target != nil {
      var info = AppInfo()
      info.launchImages.append(AppInfo.LaunchImage(name: "Default-736h", size: (414, 736)))
      space.info = info
    }
    return DeviceRequirement.of(space)
  }

  /// Whether a path lies in Xcode's development assets (`Preview Assets.xcassets`, the
  /// `Preview Content` folder): they are not built into a release.
  static func isDevelopmentAsset(_ path: String) -> Bool {
    Paths.containsComponent(path) {
      $0.elementsEqual("Preview Assets.xcassets".utf8) || $0.elementsEqual("Preview Content".utf8)
    }
  }

  /// What identifies one asset of the index: its location and name.
  static func key(of asset: Asset) -> AssetKey { AssetKey(location: asset.location, name: asset.name) }

  /// An asset's location and name: the two strings kept apart, not joined into a new string
  /// for every lookup.
  struct AssetKey: Hashable {
    var location: String
    var name: String
  }

  /// The requirement of `asset`.
  func requirement(of asset: Asset) -> DeviceRequirement {
    requirements[RootCheck.key(of: asset)]
      ?? RootCheck.requirement(
        of: AssetNamespace(id: "", kind: .looseFiles, assets: []), configuration: configuration)
  }

  mutating func run() {
    inspectFiles()
    looseSkips = looseSkipList()
    let skippedFiles = Set(
      assets.filter { looseSkips[$0.location] != nil && $0.source == .looseFiles }.flatMap {
        $0.variants.map(\.path)
      })
    for path in probed where skippedFiles.isEmpty || !skippedFiles.contains(path) {
      if let fileFacts = facts[path] { fileRules(path, fileFacts) }
    }
    formatRules()
    let loose = assets.indices.filter { index in
      assets[index].source == .looseFiles && looseSkips[assets[index].location] == nil && !looseFilesAreMetros
    }
    // The loose-file rules (on copies of the check) run while this thread runs the others,
    // which only add findings and do not read them; the findings are then put in the order
    // of one run after the other: per asset in index order, then the whole-tree rules'.
    let earlier = findings
    findings = []
    let (looseFound, ranges) = Parallel.overlapping(
      { [self] in looseFindings(of: loose) }, with: { otherRules() })
    let others = findings
    // Each finding is kept once: keyed by the three strings themselves (joining them into
    // one string per finding cost an allocation each), and dropped as the parts are joined
    // rather than in a pass over the joined array.
    let total = earlier.count + others.count + looseFound.reduce(0) { $0 + $1.count }
    var seen: Set<FindingKey> = []
    seen.reserveCapacity(total)
    var kept: [Finding] = []
    kept.reserveCapacity(total)
    func keep(_ part: some Sequence<Finding>) {
      for finding in part {
        let key = FindingKey(rule: finding.rule.id, path: finding.path, message: finding.message)
        if seen.insert(key).inserted { kept.append(finding) }
      }
    }
    keep(earlier)
    var nextLoose = 0
    for (index, asset) in assets.enumerated() {
      if asset.source == .looseFiles {
        if looseSkips[asset.location] == nil && !looseFilesAreMetros {
          keep(looseFound[nextLoose])
          nextLoose += 1
        }
      } else if let range = ranges.perAsset[index] {
        keep(others[range])
      }
    }
    keep(others[ranges.treeStart...])
    findings = kept
  }

  /// The rules of image sets and app icon sets, then those over the whole tree, their findings
  /// added to ``findings`` (empty before).
  ///
  /// - Returns: the range of ``findings`` of each set's asset (by index in ``assets``) that
  ///   has any, and where the whole-tree rules' findings start.
  mutating func otherRules() -> (perAsset: [Int: Range<Int>], treeStart: Int) {
    var perAsset: [Int: Range<Int>] = [:]
    for (index, asset) in assets.enumerated() {
      let start = findings.count
      switch asset.source {
      case .looseFiles: continue
      case .imageSet(let path): imageSetRules(asset, set: setsByPath[path])
      case .appIconSet(let path): appIconRules(asset, set: setsByPath[path])
      }
      if findings.count > start { perAsset[index] = start..<findings.count }
    }
    let treeStart = findings.count
    catalogRules()
    iconPoolRules()
    appIconNameRule()
    caseRules()
    duplicateRule()
    layoutRules()
    if configuration.references { referenceRules() }
    return (perAsset, treeStart)
  }

  /// What makes two findings the same: rule, path and message.
  struct FindingKey: Hashable {
    var rule: String
    var path: String
    var message: String
  }

  /// The loose-file rules' findings for the assets at `indices`, one array per asset, in
  /// their order. The rules read only what is settled before they run (the index, the files'
  /// facts, the skip list) and only add findings, so chunks of assets run on every core,
  /// each on its own copy of the check.
  func looseFindings(of indices: [Int]) -> [[Finding]] {
    var shared = self
    shared.findings = []
    let base = shared
    let chunks = stride(from: 0, to: indices.count, by: 256).map {
      Array(indices[$0..<min($0 + 256, indices.count)])
    }
    return Parallel.map(chunks) { chunk in
      var local = base
      return chunk.map { index in
        local.findings.removeAll(keepingCapacity: true)
        local.looseRules(local.assets[index])
        return local.findings
      }
    }.flatMap { $0 }
  }

  /// appicon-missing: the set a target's build settings name must be in its catalogs.
  mutating func appIconNameRule() {
    for space in namespaces {
      guard let target = space.target, let name = target.appIconName else { continue }
      let found = space.assets.contains { asset in
        asset.name.split(separator: "/").last.map(String.init) == name
          && (setsByPath[asset.location]?.kind == .appIconSet
            || setsByPath[asset.location]?.kind == .stickersIconSet)
      }
      // A tvOS target's icon is its brand assets (`NAME.brandassets`), which hold the stacks.
      let document =
        catalog.sets.contains {
          ($0.kind == .iconDocument && Paths.lastComponent(of: $0.path) == name + ".icon")
            || ($0.kind == .brandAssets && Paths.lastComponent(of: $0.path) == name + ".brandassets")
        }
        || target.resources.contains { $0.path.hasSuffix("/" + name + ".icon") || $0.path == name + ".icon" }
      guard !found, !document else { continue }
      let catalogs =
        space.catalogs.isEmpty
        ? "it has no asset catalog" : "its catalogs (\(space.catalogs.joined(separator: ", "))) hold none"
      add(
        .appIconMissing, space.project ?? "", asset: nil,
        "target \(target.name) names app icon set \"\(name)\" (ASSETCATALOG_COMPILER_APPICON_NAME), but \(catalogs); "
          + "the app would ship without its icon: add \(name).appiconset or fix the setting")
    }
  }

  mutating func add(
    _ rule: Rule, _ path: String, asset: String?, _ message: String, severity: Severity? = nil,
    line: Int? = nil
  ) {
    findings.append(
      Finding(
        rule: rule, root: catalog.root, relativePath: path, asset: asset, message: message,
        severity: severity,
        line: line))
  }
}

// The check's state is values and thread-safe listings: ``RootCheck/looseFindings(of:)``
// reads copies of it on several threads.
extension RootCheck: Sendable {}
