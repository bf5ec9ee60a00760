import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The built `icongrid` renders vectors in its own `_render` children in every command that
/// decodes, not only `info`, `resolve` and `sheet`: each command is run with its standard
/// output a pipe the test has filled, so its report's first write waits; by then its
/// decodes are done and the pool keeps an idle child, which the test finds among the
/// command's children before it drains the pipe.
@Suite("The binary isolates check --deep, derive, appicon and diff", .serialized, .tags(.slow))
struct IsolatedBinaryTests {
  static let svg =
    #"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30"><rect width="30" height="30" fill="lime"/></svg>"#

  /// The ids of the live processes whose parent is `parent` and whose arguments hold `_render`.
  static func renderChildren(of parent: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
      guard let pid = pid_t(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      // After "pid (comm)": state, then the parent's id.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 1, pid_t(fields[1]) == parent,
        let arguments = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
        arguments.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == "_render" })
      else { return nil }
      return pid
    }
  }

  /// Runs the binary with `arguments` and standard output a full pipe; returns the children
  /// in `_render` mode seen while the first write waited (none if it ended first, or after
  /// a minute), its exit status and its output.
  static func run(_ arguments: [String]) throws -> (children: [pid_t], status: Int32, out: String) {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let flags = fcntl(ends[1], F_GETFL)
    _ = fcntl(ends[1], F_SETFL, flags | O_NONBLOCK)
    let filler = [UInt8](repeating: UInt8(ascii: "."), count: 4_096)
    var filled = 0
    while case let written = filler.withUnsafeBytes({ write(ends[1], $0.baseAddress, $0.count) }), written > 0
    {
      filled += written
    }
    _ = fcntl(ends[1], F_SETFL, flags)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPaths.icongridBinary)
    process.arguments = arguments
    process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
    process.standardError = FileHandle.nullDevice
    try process.run()
    close(ends[1])
    var children: [pid_t] = []
    // A bound on waiting, not a measurement: the write waits until the pipe is drained.
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning, children.isEmpty, Date() < deadline {
      children = renderChildren(of: process.processIdentifier)
      usleep(10_000)
    }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while case let count = buffer.withUnsafeMutableBytes({ read(ends[0], $0.baseAddress, $0.count) }),
      count > 0
    {
      output += buffer[..<count]
    }
    process.waitUntilExit()
    return (children, process.terminationStatus, String(decoding: output.dropFirst(filled), as: UTF8.self))
  }

  @Test func checkDeep() throws {
    try #require(FileManager.default.isExecutableFile(atPath: TestPaths.icongridBinary))
    let tree = try Tree().text("A.xcassets/logo.imageset/logo.svg", Self.svg)
      .contents("A.xcassets/logo.imageset", [slot("logo.svg", scale: nil)])
      .png("A.xcassets/good.imageset/good.png", 20, 20)
      .contents("A.xcassets/good.imageset", [slot("good.png", scale: "1x")])
    let result = try Self.run(["check", tree.root, "--deep", "--require", "1x,2x"])
    #expect(!result.children.isEmpty)
    #expect(result.status == 1)
    #expect(result.out.contains("good.imageset"), "\(result.out)")
  }

  @Test func derive() throws {
    try #require(FileManager.default.isExecutableFile(atPath: TestPaths.icongridBinary))
    let tree = try Tree().text("A.xcassets/i.imageset/i.svg", Self.svg)
      .png("A.xcassets/i.imageset/i@3x.png", 90, 90)
      .contents("A.xcassets/i.imageset", [slot("i.svg", scale: nil), slot("i@3x.png", scale: "3x")])
    let result = try Self.run(["derive", tree.root, "--from", "vector", "--require", "2x,3x", "--write"])
    #expect(!result.children.isEmpty)
    #expect(result.status == 0)
    #expect(FileManager.default.fileExists(atPath: tree.path("A.xcassets/i.imageset/i@2x.png")))
  }

  @Test func appIcon() throws {
    try #require(FileManager.default.isExecutableFile(atPath: TestPaths.icongridBinary))
    let tree = Tree().text("m.svg", Self.svg)
    let output = tree.path("A.xcassets/AppIcon.appiconset")
    let result = try Self.run(["appicon", tree.path("m.svg"), "-o", output])
    #expect(!result.children.isEmpty)
    #expect(result.status == 0)
    #expect(result.out.contains("AppIcon-ios-1024.png"), "\(result.out)")
  }

  @Test func diff() throws {
    try #require(FileManager.default.isExecutableFile(atPath: TestPaths.icongridBinary))
    let base = Tree("icongrid-diff-base").text("A.xcassets/logo.imageset/logo.svg", Self.svg)
      .contents("A.xcassets/logo.imageset", [slot("logo.svg", scale: nil)])
    let head = Tree("icongrid-diff-head")
      .text("A.xcassets/logo.imageset/logo.svg", Self.svg.replacingOccurrences(of: "lime", with: "blue"))
      .contents("A.xcassets/logo.imageset", [slot("logo.svg", scale: nil)])
    let result = try Self.run(["diff", base.root, head.root])
    #expect(!result.children.isEmpty)
    #expect(result.status == 0)
    #expect(result.out.contains("logo"), "\(result.out)")
  }
}
