/// Path tests on UTF-8 bytes, for work done once per file of a large tree.
///
/// Splitting a path into `Substring`s, lower-casing each and searching `Character` by
/// `Character` cost several percent of a header-only check of 10,000 icons; a `/` byte is
/// always the separator, and the names tested for here are ASCII.
extension Paths {
  /// Whether a `/`-separated component of `path` passes `test`, which sees its UTF-8 bytes.
  ///
  /// Empty components (`a//b`, a leading or trailing `/`) are skipped, as
  /// `split(separator: "/")` skips them; with `exceptLast`, so is the last non-empty one (a
  /// file's own name), as `split(separator: "/").dropLast()` does.
  ///
  /// - Complexity: O(*n*) in the bytes of `path`, plus the tests.
  package static func containsComponent(
    _ path: String, exceptLast: Bool = false, where test: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    let slash = UInt8(ascii: "/")
    var path = path
    return path.withUTF8 { bytes in
      var end = bytes.count
      while end > 0 && bytes[end - 1] == slash { end -= 1 }
      var start = 0
      var index = 0
      while index <= end {
        if index == end || bytes[index] == slash {
          if index > start {
            if index == end && exceptLast { return false }
            if test(UnsafeBufferPointer(rebasing: bytes[start..<index])) { return true }
          }
          start = index + 1
        }
        index += 1
      }
      return false
    }
  }

  /// Whether `bytes` end with the UTF-8 bytes of `suffix`.
  package static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ suffix: String) -> Bool {
    let tail = suffix.utf8
    guard bytes.count >= tail.count else { return false }
    return bytes[(bytes.count - tail.count)...].elementsEqual(tail)
  }

  /// Whether `bytes` hold the UTF-8 bytes of `needle`: ``containsBytes(_:_:ignoringASCIICase:)``
  /// for bytes a folder listing gives, without making a string of them.
  package static func containsBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: String) -> Bool {
    var needle = needle
    return needle.withUTF8 { containsBytes(bytes, $0, ignoringASCIICase: false) }
  }

  /// `prefix` followed by the UTF-8 `bytes`, made at its exact length in one step: `prefix +
  /// String(decoding: bytes, as: UTF8.self)` without the string in between.
  package static func appending(_ bytes: UnsafeBufferPointer<UInt8>, to prefix: String) -> String {
    var prefix = prefix
    return prefix.withUTF8 { head in
      String(unsafeUninitializedCapacity: head.count + bytes.count) { buffer in
        _ = UnsafeMutableBufferPointer(rebasing: buffer[..<head.count]).initialize(fromContentsOf: head)
        _ = UnsafeMutableBufferPointer(rebasing: buffer[head.count...]).initialize(fromContentsOf: bytes)
        return head.count + bytes.count
      }
    }
  }

  /// Whether `bytes` equal the UTF-8 bytes of `word`, ignoring the case of ASCII letters.
  package static func equalsIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: String) -> Bool {
    let other = word.utf8
    guard bytes.count == other.count else { return false }
    return zip(bytes, other).allSatisfy { asciiLowercase($0) == asciiLowercase($1) }
  }

  /// Whether the UTF-8 bytes of `text` hold those of `needle`, ignoring the case of ASCII
  /// letters when `ignoringASCIICase` is set.
  ///
  /// For a `needle` of ASCII this is `text.contains(needle)` (and, for ASCII `text`,
  /// `text.lowercased().contains(needle)` with a lower-case needle), without Foundation's
  /// search or a lower-cased copy.
  package static func containsBytes(_ text: String, _ needle: String, ignoringASCIICase: Bool = false) -> Bool
  {
    // Both strings' own bytes, compared in place: the index asks this of every file of a tree.
    var text = text
    var needle = needle
    return needle.withUTF8 { pattern in
      text.withUTF8 { bytes in containsBytes(bytes, pattern, ignoringASCIICase: ignoringASCIICase) }
    }
  }

  /// Whether the bytes of the last component of `path` (ignoring one trailing `/`, as
  /// ``lastComponent(of:)`` does) hold those of `needle`.
  ///
  /// `containsBytes(lastComponent(of: path), needle)` without making the component.
  package static func lastComponentContainsBytes(_ path: String, _ needle: String) -> Bool {
    var path = path
    var needle = needle
    return needle.withUTF8 { pattern in
      path.withUTF8 { bytes in
        var end = bytes.count
        if end > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var start = end
        while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
        return containsBytes(
          UnsafeBufferPointer(rebasing: bytes[start..<end]), pattern, ignoringASCIICase: false)
      }
    }
  }

  private static func containsBytes(
    _ bytes: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, ignoringASCIICase: Bool
  ) -> Bool {
    guard !pattern.isEmpty else { return true }
    guard bytes.count >= pattern.count else { return false }
    for start in 0...(bytes.count - pattern.count) {
      var offset = 0
      while offset < pattern.count {
        let byte = bytes[start + offset]
        let wanted = pattern[offset]
        if ignoringASCIICase ? asciiLowercase(byte) != asciiLowercase(wanted) : byte != wanted { break }
        offset += 1
      }
      if offset == pattern.count { return true }
    }
    return false
  }

  /// `byte` with an ASCII upper-case letter made lower-case.
  private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }
}
