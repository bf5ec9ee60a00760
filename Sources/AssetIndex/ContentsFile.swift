import IconGridSupport
import ImageCore

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
    // Traits read leniently: a value of an unexpected type is dropped, not a broken set.
    package var widthClass: String?
    package var heightClass: String?
    package var displayGamut: String?
    package var subtype: String?
    package var memory: String?
    package var graphicsFeatureSet: String?
    package var languageDirection: String?
    package var locale: String?
    package var role: String?
    package var screenWidth: String?
    package var orientation: String?
    package var extent: String?
    package var minimumSystemVersion: String?
    package var unassigned: Bool?

    enum CodingKeys: String, CodingKey {
      case filename, idiom, scale, size, platform, appearances, subtype, memory, locale, role
      case orientation, extent, unassigned
      case widthClass = "width-class"
      case heightClass = "height-class"
      case displayGamut = "display-gamut"
      case graphicsFeatureSet = "graphics-feature-set"
      case languageDirection = "language-direction"
      case screenWidth = "screen-width"
      case minimumSystemVersion = "minimum-system-version"
    }

    /// A slot with only a file name (a sticker's, a sequence frame's).
    package init(filename: String?) {
      self.filename = filename
    }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      filename = try container.decodeIfPresent(String.self, forKey: .filename)
      idiom = try container.decodeIfPresent(String.self, forKey: .idiom)
      scale = try container.decodeIfPresent(String.self, forKey: .scale)
      size = try container.decodeIfPresent(String.self, forKey: .size)
      platform = try container.decodeIfPresent(String.self, forKey: .platform)
      appearances = try container.decodeIfPresent([Appearance].self, forKey: .appearances)
      func text(_ key: CodingKeys) -> String? {
        (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil
      }
      widthClass = text(.widthClass)
      heightClass = text(.heightClass)
      displayGamut = text(.displayGamut)
      subtype = text(.subtype)
      memory = text(.memory)
      graphicsFeatureSet = text(.graphicsFeatureSet)
      languageDirection = text(.languageDirection)
      locale = text(.locale)
      role = text(.role)
      screenWidth = text(.screenWidth)
      orientation = text(.orientation)
      extent = text(.extent)
      minimumSystemVersion = text(.minimumSystemVersion)
      unassigned = (try? container.decodeIfPresent(Bool.self, forKey: .unassigned)) ?? nil
    }

    /// The slot's traits; `scale` and `size` as parsed (`nil` when absent or unreadable).
    package var traits: SlotTraits {
      var traits = SlotTraits(
        idiom: idiom, scale: scale.flatMap(ContentsFile.scale), size: size.flatMap(ContentsFile.size),
        appearances: Dictionary(
          (appearances ?? []).map { ($0.appearance, $0.value) }, uniquingKeysWith: { first, _ in first }))
      traits.widthClass = widthClass
      traits.heightClass = heightClass
      traits.displayGamut = displayGamut
      traits.subtype = subtype
      traits.memory = memory
      traits.graphicsFeatureSet = graphicsFeatureSet
      traits.languageDirection = languageDirection
      traits.locale = locale
      traits.platform = platform
      traits.role = role
      traits.screenWidth = screenWidth
      traits.orientation = orientation
      traits.extent = extent
      traits.minimumSystemVersion = minimumSystemVersion
      traits.unassigned = unassigned ?? false
      return traits
    }
  }

  package struct Properties: Decodable {
    package var providesNamespace: Bool?
    package var templateRenderingIntent: String?
    package var preservesVectorRepresentation: Bool?
    package var localizable: Bool?
    package var autoScaling: String?
    package var onDemandResourceTags: [String]?
    package var compressionType: String?
    /// A sticker's image file.
    package var filename: String?

    enum CodingKeys: String, CodingKey {
      case providesNamespace = "provides-namespace"
      case templateRenderingIntent = "template-rendering-intent"
      case preservesVectorRepresentation = "preserves-vector-representation"
      case localizable
      case autoScaling = "auto-scaling"
      case onDemandResourceTags = "on-demand-resource-tags"
      case compressionType = "compression-type"
      case filename
    }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      providesNamespace = try container.decodeIfPresent(Bool.self, forKey: .providesNamespace)
      func value<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> T? {
        (try? container.decodeIfPresent(type, forKey: key)) ?? nil
      }
      templateRenderingIntent = value(String.self, .templateRenderingIntent)
      preservesVectorRepresentation = value(Bool.self, .preservesVectorRepresentation)
      localizable = value(Bool.self, .localizable)
      autoScaling = value(String.self, .autoScaling)
      onDemandResourceTags = value([String].self, .onDemandResourceTags)
      compressionType = value(String.self, .compressionType)
      filename = value(String.self, .filename)
    }

    /// What the index keeps of them.
    package var setProperties: SetProperties {
      var properties = SetProperties()
      properties.providesNamespace = providesNamespace ?? false
      properties.templateRenderingIntent = templateRenderingIntent
      properties.preservesVectorRepresentation = preservesVectorRepresentation ?? false
      properties.localizable = localizable ?? false
      properties.autoScaling = autoScaling
      properties.onDemandResourceTags = onDemandResourceTags ?? []
      properties.compressionType = compressionType
      return properties
    }
  }

  package struct Failure: Error {
    package var text: String
  }

  /// A sticker sequence's frames, in order.
  package struct Frame: Decodable {
    package var filename: String?

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      filename = (try? container.decodeIfPresent(String.self, forKey: .filename)) ?? nil
    }

    enum CodingKeys: String, CodingKey { case filename }
  }

  package var images: [Image]?
  package var properties: Properties?
  package var frames: [Frame]?
  /// A symbol set's SVG templates (its `symbols` array, slots like `images`).
  package var symbols: [Image]?

  enum CodingKeys: String, CodingKey { case images, properties, frames, symbols }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    images = try container.decodeIfPresent([Image].self, forKey: .images)
    properties = try container.decodeIfPresent(Properties.self, forKey: .properties)
    frames = (try? container.decodeIfPresent([Frame].self, forKey: .frames)) ?? nil
    symbols = try container.decodeIfPresent([Image].self, forKey: .symbols)
  }

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
