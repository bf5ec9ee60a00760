/// The strings of a minified script, read without lexing it.
///
/// A minified file puts a whole program on a few lines, where a `/` misread as a regular
/// expression (or the reverse) would hide every string after it from a lexer. So the text
/// between each quote (`"`, `'` or `` ` ``) and the next like quote on the same line is
/// taken, from every quote: that holds every string literal of the file whatever the
/// code around it is (and some text between two literals too, which can only add uses).
/// A piece longer than ``longest`` bytes or holding a backslash is not taken; a name with a
/// quote, a backslash or more than 256 bytes names no catalog set. A scan from a quote stops
/// at the next quote of its kind, so the scans from the quotes of one kind pass each byte
/// at most once: the time is linear in the file's size (at most three passes).
enum QuotedStrings {
  /// The longest piece kept, in bytes.
  static let longest = JavaScriptReferences.quotedStringLimit

  static func read(_ bytes: [UInt8]) -> Set<String> {
    var result: Set<String> = []
    let quotes: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`")]
    let newline = UInt8(ascii: "\n")
    let backslash = UInt8(ascii: "\\")
    var index = 0
    while index < bytes.count {
      let quote = bytes[index]
      index += 1
      guard quotes.contains(quote) else { continue }
      var end = index
      while end < bytes.count, end - index <= longest {
        let byte = bytes[end]
        if byte == quote || byte == newline || byte == backslash { break }
        end += 1
      }
      if end < bytes.count, bytes[end] == quote, end > index, end - index <= longest {
        result.insert(String(decoding: bytes[index..<end], as: UTF8.self))
      }
    }
    return result
  }
}
