/// Where every file element of a project lies, found by walking the group tree from the
/// project's main group.
///
/// Each element's location depends on its `sourceTree`: `<group>` is relative to the parent
/// group's location, `SOURCE_ROOT` to the project directory, `<absolute>` is absolute (and is
/// re-expressed relative to the project directory). Any other tree (`BUILT_PRODUCTS_DIR`,
/// `SDKROOT`, `DEVELOPER_DIR`, a custom source tree) is a build variable, not a place in the
/// repository: those elements, and everything under them, are unlocated. A group without a
/// `path` adds no component; `name` is only a display name.
struct GroupTree {
  /// How deep groups may nest; real projects stay well under 30. The bound keeps a hostile
  /// file from making paths (and memory) grow with the square of its size.
  static let depthLimit = 256

  /// An element's place relative to the project directory, or `nil` when it has none.
  private(set) var locations: [String: String?] = [:]

  private let file: ProjectFile
  private let absoluteProjectDirectory: String

  /// Walks the tree from `PBXProject.mainGroup`.
  ///
  /// - Throws: `ProjectError` when the main group is missing, the tree has a cycle, or groups
  ///   nest deeper than ``depthLimit``.
  init(file: ProjectFile, absoluteProjectDirectory: String) throws(ProjectError) {
    self.file = file
    self.absoluteProjectDirectory = absoluteProjectDirectory
    guard let mainID = file.string(file.root, "mainGroup"), let main = file.object(mainID) else {
      throw ProjectError(file: file.file, reason: .malformed("the project has no main group"))
    }
    locations[mainID] = location(of: main, parent: "")
    // Depth first without recursion, so that a hostile file with a very deep tree cannot
    // exhaust the stack; `onPath` finds cycles, `locations` skips elements seen before.
    var stack: [(id: String, children: [String], next: Int)] = [(mainID, file.strings(main, "children"), 0)]
    var onPath: Set<String> = [mainID]
    while !stack.isEmpty {
      let top = stack.count - 1
      guard stack[top].next < stack[top].children.count else {
        onPath.remove(stack[top].id)
        stack.removeLast()
        continue
      }
      let childID = stack[top].children[stack[top].next]
      stack[top].next += 1
      if onPath.contains(childID) {
        let name = file.object(childID).flatMap { file.string($0, "name") ?? file.string($0, "path") }
        throw ProjectError(
          file: file.file,
          reason: .malformed(
            "the group tree has a cycle: group \(name.map { "\"\($0)\" " } ?? "")(\(childID)) contains itself"
          ))
      }
      guard locations[childID] == nil, let child = file.object(childID) else { continue }
      let parentLocation = locations[stack[top].id] ?? nil
      locations[childID] = location(of: child, parent: parentLocation)
      let grandchildren = file.strings(child, "children")
      if !grandchildren.isEmpty {
        guard stack.count < Self.depthLimit else {
          throw ProjectError(
            file: file.file, reason: .malformed("groups are nested more than \(Self.depthLimit) deep"))
        }
        stack.append((childID, grandchildren, 0))
        onPath.insert(childID)
      }
    }
  }

  /// The location of the element `id`; an element outside the tree is placed as if it were a
  /// child of the main group (which is where Xcode shows such orphans).
  func location(of id: String) -> String? {
    if let known = locations[id] { return known }
    guard let object = file.object(id) else { return nil }
    return location(of: object, parent: "")
  }

  /// The location of `object` whose parent group lies at `parent` (`nil`: unlocated).
  private func location(of object: ProjectFile.Object, parent: String?) -> String? {
    let path = file.string(object, "path") ?? ""
    switch file.string(object, "sourceTree") ?? "<group>" {
    case "<group>":
      guard let parent else { return nil }
      return ProjectPath.join(parent, path)
    case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR":
      return ProjectPath.join("", path)
    case "<absolute>":
      guard path.hasPrefix("/") else { return ProjectPath.join("", path) }
      return ProjectPath.relative(path, from: absoluteProjectDirectory)
    default:
      return nil
    }
  }
}
