import Foundation

/// An Xcode project as an asset tool needs it: its native targets, what each target's bundle
/// receives, and the build settings that say which app icons each one needs.
///
/// ```swift
/// let project = try XcodeProject(contentsOf: "Freetime.xcodeproj")
/// for target in project.targets {
///   print(target.name, target.appIconName ?? "-", target.assetCatalogs.map(\.path))
/// }
/// ```
///
/// Only the project file is read, plus the contents of synchronized folders; `.xcconfig` files
/// are not (see ``XcodeTarget/configurationFiles``). Aggregate and legacy targets build no
/// bundle and are not among ``targets``; their names are in ``otherTargetNames``.
public struct XcodeProject: Sendable {
  /// The `.xcodeproj` folder as given.
  public var path: String
  /// The folder holding the `.xcodeproj` (`SOURCE_ROOT`), to which resource paths are relative.
  public var projectDirectory: String
  /// The native targets, in the project's order.
  public var targets: [XcodeTarget]
  /// The names of aggregate and legacy targets, which have no bundle and no resources.
  public var otherTargetNames: [String]

  /// Reads `path/project.pbxproj`.
  ///
  /// - Parameter path: The `.xcodeproj` folder.
  /// - Throws: `ProjectError` naming the `project.pbxproj` file when it is missing, larger than
  ///   32 MB, not an old-style property list, or not a project (no main group, a cycle in the
  ///   group tree…). A reference to an object that does not exist is skipped, not an error.
  /// - Complexity: Linear in the size of the project file, plus one listing of each synchronized
  ///   folder.
  public init(contentsOf path: String) throws(ProjectError) {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    self.path = path
    let parent = (trimmed as NSString).deletingLastPathComponent
    projectDirectory = parent.isEmpty ? "." : parent
    let file = try ProjectFile(contentsOf: trimmed + "/project.pbxproj")
    let absoluteDirectory = ProjectPath.absolute(projectDirectory)
    let tree = try GroupTree(file: file, absoluteProjectDirectory: absoluteDirectory)
    var reader = TargetReader(
      file: file, tree: tree, projectDirectory: projectDirectory,
      projectName: ((trimmed as NSString).lastPathComponent as NSString).deletingPathExtension)
    var targets: [XcodeTarget] = []
    var others: [String] = []
    for id in file.strings(file.root, "targets") {
      guard let object = file.object(id) else { continue }
      let name = file.string(object, "name") ?? id
      if file.isa(object) == "PBXNativeTarget" {
        targets.append(reader.target(id, object))
      } else {
        others.append(name)
      }
    }
    self.targets = targets
    otherTargetNames = others
  }

  /// Finds the Xcode projects under a folder.
  ///
  /// Folders whose names start with `.` are skipped, and nothing inside an `.xcodeproj`, an
  /// `.xcassets` or another bundle-like folder (`.xcworkspace`, `.app`, `.framework`…) is
  /// searched; symbolic links to folders are not followed.
  ///
  /// - Parameter root: The folder to search; it may itself be an `.xcodeproj`.
  /// - Returns: The paths of the `.xcodeproj` folders holding a `project.pbxproj`, each
  ///   beginning with `root`, sorted.
  public static func find(in root: String) -> [String] {
    ProjectFinder.find(in: root)
  }

  /// The target named `name`, if there is one.
  ///
  /// - Parameter name: A target name, exactly as Xcode shows it.
  /// - Returns: The first target with that name.
  public func target(named name: String) -> XcodeTarget? {
    targets.first { $0.name == name }
  }
}
