// libFuzzer target: a PDF's first page opened by poppler and rendered by VectorRenderer,
// with small limits so the fuzzer explores poppler's parsing rather than allocating.
import ImageCore
import VectorRenderer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = VectorLimits(maxInputBytes: 1 << 20, maxPixels: 256 * 256, maxSide: 256)
  guard let image = try? VectorImage(bytes: bytes, format: .pdf, path: "fuzz.pdf", limits: limits) else {
    return 0
  }
  precondition(image.pointSize.width > 0 && image.pointSize.height > 0)
  if let bitmap = try? image.render(width: 64, height: 48) {
    precondition(bitmap.width == 64 && bitmap.height == 48 && bitmap.pixels.count == 64 * 48 * 4)
  }
  let size = image.pixelSize(scale: 1)
  if let bitmap = try? image.render(scale: 1) {
    precondition(bitmap.width == size.width && bitmap.height == size.height)
  }
  return 0
}
