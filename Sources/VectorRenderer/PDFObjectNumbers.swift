extension PDFPreflight {
  /// The length of the cross-reference table a PDF's bytes declare, found without parsing
  /// the file as poppler does, so that a damaged file is bounded as well as a good one.
  ///
  /// poppler allocates its table (about 40 bytes an entry) as long as the largest of: a
  /// trailer's or cross-reference stream's `/Size`; `first + count` of each subsection of a
  /// classic `xref` table and of a stream's `/Index` pairs; and, when it rebuilds the table
  /// of a damaged file, each `N G obj` header's `N + 1`. A 250-byte file that says
  /// `8000000 0 obj` costs 340 MB before a page is read.
  enum ObjectNumbers {
    /// The largest table the file declares, in entries; `Int.max` for a number too long to
    /// read.
    static func tableLength(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
      let scan = Scanner(buffer: buffer)
      return max(scan.objectHeaders(), scan.sizes(), scan.indexes(), scan.xrefSections())
    }
  }

  /// Reads integers and keywords out of a PDF's raw bytes.
  private struct Scanner {
    let buffer: UnsafeBufferPointer<UInt8>

    /// `N + 1` of every `N G obj` header (not `endobj`).
    func objectHeaders() -> Int {
      largest(at: "obj") { keyword, after in
        guard !follows("end", at: keyword), endsToken(at: after) else { return nil }
        var index = keyword
        guard let generation = integer(endingBefore: &index), let number = integer(endingBefore: &index),
          generation.digits > 0
        else { return nil }
        return number.value == Int.max ? .max : number.value + 1
      }
    }

    /// The direct integer value of every `/Size` key (an array, as a function's `/Size`
    /// is, reads as none).
    func sizes() -> Int {
      largest(at: "/Size") { _, after in
        guard endsToken(at: after) else { return nil }
        var index = after
        return integer(startingAt: &index)
      }
    }

    /// `first + count` of every pair of an `/Index` array.
    func indexes() -> Int {
      largest(at: "/Index") { _, after in
        var index = after
        skipSpace(&index)
        guard index < buffer.count, buffer[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        var largest = 0
        while let first = integer(startingAt: &index), let count = integer(startingAt: &index) {
          largest = max(largest, sum(first, count))
        }
        return largest
      }
    }

    /// `first + count` of every subsection header of every classic `xref` table, whose
    /// entries (three tokens each) are skipped between headers.
    func xrefSections() -> Int {
      largest(at: "xref") { keyword, after in
        guard !follows("start", at: keyword), endsToken(at: after) else { return nil }
        var index = after
        var largest = 0
        while let first = integer(startingAt: &index), let count = integer(startingAt: &index) {
          largest = max(largest, sum(first, count))
          guard largest != .max else { break }
          var tokens = min(count, buffer.count) * 3
          while tokens > 0, skipToken(&index) { tokens -= 1 }
        }
        return largest
      }
    }

    /// The largest value `measure` gives for any occurrence of `keyword`, 0 for none.
    /// `measure` gets the keyword's offset and the offset just past it, and answers nil for
    /// an occurrence that declares nothing; the scan stops once a value is `Int.max`.
    private func largest(at keyword: StaticString, _ measure: (_ keyword: Int, _ after: Int) -> Int?) -> Int {
      var largest = 0
      var cursor = 0
      while largest != .max, let start = find(keyword, from: cursor) {
        cursor = start + keyword.utf8CodeUnitCount
        if let value = measure(start, cursor) { largest = max(largest, value) }
      }
      return largest
    }

    private func sum(_ first: Int, _ count: Int) -> Int {
      let (total, overflow) = first.addingReportingOverflow(count)
      return overflow ? .max : total
    }

    private func find(_ needle: StaticString, from: Int) -> Int? {
      PDFPreflight.find(needle, in: buffer, from: from)
    }

    private func follows(_ prefix: StaticString, at index: Int) -> Bool {
      let count = prefix.utf8CodeUnitCount
      guard index >= count else { return false }
      return (0..<count).allSatisfy { buffer[index - count + $0] == prefix.utf8Start[$0] }
    }

    private func endsToken(at index: Int) -> Bool {
      index == buffer.count || isPDFSpace(buffer[index]) || isPDFDelimiter(buffer[index])
    }

    private func skipSpace(_ index: inout Int) {
      while index < buffer.count, isPDFSpace(buffer[index]) { index += 1 }
    }

    /// Skips white space and one token; false at the end or at `trailer`.
    private func skipToken(_ index: inout Int) -> Bool {
      skipSpace(&index)
      let start = index
      while index < buffer.count, !isPDFSpace(buffer[index]), !isPDFDelimiter(buffer[index]) { index += 1 }
      guard index > start else { return false }
      return !(index - start == 7 && buffer[start] == UInt8(ascii: "t"))
    }

    /// The unsigned integer after white space at `index`, which moves past it; `Int.max`
    /// for more than 18 digits.
    private func integer(startingAt index: inout Int) -> Int? {
      var cursor = index
      skipSpace(&cursor)
      var value = 0
      var digits = 0
      while cursor < buffer.count, let digit = Self.digit(buffer[cursor]) {
        value = digits < 18 ? value * 10 + digit : .max
        digits += 1
        cursor += 1
      }
      guard digits > 0, endsToken(at: cursor) else { return nil }
      index = cursor
      return value
    }

    /// The unsigned integer that ends, after white space, before `index`, which moves to
    /// its first digit.
    private func integer(endingBefore index: inout Int) -> (value: Int, digits: Int)? {
      var end = index
      while end > 0, isPDFSpace(buffer[end - 1]) { end -= 1 }
      guard end < index else { return nil }
      var start = end
      while start > 0, Self.digit(buffer[start - 1]) != nil { start -= 1 }
      guard start < end, start == 0 || isPDFSpace(buffer[start - 1]) || isPDFDelimiter(buffer[start - 1])
      else {
        return nil
      }
      var value = 0
      for position in start..<end {
        value = position - start < 18 ? value * 10 + Self.digit(buffer[position])! : .max
      }
      index = start
      return (value, end - start)
    }

    private static func digit(_ byte: UInt8) -> Int? {
      byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }
  }
}
