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

/// An Icon Composer document (`AppIcon.icon`): a folder with an `icon.json` that arranges
/// the images of its `Assets/` folder in groups of layers.
///
/// The index reads `icon.json` and lists the layers it names, each with whether its file is
/// there, so a check can report a missing layer; the icon itself is not drawn.
public struct IconDocument: Sendable, Hashable {
  /// One layer `icon.json` names.
  public struct Layer: Sendable, Hashable {
    /// The layer's `name`, when it has one.
    public var name: String?
    /// The `image-name` it draws: a file in `Assets/`.
    public var imageName: String
    /// The file's path relative to the root (`…/AppIcon.icon/Assets/logo.png`).
    public var path: String
    /// Which group (0 is the first in `icon.json`) holds it.
    public var group: Int
    /// Whether the layer is `hidden`.
    public var isHidden: Bool
    /// Whether the file is in `Assets/`.
    public var exists: Bool
  }

  /// Every layer of every group, in `icon.json` order.
  public var layers: [Layer]
  /// The files in `Assets/` (sorted), named by a layer or not.
  public var files: [String]
  /// `supported-platforms`: each shape (`squares`, `circles`) with its platforms (`shared`
  /// for squares means iOS, iPadOS, macOS and visionOS; `watchOS` for circles).
  public var supportedPlatforms: [String: [String]]
  /// What was wrong reading `icon.json`; `nil` when it was read.
  public var problem: String?

  /// The layers whose file is not in `Assets/`.
  public var missingLayers: [Layer] { layers.filter { !$0.exists } }
  /// Files of `Assets/` that no layer names.
  public var unusedFiles: [String] {
    let named = Set(layers.map(\.imageName))
    return files.filter { !named.contains($0) }
  }

  /// What `icon.json` holds that the index reads.
  private struct File: Decodable {
    struct Group: Decodable {
      var layers: [LayerEntry]?
    }
    struct LayerEntry: Decodable {
      var name: String?
      var imageName: String?
      var hidden: Bool?

      enum CodingKeys: String, CodingKey {
        case name, hidden
        case imageName = "image-name"
      }

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = (try? container.decodeIfPresent(String.self, forKey: .name)) ?? nil
        imageName = try container.decodeIfPresent(String.self, forKey: .imageName)
        hidden = (try? container.decodeIfPresent(Bool.self, forKey: .hidden)) ?? nil
      }
    }
    /// A platform list, or one word (`"squares": "shared"`).
    struct Platforms: Decodable {
      var values: [String]
      init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let word = try? container.decode(String.self) {
          values = [word]
        } else {
          values = (try? container.decode([String].self)) ?? []
        }
      }
    }
    var groups: [Group]?
    var supportedPlatforms: [String: Platforms]?

    enum CodingKeys: String, CodingKey {
      case groups
      case supportedPlatforms = "supported-platforms"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      groups = try container.decodeIfPresent([Group].self, forKey: .groups)
      supportedPlatforms =
        (try? container.decodeIfPresent([String: Platforms].self, forKey: .supportedPlatforms)) ?? nil
    }
  }

  /// Reads the document in the folder `fd` (which stays open), at `relative` from the root.
  static func read(at fd: Int32, relative: String) -> IconDocument {
    var document = IconDocument(layers: [], files: [], supportedPlatforms: [:], problem: nil)
    document.files = listFiles(fd, "Assets")
    guard let bytes = readFile(fd, "icon.json") else {
      document.problem = "no readable icon.json"
      return document
    }
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: Data(bytes))
    } catch {
      document.problem = "icon.json is not a valid Icon Composer document"
      return document
    }
    let present = Set(document.files)
    for (index, group) in (file.groups ?? []).enumerated() {
      for layer in group.layers ?? [] {
        guard let image = layer.imageName else { continue }
        document.layers.append(
          Layer(
            name: layer.name, imageName: image, path: Paths.join(relative, "Assets/" + image),
            group: index, isHidden: layer.hidden ?? false, exists: present.contains(image)))
      }
    }
    document.supportedPlatforms = (file.supportedPlatforms ?? [:]).mapValues(\.values)
    return document
  }

  /// The regular files (and links) in the subfolder `name` of `fd`, sorted; hidden ones left out.
  private static func listFiles(_ fd: Int32, _ name: String) -> [String] {
    let sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard sub >= 0, let directory = fdopendir(sub) else { return [] }
    defer { closedir(directory) }
    var files: [String] = []
    FileSystem.forEachEntry(of: directory) { field, type in
      guard let name = String(validatingCString: field), !name.hasPrefix("."), type != UInt8(DT_DIR) else {
        return
      }
      files.append(name)
    }
    return files.sorted()
  }

  /// The bytes of a small regular file in `fd`; `nil` when it is missing, not regular or over 4 MB.
  private static func readFile(_ fd: Int32, _ name: String) -> [UInt8]? {
    let file = openat(fd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 4 << 20 else {
      return nil
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { FileSystem.read(file, into: $0) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      bytes += chunk[..<count]
      if bytes.count > 4 << 20 { return nil }
    }
    return bytes
  }
}
