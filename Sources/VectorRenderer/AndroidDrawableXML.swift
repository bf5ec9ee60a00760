import Foundation
import ImageCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// One element of an Android drawable's XML: its qualified name (`vector`, `aapt:attr`), its
/// attributes by qualified name (`android:width`) and its child elements.
struct AndroidXMLElement: Sendable, Hashable {
  var name: String
  var attributes: [String: String]
  var children: [AndroidXMLElement]
  /// The character data directly inside the element (a `<color>`'s value); `nil` when none.
  var text: String?

  /// The value of `android:<name>`, or of the unprefixed attribute.
  func android(_ name: String) -> String? { attributes["android:" + name] ?? attributes[name] }
}

/// Parses an Android drawable's XML into a tree, bounded by ``VectorLimits``.
///
/// Android's resource compiler accepts no DTD, so a DOCTYPE or an entity declaration is
/// refused before the parser sees the bytes, and external entities are never resolved:
/// nothing outside the file is read and no entity is expanded.
enum AndroidDrawableXML {
  static func parse(_ bytes: [UInt8], limits: VectorLimits) throws -> AndroidXMLElement {
    try limits.check(inputBytes: bytes.count)
    if contains(bytes, "<!doctype") || contains(bytes, "<!entity") {
      throw ImageError(
        .unsupported,
        "the drawable has a DOCTYPE or an entity declaration, which Android's resource compiler refuses; remove it"
      )
    }
    let builder = TreeBuilder(limits: limits)
    let parser = XMLParser(data: Data(bytes))
    parser.shouldResolveExternalEntities = false
    parser.shouldProcessNamespaces = false
    parser.delegate = builder
    let parsed = parser.parse()
    if let failure = builder.failure { throw failure }
    guard parsed, let root = builder.root else {
      let line = parser.lineNumber
      let detail = parser.parserError.map { "\($0.localizedDescription)" }
      throw ImageError(
        .malformed, "the drawable is not well-formed XML (near line \(line)); fix or regenerate it",
        underlying: detail)
    }
    return root
  }

  /// Whether `bytes` contain `needle` (ASCII, compared case-insensitively).
  private static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard bytes.count >= pattern.count else { return false }
    outer: for start in 0...(bytes.count - pattern.count) {
      for (offset, expected) in pattern.enumerated() {
        var byte = bytes[start + offset]
        if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
        if byte != expected { continue outer }
      }
      return true
    }
    return false
  }

  /// Collects elements as the parser reports them; used by one parse on one thread.
  private final class TreeBuilder: NSObject, XMLParserDelegate {
    let limits: VectorLimits
    var stack: [AndroidXMLElement] = []
    var root: AndroidXMLElement?
    var count = 0
    var failure: ImageError?

    init(limits: VectorLimits) { self.limits = limits }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      count += 1
      if count > limits.maxElements || stack.count >= limits.maxNestingDepth {
        failure = ImageError(
          .limitExceeded,
          count > limits.maxElements
            ? "the drawable has more than \(limits.maxElements) elements; simplify it"
            : "the drawable nests deeper than \(limits.maxNestingDepth) elements; flatten it")
        parser.abortParsing()
        return
      }
      stack.append(AndroidXMLElement(name: elementName, attributes: attributes, children: [], text: nil))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      guard !stack.isEmpty else { return }
      stack[stack.count - 1].text = (stack[stack.count - 1].text ?? "") + string
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
      guard let element = stack.popLast() else { return }
      if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
      failure = ImageError(.unsupported, "the drawable declares the entity \"\(name)\"; remove it")
      parser.abortParsing()
    }
  }
}
