import IconGridSupport
import ImageCore

/// Writes the SVG an Android drawable is drawn as, collecting what it could not draw as
/// written.
struct AndroidSVGTranslator {
  let colors: AndroidColorTable?
  private(set) var warnings: [String] = []
  private var nextID = 0
  private var defs = ""

  init(colors: AndroidColorTable?) { self.colors = colors }

  /// The whole SVG document for `root` drawn at `size` points.
  mutating func document(_ root: AndroidXMLElement, size: PointSize) throws -> String {
    defs = ""
    let body = try draw(root, x: 0, y: 0, width: size.width, height: size.height)
    let w = Self.number(size.width)
    let h = Self.number(size.height)
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)">\
      \(defs.isEmpty ? "" : "<defs>\(defs)</defs>")\(body)</svg>
      """
  }

  /// The size in points a drawable has of its own; `nil` when it takes its box's.
  mutating func intrinsicSize(_ element: AndroidXMLElement) throws -> PointSize? {
    switch element.name {
    case "vector":
      return PointSize(
        width: try Self.dimension(element, "width"), height: try Self.dimension(element, "height"))
    case "shape":
      guard let size = element.children.first(where: { $0.name == "size" }) else { return nil }
      guard size.android("width") != nil || size.android("height") != nil else { return nil }
      let width = size.android("width") == nil ? nil : try Self.dimension(size, "width")
      let height = size.android("height") == nil ? nil : try Self.dimension(size, "height")
      return PointSize(width: width ?? height ?? 0, height: height ?? width ?? 0)
    case "layer-list":
      var result: PointSize?
      for item in element.children where item.name == "item" {
        guard let child = item.children.first, let size = try intrinsicSize(child) else { continue }
        let insets = try Self.insets(item)
        let width = size.width + insets.left + insets.right
        let height = size.height + insets.top + insets.bottom
        result = PointSize(
          width: max(result?.width ?? 0, width), height: max(result?.height ?? 0, height))
      }
      return result
    case "selector":
      guard let item = Self.selectorItem(element), let child = item.children.first else { return nil }
      return try intrinsicSize(child)
    case "color":
      return nil
    default:
      throw ImageError(.unsupported, AndroidDrawable.undrawnReason(element.name))
    }
  }

  /// The SVG of `element` filling the rectangle given in points.
  mutating func draw(_ element: AndroidXMLElement, x: Double, y: Double, width: Double, height: Double) throws
    -> String
  {
    switch element.name {
    case "vector": return try vector(element, x: x, y: y, width: width, height: height)
    case "shape": return try shape(element, x: x, y: y, width: width, height: height)
    case "layer-list":
      var out = ""
      for item in element.children where item.name == "item" {
        let insets = try Self.insets(item)
        let rect = (
          x: x + insets.left, y: y + insets.top, width: width - insets.left - insets.right,
          height: height - insets.top - insets.bottom
        )
        guard rect.width > 0, rect.height > 0 else { continue }
        out += try drawItem(item, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
      }
      return out
    case "selector":
      guard let item = Self.selectorItem(element) else { return "" }
      return try drawItem(item, x: x, y: y, width: width, height: height)
    case "color":
      return colorRect(element.android("color") ?? "#00000000", x: x, y: y, width: width, height: height)
    default:
      throw ImageError(.unsupported, AndroidDrawable.undrawnReason(element.name))
    }
  }

  /// An `<item>` of a layer-list or selector: its inline drawable, or its `android:drawable`
  /// when that is a colour.
  private mutating func drawItem(
    _ item: AndroidXMLElement, x: Double, y: Double, width: Double, height: Double
  )
    throws -> String
  {
    if let child = item.children.first {
      return try draw(child, x: x, y: y, width: width, height: height)
    }
    guard let value = item.android("drawable") else { return "" }
    if Self.isColor(value) { return colorRect(value, x: x, y: y, width: width, height: height) }
    throw ImageError(
      .unsupported, "an item refers to \(value), another file; a layer-list of other files is not drawn")
  }

  /// A rectangle filled with a colour attribute's colour: a `<color>` drawable.
  private mutating func colorRect(_ value: String, x: Double, y: Double, width: Double, height: Double)
    -> String
  {
    "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
      + "height=\"\(Self.number(height))\"\(paint("fill", value, alpha: 1))/>"
  }

  /// For a selector whose default item names a drawable file, that reference.
  static func selectorReference(_ root: AndroidXMLElement) -> String? {
    guard root.name == "selector", let item = selectorItem(root), item.children.isEmpty,
      let value = item.android("drawable"), !isColor(value)
    else { return nil }
    return value
  }

  /// The item a selector shows in its default state: the first with no `state_` attribute,
  /// else the last.
  static func selectorItem(_ root: AndroidXMLElement) -> AndroidXMLElement? {
    let items = root.children.filter { $0.name == "item" }
    return items.first { item in !item.attributes.keys.contains { $0.contains("state_") } } ?? items.last
  }

  static func isColor(_ value: String) -> Bool {
    value.hasPrefix("#") || value.hasPrefix("@color/") || value.hasPrefix("@android:color/")
      || value.hasPrefix("?")
  }

  // MARK: - Pieces shared by vectors and shapes

  /// A fresh id for a `<defs>` entry.
  mutating func newID(_ prefix: String) -> String {
    nextID += 1
    return "\(prefix)\(nextID)"
  }

  mutating func addDefinition(_ text: String) { defs += text }

  mutating func warn(_ text: String) {
    if !warnings.contains(text) { warnings.append(text) }
  }

  /// ` fill="#rrggbb" fill-opacity="…"` for a colour attribute (`property` is `fill` or
  /// `stroke`), times `alpha`; ` fill="none"` for a transparent colour.
  mutating func paint(_ property: String, _ value: String?, alpha: Double) -> String {
    guard let value else { return " \(property)=\"none\"" }
    let resolved = AndroidColor.resolve(value, table: colors)
    if let warning = resolved.warning { warn(warning) }
    let opacity = resolved.color.opacity * alpha
    guard opacity > 0 else { return " \(property)=\"none\"" }
    let suffix = opacity < 1 ? " \(property)-opacity=\"\(Self.number(opacity))\"" : ""
    return " \(property)=\"\(resolved.color.hex)\"\(suffix)"
  }

  /// The colour of `value`, resolved (warning when it is not), for gradients and tints.
  mutating func color(_ value: String) -> AndroidColor {
    let resolved = AndroidColor.resolve(value, table: colors)
    if let warning = resolved.warning { warn(warning) }
    return resolved.color
  }

  /// A number attribute of `element`, or `fallback` when absent; a value that is not a
  /// finite number is a warning and the fallback.
  mutating func float(_ element: AndroidXMLElement, _ name: String, _ fallback: Double) -> Double {
    guard let text = element.android(name) else { return fallback }
    guard let value = Double(text.androidTrimmed), value.isFinite else {
      warn("android:\(name)=\"\(text)\" on <\(element.name)> is not a number; used \(Self.number(fallback))")
      return fallback
    }
    return value
  }

  /// A length in dp (`24dp`, `24dip`, `2.0`; `px` and `sp` taken as dp).
  static func dimension(_ element: AndroidXMLElement, _ name: String) throws -> Double {
    guard let text = element.android(name) else {
      throw ImageError(.malformed, "<\(element.name)> has no android:\(name); add it in dp")
    }
    var digits = text.androidTrimmed
    for unit in ["dip", "dp", "px", "sp"] where digits.hasSuffix(unit) {
      digits.removeLast(unit.count)
      break
    }
    guard let value = Double(digits), value.isFinite, value >= 0, value <= 1e6 else {
      throw ImageError(
        .unsupported,
        "android:\(name)=\"\(text)\" on <\(element.name)> is not a length in dp IconGrid can read"
          + (text.hasPrefix("@") ? " (a resource reference)" : ""))
    }
    return value
  }

  /// A layer-list item's insets in dp.
  static func insets(_ item: AndroidXMLElement) throws -> (
    left: Double, top: Double, right: Double, bottom: Double
  ) {
    func inset(_ name: String) throws -> Double { item.android(name) == nil ? 0 : try dimension(item, name) }
    return (
      try inset("left") + (item.android("start") == nil ? 0 : try dimension(item, "start")), try inset("top"),
      try inset("right") + (item.android("end") == nil ? 0 : try dimension(item, "end")), try inset("bottom")
    )
  }

  /// `24`, `1.5`: a number as SVG reads it.
  static func number(_ value: Double) -> String { ScaleText.format(value) }

  /// `text` safe inside a double-quoted attribute.
  static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }
}
