import AssetMaking
import Foundation
import TestSupport
import Testing

@Suite("Contents.json: parsed and written back as Xcode writes it")
struct ContentsDocumentTests {
  /// Every `Contents.json` of the real trees.
  static let realFiles: [String] = {
    let root = TestPaths.testData("real")
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix("/Contents.json") }.sorted().map {
      root + "/" + $0
    }
  }()

  /// Files Xcode wrote come back byte for byte; the four a script wrote (`"key": value`,
  /// no space before the colon) come back as the same tree in Xcode's layout.
  @Test(.needsSharedData, .tags(.sharedData)) func everyRealFileRoundTrips() throws {
    #expect(ContentsDocumentTests.realFiles.count > 1000)
    var rewritten: [String] = []
    for path in ContentsDocumentTests.realFiles {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      let document = try ContentsDocument(parsing: bytes, path: path)
      let text = document.rendered()
      if Array(text.utf8) != bytes {
        rewritten.append(path)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("\" : "), "\(path) is in Xcode's layout")
        #expect(try ContentsDocument(parsing: Array(text.utf8), path: path) == document)
      }
    }
    #expect(rewritten.count == 4, "\(rewritten)")
  }

  @Test func unknownKeysOrderAndNumbersAreKept() throws {
    let text = """
      {
        "info" : {
          "version" : 1,
          "author" : "xcode"
        },
        "images" : [
          {
            "scale" : "2x",
            "x-custom" : {
              "ratio" : 1.50,
              "list" : [
                true,
                null,
                -2e3
              ]
            },
            "idiom" : "universal",
            "filename" : "aé\\"b@2x.png"
          }
        ],
        "properties" : {

        }
      }
      """
    let document = try ContentsDocument(parsing: Array(text.utf8), path: "x")
    #expect(document.rendered() == text)
    #expect(document.images?.first?["filename"]?.text == "aé\"b@2x.png")
  }

  @Test func setInsertsInAlphabeticalPlaceAndReplacesInPlace() {
    var slot = ContentsDocument.Value.object([("idiom", .string("universal")), ("scale", .string("1x"))])
    slot.set("filename", .string("a.png"))
    slot.set("scale", .string("2x"))
    slot.set("zeta", .bool(true))
    let keys: [String]
    if case .object(let members) = slot { keys = members.map(\.0) } else { keys = [] }
    #expect(keys == ["filename", "idiom", "scale", "zeta"])
    #expect(slot["scale"]?.text == "2x")
  }

  @Test(arguments: ["", "{", "{\"a\" : }", "[1,]", "{\"a\" : 1} x", "\"\\ud800\"", "01x"])
  func badJSONIsATypedError(_ text: String) {
    #expect(throws: MakingError.self) {
      try ContentsDocument(parsing: Array(text.utf8), path: "bad/Contents.json")
    }
  }
}
