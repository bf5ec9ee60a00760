// libFuzzer target: the asset index's Contents.json parser on arbitrary bytes. Every input
// must give the parsed file or a failure with words in it; slots that parse must convert
// their scale and size without trapping.
import AssetIndex

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentsJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  switch ContentsFile.decode(bytes) {
  case .success(let contents):
    for image in contents.images ?? [] {
      if let scale = image.scale.flatMap(ContentsFile.scale) { precondition(scale >= 1) }
      if let size = image.size.flatMap(ContentsFile.size) {
        precondition(size.width > 0 && size.height > 0)
      }
    }
  case .failure(let failure):
    precondition(!failure.text.isEmpty)
  }
  return 0
}
