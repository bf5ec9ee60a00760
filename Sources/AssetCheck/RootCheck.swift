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

/// The rules over one root's index; collects findings.
struct RootCheck {
  let catalog: AssetCatalog
  let configuration: CheckConfiguration
  var findings: [Finding] = []
  var fileCount = 0
  /// What each probed file's bytes say, by path relative to the root.
  var facts: [String: FileFacts] = [:]
  /// The first asset that uses each file.
  var owner: [String: String] = [:]
  /// The files probed, in index order.
  var probed: [String] = []
  let setsByPath: [String: CatalogSet]
  /// For an asset name, a loose file meant for it whose suffix a device does not read.
  let misspeltFiles: [String: String]
  /// The files of App Store icon slots, which must be opaque.
  let marketingFiles: Set<String>

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

  mutating func add(_ rule: Rule, _ path: String, asset: String?, _ message: String) {
    findings.append(
      Finding(rule: rule, root: catalog.root, relativePath: path, asset: asset, message: message))
  }

}
