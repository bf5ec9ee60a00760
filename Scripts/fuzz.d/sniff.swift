// libFuzzer target: the format sniffer every command uses to name a file's format.
import ImageCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSniff(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  for pathExtension in ["", "png", "svgz", "PDF"] {
    let format = ImageFormat.sniff(bytes, pathExtension: pathExtension)
    // Only the first sniffLength bytes count.
    precondition(
      format == ImageFormat.sniff(bytes.prefix(ImageFormat.sniffLength), pathExtension: pathExtension))
    let mismatch = ImageFormat.mismatch(format, pathExtension: pathExtension)
    if let format, ImageFormat.promised(byExtension: pathExtension) == format {
      precondition(mismatch == nil)
    }
  }
  return 0
}
