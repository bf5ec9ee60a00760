/// `/`-separated path text, as the index, the makers and the command line join and split it.
///
/// Pure string work: nothing here touches the file system.
package enum Paths {
  /// `base/name`; either may be empty, and a `base` that ends with `/` gets no second one.
  package static func join(_ base: String, _ name: String) -> String {
    if name.isEmpty { return base }
    if base.isEmpty { return name }
    return base.hasSuffix("/") ? base + name : base + "/" + name
  }

  /// The last component of `path`, ignoring one trailing `/` (`b` for `a/b/`).
  package static func lastComponent(of path: String) -> String {
    // Searched in UTF-8: a `/` byte is always the separator, and Character-level search costs
    // several times more on the paths of a large tree.
    let bytes = path.utf8
    var end = bytes.endIndex
    if bytes.count > 1, bytes.last == slash { end = bytes.index(before: end) }
    guard let slashIndex = bytes[..<end].lastIndex(of: slash) else { return String(path[..<end]) }
    return String(path[bytes.index(after: slashIndex)..<end])
  }

  /// `/` in UTF-8.
  private static let slash = UInt8(ascii: "/")

  /// The folder part of `path`: everything before its last `/`, or empty when it has none.
  package static func parent(of path: String) -> String {
    guard let slashIndex = path.utf8.lastIndex(of: slash) else { return "" }
    return String(path[..<slashIndex])
  }

  /// The extension of the last component, lower-cased, without its dot: `png` for
  /// `a/Icon.PNG`; empty for none or a name that only starts with a dot (`.hidden`).
  package static func fileExtension(of path: String) -> String {
    let file = lastComponent(of: path)
    guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return "" }
    return file[file.index(after: dot)...].lowercased()
  }
}

/// Spells numbers without a trailing `.0` where it adds nothing: scales (`2`, `2.5`,
/// `2.625`), point sizes (`83.5`) and SVG lengths alike.
package enum ScaleText {
  /// `2` for 2.0, `2.625` for 2.625.
  package static func format(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }

  /// `60`, `83.5`, `66.7`: whole numbers plain (within 0.001), others to one decimal, as
  /// messages give point sizes.
  package static func oneDecimal(_ value: Double) -> String {
    if abs(value - value.rounded()) < 0.001 { return String(Int(value.rounded())) }
    return String((value * 10).rounded() / 10)
  }
}
