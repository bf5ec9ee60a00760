import IconGridSupport

/// The `flutter: assets:` list of a `pubspec.yaml`: the paths Flutter bundles.
///
/// No YAML library is available, so this reads that one block and nothing else. Accepted:
/// a top-level `flutter:` key (no indentation); inside it an `assets:` key, followed by a
/// block sequence (`- assets/images/`, the dashes at any indentation not less than the
/// key's) or a flow sequence on the same line (`assets: [a/, b.png]`); each item a plain,
/// `'single'` or `"double"` quoted scalar, or a mapping whose `path:` is the asset (Flutter
/// 3.19's `- path: assets/ flavors: [...]`). `#` comments and blank lines are skipped
/// anywhere. Other keys and blocks are not read. Anchors, aliases, tags, multi-line
/// scalars and documents other than the first are not accepted inside `assets:` (an
/// error names the line).
public struct PubspecAssets: Sendable, Hashable {
  /// The declared entries in order, as written (`assets/images/`, `assets/logo.png`).
  public var entries: [String]
  /// Whether the file has a `flutter:` block at all.
  public var hasFlutterBlock: Bool

  /// Why a `pubspec.yaml` could not be read.
  public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// What is wrong and what to do.
    public var reason: String
    /// `line N: reason`.
    public var description: String { "line \(line): \(reason)" }
  }

  /// Creates a list by hand.
  ///
  /// - Parameter entries: the declared paths.
  public init(entries: [String]) {
    self.entries = entries
    hasFlutterBlock = true
  }

  /// Reads the text of a `pubspec.yaml`.
  ///
  /// - Parameter text: the file's contents.
  /// - Throws: ``Problem`` when the `assets:` block holds something this reader does not
  ///   accept (see the type's discussion).
  public init(parsing text: String) throws(Problem) {
    entries = []
    hasFlutterBlock = false
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
    }
    var inFlutter = false
    var assetsIndent: Int?
    var itemIndent: Int?
    var inMapItem = false
    for (offset, raw) in lines.enumerated() {
      let number = offset + 1
      let line = YAMLLine.withoutComment(raw)
      let content = line.drop(while: { $0 == " " })
      if content.isEmpty { continue }
      if raw.hasPrefix("\t") {
        throw Problem(line: number, reason: "a tab indents this line; YAML allows only spaces")
      }
      let indent = line.count - content.count
      if content == "---" || content == "..." {
        if offset > 0, hasFlutterBlock { break }
        continue
      }
      if indent == 0 {
        inFlutter = content.hasPrefix("flutter:") && content.dropFirst(8).allSatisfy { $0 == " " }
        if inFlutter { hasFlutterBlock = true }
        assetsIndent = nil
        continue
      }
      guard inFlutter else { continue }
      if let keyIndent = assetsIndent {
        if let itemIndent, indent > itemIndent {
          guard inMapItem else {
            throw Problem(
              line: number,
              reason: "a multi-line value is not accepted in 'assets:'; write each path on one line")
          }
          if content.hasPrefix("path:") {
            entries.append(try PubspecAssets.scalar(content.dropFirst(5), line: number))
          }
          continue
        }
        if content.hasPrefix("-"), indent >= keyIndent, content.count == 1 || content.dropFirst().first == " "
        {
          if let itemIndent, indent != itemIndent {
            throw Problem(line: number, reason: "this item is indented differently from the ones before it")
          }
          itemIndent = indent
          let value = content.dropFirst().drop(while: { $0 == " " })
          if value.hasPrefix("path:") {
            entries.append(try PubspecAssets.scalar(value.dropFirst(5), line: number))
            inMapItem = true
          } else if value.contains(": ") || value.hasSuffix(":") {
            inMapItem = true
            let key = value.prefix(while: { $0 != ":" })
            guard key == "flavors" || key == "transformers" else {
              throw Problem(line: number, reason: "an asset item must be a path or have a 'path:' key")
            }
          } else {
            entries.append(try PubspecAssets.scalar(value, line: number))
            inMapItem = false
          }
          continue
        }
        assetsIndent = nil
        itemIndent = nil
        inMapItem = false
      }
      if content.hasPrefix("assets:") {
        let rest = content.dropFirst(7).drop(while: { $0 == " " })
        if rest.isEmpty {
          assetsIndent = indent
          itemIndent = nil
        } else if rest.hasPrefix("["), rest.hasSuffix("]") {
          for item in rest.dropFirst().dropLast().split(separator: ",") {
            let value = item.drop(while: { $0 == " " })
            if value.isEmpty { continue }
            entries.append(try PubspecAssets.scalar(value, line: number))
          }
        } else {
          throw Problem(line: number, reason: "'assets:' must be followed by a list of paths")
        }
      }
    }
  }

  /// Whether Flutter bundles the file at `path` (relative to the package root): a file
  /// entry names it or its main file; a folder entry (ending in `/`) holds it directly or in
  /// one of its variant folders (`assets/images/` bundles `assets/images/2.0x/a.png`, not
  /// `assets/images/icons/a.png`).
  ///
  /// - Parameter path: the file, with `/` separators.
  /// - Returns: whether an entry covers it.
  public func declares(_ path: String) -> Bool {
    let main = FlutterPath(path).mainPath
    for entry in entries {
      let cleaned = entry.hasPrefix("./") ? String(entry.dropFirst(2)) : entry
      if cleaned.hasSuffix("/") {
        guard main.hasPrefix(cleaned) else { continue }
        if !main.dropFirst(cleaned.count).contains("/") { return true }
      } else if cleaned == main || cleaned == path {
        return true
      }
    }
    return false
  }

  /// Whether a file entry names exactly `path` (not its main file, not a folder).
  ///
  /// - Parameter path: the file, with `/` separators, relative to the package root.
  /// - Returns: whether one entry is that path.
  public func declaresFile(_ path: String) -> Bool {
    entries.contains { ($0.hasPrefix("./") ? String($0.dropFirst(2)) : $0) == path }
  }

  static func scalar(_ text: Substring, line: Int) throws(Problem) -> String {
    let value = text.drop(while: { $0 == " " })
    if let first = value.first, first == "'" || first == "\"" {
      guard value.count >= 2, value.last == first else {
        throw Problem(line: line, reason: "a quoted path is not closed on its line")
      }
      return String(value.dropFirst().dropLast())
    }
    if let first = value.first, "&*!|>{[".contains(first) {
      throw Problem(
        line: line,
        reason: "'\(first)' starts a YAML construct this reader does not accept; write a plain path")
    }
    guard !value.isEmpty else { throw Problem(line: line, reason: "an empty asset entry") }
    return String(value)
  }
}
