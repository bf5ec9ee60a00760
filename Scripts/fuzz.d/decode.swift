// libFuzzer target: the full PNG decoder on arbitrary bytes, with tight limits so the
// fuzzer explores parsing rather than allocating.
import ImageCore
import PNGCodec

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = DecodingLimits(maxWidth: 2048, maxHeight: 2048, maxPixels: 1 << 20, maxInputBytes: 1 << 20)
  if let bitmap = try? PNGDecoder.decode(bytes, limits: limits) {
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    let header = try? PNGHeader.probe(bytes)
    precondition(header?.width == bitmap.width && header?.height == bitmap.height)
  }
  return 0
}
