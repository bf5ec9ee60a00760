import IconGridSupport

/// One file a platform's rule may choose for an asset, with what that rule reads of it.
public struct LayoutCandidate: Sendable, Hashable, CustomStringConvertible {
  /// The file, relative to the root.
  public var path: String
  /// The pixels per point (Apple), logical pixel (Flutter, React Native) or dp (Android)
  /// the file is drawn for.
  public var scale: Double
  /// Android: the folder's density; `nil` elsewhere, and for a folder without one.
  public var density: AndroidDensity?
  /// Android: the `-vN` API level; `nil` without one.
  public var apiLevel: Int?
  /// Android: the qualifiers other than density and version (`night`, `land`); empty for
  /// the default configuration.
  public var configuration: [String]
  /// React Native: the platform suffix (`ios`, `android`, `native`); `nil` for every platform.
  public var platform: String?
  /// Flutter: the main file, which stands for 1.0 unless an explicit `1.0x/` file exists.
  public var isMainFile: Bool
  /// Android: a file of a folder without a density qualifier (`drawable/`), drawn as `mdpi`.
  public var isAndroidDefault = false

  /// Creates a candidate.
  ///
  /// - Parameters:
  ///   - path: the file, relative to the root.
  ///   - scale: the pixels per point (or logical pixel, or dp) it is drawn for.
  ///   - density: Android's density qualifier, if any.
  ///   - apiLevel: Android's `-vN` qualifier, if any.
  ///   - configuration: Android's other qualifiers.
  ///   - platform: React Native's platform suffix, if any.
  ///   - isMainFile: whether it is a Flutter main file.
  public init(
    path: String, scale: Double, density: AndroidDensity? = nil, apiLevel: Int? = nil,
    configuration: [String] = [],
    platform: String? = nil, isMainFile: Bool = false
  ) {
    self.path = path
    self.scale = scale
    self.density = density
    self.apiLevel = apiLevel
    self.configuration = configuration
    self.platform = platform
    self.isMainFile = isMainFile
  }

  /// A Flutter file.
  ///
  /// - Parameter path: the parsed path.
  /// - Returns: the candidate at its folder's ratio (1.0 for the main file).
  public static func flutter(_ path: FlutterPath) -> LayoutCandidate {
    LayoutCandidate(path: path.path, scale: path.ratio, isMainFile: path.isMain)
  }

  /// A React Native file.
  ///
  /// - Parameters:
  ///   - path: the file, relative to the root.
  ///   - name: its parsed name.
  /// - Returns: the candidate at its `@Nx` scale, with its platform.
  public static func metro(path: String, name: MetroName) -> LayoutCandidate {
    LayoutCandidate(path: path, scale: name.scale, platform: name.platform)
  }

  /// An Android resource file.
  ///
  /// - Parameter resource: the parsed path.
  /// - Returns: the candidate at its density (an unqualified folder as `mdpi`).
  public static func android(_ resource: AndroidResourcePath) -> LayoutCandidate {
    var candidate = LayoutCandidate(
      path: resource.path, scale: resource.effectiveDensity.scale, density: resource.density,
      apiLevel: resource.apiLevel, configuration: resource.otherQualifiers)
    candidate.isAndroidDefault = resource.density == nil
    return candidate
  }

  /// The scale as a label: `2x`, `1.5x`, `hdpi`, `hdpi-v11`, `main file (1x)`, `no density
  /// (mdpi)`.
  public var label: String {
    let qualifiers = configuration + (apiLevel.map { ["v\($0)"] } ?? [])
    if let density { return ([density.description] + qualifiers).joined(separator: "-") }
    if isAndroidDefault {
      return qualifiers.isEmpty
        ? "no density (mdpi)" : qualifiers.joined(separator: "-") + ", no density (mdpi)"
    }
    if isMainFile { return "main file (1x)" }
    var text = "\(ScaleText.format(scale))x"
    if let platform { text += " .\(platform)" }
    return text
  }

  /// `path (label)`.
  public var description: String { "\(path) (\(label))" }
}
