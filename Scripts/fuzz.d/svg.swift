// libFuzzer target: an SVG (plain or gzip-compressed) parsed, checked and rendered by
// VectorRenderer, with small limits so the fuzzer explores parsing, the element and entity
// pre-count, and librsvg's drawing rather than allocating.
import ImageCore
import VectorRenderer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = VectorLimits(maxInputBytes: 1 << 20, maxPixels: 256 * 256, maxSide: 256, maxElements: 5_000)
  guard let image = try? VectorImage(bytes: bytes, format: .svg, path: "fuzz.svg", limits: limits) else {
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
  for id in ["Regular-M", "a"] where image.hasElement(id: id) {
    _ = try? image.render(width: 16, height: 16, elementID: id)
  }
  return 0
}

/// LeakSanitizer's suppressions for this target: libxml2, which librsvg parses with, loses
/// the entity values it copied (`xmlParseEntityValue`) when librsvg stops a document with
/// entity declarations part way (found by this target; the input is kept in
/// Tests/FuzzRegressions/svg/). The same library is excused in Scripts/lsan.supp.
@_cdecl("__lsan_default_suppressions")
public func lsanSuppressions() -> UnsafePointer<CChar> {
  UnsafeRawPointer(suppressions.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let suppressions: StaticString = "leak:libxml2.so\n"
