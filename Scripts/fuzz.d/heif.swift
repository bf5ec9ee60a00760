// libFuzzer target: the HEIF decoder (libheif with libde265 and dav1d: boxes,
// transformations, the colr profile) on arbitrary bytes, read as HEIC or AVIF by the
// input's length, with tight limits so the fuzzer explores parsing rather than allocating.
import ImageCore
import RasterCodecs

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = DecodingLimits(maxWidth: 2048, maxHeight: 2048, maxPixels: 1 << 20, maxInputBytes: 1 << 20)
  if let bitmap = try? RasterDecoder.decode(bytes, format: size % 2 == 0 ? .heic : .avif, limits: limits) {
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    precondition(bitmap.width * bitmap.height <= limits.maxPixels)
  }
  // Drawn small (a sheet's icon): the reduced decode, a thumbnail, and the header read
  // that weighs it, on the same bytes.
  let box = 8 + Int(bytes.first ?? 0)
  _ = try? HEIFDecoder.heldPixels(
    bytes, format: size % 2 == 0 ? .heic : .avif, limits: limits, drawnWithin: box)
  if let bitmap = try? RasterDecoder.decode(
    bytes, format: size % 2 == 0 ? .heic : .avif, limits: limits, drawnWithin: box)
  {
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    precondition(bitmap.width * bitmap.height <= limits.maxPixels)
  }
  return 0
}

/// LeakSanitizer's suppressions for this target: libheif 1.15's dav1d plugin loses the
/// `Dav1dData` it made with `dav1d_data_create` when dav1d refuses a damaged AV1 stream
/// (strukturag/libheif#1753, open upstream); 40 bytes a refused AVIF, never IconGrid's.
/// libFuzzer's fast unwinder sees no symbol inside libdav1d, so the module is named; no
/// IconGrid code calls dav1d itself.
@_cdecl("__lsan_default_suppressions")
public func lsanSuppressions() -> UnsafePointer<CChar> {
  UnsafeRawPointer(suppressions.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let suppressions: StaticString = "leak:libdav1d.so\n"
