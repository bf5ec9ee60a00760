import IconGridSupport

/// A Flutter asset path read as `AssetImage` reads it: a main file, or a variant of one in a
/// sibling folder named for its device pixel ratio.
///
/// `assets/images/2.0x/close.png` is the 2.0 variant of `assets/images/close.png`;
/// `assets/images/close.png` itself is the main file, used as 1.0 unless an explicit
/// `1.0x/close.png` exists. Only the folder directly above the file counts (one level):
/// `3.0x/2.0x/close.png` is the 2.0 variant of `3.0x/close.png`, which Flutter never
/// pairs with `close.png`. A folder name is a ratio when it is digits, an optional `.` and
/// digits, and an `x` (`2x`, `1.5x`, `3.0x`), as the Flutter tool's variant pattern reads it.
public struct FlutterPath: Sendable, Hashable, CustomStringConvertible {
  /// The path as given, with `/` separators.
  public var path: String
  /// The asset's key: the main file's path, which every variant shares.
  public var mainPath: String
  /// The device pixel ratio of a variant folder; `nil` for the main file.
  public var folderRatio: Double?

  /// Reads a path.
  ///
  /// - Parameter path: a file path relative to the package root, with `/` separators.
  public init(_ path: String) {
    self.path = path
    var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if parts.count >= 2, let ratio = FlutterPath.ratio(ofFolder: parts[parts.count - 2]) {
      folderRatio = ratio
      parts.remove(at: parts.count - 2)
      mainPath = parts.joined(separator: "/")
    } else {
      folderRatio = nil
      mainPath = path
    }
  }

  /// The ratio the file is used at: its folder's, or 1.0 for the main file.
  public var ratio: Double { folderRatio ?? 1 }

  /// Whether the file is the main file (not in a ratio folder).
  public var isMain: Bool { folderRatio == nil }

  /// The ratio a folder name stands for (`2.0x` → 2.0, `1.5x` → 1.5, `3x` → 3), or `nil`.
  ///
  /// - Parameter folder: one path component.
  /// - Returns: the ratio, or `nil` when the name is not digits, an optional fraction and `x`.
  public static func ratio(ofFolder folder: String) -> Double? {
    guard folder.count >= 2, folder.last == "x" else { return nil }
    let number = folder.dropLast()
    var seenDot = false
    var digitsBeforeDot = 0
    for character in number {
      if character == "." {
        guard !seenDot, digitsBeforeDot > 0 else { return nil }
        seenDot = true
      } else if character.isASCII, character.isNumber {
        if !seenDot { digitsBeforeDot += 1 }
      } else {
        return nil
      }
    }
    guard let value = Double(number.hasSuffix(".") ? String(number) + "0" : String(number)), value > 0 else {
      return nil
    }
    return value
  }

  /// Whether a folder name looks like a ratio folder Flutter does not read as one (`@2x`,
  /// `2.0X`, `x2`, `2.0x-dark`): a likely mistake.
  ///
  /// - Parameter folder: one path component.
  /// - Returns: `true` for a near miss.
  public static func isNearMissRatioFolder(_ folder: String) -> Bool {
    guard ratio(ofFolder: folder) == nil else { return false }
    let lowered = folder.lowercased()
    let trimmed = lowered.hasPrefix("@") ? String(lowered.dropFirst()) : lowered
    if ratio(ofFolder: trimmed) != nil { return true }
    if trimmed.hasPrefix("x"), ratio(ofFolder: String(trimmed.dropFirst()) + "x") != nil { return true }
    if let dash = trimmed.firstIndex(of: "-"), ratio(ofFolder: String(trimmed[..<dash])) != nil {
      return true
    }
    return false
  }

  /// `path (main: mainPath, 2.0x)`.
  public var description: String {
    "\(path) (main: \(mainPath), \(folderRatio.map { "\(ScaleText.format($0))x" } ?? "main file"))"
  }
}
