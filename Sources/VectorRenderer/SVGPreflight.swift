import ImageCore

/// A pass over an SVG's text before librsvg sees it, bounding what parsing can build.
///
/// librsvg refuses documents beyond a million elements, but builds them first: a 4 MB file
/// of empty groups, or a 40 KB one whose entity holds 1,000 elements and is used 1,000
/// times, costs it seconds and over a gigabyte. This pass counts, in linear time, how many
/// elements and how many bytes of text the document would have once its internal entities
/// are expanded, and refuses it before parsing when either is beyond the limits.
enum SVGPreflight {
  /// What the document expands to.
  struct Expansion: Equatable {
    /// An upper bound on the elements (every `<` counts, including comments and
    /// declarations).
    var elements: Int
    /// The bytes of text after expanding internal entities.
    var bytes: Int
  }

  /// Checks `text` against `limits`.
  ///
  /// - Throws: ``ImageError/Code/limitExceeded`` for too many elements (with entities
  ///   expanded, or with references followed, see ``SVGReferenceCount``), too much
  ///   expanded text, nesting too deep or embedded images too large
  ///   (``SVGEmbeddedImages``); ``ImageError/Code/unsupported`` for parameter entities and for
  ///   entities that hold markup (which could hide elements and references from these
  ///   counts); ``ImageError/Code/malformed`` for an entity that refers to itself.
  /// - Returns: the work of drawing the document, for the budgets checked when the output
  ///   size is known.
  @discardableResult
  static func check(_ text: [UInt8], limits: VectorLimits) throws -> SVGWork {
    let expansion = try expand(text, cap: max(limits.maxInputBytes, limits.maxElements) + 1)
    guard expansion.elements <= limits.maxElements else {
      throw ImageError(
        .limitExceeded,
        "the SVG has more than \(limits.maxElements) elements\(expansion.bytes > text.count ? " once its entities are expanded" : "")"
      )
    }
    guard expansion.bytes <= limits.maxInputBytes else {
      throw ImageError(
        .limitExceeded,
        "the SVG's entities expand it to more than \(limits.maxInputBytes) bytes; the limit is \(limits.maxInputBytes)"
      )
    }
    let work = SVGReferenceCount.work(
      text, cap: max(limits.maxElements, limits.maxPathWork, limits.maxPaintWork) + 1,
      depthLimit: limits.maxNestingDepth)
    try SVGEmbeddedImages.check(text, limits: limits)
    // Depth first: a walk cut short at the depth limit may count the elements below it
    // more than once.
    try work.checkStructure(limits: limits)
    guard work.elements <= limits.maxElements else {
      throw ImageError(
        .limitExceeded,
        "the SVG draws more than \(limits.maxElements) elements once its <use> and other references are followed"
      )
    }
    return work
  }

  /// The expansion of `text`, counting no further than `cap` (so the sums cannot overflow).
  ///
  /// - Complexity: O(n) in the text's length, plus O(e) per entity declared.
  static func expand(_ text: [UInt8], cap: Int) throws -> Expansion {
    var entities: [[UInt8]: [UInt8]] = [:]
    var bodyStart = 0
    if let subset = internalSubset(text) {
      entities = try declarations(text[subset])
      bodyStart = subset.upperBound
    }
    var memo: [[UInt8]: Expansion] = [:]
    var visiting: Set<[UInt8]> = []

    func measure(_ slice: ArraySlice<UInt8>) throws -> Expansion {
      var total = Expansion(elements: 0, bytes: 0)
      var index = slice.startIndex
      while index < slice.endIndex {
        let byte = slice[index]
        if byte == UInt8(ascii: "<") { total.elements += 1 }
        if byte == UInt8(ascii: "&"),
          let end = slice[index..<min(slice.endIndex, index + 64)].firstIndex(of: UInt8(ascii: ";"))
        {
          let name = Array(slice[(index + 1)..<end])
          if let value = entities[name] {
            let inner = try entity(name, value)
            total.elements = min(cap, total.elements + inner.elements)
            total.bytes = min(cap, total.bytes + inner.bytes)
            index = end + 1
            continue
          }
        }
        total.bytes = min(cap, total.bytes + 1)
        index += 1
      }
      return total
    }

    func entity(_ name: [UInt8], _ value: [UInt8]) throws -> Expansion {
      if let known = memo[name] { return known }
      guard !visiting.contains(name) else {
        throw ImageError(
          .malformed, "the SVG's entity \"\(String(decoding: name, as: UTF8.self))\" refers to itself")
      }
      visiting.insert(name)
      let result = try measure(value[...])
      visiting.remove(name)
      memo[name] = result
      return result
    }

    var body = try measure(text[bodyStart...])
    body.bytes = min(cap, body.bytes + bodyStart)
    body.elements = min(cap, body.elements + text[..<bodyStart].count { $0 == UInt8(ascii: "<") })
    return body
  }

  /// The bytes between the `[` and `]` of the doctype's internal subset, if it has one.
  private static func internalSubset(_ text: [UInt8]) -> Range<Int>? {
    guard let doctype = find(Array("<!DOCTYPE".utf8), in: text[...]) else { return nil }
    var index = doctype
    var quote: UInt8?
    var open: Int?
    while index < text.count {
      let byte = text[index]
      if let current = quote {
        if byte == current { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") && open == nil {
        open = index + 1
      } else if byte == UInt8(ascii: "]"), let start = open {
        return start..<index
      } else if byte == UInt8(ascii: ">") && open == nil {
        return nil
      }
      index += 1
    }
    return open.map { $0..<text.count }
  }

  /// The internal general entities declared in a doctype's internal subset, name to
  /// replacement text. External entities (`SYSTEM`, `PUBLIC`) are left out: nothing
  /// loads them.
  private static func declarations(_ subset: ArraySlice<UInt8>) throws -> [[UInt8]: [UInt8]] {
    var found: [[UInt8]: [UInt8]] = [:]
    let keyword = Array("<!ENTITY".utf8)
    var cursor = subset.startIndex
    while let start = find(keyword, in: subset[cursor...]) {
      var index = start + keyword.count
      func skipSpace() {
        while index < subset.endIndex, isSpace(subset[index]) { index += 1 }
      }
      skipSpace()
      if index < subset.endIndex, subset[index] == UInt8(ascii: "%") {
        throw ImageError(
          .unsupported,
          "the SVG declares parameter entities, which IconGrid does not expand; remove its doctype")
      }
      let nameStart = index
      while index < subset.endIndex, !isSpace(subset[index]), subset[index] != UInt8(ascii: ">") {
        index += 1
      }
      let name = Array(subset[nameStart..<index])
      skipSpace()
      guard index < subset.endIndex, subset[index] == UInt8(ascii: "\"") || subset[index] == UInt8(ascii: "'")
      else {
        cursor = index
        continue
      }
      let quote = subset[index]
      let valueStart = index + 1
      var valueEnd = valueStart
      while valueEnd < subset.endIndex, subset[valueEnd] != quote { valueEnd += 1 }
      let value = subset[valueStart..<valueEnd]
      if value.contains(UInt8(ascii: "<")) {
        throw ImageError(
          .unsupported,
          "the SVG's entity \"\(String(decoding: name, as: UTF8.self))\" holds markup, which IconGrid does not expand; write the elements out"
        )
      }
      if find(Array("data:".utf8), in: value) != nil {
        throw ImageError(
          .unsupported,
          "the SVG's entity \"\(String(decoding: name, as: UTF8.self))\" holds a data: URL, which IconGrid does not expand; write it out"
        )
      }
      // XML keeps the first declaration of a name.
      if found[name] == nil { found[name] = Array(value) }
      cursor = min(subset.endIndex, valueEnd + 1)
    }
    return found
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard haystack.count >= needle.count, let first = needle.first else { return nil }
    var index = haystack.startIndex
    while index + needle.count <= haystack.endIndex {
      if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }
}
