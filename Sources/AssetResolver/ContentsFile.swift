import IconGridSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a `Contents.json` holds that the index uses.
package struct ContentsFile: Decodable {
  package struct Image: Decodable {
    package struct Appearance: Decodable {
      package var appearance: String
      package var value: String
    }
    package var filename: String?
    package var idiom: String?
    package var scale: String?
    package var size: String?
    package var platform: String?
    package var appearances: [Appearance]?
  }

  package struct Properties: Decodable {
    package var providesNamespace: Bool?

    enum CodingKeys: String, CodingKey {
      case providesNamespace = "provides-namespace"
    }
  }

  package struct Failure: Error {
    package var text: String
  }

  package var images: [Image]?
  package var properties: Properties?

  /// The `Contents.json` in the folder `fd`: `nil` when there is none.
  static func read(at fd: Int32) -> Result<ContentsFile?, Failure> {
    // O_NONBLOCK: a FIFO named Contents.json must not hold the index until a writer comes.
    let file = openat(fd, "Contents.json", O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard file >= 0 else {
      if errno == ENOENT { return .success(nil) }
      return .failure(Failure(text: "cannot open Contents.json: \(FileSystem.errorText())"))
    }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      return .failure(Failure(text: "Contents.json is not a regular file"))
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { FileSystem.read(file, into: $0) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(Failure(text: "cannot read Contents.json: \(FileSystem.errorText())"))
      }
      if count == 0 { break }
      bytes += chunk[..<count]
      if bytes.count > 4 << 20 { return .failure(Failure(text: "Contents.json is larger than 4 MB")) }
    }
    return decode(bytes).map { $0 }
  }

  /// Parses the bytes of a `Contents.json`; the index and the fuzz target call this.
  package static func decode(_ bytes: [UInt8]) -> Result<ContentsFile, Failure> {
    do {
      return .success(try JSONDecoder().decode(ContentsFile.self, from: Data(bytes)))
    } catch let error as DecodingError {
      return .failure(Failure(text: "invalid Contents.json: \(describe(error))"))
    } catch {
      return .failure(Failure(text: "invalid Contents.json: \(error)"))
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? "not valid JSON" : "bad value at \(path(context.codingPath))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "unexpected type at \(path(context.codingPath))"
    case .keyNotFound(let key, let context):
      return "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
    @unknown default:
      return "\(error)"
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
  }

  /// `2x` → 2; `nil` for anything else.
  package static func scale(_ text: String) -> Int? {
    guard text.hasSuffix("x"), let value = Int(text.dropLast()), value >= 1 else { return nil }
    return value
  }

  /// `60x60`, `83.5x83.5` → a point size; `nil` for anything else.
  package static func size(_ text: String) -> PointSize? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
      width > 0, height > 0
    else { return nil }
    return PointSize(width: width, height: height)
  }
}
