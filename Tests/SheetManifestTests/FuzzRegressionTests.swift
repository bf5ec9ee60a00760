import Foundation
import SheetManifest
import TestSupport
import Testing

/// Inputs kept by `Scripts/fuzz manifest` (crashes under `Tests/FuzzRegressions/manifest/`,
/// plus the committed binary property list seeds): each gives content or a ManifestError.
@Suite("Fuzz regressions of manifest")
struct ManifestFuzzRegressionTests {
  static func inputs() -> [String] {
    let root = TestPaths.packageRoot
    return [root + "/Tests/FuzzRegressions/manifest", root + "/Scripts/fuzz.d/seeds/manifest"].flatMap {
      folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasSuffix(".md") }
        .sorted().map { folder + "/" + $0 }
    }
  }

  @Test("the seed folder exists, so Scripts/fuzz and this test agree on the path")
  func seedsExist() {
    #expect(Self.inputs().contains { $0.hasSuffix("/flat.bplist") })
  }

  @Test(arguments: inputs())
  func replay(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    do {
      let content = try Manifest.decode(data, path: path)
      #expect(content.tileCount > 0)
    } catch {
      #expect(error is ManifestError)
    }
  }

  @Test("bytes that are not UTF-8 in an XML plist are refused (Foundation would stop the process)")
  func invalidUTF8InInteger() {
    let xml =
      Array(
        #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array><dict><key>badge</key><integer>"#
          .utf8)
      + [0xFF, 0xFF, 0x31, 0x32] + Array("</integer></dict></array></plist>".utf8)
    #expect {
      try Manifest.decode(Data(xml), path: "m.plist")
    } throws: { error in
      "\(error)".contains("is not valid UTF-8")
    }
  }
}
