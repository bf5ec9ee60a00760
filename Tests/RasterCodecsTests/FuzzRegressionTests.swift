import Foundation
import ImageCore
import TestSupport
import Testing

@testable import RasterCodecs

/// Inputs kept by `Scripts/fuzz jpeg|webp|heif|gif` under `Tests/FuzzRegressions/`,
/// replayed with the harnesses' limits and checks.
@Suite("Fuzz regressions of the raster decoders")
struct RasterFuzzRegressionTests {
  static let limits = DecodingLimits(
    maxWidth: 2048, maxHeight: 2048, maxPixels: 1 << 20, maxInputBytes: 1 << 20)

  static func inputs(_ target: String) -> [String] {
    let folder = TestPaths.inPackage("Tests/FuzzRegressions/" + target)
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      !$0.hasSuffix(".md")
    }
    .sorted().map { folder + "/" + $0 }
  }

  static let cases: [(target: String, path: String)] = ["jpeg", "webp", "heif", "gif"].flatMap { target in
    inputs(target).map { (target, $0) }
  }

  @Test("the heif target's kept input exists, so Scripts/fuzz and these tests agree on the paths")
  func inputsExist() {
    #expect(!Self.inputs("heif").isEmpty)
  }

  @Test(arguments: cases.map(\.path))
  func replay(path: String) throws {
    let target = path.split(separator: "/").dropLast().last.map(String.init) ?? ""
    let bytes = try Support.read(path)
    let format: ImageFormat
    switch target {
    case "jpeg": format = .jpeg
    case "webp": format = .webp
    case "gif": format = .gif
    default: format = bytes.count % 2 == 0 ? .heic : .avif
    }
    do {
      let bitmap = try RasterDecoder.decode(bytes, format: format, limits: Self.limits)
      #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
      #expect(bitmap.width * bitmap.height <= Self.limits.maxPixels)
    } catch let error as ImageError {
      #expect(!error.reason.isEmpty)
    }
  }
}

/// The promise in ``RasterDecoder``'s documentation: calls are independent, so decodes on
/// many threads at once give what one thread gives.
@Suite("Concurrent decoding")
struct ConcurrencyTests {
  @Test("every fixture decoded on eight threads at once equals its serial decode")
  func concurrentDecodes() async throws {
    let names = [
      "photo.jpg", "p3-patches.jpg", "cmyk-adobe.jpg", "orientation-6.jpg", "lossy.webp", "animated.webp",
      "p3-patches.webp", "photo.heic", "photo.avif", "p3-patches.heic", "frame-offset.gif", "interlaced.gif",
    ]
    let inputs = try names.map { name in
      (try Support.fixture(name), ImageFormat.sniff(try Support.fixture(name))!)
    }
    let serial = try inputs.map { try RasterDecoder.decode($0.0, format: $0.1) }
    try await withThrowingTaskGroup(of: (Int, Bitmap).self) { group in
      for round in 0..<8 {
        for index in inputs.indices {
          let (bytes, format) = inputs[(index + round) % inputs.count]
          let slot = (index + round) % inputs.count
          group.addTask { (slot, try RasterDecoder.decode(bytes, format: format)) }
        }
      }
      for try await (slot, bitmap) in group {
        #expect(bitmap == serial[slot], "\(names[slot]) differs when decoded concurrently")
      }
    }
  }
}
