import Foundation
import SheetManifest
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Manifests made to hurt: each gives a typed error with a reason, in bounded time and memory.
@Suite("Hostile manifests")
struct HostileManifestTests {
  static let depth = 100_000

  static func nestedJSON(_ depth: Int) -> Data {
    Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
  }

  static func nestedXML(_ depth: Int) -> Data {
    let head = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#
    return Data(
      (head + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        + "</plist>").utf8)
  }

  /// A binary property list of `depth` arrays, each holding the next (4-byte references).
  static func nestedBinary(_ depth: Int) -> Data {
    func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
      (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for level in 0..<depth {
      offsets.append(bytes.count)
      bytes += level == depth - 1 ? [0xA0] : [0xA1] + bigEndian(level + 1, 4)
    }
    let table = bytes.count
    for offset in offsets { bytes += bigEndian(offset, 4) }
    bytes += [0, 0, 0, 0, 0, 0, 4, 4] + bigEndian(depth, 8) + bigEndian(0, 8) + bigEndian(table, 8)
    return Data(bytes)
  }

  @Test("100,000 nested JSON arrays are refused before parsing")
  func deepJSON() throws {
    let error = try #require(throws: ManifestError.self) {
      try Manifest.decode(Self.nestedJSON(Self.depth), path: "deep.json")
    }
    #expect(error.kind == .tooLarge)
    #expect(error.description == "deep.json: nested deeper than \(Manifest.maximumDepth) levels")
  }

  @Test("100,000 nested XML property list arrays are refused before parsing")
  func deepXML() throws {
    let error = try #require(throws: ManifestError.self) {
      try Manifest.decode(Self.nestedXML(Self.depth), path: "deep.plist")
    }
    #expect(error.kind == .tooLarge)
    #expect(error.description == "deep.plist: nested deeper than \(Manifest.maximumDepth) levels")
  }

  @Test("100,000 nested binary property list arrays give a structure error, not a crash")
  func deepBinary() throws {
    let error = try #require(throws: ManifestError.self) {
      try Manifest.decode(Self.nestedBinary(Self.depth), path: "deep.bplist")
    }
    #expect(error.kind == .structure)
  }

  @Test("the depth limit counts only brackets and tags that nest")
  func nestingInsideStringsAndCommentsDoesNotCount() throws {
    let deepText = String(repeating: "[{", count: 100)
    let json = #"[{"name": "\#(deepText)", "icon": "mail"}]"#
    #expect(try Manifest.decode(Data(json.utf8), path: "m.json").tileCount == 1)
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><array><!-- \(String(repeating: "<array>", count: 100)) -->
      <dict><key>name</key><string>Mail</string><key>icon</key><string>mail</string><key>x</key><array/></dict>
      </array></plist>
      """
    #expect(try Manifest.decode(Data(plist.utf8), path: "m.plist").tileCount == 1)
  }

  @Test("a manifest over the size limit is refused before it is read")
  func hugeFile() throws {
    let folder = TemporaryFolder.make("sheetmanifest-tests")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/huge.json"
    // Sparse: the size is there, the bytes are not, so the test costs nothing.
    #expect(FileManager.default.createFile(atPath: path, contents: Data("[".utf8)))
    #expect(truncate(path, off_t(Manifest.maximumBytes + 1)) == 0)
    let error = try #require(throws: ManifestError.self) { try Manifest.load(contentsOf: path) }
    #expect(error.kind == .tooLarge)
    #expect(
      error.reason
        == "\(Manifest.maximumBytes + 1) bytes is larger than the \(Manifest.maximumBytes)-byte limit")
    let inMemory = try #require(throws: ManifestError.self) {
      try Manifest.decode(Data(count: Manifest.maximumBytes + 1), path: "huge.json")
    }
    #expect(inMemory.kind == .tooLarge)
  }

  @Test("a FIFO named like a manifest is refused, not waited on")
  func fifo() throws {
    let folder = TemporaryFolder.make("sheetmanifest-tests")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/apps.json"
    #expect(mkfifo(path, 0o644) == 0)
    let error = try #require(throws: ManifestError.self) { try Manifest.load(contentsOf: path) }
    #expect(error.kind == .unreadable)
    #expect(error.description == "\(path): is not a regular file")
  }

  @Test("a manifest without read permission is refused", .enabled(if: geteuid() != 0, "root reads anything"))
  func noPermission() throws {
    let folder = TemporaryFolder.make("sheetmanifest-tests")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/apps.json"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(#"[{"name":"A","icon":"a"}]"#.utf8)))
    #expect(chmod(path, 0) == 0)
    let error = try #require(throws: ManifestError.self) { try Manifest.load(contentsOf: path) }
    #expect(error.kind == .unreadable)
    #expect(error.reason.hasPrefix("cannot read"))
  }

  @Test(
    "icons that climb out of the assets folder are refused, in groups too",
    arguments: ["../../etc/passwd", "/etc/passwd", "a/../../b", "icons/../..", ".."])
  func unsafeIcons(icon: String) throws {
    let json =
      #"[{"title": "Work", "apps": [{"name": "A", "icon": "ok"}, {"name": "B", "icon": "\#(icon)"}]}]"#
    let error = try #require(throws: ManifestError.self) {
      try Manifest.decode(Data(json.utf8), path: "m.json")
    }
    #expect(error.kind == .unsafeIcon)
    #expect(error.location == "item 0: key 'apps': item 1: key 'icon'")
    #expect(error.reason.contains("outside the assets folder"))
  }
}
