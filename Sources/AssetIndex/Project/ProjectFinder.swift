/// Finds `.xcodeproj` folders under a root.
enum ProjectFinder {
  /// Folder extensions that are packages: never searched for projects.
  private static let packages: Set<String> = [
    "xcassets", "xcstickers", "xcworkspace", "app", "appex", "framework", "xcframework", "bundle", "icon",
    "iconset", "playground", "xcdatamodeld", "scnassets", "docc", "lproj",
  ]
  private static let depthLimit = 64
  private static let folderLimit = 100_000

  /// See ``XcodeProject/find(in:)``.
  static func find(in root: String) -> [String] {
    let start = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    if ProjectPath.fileExtension(start) == "xcodeproj" {
      return FolderListing.isFile(start + "/project.pbxproj") ? [start] : []
    }
    var found: [String] = []
    var pending: [(path: String, depth: Int)] = [(start, 0)]
    var visited = 0
    while let next = pending.popLast() {
      visited += 1
      guard visited <= folderLimit else { break }
      for entry in FolderListing.entries(of: next.path) where entry.isFolder && !entry.name.hasPrefix(".") {
        let path = next.path + "/" + entry.name
        let fileExtension = ProjectPath.fileExtension(entry.name)
        if fileExtension == "xcodeproj" {
          if FolderListing.isFile(path + "/project.pbxproj") { found.append(path) }
        } else if !packages.contains(fileExtension), next.depth < depthLimit {
          pending.append((path, next.depth + 1))
        }
      }
    }
    return found.sorted()
  }
}
