import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

/// The Swift code blocks of every DocC article, compiled into this target by the DocExamples
/// plugin and run here, each against a fresh copy of the demo catalog. Some are also checked
/// for what they did (``checks``). To change an example, edit the article.
@Suite("The DocC articles' Swift examples")
struct DocExampleTests {
  @Test("every example runs", arguments: docExamples)
  func runs(_ example: DocExample) throws {
    let context = try DocExampleContext()
    try example.run(context)
    try Self.checks[example.article + "#" + example.heading]?(context)
  }

  @Test("every check names an example that exists")
  func everyCheckHasItsExample() {
    #expect(!docExamples.isEmpty)
    for key in Self.checks.keys {
      #expect(docExamples.contains { $0.article + "#" + $0.heading == key }, "no example under \(key)")
    }
  }

  /// What some examples must have done, by `Module/Article#heading`.
  static let checks: [String: @Sendable (DocExampleContext) throws -> Void] = [
    "AssetCheck/GettingStartedWithAssetCheck#Check, report, decide": { context in
      // legacy.png exists at 1x only: the report names it and the build fails.
      #expect(context.said.contains("legacy.png: error: no @2x variant"))
      #expect(context.said.hasSuffix("icon check failed\n"))
    },
    "AssetCheck/GettingStartedWithAssetCheck#Adopting the check with a baseline": { context in
      #expect(context.said == "0 false\n")
    },
    "AssetResolver/GettingStartedWithAssetResolver#Build one library at start-up": { context in
      #expect(context.said == "mail@3x.png 3.0 60.0\n")
    },
    "AssetDiff/AssetDiff#Overview": { context in
      #expect(context.said == "scale-removed files mail universal @3x -5.4 kB\n")
    },
    "AssetResolver/AssetResolver#Overview": { context in
      #expect(context.said == "3.0 180\n")
    },
    "ContactSheet/GettingStartedWithContactSheet#From a manifest to a PNG": { context in
      // The demo manifest names one icon that does not exist and one at 1x only, on purpose.
      #expect(context.said.hasSuffix("[\"missing-app\"] [\"legacy\"]\n"))
      let header = try PNGHeader.probe(contentsOf: context.output)
      #expect(context.said.hasPrefix("\(header.width) \(header.height) "))
    },
    "ContactSheet/GettingStartedWithContactSheet#With labels": { context in
      #expect(context.said.hasSuffix(" []\n") && !context.said.hasPrefix("0 "))
      // Labels drawn: dark pixels under the first row's icons, on a white sheet whose icons
      // are coloured.
      let sheet = try PNGDecoder.decode(contentsOf: context.output)
      var dark = 0
      for y in (16 + 64) * 2..<(16 + 90) * 2 {
        for x in 0..<sheet.width {
          let pixel = sheet[x, y]
          if Int(pixel.0) + Int(pixel.1) + Int(pixel.2) < 200 { dark += 1 }
        }
      }
      #expect(dark > 200, "no label ink under the first row")
    },
    "PNGCodec/GettingStartedWithPNGCodec#Decode": { context in
      #expect(
        context.said.hasSuffix("60000×60000: its width 60000 exceeds the limit of 4096 pixels a side\n"))
    },
    "PNGCodec/GettingStartedWithPNGCodec#Encode": { context in
      let path = context.folder + (context.said.isEmpty ? "/sheet.png" : "/icon@2x.png")
      let image = try PNGDecoder.decode(contentsOf: path)
      if context.said.isEmpty {
        #expect(image.height == 6 && image[0, 5] == (160, 0, 0, 255))
      } else {
        #expect(context.said == "true\n")
        #expect(image.width == 2 && image[1, 0] == (0, 0, 255, 128))
      }
    },
    "Resampling/Resampling#Overview": { context in
      #expect(context.said == "87 87\n")
    },
  ]
}
