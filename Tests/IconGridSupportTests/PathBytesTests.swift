import Testing

@testable import IconGridSupport

@Suite("Paths on UTF-8 bytes agree with the String work they replace")
struct PathBytesTests {
  static let paths = [
    "", "/", "a", "a/b.png", "/docs/x.png", "Docs/x.png", "a//DOCUMENTATION/b/c.png", "a/docs", "a/docs/",
    "fastlane/metadata", "x/Watch.ckcomplication/i@2x.png", "x/Watch.ckcomplication",
    "x/ckcomplication/i.png",
    "Preview Content/a.png", "b/Preview Assets.xcassets/", "Préview Content/a.png", "é/doc/ü.png",
    "a.atlas/b.png",
    "Icons/ICON@2x.png", "café-Icon", "Ícon", "a/b/c",
  ]

  @Test("containsComponent sees the components split(separator:) sees", arguments: paths)
  func components(path: String) {
    let words = ["docs", "Preview Content", "a", "b", "x", "metadata", "é"]
    for word in words {
      let split = path.split(separator: "/").contains { $0 == word }
      let splitExceptLast = path.split(separator: "/").dropLast().contains { $0 == word }
      #expect(Paths.containsComponent(path) { $0.elementsEqual(word.utf8) } == split, "\(word)")
      #expect(
        Paths.containsComponent(path, exceptLast: true) { $0.elementsEqual(word.utf8) } == splitExceptLast,
        "\(word)")
    }
    let suffixed = path.split(separator: "/").contains { $0.hasSuffix(".ckcomplication") }
    #expect(Paths.containsComponent(path) { Paths.hasSuffix($0, ".ckcomplication") } == suffixed)
    let folded = path.split(separator: "/").dropLast().contains {
      ["docs", "documentation"].contains($0.lowercased())
    }
    #expect(
      Paths.containsComponent(path, exceptLast: true) {
        Paths.equalsIgnoringASCIICase($0, "docs") || Paths.equalsIgnoringASCIICase($0, "documentation")
      } == folded)
  }

  @Test("containsBytes finds what contains and lowercased().contains find", arguments: paths)
  func search(path: String) {
    for needle in [".atlas/", "icon", "docs", "a", "é"] {
      #expect(
        Paths.containsBytes(path, needle) == path.contains(needle))
    }
    if path.utf8.allSatisfy({ $0 < 0x80 }) {
      #expect(
        Paths.containsBytes(path, "icon", ignoringASCIICase: true) == path.lowercased().contains("icon"))
    }
  }

  @Test("lastComponentContainsBytes searches what lastComponent(of:) returns", arguments: paths)
  func lastComponentSearch(path: String) {
    for needle in [".png", "docs", "a", "é", "/", "i@2x", ""] {
      #expect(
        Paths.lastComponentContainsBytes(path, needle)
          == Paths.containsBytes(Paths.lastComponent(of: path), needle),
        "\(needle)")
    }
  }

  @Test func jsonQuotedAsBytesMatchesTheStringWriter() {
    let text = "a\"b\\c\nd\re\tf\u{1}g\u{1F}ü😀"
    var bytes: [UInt8] = []
    JSONValue.quote(text, into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == #""a\"b\\c\nd\re\tf\u0001g\u001fü😀""#)
    var string = "x"
    JSONValue.quote(text, into: &string)
    #expect(string == "x" + String(decoding: bytes, as: UTF8.self))
    #expect(
      JSONValue.array([.string(text), .object([("k", .int(1))])]).rendered()
        == "[\n  \(string.dropFirst()),\n  {\n    \"k\": 1\n  }\n]")
  }
}
