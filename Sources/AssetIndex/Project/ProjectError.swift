/// Why an Xcode project could not be read.
///
/// ```swift
/// do { _ = try XcodeProject(contentsOf: "App.xcodeproj") }
/// catch { print(error) }  // App.xcodeproj/project.pbxproj: not an old-style property list: …
/// ```
public struct ProjectError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Hashable {
    /// The file does not exist, is not a regular file, or cannot be opened; the system's reason.
    case unreadable(String)
    /// The file is larger than the reader accepts.
    case tooLarge(bytes: Int, limit: Int)
    /// The bytes are not an old-style (OpenStep) property list; what the parser said.
    case notAPropertyList(String)
    /// The property list parses but is not a project as Xcode writes one; which part is wrong.
    case malformed(String)
  }

  /// The `project.pbxproj` file, as the path was given.
  public var file: String
  /// What went wrong.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - file: The `project.pbxproj` path.
  ///   - reason: What went wrong.
  public init(file: String, reason: Reason) {
    self.file = file
    self.reason = reason
  }

  /// The file and a sentence a person can act on.
  public var description: String {
    switch reason {
    case .unreadable(let why):
      return "\(file): cannot read the project file: \(why)"
    case .tooLarge(let bytes, let limit):
      return
        "\(file): the project file is \(bytes) bytes, more than the \(limit) bytes a project file may have"
    case .notAPropertyList(let why):
      return "\(file): not an old-style property list as Xcode writes project files: \(why)"
    case .malformed(let why):
      return "\(file): not a valid Xcode project: \(why)"
    }
  }
}
