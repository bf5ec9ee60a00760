import Foundation

/// Lexical path arithmetic for paths inside a project: nothing here touches the disk.
enum ProjectPath {
  /// `path` with empty and `.` components dropped and each `..` taking away the component before
  /// it; `..` that cannot be taken away stays at the front. An absolute path stays absolute.
  static func normalise(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if let last = parts.last, last != ".." {
          parts.removeLast()
        } else if !absolute {
          parts.append(part)
        }
        continue
      }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : joined
  }

  /// `path` appended to the relative `base`, normalised; an absolute `path` stands alone.
  static func join(_ base: String, _ path: String) -> String {
    if path.hasPrefix("/") || base.isEmpty { return normalise(path) }
    let tail = normalise(path)
    if tail.isEmpty { return base }
    // `base` is normalised already: only a tail that climbs needs the two taken together.
    if tail.hasPrefix("..") { return normalise(base + "/" + tail) }
    return base + "/" + tail
  }

  /// The absolute, normalised form of `path`, taken from the working folder when relative.
  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return normalise(path) }
    return normalise(FileManager.default.currentDirectoryPath + "/" + path)
  }

  /// The path that leads from the absolute folder `directory` to the absolute `path`, with `..`
  /// where `path` lies outside it.
  static func relative(_ path: String, from directory: String) -> String {
    let target = normalise(path).split(separator: "/")
    let origin = normalise(directory).split(separator: "/")
    var common = 0
    while common < target.count, common < origin.count, target[common] == origin[common] { common += 1 }
    let up = Array(repeating: "..", count: origin.count - common)
    return (up + target[common...].map(String.init)).joined(separator: "/")
  }

  /// The name of the `.lproj` folder `path` sits in, without its extension (`en`, `Base`).
  static func localization(of path: String) -> String? {
    let parts = path.split(separator: "/")
    guard parts.count >= 2 else { return nil }
    for part in parts.dropLast().reversed() where part.hasSuffix(".lproj") {
      return String(part.dropLast(".lproj".count))
    }
    return nil
  }

  /// The extension of the last component, lowercased, without the dot.
  static func fileExtension(_ path: String) -> String {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...].lowercased()
  }
}
