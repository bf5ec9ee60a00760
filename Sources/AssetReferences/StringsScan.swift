// PropertyListSerialization (binary property lists) and JSONSerialization (string catalogs).
import Foundation

/// The values of localized strings: `.strings` tables, `.stringsdict` and `.xcstrings`
/// catalogs, and binary property lists.
///
/// Apps put image names in localized strings and load them with
/// `UIImage(named: NSLocalizedString(…))`, so a value marks the asset it names as used. A value
/// never makes a missing asset: most strings are sentences, not image names. Keys are not
/// read (the code names a key, and a literal in code is a use of its own); nor are values with
/// format specifiers (`%@ items`), which are text to fill in, not names.
enum StringsScan {
  /// The longest value taken as a name, in UTF-8 bytes; longer ones are prose.
  static let valueLimit = 256

  /// A `.strings` table: text (`"key" = "value";` with C comments, UTF-8 or UTF-16) or a
  /// binary property list. A file that is not text in either encoding is skipped.
  static func scanStrings(_ bytes: [UInt8], into scan: inout FileScan) {
    if isBinaryPropertyList(bytes) {
      scanBinaryPropertyList(bytes, into: &scan)
      return
    }
    guard let text = textBytes(bytes) else {
      scan.outcome = .skipped("not-text")
      return
    }
    scan.outcome = .read(isCode: false)
    let tokens = SourceLexer.tokens(text)
    for (index, token) in tokens.enumerated().dropFirst()
    where token.kind == .string && !token.isPattern && tokens[index - 1].kind == .punctuation
      && tokens[index - 1].text == "="
    {
      add(token.text, line: token.line, into: &scan)
    }
  }

  /// A `.stringsdict` (or any property list): XML, or binary.
  static func scanPropertyList(_ bytes: [UInt8], into scan: inout FileScan) {
    if isBinaryPropertyList(bytes) {
      scanBinaryPropertyList(bytes, into: &scan)
    } else {
      scan.outcome = .read(isCode: false)
      InterfaceScan.scanPlist(UTF8Text.bytes(bytes), into: &scan)
    }
  }

  /// An Xcode string catalog (`.xcstrings`, JSON): every `stringUnit`'s `value`, in every
  /// language and plural or device variation.
  static func scanCatalog(_ bytes: [UInt8], into scan: inout FileScan) {
    guard let root = try? JSONSerialization.jsonObject(with: Data(UTF8Text.bytes(bytes))) else {
      scan.outcome = .skipped("bad-json")
      return
    }
    scan.outcome = .read(isCode: false)
    var values: [String] = []
    collectUnitValues(root, into: &values)
    for value in values { add(value, line: 1, into: &scan) }
  }

  /// Whether the bytes are a binary property list (`bplist00`).
  static func isBinaryPropertyList(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: Array("bplist".utf8))
  }

  /// A binary property list's string values (not its keys), each as a use on line 1.
  static func scanBinaryPropertyList(_ bytes: [UInt8], into scan: inout FileScan) {
    // Foundation falls back to the text formats when the binary one fails, and reads
    // `bplist00…` as one unquoted string: only an answer in the binary format counts.
    var format = PropertyListSerialization.PropertyListFormat.binary
    guard bytes.count >= 40,
      let root = try? PropertyListSerialization.propertyList(
        from: foundationParserInput(bytes), options: [], format: &format),
      format == .binary
    else {
      scan.outcome = .skipped("bad-binary-plist")
      return
    }
    scan.outcome = .read(isCode: false)
    var values: [String] = []
    collectValues(root, into: &values)
    for value in values where FormatPattern.pieces(of: value) == nil { add(value, line: 1, into: &scan) }
  }

  /// The bytes for Foundation's parser, made in a frame of their own: on a file it refuses,
  /// CoreFoundation may keep the data it was given (as it does for project files), and
  /// `Scripts/lsan.supp` excuses allocations under this name only.
  @inline(never)
  private static func foundationParserInput(_ bytes: [UInt8]) -> Data { Data(bytes) }

  /// UTF-8 text, or UTF-16 converted to UTF-8 (with a byte-order mark, or without one when
  /// every other byte is zero); `nil` when the bytes are neither.
  static func textBytes(_ bytes: [UInt8]) -> [UInt8]? {
    var bytes = bytes
    if !bytes.starts(with: [0xFF, 0xFE]) && !bytes.starts(with: [0xFE, 0xFF]) && bytes.count >= 2
      && bytes.count % 2 == 0 && bytes.contains(0)
    {
      // UTF-16 without a mark: ASCII's high bytes are zero, so the side of the zeros gives
      // the byte order.
      bytes.insert(contentsOf: bytes[1] == 0 ? [0xFF, 0xFE] : [0xFE, 0xFF], at: 0)
    }
    let text = UTF8Text.bytes(bytes)
    guard !text.contains(0), String(validating: text, as: UTF8.self) != nil else { return nil }
    return text
  }

  private static func add(_ value: String, line: Int, into scan: inout FileScan) {
    guard !value.isEmpty, value.utf8.count <= valueLimit else { return }
    scan.uses.append(
      SourceReferences.Use(
        name: LiteralName.normalised(value), kind: .literal, path: scan.path, line: line, isStrict: false))
  }

  /// Every string that is a value (of a dictionary or an array, or the root), depth first.
  private static func collectValues(_ object: Any, into values: inout [String], depth: Int = 0) {
    guard depth < 64 else { return }
    if let string = object as? String {
      values.append(string)
    } else if let dictionary = object as? [String: Any] {
      for key in dictionary.keys.sorted() { collectValues(dictionary[key]!, into: &values, depth: depth + 1) }
    } else if let array = object as? [Any] {
      for element in array { collectValues(element, into: &values, depth: depth + 1) }
    }
  }

  /// The `value` of every `stringUnit` object, depth first.
  private static func collectUnitValues(_ object: Any, into values: inout [String], depth: Int = 0) {
    guard depth < 64 else { return }
    if let dictionary = object as? [String: Any] {
      if let unit = dictionary["stringUnit"] as? [String: Any], let value = unit["value"] as? String,
        FormatPattern.pieces(of: value) == nil
      {
        values.append(value)
      }
      for key in dictionary.keys.sorted() {
        collectUnitValues(dictionary[key]!, into: &values, depth: depth + 1)
      }
    } else if let array = object as? [Any] {
      for element in array { collectUnitValues(element, into: &values, depth: depth + 1) }
    }
  }
}
