import IconGridSupport
import ImageCore

/// The string values of JSON data files, read when an image lookup takes a name the scan
/// cannot trace: such a name may come from the app's bundled data at run time
/// (`UIImage(named: entity.name)` with the entities decoded from a bundled `.json`).
///
/// ```swift
/// let files = SourceFiles(root: "MyApp")
/// let data = DataStrings.read(files) { _ in true }
/// print(data.files, data.values.contains("google"))
/// ```
public struct DataStrings: Sendable {
  /// The extensions read.
  public static let extensions: Set<String> = ["json", "geojson"]
  /// The longest value kept, in bytes: a longer one names no image set.
  public static let longest = 256

  /// Every string value (not a key) of the files read, lower-cased (catalog lookups ignore case).
  public var values: Set<String> = []
  /// The files read, relative to the root, sorted.
  public var files: [String] = []
  /// The files that could not be read (larger than 64 MiB, or unreadable).
  public var unreadable: [String] = []

  /// Reads the JSON files of a listing that `include` accepts.
  ///
  /// - Parameters:
  ///   - listing: the files of the root.
  ///   - include: given a path relative to the root, whether to read it.
  /// - Returns: their string values.
  /// - Complexity: O(bytes of the files read).
  public static func read(_ listing: SourceFiles, include: (String) -> Bool) -> DataStrings {
    let paths = listing.files { path, fileExtension in extensions.contains(fileExtension) && include(path) }
    let root = listing.root
    let read = Parallel.map(paths) { path -> [String]? in
      guard let bytes = try? FileIO.readAll(Paths.join(root, path), limit: SourceReferences.sizeLimit) else {
        return nil
      }
      return values(of: bytes)
    }
    var result = DataStrings()
    for (path, values) in zip(paths, read) {
      guard let values else {
        result.unreadable.append(path)
        continue
      }
      result.files.append(path)
      for value in values { result.values.insert(value.lowercased()) }
    }
    return result
  }

  /// The string values of a JSON text: each string that is not followed by `:` (a key),
  /// with its escapes resolved; one longer than ``longest`` bytes is left out.
  static func values(of bytes: [UInt8]) -> [String] {
    var result: [String] = []
    var index = 0
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    while index < bytes.count {
      guard bytes[index] == quote else {
        index += 1
        continue
      }
      let start = index + 1
      var end = start
      var escaped = false
      while end < bytes.count, bytes[end] != quote {
        if bytes[end] == backslash {
          escaped = true
          end += 1
        }
        end += 1
      }
      guard end < bytes.count else { break }
      index = end + 1
      var next = index
      while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
      if next < bytes.count, bytes[next] == UInt8(ascii: ":") { continue }
      guard end - start <= longest else { continue }
      let raw = String(decoding: bytes[start..<end], as: UTF8.self)
      result.append(escaped ? unescaped(raw) : raw)
    }
    return result
  }

  /// A JSON string's text with its escapes resolved (`\/`, `\"`, `\u00e9`).
  static func unescaped(_ text: String) -> String {
    var out = ""
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\\", let next = scalars.next() else {
        out.unicodeScalars.append(scalar)
        continue
      }
      switch next {
      case "n": out.append("\n")
      case "t": out.append("\t")
      case "u":
        var hex = ""
        for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
        if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
          out.unicodeScalars.append(decoded)
        }
      default: out.unicodeScalars.append(next)
      }
    }
    return out
  }
}

extension SourceFiles {
  /// The folders (relative to the root, `""` for the root) that hold a file called `name`,
  /// sorted: `Package.swift` marks a Swift package.
  ///
  /// - Parameter name: a file name.
  /// - Returns: the folders.
  public func folders(holding name: String) -> [String] {
    files { path, _ in Paths.lastComponent(of: path) == name }.map { Paths.parent(of: $0) }
  }
}
