import TestSupport
import Testing

@testable import AssetCheck

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The head read of a header-only check: one `read` of up to ``FileInspector/readLength``
/// bytes, the first ``FileInspector/headLength`` of them inspected, and the content print
/// of ``FileFacts/contentPrint`` (the whole file up to the head's length, else head and
/// last ``FileInspector/headLength`` bytes) whether the tail came in that read or by `pread`.
@Suite("FileInspector: the head of a file and its content print")
struct FileHeadTests {
  /// Bytes that differ at every offset, so a print of the wrong range differs.
  static func bytes(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
  }

  static func head(of bytes: [UInt8], inFolder: Bool) throws -> FileInspector.Head {
    let tree = Tree().bytes("file.png", bytes)
    let path = tree.path("file.png")
    let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) }!
    let request = FileInspector.Request(path: path, nameStart: slash)
    let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: FileInspector.readLength, alignment: 8)
    defer { scratch.deallocate() }
    // Opened by its name in its folder, as a check does, or by its whole path.
    let directory = inFolder ? open(String(path[..<path.index(before: slash)]), O_RDONLY | O_DIRECTORY) : -1
    defer { if directory >= 0 { close(directory) } }
    return try #require(try? FileInspector.readHead(request, directory: directory, scratch: scratch))
  }

  @Test(
    arguments: [
      1_000, 4_095, 4_096, 4_097, 6_000, 8_192, 12_000, 16_383, 16_384, 16_385, 20_000, 40_000,
    ])
  func printIsOfHeadAndTail(count: Int) throws {
    let bytes = Self.bytes(count)
    let length = FileInspector.headLength
    for inFolder in [false, true] {
      let head = try Self.head(of: bytes, inFolder: inFolder)
      #expect(head.size == count)
      #expect(head.bytes == Array(bytes.prefix(length)))
      #expect(head.isWhole == (count <= length))
      let expected =
        count <= length
        ? FileInspector.quickHash(bytes)
        : FileInspector.quickHash(Array(bytes.prefix(length))) &* 31
          ^ FileInspector.quickHash(Array(bytes.suffix(min(length, count - length))))
      #expect(head.contentPrint == expected)
    }
  }
}
