import Foundation
import IconGridSupport
import ImageCore
import ImageDecoding
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// PDF and SVG renders and HEIF decodes in a child process (the built `icongrid` in its
/// hidden `_render` mode): the same answer as in process for a well-formed file, and a
/// typed error naming the budget for a child that spins, allocates without end or talks
/// nonsense, after which the next file decodes as before.
@Suite("Decoding in a child process")
struct ChildProcessDecoderTests {
  static func isolation(cpuSeconds: Int = 5, memory: Int = 768 << 20, wallClock: Int = 10) -> DecodingLimits {
    var limits = DecodingLimits.default
    limits.isolation = ChildProcessIsolation(
      executable: TestPaths.icongridBinary, arguments: ["_render"], cpuSeconds: cpuSeconds,
      addressSpaceBytes: memory, wallClockSeconds: wallClock)
    return limits
  }

  @Test(
    "a well-formed file decodes to the same pixels, point size and glyph in and out of the child",
    arguments: [
      ("square.svg", RenderSize.scale(2)), ("square.pdf", .scale(3)), ("plus.symbols.svg", .scale(2)),
      ("square.svgz", .pixels(width: 31, height: 17)), ("rgb.heic", .scale(1)),
    ])
  func identical(name: String, size: RenderSize) throws {
    let inProcess = try ImageDecoder.decode(contentsOf: Fixture.path(name), size: size)
    let isolated = try ImageDecoder.decode(
      contentsOf: Fixture.path(name), size: size, limits: Self.isolation())
    #expect(isolated == inProcess)
    #expect(isolated.bitmap.width > 0)
  }

  @Test("a sheet's box-fitted render is the same in the child", arguments: [16, 300])
  func drawnWithin(box: Int) throws {
    let path = Fixture.path("square.pdf")
    let inProcess = try ImageDecoder.decode(contentsOf: path, size: .scale(3), drawnWithin: box)
    let isolated = try ImageDecoder.decode(
      contentsOf: path, size: .scale(3), limits: Self.isolation(), drawnWithin: box)
    #expect(isolated == inProcess)
  }

  @Test("a damaged file's error comes back typed, with the file and the format")
  func errorsComeBack() throws {
    let bytes = Array("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect".utf8)
    let inProcess = #expect(throws: ImageError.self) {
      try ImageDecoder.decode(bytes, pathExtension: "svg", path: "bad.svg")
    }
    let isolated = #expect(throws: ImageError.self) {
      try ImageDecoder.decode(bytes, pathExtension: "svg", path: "bad.svg", limits: Self.isolation())
    }
    #expect(isolated == inProcess)
    #expect(isolated?.path == "bad.svg")
  }

  @Test("a child that spins is stopped by its CPU limit, and the next file decodes")
  func cpuLimit() throws {
    // A deadline far past the CPU limit: on a loaded machine a second of CPU can take many
    // seconds of wall-clock time, and the CPU limit is what is tested.
    let limits = Self.isolation(cpuSeconds: 1, wallClock: 120)
    let error = #expect(throws: ImageError.self) {
      try ChildProcessDecoder.run(.spin, isolation: limits.isolation!, format: .pdf)
    }
    #expect(error?.code == .limitExceeded)
    #expect(error?.reason == "took more than 1 s of CPU (poppler in a child process)")
    let next = try ImageDecoder.decode(contentsOf: Fixture.path("square.svg"), limits: limits)
    #expect(next.bitmap.width == 20)
  }

  @Test("one child serves file after file, an error reply included; one that died while idle is replaced")
  func pooled() throws {
    // A setting of its own (an 11 s deadline), so no other test's children share its pool.
    let limits = Self.isolation(wallClock: 11)
    let isolation = try #require(limits.isolation)
    _ = try ImageDecoder.decode(contentsOf: Fixture.path("square.svg"), limits: limits)
    let first = ChildProcessDecoder.idleChildren(isolation)
    #expect(first.count == 1)
    let bad = Array("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect".utf8)
    #expect(throws: ImageError.self) {
      try ImageDecoder.decode(bad, pathExtension: "svg", path: "bad.svg", limits: limits)
    }
    let pdf = try ImageDecoder.decode(contentsOf: Fixture.path("square.pdf"), size: .scale(3), limits: limits)
    #expect(pdf == (try ImageDecoder.decode(contentsOf: Fixture.path("square.pdf"), size: .scale(3))))
    #expect(ChildProcessDecoder.idleChildren(isolation) == first)

    let pid = try #require(first.first)
    kill(pid, SIGKILL)
    // Until the child has ended (a zombie: its socket closed), the pool cannot tell.
    var state = ""
    for _ in 0..<500 where state != "Z" {
      state = Self.processState(pid)
      usleep(10_000)
    }
    #expect(state == "Z")
    #expect(
      try ImageDecoder.decode(contentsOf: Fixture.path("square.svg"), limits: limits).bitmap.width == 20)
    let replaced = ChildProcessDecoder.idleChildren(isolation)
    #expect(replaced.count == 1)
    #expect(replaced != first)
  }

  /// The state letter of process `pid` in `/proc/PID/stat` (`Z` once it has ended).
  static func processState(_ pid: pid_t) -> String {
    guard let bytes = try? FileIO.readPrefix("/proc/\(pid)/stat", count: 1_024),
      let close = bytes.lastIndex(of: UInt8(ascii: ")")), close + 2 < bytes.count
    else { return "" }
    return String(decoding: [bytes[close + 2]], as: UTF8.self)
  }

  @Test("a child that outlives the wall-clock deadline is killed")
  func wallClock() {
    let error = #expect(throws: ImageError.self) {
      try ChildProcessDecoder.run(.spin, isolation: Self.isolation(cpuSeconds: 60, wallClock: 1).isolation!)
    }
    #expect(error?.code == .limitExceeded)
    #expect(error?.reason == "took more than 1 s of wall-clock time (librsvg in a child process)")
  }

  @Test(
    "a child that allocates without end is stopped by its address-space limit",
    .disabled(
      if: SanitizerHooks.runtimePresent,
      "a sanitizer build's child has no address-space limit: its shadow memory alone is terabytes of it"))
  func memoryLimit() throws {
    let limits = Self.isolation(memory: 256 << 20)
    let error = #expect(throws: ImageError.self) {
      try ChildProcessDecoder.run(.exhaustMemory, isolation: limits.isolation!, format: .heic)
    }
    #expect(error?.code == .limitExceeded)
    #expect(error?.reason.hasPrefix("ran out of its 256 MB of memory (libheif in a child process)") == true)
    #expect(try ImageDecoder.decode(contentsOf: Fixture.path("rgb.heic"), limits: limits).bitmap.width == 8)
  }

  @Test("a child that echoes its request back, or answers nothing, is corrupt data naming the library")
  func nonsense() throws {
    // `cat` echoes 1 MB while the parent still writes: the exchange must drain both ways.
    var svg = Array("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><!-- ".utf8)
    svg += [UInt8](repeating: 0x20, count: 1 << 20) + Array("--></svg>".utf8)
    for (program, arguments) in [("/bin/sh", ["-c", "cat", "sh"]), ("/bin/true", [])] {
      var limits = DecodingLimits.default
      limits.isolation = ChildProcessIsolation(executable: program, arguments: arguments)
      let error = #expect(throws: ImageError.self) {
        try ImageDecoder.decode(svg, pathExtension: "svg", path: "echo.svg", limits: limits)
      }
      #expect(error?.code == .corruptData)
      #expect(error?.reason.contains("librsvg") == true)
      #expect(error?.path == "echo.svg")
    }
  }

  @Test("the child's allocator returns large freed blocks: fixed glibc malloc thresholds in its environment")
  func allocatorSettings() throws {
    let folder = TemporaryFolder.make("child-environment")
    defer { TemporaryFolder.remove(folder) }
    let written = folder + "/environment"
    var limits = DecodingLimits.default
    limits.isolation = ChildProcessIsolation(
      executable: "/bin/sh", arguments: ["-c", "env > '\(written)'", "sh"])
    #expect(throws: ImageError.self) {
      try ImageDecoder.decode(contentsOf: Fixture.path("square.svg"), limits: limits)
    }
    let text = String(decoding: try FileIO.readAll(written, limit: 1 << 20), as: UTF8.self)
    let lines = text.split(separator: "\n")
    #expect(lines.contains("SWIFT_BACKTRACE=enable=no"))
    let tunables = lines.filter { $0.hasPrefix("GLIBC_TUNABLES=") }
    #expect(tunables.count == 1)
    if getenv("GLIBC_TUNABLES") == nil {
      #expect(tunables.first?.contains("glibc.malloc.mmap_threshold=131072") == true)
      #expect(tunables.first?.contains("glibc.malloc.trim_threshold=131072") == true)
    }
  }

  @Test("a request is estimated at 64 bytes per input byte and 4 per pixel drawn")
  func estimate() {
    #expect(
      ChildProcessDecoder.estimatedMemory(byteCount: 983_127, size: .scale(3), box: 48) == 983_127 * 64 + 4
        * 48 * 48)
    #expect(
      ChildProcessDecoder.estimatedMemory(byteCount: 100, size: .pixels(width: 30, height: 20), box: nil)
        == 6_400 + 2_400)
    #expect(ChildProcessDecoder.estimatedMemory(byteCount: 100, size: .scale(2), box: nil) == 6_400)
  }

  @Test("two requests whose estimates do not fit together are never served at once")
  func costlyRequestsTakeTurns() throws {
    let folder = TemporaryFolder.make("child-turns")
    defer { TemporaryFolder.remove(folder) }
    // Each child holds a lock folder for a moment; a second one finding it taken logs an overlap.
    let script =
      "if mkdir '\(folder)/lock' 2>/dev/null; then sleep 0.3; rmdir '\(folder)/lock'; "
      + "else echo overlap >> '\(folder)/log'; fi"
    var limits = DecodingLimits.default
    limits.isolation = ChildProcessIsolation(executable: "/bin/sh", arguments: ["-c", script, "sh"])
    // 1 MiB each: 64 MiB estimated, two of them above the 96 MiB in flight.
    let bytes =
      Array("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'>".utf8)
      + [UInt8](repeating: 0x20, count: 1 << 20) + Array("</svg>".utf8)
    #expect(
      2 * ChildProcessDecoder.estimatedMemory(byteCount: bytes.count, size: .scale(1), box: nil)
        > ChildProcessDecoder.memoryInFlight)
    let shared = limits
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      _ = try? ImageDecoder.decode(bytes, pathExtension: "svg", path: "big.svg", limits: shared)
    }
    #expect(!FileManager.default.fileExists(atPath: folder + "/log"))
  }

  @Test("PNG, JPEG, WebP and GIF stay in process: a missing child program is never started")
  func fastPath() throws {
    var limits = DecodingLimits.default
    limits.isolation = ChildProcessIsolation(executable: "/nonexistent/icongrid", arguments: ["_render"])
    for name in ["rgb.png", "rgb.jpg", "rgb.webp", "rgb.gif"] {
      #expect(try ImageDecoder.decode(contentsOf: Fixture.path(name), limits: limits).bitmap.width == 8)
    }
    let error = #expect(throws: ImageError.self) {
      try ImageDecoder.decode(contentsOf: Fixture.path("square.svg"), limits: limits)
    }
    #expect(error?.code == .io)
  }
}
