import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `icongrid sheet` killed with SIGKILL while it writes: the destination is never half
/// written, and the next run leaves no temporary file beside it.
@Suite("Atomic outputs under kill", .serialized, .tags(.slow))
struct KillTests {
  /// The built `icongrid` (``TestPaths/icongridBinary``).
  static var binary: String { TestPaths.icongridBinary }

  /// A folder of `count` small icons, each a different colour.
  static func iconFolder(_ count: Int) throws -> String {
    let path = TemporaryFolder.make("icongrid-kill")
    for index in 0..<count {
      let colour = (UInt8(index % 251), UInt8(index / 251 % 251), UInt8(128), UInt8(255))
      try PNGEncoder.write(Bitmap(width: 24, height: 24, filling: colour), to: path + "/icon\(index).png")
    }
    return path
  }

  static func launch(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// The temporary files of writers to `name` in `folder`: `.NAME.XXXXXX`.
  static func temporaries(of name: String, in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      $0.hasPrefix(".\(name).")
    }
  }

  /// Starts a 3x sheet of 3,000 icons and kills it once its temporary file holds bytes.
  /// Returns whether the kill landed while the file was being written.
  static func killMidWrite(input: String, output: String) throws -> Bool {
    let folder = (output as NSString).deletingLastPathComponent
    let name = (output as NSString).lastPathComponent
    let process = try launch(["sheet", input, "-o", output, "--scale", "3", "--columns", "8"])
    defer { process.waitUntilExit() }
    while process.isRunning {
      if let temporary = temporaries(of: name, in: folder).first,
        let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + temporary))?[.size]
          as? Int,
        size > 0
      {
        kill(process.processIdentifier, SIGKILL)
        return true
      }
      usleep(1_000)
    }
    return false
  }

  @Test func aKilledSheetLeavesNoDestinationAndTheNextRunNoTemporary() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no icongrid at \(Self.binary)")
    let input = try Self.iconFolder(3_000)
    defer { try? FileManager.default.removeItem(atPath: input) }
    let output = input + "-out/sheet.png"
    try FileManager.default.createDirectory(
      atPath: input + "-out", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: input + "-out") }

    #expect(try Self.killMidWrite(input: input, output: output), "the sheet finished before it was killed")
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(Self.temporaries(of: "sheet.png", in: input + "-out").count == 1)

    let small = try Self.iconFolder(3)
    defer { try? FileManager.default.removeItem(atPath: small) }
    let rerun = try Self.launch(["sheet", small, "-o", output, "--scale", "1"])
    rerun.waitUntilExit()
    #expect(rerun.terminationStatus == 0)
    #expect(try PNGHeader.probe(contentsOf: output).width > 0)
    #expect(Self.temporaries(of: "sheet.png", in: input + "-out").isEmpty)
  }

  @Test func aKilledSheetLeavesThePreviousFileIntact() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no icongrid at \(Self.binary)")
    let input = try Self.iconFolder(3_000)
    defer { try? FileManager.default.removeItem(atPath: input) }
    let folder = input + "-out"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let output = folder + "/sheet.png"
    try PNGEncoder.write(Bitmap(width: 7, height: 5, filling: (1, 2, 3, 255)), to: output)
    let previous = try Data(contentsOf: URL(fileURLWithPath: output))

    #expect(try Self.killMidWrite(input: input, output: output), "the sheet finished before it was killed")
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == previous)

    let small = try Self.iconFolder(3)
    defer { try? FileManager.default.removeItem(atPath: small) }
    let rerun = try Self.launch(["sheet", small, "-o", output, "--scale", "1"])
    rerun.waitUntilExit()
    #expect(rerun.terminationStatus == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) != previous)
    #expect(Self.temporaries(of: "sheet.png", in: folder).isEmpty)
  }
}
