// libFuzzer target: the GIF decoder (giflib reading from memory, the first
// frame drawn on the screen) on arbitrary bytes, with tight limits so the fuzzer explores
// parsing rather than allocating.
import ImageCore
import RasterCodecs

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = DecodingLimits(maxWidth: 2048, maxHeight: 2048, maxPixels: 1 << 20, maxInputBytes: 1 << 20)
  if let bitmap = try? RasterDecoder.decode(bytes, format: .gif, limits: limits) {
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    precondition(bitmap.width * bitmap.height <= limits.maxPixels)
  }
  return 0
}
