import Foundation
import IconGridSupport

/// Why a git revision cannot be read: a usage error for the command line.
public struct RevisionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, naming the folder or the revision.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameter message: what went wrong, naming the folder or the revision.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

/// A git revision's copy of a folder of a work tree, exported with `git archive` into a
/// temporary folder that is removed when the value goes away: no checkout is touched.
///
/// ```swift
/// let base = try RevisionTree(workTree: "Assets", revision: "main")
/// let report = AssetDiffer.compare(base: base.root, head: "Assets")
/// ```
public final class RevisionTree: Sendable {
  /// The exported folder: the revision's copy of the work tree folder asked for.
  public let root: String
  /// The revision as given.
  public let revision: String
  /// The temporary folder that holds the export; removed on deinit.
  private let holder: String

  /// Exports `workTree`'s folder as it is at `revision`.
  ///
  /// - Parameters:
  ///   - workTree: a folder inside a git work tree.
  ///   - revision: anything `git rev-parse` takes (`HEAD~1`, a branch, a tag, a hash).
  ///   - git: the git executable.
  /// - Throws: ``RevisionError`` when `workTree` is not in a git work tree, the revision
  ///   does not exist, or git cannot export it.
  public init(workTree: String, revision: String, git: String = "/usr/bin/env") throws {
    self.revision = revision
    let inside = try Self.git(["rev-parse", "--is-inside-work-tree"], in: workTree, executable: git)
    guard inside.status == 0, inside.output.trimmingCharacters(in: .whitespacesAndNewlines) == "true" else {
      throw RevisionError("\(workTree): not a git work tree")
    }
    guard !revision.hasPrefix("-"),
      (try Self.git(
        ["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: workTree, executable: git))
        .status == 0
    else {
      throw RevisionError("'\(revision)': no such revision in \(workTree)")
    }
    let prefix = try Self.git(["rev-parse", "--show-prefix"], in: workTree, executable: git).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    // git archive refuses to run from a folder it does not track (one with no file in it).
    let top = try Self.git(["rev-parse", "--show-toplevel"], in: workTree, executable: git).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let base = FileManager.default.temporaryDirectory.path + "/icongrid-diff-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    holder = base
    let tree = base + "/tree"
    try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
    root = tree
    // `REV:path` names the folder from the repository's top, whatever the working folder.
    let folder = revision + "^{commit}:" + String(prefix.dropLast(prefix.hasSuffix("/") ? 1 : 0))
    // A folder the revision does not have is an empty tree: everything in the head is added.
    guard
      (try Self.git(["rev-parse", "--verify", "--quiet", folder], in: workTree, executable: git)).status == 0
    else { return }
    let archive = base + "/base.tar"
    let exported = try Self.git(["archive", "--format=tar", "-o", archive, folder], in: top, executable: git)
    guard exported.status == 0 else {
      throw RevisionError("'\(revision)': git archive failed: \(exported.errors)")
    }
    let untar = try Self.execute(git, ["tar", "-xf", archive, "-C", tree], in: workTree)
    try? FileManager.default.removeItem(atPath: archive)
    guard untar.status == 0 else {
      throw RevisionError("'\(revision)': cannot unpack its files: \(untar.errors)")
    }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: holder)
  }

  private static func git(_ arguments: [String], in folder: String, executable: String) throws -> (
    status: Int32, output: String, errors: String
  ) {
    try execute(executable, ["git"] + arguments, in: folder)
  }

  private static func execute(_ executable: String, _ arguments: [String], in folder: String) throws -> (
    status: Int32, output: String, errors: String
  ) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      throw RevisionError("\(folder): no such folder")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_TERMINAL_PROMPT"] = "0"
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw RevisionError("cannot run \(arguments.first ?? executable): \(error)")
    }
    // Both pipes are drained at once: git blocks when either fills (64 KiB on Linux), so
    // reading one to its end before the other can wait forever.
    let errorBytes = Locked(Data())
    let drained = DispatchGroup()
    DispatchQueue.global().async(group: drained) {
      let bytes = errors.fileHandleForReading.readDataToEndOfFile()
      errorBytes.withLock { $0 = bytes }
    }
    let out = output.fileHandleForReading.readDataToEndOfFile()
    drained.wait()
    let err = errorBytes.withLock { $0 }
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    )
  }
}
