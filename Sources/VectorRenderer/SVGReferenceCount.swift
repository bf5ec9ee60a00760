/// How much librsvg would draw once `<use>`, patterns, markers, filters, masks and the
/// other `#id` references are followed, counted from the SVG's tags before librsvg parses
/// it.
///
/// librsvg stops a render after following 500,000 references, but reaching that takes it
/// about 6 s (a 3 KB file of `<use>` nested 40 deep, each level drawing the one below
/// twice). This count follows every `href="#id"` and `url(#id)` of every tag as if the
/// element referred to were copied there, and sums the ``SVGWork`` of every element so
/// reached, so a file is refused before parsing when its elements pass
/// ``VectorLimits/maxElements`` or its nesting ``VectorLimits/maxNestingDepth``, and
/// before drawing when its work at the size asked passes the other budgets.
enum SVGReferenceCount {
  private struct Node {
    var children: [Int] = []
    var references: [[UInt8]] = []
    /// References drawn at every vertex (`marker-mid`, and `marker`, which sets it).
    var perVertex: [[UInt8]] = []
    var own = SVGWork()
    var isText = false
    /// How much the node's `transform` can stretch what it draws.
    var stretch = 1.0
  }

  /// The work of drawing the document with references expanded, each sum at most `cap`.
  ///
  /// Entities are not expanded here; ``SVGPreflight`` refuses entities that hold markup.
  /// A reference cycle counts once (librsvg refuses cycles itself). The walk stops
  /// descending below `depthLimit` levels and reports a depth of `depthLimit + 1`.
  ///
  /// - Complexity: O(n) in the text, plus O(r) for the references.
  /// The ids of the markers `<style>` sheets set with `marker`, `marker-start`,
  /// `marker-mid` or `marker-end` (`url(#id)`).
  static func markersInStyleSheets(_ text: [UInt8]) -> [[UInt8]] {
    let open = Array("<style".utf8)
    let close = Array("</style".utf8)
    let marker = Array("marker".utf8)
    let url = Array("url(#".utf8)
    func find(_ needle: [UInt8], from start: Int, before end: Int) -> Int? {
      var index = start
      while index + needle.count <= end {
        if text[index] == needle[0] && text[index..<(index + needle.count)].elementsEqual(needle) {
          return index
        }
        index += 1
      }
      return nil
    }
    var found: [[UInt8]] = []
    var cursor = 0
    while let start = find(open, from: cursor, before: text.count) {
      let end = find(close, from: start, before: text.count) ?? text.count
      var inner = start + open.count
      while let at = find(marker, from: inner, before: end) {
        // The declaration's value: up to the next `;` or `}`.
        var stop = at
        while stop < end, text[stop] != UInt8(ascii: ";"), text[stop] != UInt8(ascii: "}") { stop += 1 }
        if let link = find(url, from: at, before: stop) {
          let idStart = link + url.count
          var idEnd = idStart
          while idEnd < stop, text[idEnd] != UInt8(ascii: ")"), text[idEnd] != UInt8(ascii: "'"),
            text[idEnd] != UInt8(ascii: "\""), idEnd - idStart < 256
          {
            idEnd += 1
          }
          let id = Array(text[idStart..<idEnd])
          if !id.isEmpty && !found.contains(id) { found.append(id) }
        }
        inner = max(stop, at + marker.count)
      }
      cursor = end + 1
    }
    return found
  }

  static func work(_ text: [UInt8], cap: Int, depthLimit: Int) -> SVGWork {
    var nodes = [Node()]  // node 0 stands for the document
    var ids: [[UInt8]: Int] = [:]
    var stack = [0]
    var index = 0
    let count = text.count
    func starts(_ prefix: String, at offset: Int) -> Bool {
      let bytes = Array(prefix.utf8)
      return offset + bytes.count <= count && text[offset..<(offset + bytes.count)].elementsEqual(bytes)
    }
    func skip(past terminator: String, from offset: Int) -> Int {
      let bytes = Array(terminator.utf8)
      var cursor = offset
      while cursor + bytes.count <= count {
        if text[cursor] == bytes[0] && text[cursor..<(cursor + bytes.count)].elementsEqual(bytes) {
          return cursor + bytes.count
        }
        cursor += 1
      }
      return count
    }
    while index < count {
      guard text[index] == UInt8(ascii: "<") else {
        // A character of text costs a glyph's outline.
        let top = stack[stack.count - 1]
        if nodes[top].isText && !isSpace(text[index]) {
          nodes[top].own.segments = min(cap, nodes[top].own.segments + 8)
        }
        index += 1
        continue
      }
      if starts("<!--", at: index) {
        index = skip(past: "-->", from: index + 4)
      } else if starts("<![CDATA[", at: index) {
        let end = skip(past: "]]>", from: index + 9)
        // Text in a CDATA section is drawn like any other.
        let top = stack[stack.count - 1]
        if nodes[top].isText {
          let glyphs = text[(index + 9)..<max(index + 9, end - 3)].count { !isSpace($0) }
          nodes[top].own.segments = min(cap, nodes[top].own.segments + 8 * glyphs)
        }
        index = end
      } else if starts("<?", at: index) {
        index = skip(past: "?>", from: index + 2)
      } else if starts("<!", at: index) {
        var depth = 0
        index += 2
        while index < count {
          let byte = text[index]
          index += 1
          if byte == UInt8(ascii: "[") { depth += 1 }
          if byte == UInt8(ascii: "]") { depth -= 1 }
          if byte == UInt8(ascii: ">") && depth <= 0 { break }
        }
      } else if starts("</", at: index) {
        if stack.count > 1 { stack.removeLast() }
        index = skip(past: ">", from: index + 2)
      } else {
        let (end, selfClosing) = tagEnd(text, from: index + 1)
        let node = nodes.count
        var tag = Node()
        let body = text[(index + 1)..<end]
        let name = body.prefix { !isSpace($0) && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ">") }
        let (id, references, perVertex, attributes) = self.attributes(body)
        tag.references = references
        tag.perVertex = perVertex
        tag.own = SVGWork.tag(name, attributes: attributes)
        for attribute in attributes where attribute.name.elementsEqual("transform".utf8) {
          tag.stretch = SVGPathExtent.stretch(attribute.value)
        }
        let local = name.split(separator: UInt8(ascii: ":")).last ?? name
        tag.isText = ["text", "tspan", "textPath"].contains { local.elementsEqual($0.utf8) }
        nodes.append(tag)
        nodes[stack[stack.count - 1]].children.append(node)
        if let id, ids[id] == nil { ids[id] = node }
        if !selfClosing { stack.append(node) }
        index = end + 1
      }
    }

    // Markers a <style> sheet sets (`marker-mid: url(#m)`) apply to any path: count them
    // at every vertex of every element that has segments, as an upper bound.
    let styleMarkers = markersInStyleSheets(text)
    if !styleMarkers.isEmpty {
      for node in nodes.indices where nodes[node].own.segments > 0 {
        nodes[node].perVertex += styleMarkers
      }
    }

    var memo = [SVGWork?](repeating: nil, count: nodes.count)
    var visiting = Set<Int>()
    func cost(_ node: Int, depth: Int) -> SVGWork {
      if let known = memo[node] { return known }
      if visiting.contains(node) { return SVGWork() }
      // Deeper than the limit: report it rather than recurse further.
      guard depth <= depthLimit else {
        return SVGWork(depth: depthLimit + 1)
      }
      visiting.insert(node)
      var total = nodes[node].own
      var below = 0
      var zoomInBelow = 1.0
      var zoomOutBelow = 1.0
      func follow(_ next: Int, times: Int = 1) {
        guard total.elements < cap else { return }
        let inner = cost(next, depth: depth + 1)
        below = max(below, inner.depth)
        zoomInBelow = max(zoomInBelow, inner.zoomIn)
        zoomOutBelow = min(zoomOutBelow, inner.zoomOut)
        total.add(inner.repeated(times, cap: cap), cap: cap)
      }
      for child in nodes[node].children { follow(child) }
      for reference in nodes[node].references {
        if let target = ids[reference] { follow(target) }
      }
      // A mid marker is drawn at every vertex of the path.
      for reference in nodes[node].perVertex {
        if let target = ids[reference] { follow(target, times: nodes[node].own.segments + 1) }
      }
      total.depth = nodes[node].own.depth + below
      total.zoomIn = min(1e300, nodes[node].own.zoomIn * zoomInBelow)
      total.zoomOut = max(1e-300, nodes[node].own.zoomOut * zoomOutBelow)
      total.reach = min(1e300, total.reach * nodes[node].stretch)
      visiting.remove(node)
      memo[node] = total
      return total
    }
    return cost(0, depth: 0)
  }

  /// Where the tag that starts at `offset` ends (its `>`), and whether it closes itself.
  private static func tagEnd(_ text: [UInt8], from offset: Int) -> (Int, Bool) {
    var quote: UInt8?
    var index = offset
    while index < text.count {
      let byte = text[index]
      if let current = quote {
        if byte == current { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return (index, index > offset && text[index - 1] == UInt8(ascii: "/"))
      }
      index += 1
    }
    return (text.count, true)
  }

  /// A tag's `id`, the fragments its attributes refer to (`href="#x"`, `url(#x)`), those
  /// of them drawn at every vertex (mid markers), and its quoted attributes, name to value.
  private static func attributes(_ tag: ArraySlice<UInt8>) -> (
    [UInt8]?, [[UInt8]], [[UInt8]], [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)]
  ) {
    var id: [UInt8]?
    var references: [[UInt8]] = []
    var perVertex: [[UInt8]] = []
    var pairs: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
    var index = tag.startIndex
    while index < tag.endIndex {
      let byte = tag[index]
      guard index > tag.startIndex, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
        index += 1
        continue
      }
      // A quoted value: the attribute's name is the word before `=`.
      var nameEnd = index - 1
      while nameEnd > tag.startIndex, isSpace(tag[nameEnd]) || tag[nameEnd] == UInt8(ascii: "=") {
        nameEnd -= 1
      }
      var nameStart = nameEnd
      while nameStart > tag.startIndex, !isSpace(tag[nameStart - 1]) { nameStart -= 1 }
      let name = tag[nameStart...nameEnd]
      let valueEnd = tag[(index + 1)...].firstIndex(of: byte) ?? tag.endIndex
      let value = tag[(index + 1)..<valueEnd]
      pairs.append((name, value))
      if name.elementsEqual("id".utf8) { id = Array(value) }
      if name.last == UInt8(ascii: "f"), name.count >= 4, name.suffix(4).elementsEqual("href".utf8),
        value.first == UInt8(ascii: "#")
      {
        references.append(Array(value.dropFirst()))
      }
      var cursor = value.startIndex
      while let open = value[cursor...].firstIndex(of: UInt8(ascii: "(")) {
        guard open + 1 < value.endIndex, value[open + 1] == UInt8(ascii: "#"),
          let close = value[open...].firstIndex(of: UInt8(ascii: ")"))
        else {
          cursor = open + 1
          continue
        }
        let target = Array(value[(open + 2)..<close])
        if isMidMarker(name: name, value: value, before: open) {
          perVertex.append(target)
        } else {
          references.append(target)
        }
        cursor = close
      }
      index = valueEnd + 1
    }
    return (id, references, perVertex, pairs)
  }

  /// Whether the `url(` at `open` in attribute `name` sets a mid marker: the attribute is
  /// `marker-mid` or `marker`, or the style declaration it sits in is.
  private static func isMidMarker(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>, before open: Int) -> Bool
  {
    func isMarker(_ word: ArraySlice<UInt8>) -> Bool {
      word.elementsEqual("marker-mid".utf8) || word.elementsEqual("marker".utf8)
    }
    if isMarker(name) { return true }
    guard name.elementsEqual("style".utf8) else { return false }
    let declarationStart = value[..<open].lastIndex(of: UInt8(ascii: ";")).map { $0 + 1 } ?? value.startIndex
    guard let colon = value[declarationStart..<open].firstIndex(of: UInt8(ascii: ":")) else { return false }
    let property = value[declarationStart..<colon].filter { !isSpace($0) }
    return isMarker(property[...])
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
