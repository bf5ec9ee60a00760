import ImageCore
import PNGCodec
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What the resolver relies on from the codec: a written file's header gives its pixel
/// size without a decode, and decoding gives back the pixels written.
@Suite struct ProbeContractTests {
  @Test(arguments: [(1, 1), (29, 58), (120, 87)])
  func probeOfWrittenFileGivesItsSize(width: Int, height: Int) throws {
    let path = "/tmp/icongrid-probe-\(getpid())-\(width)x\(height).png"
    defer { unlink(path) }
    let bitmap = Bitmap(width: width, height: height, filling: (10, 20, 30, 255))
    try PNGEncoder.write(bitmap, to: path)
    let header = try PNGHeader.probe(contentsOf: path)
    #expect(header.width == width)
    #expect(header.height == height)
    #expect(try PNGDecoder.decode(contentsOf: path) == bitmap)
  }
}
