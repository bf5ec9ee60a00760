import Foundation
import ImageCore
import TestSupport
import Testing

@testable import RasterCodecs

/// Every JPEG and GIF of the real trees and the WebP files saved as `.png` in
/// home-assistant-iOS, decoded and checked against the libraries' own tools.
@Suite("Real trees", .needsSharedData, .tags(.sharedData, .referenceTool, .slow))
struct RealTreesTests {
  static let root = TestPaths.testData("real")

  /// Files under the real trees whose name ends in one of `suffixes`, or (with `sniffing`)
  /// whose bytes are that format, sorted, relative to ``root``.
  static func files(_ suffixes: [String], sniffing format: ImageFormat? = nil, under folder: String = "")
    -> [String]
  {
    let base = root + (folder.isEmpty ? "" : "/" + folder)
    guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
    var result: [String] = []
    for case let path as String in walker where suffixes.contains(where: { path.lowercased().hasSuffix($0) })
    {
      let relative = folder.isEmpty ? path : folder + "/" + path
      if let format {
        guard let prefix = try? Support.read(root + "/" + relative).prefix(64),
          ImageFormat.sniff(Array(prefix)) == format
        else { continue }
      }
      result.append(relative)
    }
    return result.sorted()
  }

  static let jpegs = files([".jpg", ".jpeg"])
  static let gifs = files([".gif"])
  static let webpsAsPNG = files([".png"], sniffing: .webp, under: "home-assistant-iOS")

  @Test("the real trees hold the files this suite reads")
  func inventory() {
    #expect(Self.jpegs.count == 36)
    #expect(Self.gifs.count == 10)
    #expect(Self.webpsAsPNG.count == 21)
  }

  @Test("every JPEG decodes as djpeg decodes it", arguments: jpegs)
  func jpeg(relative: String) throws {
    let path = Self.root + "/" + relative
    let bytes = try Support.read(path)
    #expect(ImageFormat.sniff(bytes) == .jpeg)
    let bitmap = try RasterDecoder.decode(bytes, format: .jpeg)
    // None of them has an ICC profile or a turning orientation (identify -verbose), so
    // the samples equal djpeg's.
    let reference = try Support.parseNetpbm(ReferenceTool.output("djpeg", ["-pnm", path]))
    #expect(bitmap.width == reference.width && bitmap.height == reference.height)
    #expect(Support.maxDifference(bitmap, reference) == 0)
  }

  @Test("every GIF's first frame has the screen size identify reports", arguments: gifs)
  func gif(relative: String) throws {
    let path = Self.root + "/" + relative
    let bitmap = try RasterDecoder.decode(Support.read(path), format: .gif)
    let said = String(
      decoding: try ReferenceTool.output(Support.identify, ["-format", "%W %H", path + "[0]"]), as: UTF8.self)
    #expect("\(bitmap.width) \(bitmap.height)" == said)
    let reference = try Support.parseNetpbm(
      ReferenceTool.output(Support.convert, [path + "[0]", "-background", "none", "-flatten", "pam:-"]))
    #expect(Support.maxDifference(bitmap, reference) == 0)
  }

  @Test("every WebP saved as .png decodes as dwebp decodes it", arguments: webpsAsPNG)
  func webp(relative: String) throws {
    let path = Self.root + "/" + relative
    let bitmap = try RasterDecoder.decode(Support.read(path), format: .webp)
    let reference = try Support.parseNetpbm(
      ReferenceTool.output("dwebp", ["-quiet", "-pam", path, "-o", "-"]))
    #expect(bitmap.width == reference.width && bitmap.height == reference.height)
    #expect(Support.maxDifference(bitmap, reference) == 0)
    // Their names say their size: 1024-mac.png is 1024 pixels wide.
    let name = (relative as NSString).lastPathComponent
    if let side = Int(name.prefix { $0.isNumber }) { #expect(bitmap.width == side && bitmap.height == side) }
  }

  @Test(
    "the header size ImageFormat reads without decoding is the decoded size",
    arguments: jpegs + gifs + webpsAsPNG)
  func headerSize(relative: String) throws {
    let bytes = try Support.read(Self.root + "/" + relative)
    let format = ImageFormat.sniff(bytes)
    let size = try #require(
      ImageFormat.pixelSize(ofHead: Array(bytes.prefix(ImageFormat.sizeHeadLength)), format: format))
    let bitmap = try RasterDecoder.decode(bytes, format: try #require(format))
    #expect(size.width == bitmap.width && size.height == bitmap.height)
  }
}
