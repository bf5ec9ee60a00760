import ImageCore
import Testing

@Suite("JPEGFrameHeader: the marker walk to the first frame")
struct JPEGFrameHeaderTests {
  /// A segment: marker, big-endian length (payload + 2), payload.
  static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
    let length = payload.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
  }

  /// A frame header of `width` × `height`, one component.
  static func frame(_ marker: UInt8, width: Int, height: Int) -> [UInt8] {
    segment(
      marker,
      [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
  }

  /// Marker, width and height, to compare.
  static func fields(_ header: JPEGFrameHeader?) -> [Int]? {
    header.map { [Int($0.marker), $0.width, $0.height] }
  }

  @Test("the frame after APP segments and fill bytes; every earlier segment is handed over")
  func walksToTheFrame() {
    let bytes =
      [0xFF, 0xD8] + Self.segment(0xE0, Array("JFIF\0".utf8)) + [0xFF, 0xFF]
      + Self.segment(0xE1, [1, 2, 3]) + Self.frame(0xC2, width: 640, height: 480) + Self.segment(0xDA, [0])
    var seen: [(UInt8, [UInt8])] = []
    let header = JPEGFrameHeader.read(bytes) { seen.append(($0, Array($1))) }
    #expect(Self.fields(header) == [0xC2, 640, 480])
    #expect(header?.isSequential == false)
    #expect(seen.map(\.0) == [0xE0, 0xE1])
    #expect(seen.last?.1 == [1, 2, 3])
    #expect(ImageFormat.pixelSize(ofHead: bytes, format: .jpeg)! == (640, 480))
  }

  @Test("DHT, JPG and DAC are not frames; baseline is sequential")
  func notFrames() {
    let bytes =
      [0xFF, 0xD8] + Self.segment(0xC4, [0, 0, 0, 0, 0, 0, 0, 0, 0]) + Self.segment(0xCC, [0, 0])
      + Self.frame(0xC0, width: 16, height: 9)
    #expect(Self.fields(JPEGFrameHeader.read(bytes)) == [0xC0, 16, 9])
    #expect(JPEGFrameHeader.read(bytes)?.isSequential == true)
  }

  @Test("no start-of-image, a damaged length, a missing marker or cut bytes give nil")
  func damaged() {
    let good = [0xFF, 0xD8] + Self.segment(0xE0, [0, 0, 0]) + Self.frame(0xC0, width: 16, height: 9)
    #expect(JPEGFrameHeader.read(Array(good.dropFirst(2))) == nil)
    #expect(JPEGFrameHeader.read([0xFF, 0xD8, 0xFF, 0xE0, 0, 1] + Array(good.dropFirst(7))) == nil)
    #expect(JPEGFrameHeader.read([0xFF, 0xD8, 0x00] + Array(good.dropFirst(2))) == nil)
    #expect(JPEGFrameHeader.read(Array(good.prefix(good.count - 8))) == nil)
  }
}
