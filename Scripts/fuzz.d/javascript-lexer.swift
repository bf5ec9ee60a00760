// libFuzzer target: the JavaScript/TypeScript lexer of `check --references` (regular
// expressions, JSX text and tags, template literals and their `${…}`) on arbitrary bytes,
// with and without JSX. Every input must end, and the tokens' lines must be in order and
// inside the input.
import AssetReferences

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJavaScriptLexer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
  for jsx in [false, true] {
    var previous = 1
    for line in _javaScriptTokenLines(bytes, jsx: jsx) {
      precondition(line >= previous && line <= lines, "line \(line) after \(previous), of \(lines)")
      previous = line
    }
  }
  return 0
}
