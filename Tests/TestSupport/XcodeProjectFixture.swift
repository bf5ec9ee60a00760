/// A minimal Xcode project file written by a test: native targets, each with build settings
/// (one Release configuration) and a resources build phase of files and folders relative to
/// the project's folder, so fixtures can say "an iPhone app for iOS 6 without a launch
/// storyboard" in a few lines.
///
/// ```swift
/// let text = XcodeProjectFixture(targets: [
///   .init(name: "App", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "6.0", "SDKROOT": "iphoneos"],
///         resources: ["Icon.png", "Assets.xcassets"])
/// ]).text
/// try tree.text("App.xcodeproj/project.pbxproj", text)
/// ```
package struct XcodeProjectFixture {
  /// One native target.
  package struct Target {
    /// Its name.
    package var name: String
    /// `com.apple.product-type.application` unless said.
    package var productType: String
    /// Build settings of its Release configuration, as the project file writes them.
    package var settings: [String: String]
    /// Its resources, relative to the project's folder: files, folders ending in
    /// `.xcassets`, `.storyboard`, `.plist`…
    package var resources: [String]
    /// The files its Sources phase compiles, relative to the project's folder.
    package var sources: [String]

    /// Creates a target.
    ///
    /// - Parameters:
    ///   - name: its name.
    ///   - productType: its product type.
    ///   - settings: its build settings.
    ///   - resources: its resources phase.
    ///   - sources: its sources phase.
    package init(
      name: String, productType: String = "com.apple.product-type.application", settings: [String: String],
      resources: [String], sources: [String] = []
    ) {
      self.name = name
      self.productType = productType
      self.settings = settings
      self.resources = resources
      self.sources = sources
    }
  }

  /// The targets, in order.
  package var targets: [Target]

  /// Creates a project of these targets.
  ///
  /// - Parameter targets: the native targets.
  package init(targets: [Target]) {
    self.targets = targets
  }

  /// The `project.pbxproj` text: an old-style property list with a main group listing every
  /// resource, and per target a resources phase, a configuration list and its settings.
  package var text: String {
    var objects: [String] = []
    var children: [String] = []
    var targetIDs: [String] = []
    var counter = 0
    func id() -> String {
      counter += 1
      return String(format: "A%023d", counter)
    }
    var referenceIDs: [String: String] = [:]
    for path in targets.flatMap({ $0.resources + $0.sources }) where referenceIDs[path] == nil {
      let reference = id()
      referenceIDs[path] = reference
      children.append(reference)
      let type =
        path.hasSuffix(".xcassets")
        ? "folder.assetcatalog"
        : path.hasSuffix(".png") ? "image.png" : path.hasSuffix(".swift") ? "sourcecode.swift" : "text"
      objects.append(
        "\(reference) = {isa = PBXFileReference; lastKnownFileType = \(type); path = \"\(path)\"; sourceTree = \"<group>\"; };"
      )
    }
    for target in targets {
      let buildFiles = target.resources.map { path -> String in
        let file = id()
        objects.append("\(file) = {isa = PBXBuildFile; fileRef = \(referenceIDs[path]!); };")
        return file
      }
      let phase = id()
      objects.append(
        "\(phase) = {isa = PBXResourcesBuildPhase; files = (\(buildFiles.joined(separator: ", "))); };")
      let sourceFiles = target.sources.map { path -> String in
        let file = id()
        objects.append("\(file) = {isa = PBXBuildFile; fileRef = \(referenceIDs[path]!); };")
        return file
      }
      var phases = [phase]
      if !sourceFiles.isEmpty {
        let sourcePhase = id()
        phases.append(sourcePhase)
        objects.append(
          "\(sourcePhase) = {isa = PBXSourcesBuildPhase; files = (\(sourceFiles.joined(separator: ", "))); };"
        )
      }
      let configuration = id()
      let settings = target.settings.sorted { $0.key < $1.key }.map { "\"\($0.key)\" = \"\($0.value)\";" }
      objects.append(
        "\(configuration) = {isa = XCBuildConfiguration; buildSettings = {\(settings.joined(separator: " "))}; name = Release; };"
      )
      let list = id()
      objects.append("\(list) = {isa = XCConfigurationList; buildConfigurations = (\(configuration)); };")
      let targetID = id()
      targetIDs.append(targetID)
      objects.append(
        "\(targetID) = {isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (\(phases.joined(separator: ", "))); "
          + "name = \"\(target.name)\"; productType = \"\(target.productType)\"; };")
    }
    let group = id()
    objects.append(
      "\(group) = {isa = PBXGroup; children = (\(children.joined(separator: ", "))); sourceTree = \"<group>\"; };"
    )
    let projectConfiguration = id()
    objects.append(
      "\(projectConfiguration) = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };")
    let projectList = id()
    objects.append(
      "\(projectList) = {isa = XCConfigurationList; buildConfigurations = (\(projectConfiguration)); };")
    let project = id()
    objects.append(
      "\(project) = {isa = PBXProject; buildConfigurationList = \(projectList); mainGroup = \(group); "
        + "targets = (\(targetIDs.joined(separator: ", "))); };")
    return "// !$*UTF8*$!\n{\n  archiveVersion = 1;\n  objectVersion = 56;\n  objects = {\n    "
      + objects.joined(separator: "\n    ") + "\n  };\n  rootObject = \(project);\n}\n"
  }
}
