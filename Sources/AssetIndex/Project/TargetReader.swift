/// Builds an `XcodeTarget` from a `PBXNativeTarget`: its resources build phase, its
/// synchronized folders and its build settings.
struct TargetReader {
  private let file: ProjectFile
  private let tree: GroupTree
  private var synchronized: SynchronizedFolders
  private let projectName: String

  init(file: ProjectFile, tree: GroupTree, projectDirectory: String, projectName: String) {
    self.file = file
    self.tree = tree
    self.projectName = projectName
    synchronized = SynchronizedFolders(file: file, tree: tree, projectDirectory: projectDirectory)
  }

  /// The description of the native target `id`.
  mutating func target(_ id: String, _ object: ProjectFile.Object) -> XcodeTarget {
    var target = XcodeTarget(
      name: file.string(object, "name") ?? id, productType: file.string(object, "productType"))
    let phases = file.strings(object, "buildPhases")
    var resources: [ProjectResource] = []
    var unlocated: [String] = []
    var sources: [String] = []
    for phaseID in phases {
      guard let phase = file.object(phaseID) else { continue }
      if file.isa(phase) == "PBXSourcesBuildPhase" {
        for buildFileID in file.strings(phase, "files") {
          guard let buildFile = file.object(buildFileID), let reference = file.string(buildFile, "fileRef"),
            let path = tree.location(of: reference), !path.isEmpty
          else { continue }
          sources.append(path)
        }
        continue
      }
      guard file.isa(phase) == "PBXResourcesBuildPhase" else { continue }
      for buildFileID in file.strings(phase, "files") {
        guard let buildFile = file.object(buildFileID), let reference = file.string(buildFile, "fileRef")
        else {
          continue
        }
        var visited: Set<String> = []
        collect(reference, into: &resources, unlocated: &unlocated, visited: &visited)
      }
    }
    target.sourceFiles = sources
    if !synchronized.isEmpty {
      let ownFolders = file.strings(object, "fileSystemSynchronizedGroups")
      resources += synchronized.resources(forTarget: id, ownFolders: ownFolders, buildPhases: phases)
      target.synchronizedMembers = synchronized.memberships(forTarget: id, ownFolders: ownFolders)
    }
    // One item listed twice (a catalog in the phase and in a synchronized folder) ships once.
    var seen: Set<String> = []
    target.resources = resources.filter { seen.insert($0.path).inserted }
    target.unlocatedResources = unlocated
    readSettings(object, into: &target)
    return target
  }

  /// Adds the resources the element `id` stands for: a file, the localized children of a
  /// variant group, or every file of a group. Iterative, and each element is taken once, so
  /// neither a deep nor a looping chain of groups (possible in a corrupt file) can trap it.
  private func collect(
    _ id: String, into resources: inout [ProjectResource], unlocated: inout [String],
    visited: inout Set<String>
  ) {
    var pending = [id]
    while let next = pending.popLast() {
      guard visited.insert(next).inserted, let object = file.object(next) else { continue }
      switch file.isa(object) {
      case "PBXVariantGroup", "PBXGroup":
        pending += file.strings(object, "children").reversed()
      case "PBXFileReference", "XCVersionGroup":
        guard let path = tree.location(of: next), !path.isEmpty else {
          unlocated.append(file.string(object, "name") ?? file.string(object, "path") ?? next)
          continue
        }
        resources.append(
          ProjectResource(
            path: path, kind: kind(of: object, path: path), localization: ProjectPath.localization(of: path)))
      default:
        // A PBXReferenceProxy is another project's product: built, not in the repository.
        unlocated.append(file.string(object, "name") ?? file.string(object, "path") ?? next)
      }
    }
  }

  /// How the bundle receives a file reference, from its file type, else its extension.
  private func kind(of object: ProjectFile.Object, path: String) -> ProjectResource.Kind {
    let type = file.string(object, "explicitFileType") ?? file.string(object, "lastKnownFileType") ?? ""
    let fileExtension = ProjectPath.fileExtension(path)
    if type == "folder.assetcatalog" || type == "folder.stickers" || fileExtension == "xcassets"
      || fileExtension == "xcstickers"
    {
      return .assetCatalog
    }
    if type.hasPrefix("folder.iconcomposer") || fileExtension == "icon" { return .iconDocument }
    if type == "folder" || type == "wrapper.cfbundle" || fileExtension == "bundle" { return .folderReference }
    return .file
  }

  /// Fills the settings fields from the chosen configuration.
  private func readSettings(_ object: ProjectFile.Object, into target: inout XcodeTarget) {
    let targetList = file.object(file.string(object, "buildConfigurationList"))
    let projectList = file.object(file.string(file.root, "buildConfigurationList"))
    let targetConfiguration = configuration(in: targetList, named: nil)
    let name = targetConfiguration.flatMap { file.string($0, "name") }
    let projectConfiguration = configuration(in: projectList, named: name)
    target.configurationName = name
    target.configurationFiles = [projectConfiguration, targetConfiguration].compactMap {
      configurationFile($0)
    }

    let settings = BuildSettings(
      project: projectConfiguration.flatMap { $0["buildSettings"] as? [String: Any] } ?? [:],
      target: targetConfiguration.flatMap { $0["buildSettings"] as? [String: Any] } ?? [:],
      builtIn: [
        "TARGET_NAME": target.name, "PROJECT_NAME": projectName, "CONFIGURATION": name ?? "",
        "PRODUCT_NAME": file.string(object, "productName") ?? target.name,
        // Paths relative to the project directory, which is what resource paths are too.
        "SRCROOT": ".", "PROJECT_DIR": ".",
      ])
    var unresolved: [String: String] = [:]
    func words(_ key: String) -> [String] {
      guard let value = settings.words(key) else { return [] }
      guard value.complete else {
        unresolved[key] = raw(settings, key)
        return []
      }
      return value.words
    }
    func text(_ key: String) -> String? {
      guard let value = settings.value(key) else { return nil }
      guard value.complete else {
        unresolved[key] = raw(settings, key)
        return nil
      }
      let trimmed = Self.unquote(value.text)
      return trimmed.isEmpty ? nil : trimmed
    }

    let supported = words("SUPPORTED_PLATFORMS")
    let platformWords = settings.isSet("SUPPORTED_PLATFORMS") ? supported : text("SDKROOT").map { [$0] } ?? []
    target.platforms = Set(platformWords.compactMap(ApplePlatform.init(sdk:)))
    target.supportsMacCatalyst = Self.isYes(text("SUPPORTS_MACCATALYST"))
    var deploymentPlatforms = target.platforms
    if target.supportsMacCatalyst { deploymentPlatforms.insert(.ios) }
    for platform in ApplePlatform.allCases where deploymentPlatforms.contains(platform) {
      if let version = text(platform.deploymentTargetSetting) { target.deploymentTargets[platform] = version }
    }
    let families = (text("TARGETED_DEVICE_FAMILY") ?? "").split(whereSeparator: { $0 == "," || $0 == " " })
    target.deviceFamilies = Set(families.compactMap { Int($0) })
    target.appIconName = text("ASSETCATALOG_COMPILER_APPICON_NAME")
    target.alternateAppIconNames = words("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")
    target.includesAllAppIcons = Self.isYes(text("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"))
    target.infoPlistFile = text("INFOPLIST_FILE")
    target.generatesInfoPlist = Self.isYes(text("GENERATE_INFOPLIST_FILE"))
    for key in settings.keys where key.hasPrefix("INFOPLIST_KEY_") {
      guard let value = text(key) else { continue }
      target.generatedInfoKeys[String(key.dropFirst("INFOPLIST_KEY_".count))] = value
    }
    // Multiplatform targets set iOS's keys for its SDK only (`KEY[sdk=iphoneos*] = YES`):
    // those are the values an iPhone build gets.
    let levels = [projectConfiguration, targetConfiguration].compactMap {
      $0?["buildSettings"] as? [String: Any]
    }
    for level in levels {
      for (key, value) in level where key.hasPrefix("INFOPLIST_KEY_") && key.contains("[sdk=iphone") {
        guard let text = value as? String, let bracket = key.firstIndex(of: "[") else { continue }
        let name = String(key[key.index(key.startIndex, offsetBy: "INFOPLIST_KEY_".count)..<bracket])
        if target.generatedInfoKeys[name] == nil { target.generatedInfoKeys[name] = Self.unquote(text) }
      }
    }
    if let sdk = text("SDKROOT"), let digit = sdk.firstIndex(where: \.isNumber),
      ApplePlatform(sdk: sdk) != nil
    {
      target.sdkVersion = String(sdk[digit...])
    }
    target.unresolvedSettings = unresolved
  }

  /// The unexpanded value of `key` at the level that sets it, for ``XcodeTarget/unresolvedSettings``.
  private func raw(_ settings: BuildSettings, _ key: String) -> String {
    settings.rawValue(key) ?? ""
  }

  /// The configuration called `name` in a configuration list, else "Release", else the first.
  private func configuration(in list: ProjectFile.Object?, named name: String?) -> ProjectFile.Object? {
    guard let list else { return nil }
    let configurations = file.strings(list, "buildConfigurations").compactMap { file.object($0) }
    if let name, let match = configurations.first(where: { file.string($0, "name") == name }) { return match }
    return configurations.first { file.string($0, "name") == "Release" } ?? configurations.first
  }

  /// The `.xcconfig` a configuration is based on, relative to the project directory.
  private func configurationFile(_ configuration: ProjectFile.Object?) -> String? {
    guard let configuration else { return nil }
    if let reference = file.string(configuration, "baseConfigurationReference") {
      return tree.location(of: reference) ?? file.object(reference).flatMap { file.string($0, "path") }
    }
    // Xcode 16 anchors an .xcconfig inside a synchronized folder by folder and relative path.
    if let anchor = file.string(configuration, "baseConfigurationReferenceAnchor"),
      let relative = file.string(configuration, "baseConfigurationReferenceRelativePath")
    {
      return tree.location(of: anchor).map { ProjectPath.join($0, relative) } ?? relative
    }
    return nil
  }

  private static func isYes(_ value: String?) -> Bool {
    guard let value = value?.lowercased() else { return false }
    return value == "yes" || value == "true" || value == "1"
  }

  /// `text` without surrounding white space and one pair of surrounding quotes.
  private static func unquote(_ text: String) -> String {
    var value = Substring(text).drop(while: { $0 == " " || $0 == "\t" })
    while let last = value.last, last == " " || last == "\t" { value = value.dropLast() }
    if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
      value = value.dropFirst().dropLast()
    }
    return String(value)
  }
}
