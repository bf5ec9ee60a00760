// libFuzzer target: encode arbitrary pixels, decode them again, and demand the same pixels.
import ImageCore
import PNGCodec

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEncode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 3 else { return 0 }
  let width = Int(data[0] % 64) + 1
  let level = Int(data[1] % 10)
  let alpha = data[2] & 1 == 1
  let pixelBytes = size - 3
  let height = pixelBytes / (width * 4)
  guard height > 0 else { return 0 }
  var pixels = Array(UnsafeBufferPointer(start: data + 3, count: width * height * 4))
  if !alpha {
    for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
  }
  let bitmap = Bitmap(width: width, height: height, pixels: pixels)
  let options = PNGEncodingOptions(compressionLevel: level, includeAlpha: alpha, threads: 2)
  guard let encoded = try? PNGEncoder.encode(bitmap, options: options) else {
    preconditionFailure("encoding a valid bitmap failed")
  }
  guard let decoded = try? PNGDecoder.decode(encoded) else {
    preconditionFailure("our own PNG did not decode")
  }
  precondition(decoded == bitmap, "round trip changed pixels")
  return 0
}
