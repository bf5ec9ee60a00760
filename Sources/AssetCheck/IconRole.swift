import AssetIndex
import AssetResolver

extension XcodeTarget {
  /// The app icon set it uses: `ASSETCATALOG_COMPILER_APPICON_NAME`, or, for an app whose
  /// settings come from `.xcconfig` files the tree does not hold, `AppIcon`, the name
  /// Xcode's templates write (so that its App Store icon is still checked).
  var effectiveAppIconName: String? {
    if let appIconName { return appIconName }
    guard isApplication, !configurationFiles.isEmpty,
      unresolvedSettings["ASSETCATALOG_COMPILER_APPICON_NAME"] == nil
    else { return nil }
    return "AppIcon"
  }
}

/// What an app icon set is to the bundle that holds it: Apple's rules for alpha and for
/// required slots differ between the App Store icon, alternates, extensions and watch apps.
enum IconRole: Hashable {
  /// The app's icon, named by `ASSETCATALOG_COMPILER_APPICON_NAME` (or, without a project,
  /// a set called `AppIcon`): its App Store image must be opaque.
  case primary(target: String?)
  /// The app's icon in some build configurations only: a set the setting can name through a
  /// variable of an `.xcconfig` the tree does not hold (`AppIcon${BUNDLE_ID_SUFFIX}` naming
  /// `AppIcon.beta`). Whether a shipped build uses it is not known.
  case configuration(target: String, setting: String)
  /// An alternate icon (`ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`, or every set with
  /// `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS`).
  case alternate(target: String)
  /// The icon of an app extension (an action extension's template icon may be transparent).
  case extensionIcon(target: String)
  /// A watch app's icon: Apple rejects an alpha channel at every size.
  case watch(target: String?)
  /// A set of a target's catalogs that no build setting names: not built into the bundle.
  case unused(target: String)
  /// No project says (a set not called `AppIcon`, or the setting is not readable).
  case unknown

  /// How a message names the icon: `the App Store icon of target Freetime`.
  var phrase: String {
    switch self {
    case .primary(let target): target.map { "the app icon of target \($0)" } ?? "the app icon"
    case .configuration(let target, let setting):
      "the app icon of target \(target) in the build configurations whose \(setting) names it"
    case .alternate(let target): "an alternate icon of target \(target)"
    case .extensionIcon(let target): "the icon of extension \(target)"
    case .watch(let target): target.map { "the watch app icon of target \($0)" } ?? "a watch app icon"
    case .unused(let target): "a set no build setting of target \(target) names"
    case .unknown: "an app icon set"
    }
  }

  /// The roles of the app icon sets (and Icon Composer documents) of every name space, by
  /// set path; a set shared by several targets takes the first role that says most.
  static func roles(of namespaces: [AssetNamespace], sets: [String: CatalogSet]) -> [String: IconRole] {
    var roles: [String: IconRole] = [:]
    func assign(_ path: String, _ role: IconRole) {
      guard let old = roles[path] else {
        roles[path] = role
        return
      }
      if old.rank < role.rank { roles[path] = role }
    }
    for space in namespaces {
      let iconSets = space.assets.filter { asset in
        guard let set = sets[asset.location] else { return false }
        return set.kind == .appIconSet || set.kind == .stickersIconSet
      }
      guard let target = space.target else {
        for asset in iconSets {
          let set = sets[asset.location]!
          let watchOnly = AppIconTable.layout(of: set).platforms == [.watchos]
          assign(
            asset.location,
            watchOnly ? .watch(target: nil) : asset.name == "AppIcon" ? .primary(target: nil) : .unknown)
        }
        continue
      }
      let product = target.productType ?? ""
      let alternates = Set(target.alternateAppIconNames)
      // `AppIcon${BUNDLE_ID_SUFFIX}` (the variable set in an .xcconfig file): any set the
      // pattern can name is the icon of one build configuration or another.
      let pattern =
        target.appIconName == nil ? target.unresolvedSettings["ASSETCATALOG_COMPILER_APPICON_NAME"] : nil
      let iconName = target.effectiveAppIconName
      for asset in iconSets {
        let name = asset.name.split(separator: "/").last.map(String.init) ?? asset.name
        if let pattern, name != IconRole.literal(pattern), IconRole.matches(name, setting: pattern) {
          // A value of the variable: one configuration's icon, not necessarily the shipped one.
          assign(asset.location, .configuration(target: target.name, setting: pattern))
        } else if name == iconName || pattern.map({ IconRole.matches(name, setting: $0) }) == true {
          if product.contains("watchapp") || target.platforms == [.watchos] {
            assign(asset.location, .watch(target: target.name))
          } else if product.contains("extension") && !product.contains("messages-sticker-pack") {
            // A sticker pack ships alone in Messages' App Store: its icon is the app's.
            assign(asset.location, .extensionIcon(target: target.name))
          } else {
            assign(asset.location, .primary(target: target.name))
          }
        } else if alternates.contains(name) || target.includesAllAppIcons {
          assign(asset.location, .alternate(target: target.name))
        } else if target.appIconName == nil,
          target.unresolvedSettings["ASSETCATALOG_COMPILER_APPICON_NAME"] != nil
        {
          // The setting names a variable of an .xcconfig file: the set may well be the icon.
          assign(asset.location, asset.name == "AppIcon" ? .primary(target: target.name) : .unknown)
        } else {
          assign(asset.location, .unused(target: target.name))
        }
      }
    }
    return roles
  }

  /// Whether `name` is what a setting with variables (`AppIcon${SUFFIX}`, `$(NAME)Icon`)
  /// can expand to: its literal parts in order, anything between them.
  static func matches(_ name: String, setting: String) -> Bool {
    var literals: [Substring] = []
    var rest = Substring(setting)
    while let start = rest.firstIndex(of: "$") {
      literals.append(rest[..<start])
      let after = rest.index(after: start)
      guard after < rest.endIndex, let close = rest[after...].firstIndex(of: rest[after] == "(" ? ")" : "}")
      else {
        return false
      }
      rest = rest[rest.index(after: close)...]
    }
    literals.append(rest)
    guard let first = literals.first, let last = literals.last, name.hasPrefix(first), name.hasSuffix(last),
      name.count >= first.count + last.count
    else { return false }
    var remaining = Substring(name).dropFirst(first.count).dropLast(last.count)
    for literal in literals.dropFirst().dropLast() where !literal.isEmpty {
      guard let range = remaining.range(of: literal) else { return false }
      remaining = remaining[range.upperBound...]
    }
    return true
  }

  /// A setting with its variables left empty (`AppIcon${SUFFIX}` → `AppIcon`): what it names
  /// when the variable is unset, as in a default configuration.
  static func literal(_ setting: String) -> String {
    var text = ""
    var rest = Substring(setting)
    while let start = rest.firstIndex(of: "$") {
      text += rest[..<start]
      let after = rest.index(after: start)
      guard after < rest.endIndex, let close = rest[after...].firstIndex(of: rest[after] == "(" ? ")" : "}")
      else {
        return text
      }
      rest = rest[rest.index(after: close)...]
    }
    return text + rest
  }

  /// Which role wins when targets disagree about one set: the one with more rules.
  private var rank: Int {
    switch self {
    case .unused: 0
    case .unknown: 1
    case .extensionIcon: 2
    case .configuration: 3
    case .alternate: 3
    case .watch: 4
    case .primary: 5
    }
  }
}
