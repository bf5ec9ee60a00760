/// Replaces a drawable's `@dimen/name` attribute values by the lengths the res folder's
/// values files give them, before anything reads a length.
///
/// A reference is followed through the table up to 16 deep (`@dimen/a` → `@dimen/b` → `8dp`);
/// the length keeps its unit (`dp`, `dip`, `px`, `sp`), which is read as everywhere else.
/// A reference the table does not hold (a dimension of a library the tree does not include,
/// or no table given) is drawn as `0dp` (square corners, no inset, no stroke) and a warning
/// says so; only a `<vector>`'s or `<size>`'s own size keeps the reference, so it is refused
/// with a reason rather than drawn at nothing.
enum AndroidDimensions {
  /// `root` with every resolvable `@dimen/` value replaced, and a warning for each other one.
  static func resolve(_ root: AndroidXMLElement, table: AndroidColorTable?) -> (
    root: AndroidXMLElement, warnings: [String]
  ) {
    var warnings: [String] = []
    let resolved = resolve(root, table: table, warnings: &warnings)
    return (resolved, warnings)
  }

  private static func resolve(
    _ element: AndroidXMLElement, table: AndroidColorTable?, warnings: inout [String]
  )
    -> AndroidXMLElement
  {
    var element = element
    for (name, value) in element.attributes where value.androidTrimmed.hasPrefix("@dimen/") {
      if let length = length(value, table: table) {
        element.attributes[name] = length
      } else if !keepsReference(element.name, name) {
        element.attributes[name] = "0dp"
        let warning =
          "\(value.androidTrimmed) is not in the res folder's values (it may come from a library); "
          + "\(name) on <\(element.name)> drawn as 0 dp"
        if !warnings.contains(warning) { warnings.append(warning) }
      }
    }
    element.children = element.children.map { resolve($0, table: table, warnings: &warnings) }
    return element
  }

  /// The literal length `value` names, or `nil` when the table does not lead to one.
  private static func length(_ value: String, table: AndroidColorTable?) -> String? {
    guard let table else { return nil }
    var current = value.androidTrimmed
    for _ in 0..<16 {
      guard current.hasPrefix("@dimen/") else { return current.hasPrefix("@") ? nil : current }
      guard let next = table.dimensions[String(current.dropFirst("@dimen/".count))] else { return nil }
      current = next.androidTrimmed
    }
    return nil
  }

  /// Whether an unresolved reference stays, to be refused: a size a drawable has of its own.
  private static func keepsReference(_ element: String, _ attribute: String) -> Bool {
    let size = attribute.hasSuffix("width") || attribute.hasSuffix("height")
    return size && (element == "vector" || element == "size")
  }
}
