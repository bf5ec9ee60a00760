import Foundation
import IconGridSupport
import ImageCore

/// Writes the SVG an Android drawable is drawn as, collecting what it could not draw as
/// written.
struct AndroidSVGTranslator {
  /// The colour table of the file being drawn; a referenced file's while it is drawn.
  var colors: AndroidColorTable?
  /// Finds the files references name; `nil` for a dry run, which draws them as nothing and
  /// lists them in ``references``.
  let resolve: AndroidResourceResolver?
  private(set) var warnings: [String] = []
  /// The references met in a dry run (no resolver), each once, in order.
  private(set) var references: [String] = []
  /// The references being drawn, outermost first: a cycle and the depth are checked on it.
  private var chain: [String] = []
  private var nextID = 0
  private var defs = ""
  /// What the resolver returned for each reference, so a `<bitmap>` sized by its file reads
  /// the file once.
  private var resolved: [String: AndroidResource] = [:]

  /// How many references may lead from one file to the next (a layer naming a selector
  /// naming a vector is 2).
  static let maxReferenceDepth = 4

  init(colors: AndroidColorTable?, resolve: AndroidResourceResolver? = nil) {
    self.colors = colors
    self.resolve = resolve
  }

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
    case "layer-list", "ripple":
      var result: PointSize?
      for item in Self.drawnItems(element) {
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
    case "animation-list":
      guard let item = Self.firstFrame(element), let child = item.children.first else { return nil }
      return try intrinsicSize(child)
    case "bitmap":
      return try bitmapSize(element)
    case "color":
      return nil
    case "adaptive-icon":
      return Self.adaptiveIconSize
    case "inset":
      guard let child = element.children.first, let size = try intrinsicSize(child) else { return nil }
      let insets = try Self.insets(element, width: 0, height: 0)
      return PointSize(
        width: size.width + insets.left + insets.right, height: size.height + insets.top + insets.bottom)
    default:
      throw ImageError(.unsupported, AndroidDrawable.undrawnReason(element.name))
    }
  }

  /// The size of an adaptive icon in dp: the 72 dp its mask shows of its 108 dp layers.
  static let adaptiveIconSize = PointSize(width: 72, height: 72)

  /// The SVG of `element` filling the rectangle given in points.
  mutating func draw(_ element: AndroidXMLElement, x: Double, y: Double, width: Double, height: Double) throws
    -> String
  {
    switch element.name {
    case "vector": return try vector(element, x: x, y: y, width: width, height: height)
    case "shape": return try shape(element, x: x, y: y, width: width, height: height)
    case "layer-list", "ripple":
      var out = ""
      for item in Self.drawnItems(element) {
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
    case "animation-list":
      guard let item = Self.firstFrame(element) else { return "" }
      return try drawItem(item, x: x, y: y, width: width, height: height)
    case "bitmap":
      return try bitmap(element, x: x, y: y, width: width, height: height)
    case "color":
      return colorRect(element.android("color") ?? "#00000000", x: x, y: y, width: width, height: height)
    case "inset":
      let insets = try Self.insets(element, width: width, height: height)
      let inner = (width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
      guard inner.width > 0, inner.height > 0 else { return "" }
      return try drawItem(
        element, x: x + insets.left, y: y + insets.top, width: inner.width, height: inner.height)
    case "adaptive-icon":
      return try adaptiveIcon(element, x: x, y: y, width: width, height: height)
    default:
      throw ImageError(.unsupported, AndroidDrawable.undrawnReason(element.name))
    }
  }

  /// The items a layer-list or ripple draws: a ripple's mask item (`@android:id/mask`)
  /// only bounds its touch colour and is not drawn.
  static func drawnItems(_ element: AndroidXMLElement) -> [AndroidXMLElement] {
    element.children.filter { item in
      item.name == "item" && !(element.name == "ripple" && item.android("id") == "@android:id/mask")
    }
  }

  /// An adaptive icon as a launcher shows it (AOSP's `AdaptiveIconDrawable`): its layers are
  /// 1.5 × the box (108 dp for a 72 dp icon) and centred on it, the background under the
  /// foreground, and the box is masked by a circle; `<monochrome>` is for themed icons only and
  /// is not drawn.
  private mutating func adaptiveIcon(
    _ element: AndroidXMLElement, x: Double, y: Double, width: Double, height: Double
  ) throws -> String {
    var body = ""
    for layer in ["background", "foreground"] {
      guard let part = element.children.first(where: { $0.name == layer }) else { continue }
      body += try drawItem(
        part, x: x - width / 4, y: y - height / 4, width: width * 1.5, height: height * 1.5)
    }
    let id = newID("mask")
    addDefinition(
      "<clipPath id=\"\(id)\"><ellipse cx=\"\(Self.number(x + width / 2))\" cy=\"\(Self.number(y + height / 2))\" "
        + "rx=\"\(Self.number(width / 2))\" ry=\"\(Self.number(height / 2))\"/></clipPath>")
    return "<g clip-path=\"url(#\(id))\">\(body)</g>"
  }

  /// An `<item>` of a layer-list, ripple or selector (or an adaptive icon's layer, an
  /// `<inset>`): its inline drawable, else its `android:drawable`, a colour or another file.
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
    return try reference(value, x: x, y: y, width: width, height: height)
  }

  /// Another file, named by `value` (`@drawable/x`, `@mipmap/x`), found by the resolver and
  /// drawn filling the rectangle, as Android sizes a layer to its bounds.
  private mutating func reference(_ value: String, x: Double, y: Double, width: Double, height: Double)
    throws -> String
  {
    guard resolve != nil else {
      if !references.contains(value) { references.append(value) }
      return ""
    }
    let path = (chain + [value]).joined(separator: " → ")
    if chain.contains(value) {
      throw ImageError(
        .malformed, "the drawables refer to each other in a cycle (\(path)); Android cannot inflate it")
    }
    guard chain.count < Self.maxReferenceDepth else {
      throw ImageError(
        .limitExceeded,
        "the drawables refer to each other more than \(Self.maxReferenceDepth) deep (\(path)); not drawn")
    }
    chain.append(value)
    defer { chain.removeLast() }
    switch try resource(value) {
    case .color(let color):
      return colorRect(color, x: x, y: y, width: width, height: height)
    case .png(let bytes, _):
      return "<image x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
        + "height=\"\(Self.number(height))\" preserveAspectRatio=\"none\" "
        + "href=\"data:image/png;base64,\(Data(bytes).base64EncodedString())\"/>"
    case .drawable(let drawable):
      let saved = colors
      colors = drawable.colors
      defer { colors = saved }
      return try draw(drawable.root, x: x, y: y, width: width, height: height)
    }
  }

  /// What `value` names, asked of the resolver once per document.
  private mutating func resource(_ value: String) throws -> AndroidResource {
    if let known = resolved[value] { return known }
    guard let resolve else { throw ImageError(.unsupported, "\(value) names another file; no resolver") }
    let found = try resolve(value)
    resolved[value] = found
    return found
  }

  /// A `<bitmap>` (AOSP's `BitmapDrawable`): the file `android:src` names, stretched over the
  /// box (`gravity="fill"`, the default) or at its own size placed by `android:gravity`.
  private mutating func bitmap(
    _ element: AndroidXMLElement, x: Double, y: Double, width: Double, height: Double
  )
    throws -> String
  {
    guard let source = element.android("src") else {
      throw ImageError(.malformed, "a <bitmap> has no android:src; it names the file it draws")
    }
    if let mode = element.android("tileMode"), mode != "disabled" {
      warn("a <bitmap> with android:tileMode=\"\(mode)\" is drawn once, not tiled")
    }
    if element.android("tint") != nil { warn("android:tint on a <bitmap> is not drawn") }
    guard let size = try bitmapSize(element) else {
      return try reference(source, x: x, y: y, width: width, height: height)
    }
    let gravity = Set(
      (element.android("gravity") ?? "fill").split(separator: "|").map { String($0).androidTrimmed })
    func place(
      _ start: Double, _ extent: Double, _ own: Double, before: Set<String>, after: Set<String>, fill: String
    )
      -> (Double, Double)
    {
      if gravity.contains("fill") || gravity.contains(fill) { return (start, extent) }
      let pullsBefore = !gravity.isDisjoint(with: before)
      let pullsAfter = !gravity.isDisjoint(with: after)
      if pullsBefore && pullsAfter { return (start, extent) }
      if pullsBefore { return (start, own) }
      if pullsAfter { return (start + extent - own, own) }
      return (start + (extent - own) / 2, own)
    }
    let (left, drawnWidth) = place(
      x, width, size.width, before: ["left", "start"], after: ["right", "end"], fill: "fill_horizontal")
    let (top, drawnHeight) = place(
      y, height, size.height, before: ["top"], after: ["bottom"], fill: "fill_vertical")
    return try reference(source, x: left, y: top, width: drawnWidth, height: drawnHeight)
  }

  /// A `<bitmap>`'s size in dp: its file's pixels over the file's density scale; `nil` in a
  /// dry run (no resolver) or when `android:src` names no bitmap.
  private mutating func bitmapSize(_ element: AndroidXMLElement) throws -> PointSize? {
    guard resolve != nil, let source = element.android("src"), !chain.contains(source),
      case .png(let bytes, let scale) = try resource(source), scale > 0, let pixels = Self.pngSize(bytes)
    else { return nil }
    return PointSize(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
  }

  /// The width and height a PNG's header gives; `nil` when the bytes do not start as a PNG.
  static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count >= 24, bytes[0] == 0x89, bytes[1] == 0x50, bytes[12...15].elementsEqual("IHDR".utf8)
    else {
      return nil
    }
    let read = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (read(16), read(20))
  }

  /// A rectangle filled with a colour attribute's colour: a `<color>` drawable.
  private mutating func colorRect(_ value: String, x: Double, y: Double, width: Double, height: Double)
    -> String
  {
    "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
      + "height=\"\(Self.number(height))\"\(paint("fill", value, alpha: 1))/>"
  }

  /// For a selector whose default item, or an animation-list whose first frame, names a
  /// drawable file, that reference.
  static func defaultReference(_ root: AndroidXMLElement) -> String? {
    let item: AndroidXMLElement? =
      switch root.name {
      case "selector": selectorItem(root)
      case "animation-list": firstFrame(root)
      default: nil
      }
    guard let item, item.children.isEmpty, let value = item.android("drawable"), !isColor(value) else {
      return nil
    }
    return value
  }

  /// The frame an animation-list shows before it starts: its first item.
  static func firstFrame(_ root: AndroidXMLElement) -> AndroidXMLElement? {
    root.children.first { $0.name == "item" }
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

  /// An `<inset>`'s insets in dp: `android:inset`, `insetLeft`… (`insetHorizontal`,
  /// `insetVertical`), each a length or a fraction of the box (`25%`).
  static func insets(_ element: AndroidXMLElement, width: Double, height: Double) throws -> (
    left: Double, top: Double, right: Double, bottom: Double
  ) {
    func inset(_ names: [String], extent: Double) throws -> Double {
      guard let name = names.first(where: { element.android($0) != nil }), let text = element.android(name)
      else {
        return 0
      }
      let trimmed = text.androidTrimmed
      if trimmed.hasSuffix("%") {
        guard let percent = Double(trimmed.dropLast()), percent.isFinite, percent >= 0, percent < 50 else {
          throw ImageError(
            .unsupported, "android:\(name)=\"\(text)\" on <inset> is not a fraction IconGrid can read")
        }
        return extent * percent / 100
      }
      return try dimension(element, name)
    }
    return (
      try inset(["insetLeft", "insetHorizontal", "inset"], extent: width),
      try inset(["insetTop", "insetVertical", "inset"], extent: height),
      try inset(["insetRight", "insetHorizontal", "inset"], extent: width),
      try inset(["insetBottom", "insetVertical", "inset"], extent: height)
    )
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
