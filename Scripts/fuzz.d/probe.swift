// libFuzzer target: the header probe, which the CI check runs over every file.
import PNGCodec

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProbe(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  if let header = try? PNGHeader.probe(bytes) {
    precondition(header.width > 0 && header.height > 0)
    precondition([1, 2, 4, 8, 16].contains(header.bitDepth))
  }
  return 0
}
