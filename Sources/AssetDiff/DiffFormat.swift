import IconGridSupport

/// The formats a diff report can be written in.
public enum DiffFormat: String, Sendable, CaseIterable {
  /// A tab-separated line per change: class, name space, name, variant, files, bytes.
  case text
  /// `{"version": 1, "changes": [{"class", "namespace", "name", "variant", "base", "head", "bytes"}]}`.
  case json
  /// A Markdown comment for a pull request: the sheet linked and a table of the changes.
  case github
}

/// How a rendered report names the two sides' files and the sheet.
public struct DiffRenderOptions: Sendable, Hashable {
  /// Put before each base-side path (`Assets/` or `HEAD~1:Assets/`).
  public var basePrefix: String
  /// Put before each head-side path.
  public var headPrefix: String
  /// The sheet's path or address, linked from the Markdown; `nil` for none.
  public var sheet: String?

  /// Creates options.
  ///
  /// - Parameters:
  ///   - basePrefix: put before each base-side path.
  ///   - headPrefix: put before each head-side path.
  ///   - sheet: the sheet to link, if any.
  public init(basePrefix: String = "", headPrefix: String = "", sheet: String? = nil) {
    self.basePrefix = basePrefix
    self.headPrefix = headPrefix
    self.sheet = sheet
  }
}

extension DiffReport {
  /// The report in `format`, ending with a newline.
  ///
  /// - Parameters:
  ///   - format: text, JSON or GitHub Markdown.
  ///   - options: how paths are prefixed and which sheet the Markdown links.
  /// - Returns: the whole document.
  public func rendered(as format: DiffFormat, options: DiffRenderOptions = .init()) -> String {
    switch format {
    case .json: return json(options).rendered() + "\n"
    case .text:
      return changes.map { change in
        [
          change.kind.rawValue, change.namespace, change.name, change.variant,
          (change.base.map { options.basePrefix + $0 } ?? "-") + " -> "
            + (change.head.map { options.headPrefix + $0 } ?? "-"),
          change.bytesText,
        ].joined(separator: "\t") + "\n"
      }.joined()
    case .github: return markdown(options)
    }
  }

  /// `3 changed, 1 added, 2 re-encoded only` (classes with none left out), or `no changes`.
  public var summary: String {
    let parts = ChangeClass.allCases.compactMap { kind -> String? in
      let count = changes(kind).count
      guard count > 0 else { return nil }
      return kind == .reencoded ? "\(count) re-encoded only" : "\(count) \(kind.rawValue)"
    }
    return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
  }

  func json(_ options: DiffRenderOptions) -> JSONValue {
    .object([
      ("version", .int(1)),
      (
        "changes",
        .array(
          changes.map { change in
            var fields: [(String, JSONValue)] = [
              ("class", .string(change.kind.rawValue)),
              ("namespace", .string(change.namespace)),
              ("name", .string(change.name)),
              ("variant", .string(change.variant)),
            ]
            if let base = change.base { fields.append(("base", .string(options.basePrefix + base))) }
            if let head = change.head { fields.append(("head", .string(options.headPrefix + head))) }
            fields.append(("bytes", .int(change.bytes)))
            return .object(fields)
          })
      ),
    ])
  }

  func markdown(_ options: DiffRenderOptions) -> String {
    var text = "### Icon changes\n\n"
    let visible = changes.filter { $0.kind != .reencoded }
    if visible.isEmpty {
      text += "No icon changes"
    } else {
      if let sheet = options.sheet { text += "![Before and after](\(sheet))\n\n" }
      text += "| Change | Name space | Asset | Variant | Before | After | Bytes |\n"
      text += "|---|---|---|---|---|---|---|\n"
      for change in visible {
        let cells = [
          change.kind.rawValue, code(change.namespace),
          change.previousName.map { code($0) + " → " + code(change.name) } ?? code(change.name),
          change.variant,
          change.base.map { code(options.basePrefix + $0) } ?? "",
          change.head.map { code(options.headPrefix + $0) } ?? "",
          change.bytesText,
        ]
        text += "| " + cells.joined(separator: " | ") + " |\n"
      }
      text += "\n" + summary.prefix(1).uppercased() + summary.dropFirst()
    }
    let reencoded = changes(.reencoded).count
    if reencoded > 0, visible.isEmpty { text += "; \(reencoded) re-encoded only (same pixels)" }
    return text + ".\n"
  }

  private func code(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "`": escaped += "'"
      case "|": escaped += "\\|"
      default: escaped.append(character)
      }
    }
    return "`" + escaped + "`"
  }
}
