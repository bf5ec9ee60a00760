import Foundation
import IconGridSupport

/// The reference tools the format tests compare with (djpeg, dwebp, heif-convert,
/// rsvg-convert, pdftoppm, ImageMagick), run as child processes. The one tool runner of the
/// tests; `Scripts/setup` installs every tool it is asked to run.
package enum ReferenceTool {
  /// What a tool printed and how it exited.
  package struct Run: Sendable {
    /// The exit status (or the signal that ended it).
    package var status: Int32
    /// Standard output, as bytes (a PAM or PPM image, a size).
    package var out: [UInt8]
    /// Standard error, as text.
    package var err: String
  }

  /// A tool failed to start, or exited with a status other than 0.
  package struct Failure: Error, CustomStringConvertible {
    /// The command line and what went wrong.
    package var description: String
  }

  /// Runs `tool` with `arguments` and returns its exit status and output.
  ///
  /// - Parameters:
  ///   - tool: an absolute path (that program itself), or a name looked up on `PATH`.
  ///   - arguments: its arguments.
  ///   - folder: the working folder; `nil` for this process's.
  /// - Returns: the status, standard output and standard error.
  /// - Throws: ``Failure`` when the tool cannot be started.
  package static func run(_ tool: String, _ arguments: [String], in folder: String? = nil) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : "/usr/bin/env")
    process.arguments = (tool.hasPrefix("/") ? [] : [tool]) + arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw Failure(description: "\(tool): cannot start: \(error)")
    }
    // Standard error is read on another thread, so a tool that fills one pipe while the
    // other is being read cannot block both ends.
    let said = Locked(Data())
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      said.withLock { $0 = data }
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, out: [UInt8](data),
      err: said.withLock { String(decoding: $0, as: UTF8.self) })
  }

  /// Runs `tool` and returns its standard output.
  ///
  /// - Parameters:
  ///   - tool: an absolute path, or a name looked up on `PATH`.
  ///   - arguments: its arguments.
  ///   - folder: the working folder; `nil` for this process's.
  /// - Returns: standard output.
  /// - Throws: ``Failure`` when the tool cannot start or exits with a status other than 0.
  package static func output(_ tool: String, _ arguments: [String], in folder: String? = nil) throws
    -> [UInt8]
  {
    let run = try run(tool, arguments, in: folder)
    guard run.status == 0 else {
      throw Failure(
        description: "\(tool) \(arguments.joined(separator: " ")) exited \(run.status): \(run.err)")
    }
    return run.out
  }
}
