// libFuzzer target: AssetName(parsing:) on arbitrary bytes, as UTF-8 (invalid sequences
// repaired, as a file name read from disk would be). Parsing the formatted name must give
// the same parts again, and the base of a name is always where the text starts.
import AssetIndex

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAssetName(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let name = AssetName(parsing: text)
  precondition(text.utf8.starts(with: name.base.utf8), "base '\(name.base)' is not a prefix of '\(text)'")
  if let scale = name.scale { precondition(scale >= 1, "scale \(scale) from '\(text)'") }
  precondition(!name.ext.isEmpty)
  // An empty base, or one ending in `/`, formats as a hidden file (`.png`, `a/.png`), which
  // is a different name by design; every other name must survive formatting.
  // Bytes, not Characters: a prepend mark (U+0600…, U+070F) joins the `/` into one Character.
  guard let last = name.base.utf8.last, last != UInt8(ascii: "/") else { return 0 }
  let again = AssetName(parsing: name.fileName)
  precondition(
    again.base == name.base && again.scale == name.scale && again.idiom == name.idiom
      && again.ext == name.ext,
    "'\(text)' → '\(name.fileName)' → '\(again.fileName)'")
  precondition(again.hasExplicitExtension)
  return 0
}
