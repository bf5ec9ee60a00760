import IconGridSupport
import ImageCore

/// The files of a tree that a scan reads, found in one walk.
enum SourceWalk {
  /// Folders that hold build output, tool caches or other projects' code.
  static let skippedFolders: Set<String> = [
    "build", "node_modules", "Pods", "Carthage", "DerivedData", ".build", "SourcePackages", ".dart_tool",
    ".gradle",
  ]

  /// Every file under `root` (relative path and lower-cased extension), in the order the walk
  /// meets them.
  ///
  /// Hidden entries and ``skippedFolders`` are not entered, nor folders deeper than
  /// ``SourceReferences/depthLimit``; at most ``SourceReferences/fileLimit`` entries are seen.
  ///
  /// - Parameter root: the folder to walk.
  static func entries(root: String) -> [SourceFiles.Entry] {
    var files: [SourceFiles.Entry] = []
    var pending: [(String, Int)] = [("", 0)]
    var seen = 0
    while let (relative, depth) = pending.popLast() {
      let folder = relative.isEmpty ? root : Paths.join(root, relative)
      // Sorted by name as `[String].sorted()` orders names, and typed by `readdir`: not a
      // `stat` for every file.
      let entries = FileSystem.entries(of: folder).sorted { $0.name < $1.name }
      for (name, isDirectory) in entries where !name.hasPrefix(".") {
        seen += 1
        guard seen <= SourceReferences.fileLimit else { break }
        let path = relative.isEmpty ? name : relative + "/" + name
        let fileExtension = Paths.fileExtension(of: name).lowercased()
        if isDirectory {
          if depth < SourceReferences.depthLimit && !skippedFolders.contains(name)
            && !SourceReferences.opaqueFolderExtensions.contains(fileExtension)
          {
            pending.append((path, depth + 1))
          }
        } else {
          files.append(SourceFiles.Entry(path: path, fileExtension: fileExtension))
        }
      }
    }
    return files
  }

  /// The bytes of a source file, or `nil` when it cannot be read or is too large.
  static func read(_ path: String, root: String) -> [UInt8]? {
    (try? FileIO.readAll(Paths.join(root, path), limit: SourceReferences.sizeLimit)).map(UTF8Text.bytes)
  }
}
