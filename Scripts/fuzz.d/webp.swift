// libFuzzer target: the WebP decoder (libwebp: still images, the first frame of
// animations, the ICCP chunk) on arbitrary bytes, with tight limits so the fuzzer explores
// parsing rather than allocating.
import ImageCore
import RasterCodecs

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = DecodingLimits(maxWidth: 2048, maxHeight: 2048, maxPixels: 1 << 20, maxInputBytes: 1 << 20)
  if let bitmap = try? RasterDecoder.decode(bytes, format: .webp, limits: limits) {
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    precondition(bitmap.width * bitmap.height <= limits.maxPixels)
  }
  // Drawn small (a sheet's icon): the reduced decode, a thumbnail, and the header read
  // that weighs it, on the same bytes.
  let box = 8 + Int(bytes.first ?? 0)
  _ = RasterHeader.read(bytes, format: .webp)?.heldPixels(drawnWithin: box)
  if let bitmap = try? RasterDecoder.decode(bytes, format: .webp, limits: limits, drawnWithin: box) {
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    precondition(bitmap.width * bitmap.height <= limits.maxPixels)
  }
  return 0
}
