import PNGCodec
import TestSupport
import Testing

@testable import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

@Suite("Temporary files of killed writers")
struct TemporaryFileTests {
  func touch(_ path: String) -> Int32 {
    let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    #expect(fd >= 0)
    return fd
  }

  @Test("a dead writer's temporary file is removed by the next write to the same path")
  func abandonedIsRemoved() throws {
    let directory = TemporaryFolder.make("pngcodec-tests")
    let abandoned = directory + "/.sheet.png.Ab12Cd"
    close(touch(abandoned))
    try PNGEncoder.write(Bitmap(width: 2, height: 2), to: directory + "/sheet.png")
    #expect(TestFiles.entries(of: directory) == ["sheet.png"])
  }

  @Test("a live writer's temporary file (locked) is left alone")
  func liveIsKept() throws {
    let directory = TemporaryFolder.make("pngcodec-tests")
    let live = directory + "/.sheet.png.Ef34Gh"
    let fd = touch(live)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX) == 0)
    try PNGEncoder.write(Bitmap(width: 2, height: 2), to: directory + "/sheet.png")
    #expect(TestFiles.entries(of: directory) == [".sheet.png.Ef34Gh", "sheet.png"])
  }

  @Test("files that only look similar are not touched")
  func othersAreKept() throws {
    let directory = TemporaryFolder.make("pngcodec-tests")
    for name in [".sheet.png.toolong1", ".other.png.Ab12Cd", "sheet.png.Ab12Cd"] {
      close(touch(directory + "/" + name))
    }
    try PNGEncoder.write(Bitmap(width: 2, height: 2), to: directory + "/sheet.png")
    #expect(
      TestFiles.entries(of: directory) == [
        ".other.png.Ab12Cd", ".sheet.png.toolong1", "sheet.png", "sheet.png.Ab12Cd",
      ])
  }

  @Test("one listing of a folder serves every write into it: each write removes its own dead files")
  func oneListingServesManyWrites() throws {
    let directory = TemporaryFolder.make("pngcodec-tests")
    for name in [".a.png.Ab12Cd", ".b.png.Ef34Gh", ".b.png.Ij56Kl", ".c.png.Mn78Op"] {
      close(touch(directory + "/" + name))
    }
    try PNGEncoder.write(Bitmap(width: 2, height: 2), to: directory + "/a.png")
    #expect(TestFiles.entries(of: directory) == [".b.png.Ef34Gh", ".b.png.Ij56Kl", ".c.png.Mn78Op", "a.png"])
    try PNGEncoder.write(Bitmap(width: 2, height: 2), to: directory + "/b.png")
    #expect(TestFiles.entries(of: directory) == [".c.png.Mn78Op", "a.png", "b.png"])
  }

  @Test(
    "temporary names map back to their destination",
    arguments: [
      (".sheet.png.Ab12Cd", "sheet.png"), (".a.b.c.XXXXXX", "a.b.c"), (".x.123456", "x"),
      ("sheet.png.Ab12Cd", nil), (".sheet.png.toolong1", nil), (".Ab12Cd", nil), ("..Ab12Cd", nil),
    ] as [(String, String?)])
  func destinationNames(entry: String, destination: String?) {
    #expect(TemporaryFiles.destinationName(ofTemporary: entry) == destination)
  }
}
