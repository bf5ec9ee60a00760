import Foundation

/// What an app's Info.plist says about the images the system, not the app's code, loads:
/// its icon files, its launch images and launch screen, and whether it shows itself at all.
///
/// Read from the target's `INFOPLIST_FILE` (XML or binary property list), and from the
/// `INFOPLIST_KEY_…` build settings of a target whose Info.plist Xcode generates.
///
/// ```swift
/// let info = try AppInfo(contentsOf: "MyApp/Info.plist", path: "MyApp/Info.plist")
/// print(info.iconFiles, info.launchesNatively)   // ["Icon-60", "Icon-76"], true
/// ```
public struct AppInfo: Sendable, Hashable {
  /// One entry of `UILaunchImages`: the file base name and the screen it is for.
  public struct LaunchImage: Sendable, Hashable {
    /// `UILaunchImageName`: the base name of the files (`Default-667h`).
    public var name: String
    /// `UILaunchImageSize`, in points (`{375, 667}`); `nil` when absent or unreadable.
    public var size: (width: Int, height: Int)?
    /// `UILaunchImageMinimumOSVersion`, such as `"8.0"`.
    public var minimumOSVersion: String?
    /// `UILaunchImageOrientation`: `Portrait`, `Landscape`…
    public var orientation: String?

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - name: the file base name.
    ///   - size: the screen size in points.
    ///   - minimumOSVersion: the first iOS version that uses it.
    ///   - orientation: the orientation it is for.
    public init(
      name: String, size: (width: Int, height: Int)?, minimumOSVersion: String? = nil,
      orientation: String? = nil
    ) {
      self.name = name
      self.size = size
      self.minimumOSVersion = minimumOSVersion
      self.orientation = orientation
    }

    public static func == (lhs: LaunchImage, rhs: LaunchImage) -> Bool {
      lhs.name == rhs.name && lhs.size?.width == rhs.size?.width && lhs.size?.height == rhs.size?.height
        && lhs.minimumOSVersion == rhs.minimumOSVersion && lhs.orientation == rhs.orientation
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(name)
      hasher.combine(size?.width)
      hasher.combine(size?.height)
      hasher.combine(minimumOSVersion)
      hasher.combine(orientation)
    }
  }

  /// Where it was read, relative to the index's root; `nil` for keys Xcode generates.
  public var path: String?
  /// The primary icon's files (`CFBundleIconFile`, `CFBundleIconFiles`, and
  /// `CFBundlePrimaryIcon`'s `CFBundleIconFiles` for iPhone and iPad), as written (with or
  /// without `.png`), in order, each once. The system picks among them by pixel size.
  public var iconFiles: [String] = []
  /// The alternate icons' files (`CFBundleAlternateIcons`), by icon name.
  public var alternateIconFiles: [String: [String]] = [:]
  /// `CFBundleIconName` (primary icon in an asset catalog), when set.
  public var iconName: String?
  /// `UILaunchImageFile`: the launch images' base name instead of `Default`.
  public var launchImageFile: String?
  /// `UILaunchImages` (and `~iphone`, `~ipad`) entries.
  public var launchImages: [LaunchImage] = []
  /// `UILaunchStoryboardName` (or its `~iphone`/`~ipad` form), when set.
  public var launchStoryboard: String?
  /// Whether a `UILaunchScreen` dictionary is there (a launch screen without a storyboard).
  public var hasLaunchScreen = false
  /// `LSBackgroundOnly`: an app that shows no window, no Dock icon and no menu bar.
  public var isBackgroundOnly = false

  /// An empty description (nothing known).
  public init() {}

  /// Reads an Info.plist.
  ///
  /// - Parameters:
  ///   - file: the file to open.
  ///   - path: how to record where it came from (relative to the index's root).
  /// - Throws: when the file cannot be read or is not a property list holding a dictionary.
  public init(contentsOf file: String, path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    guard let plist = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
    else {
      throw CocoaError(.propertyListReadCorrupt)
    }
    self.init(dictionary: plist)
    self.path = path
  }

  /// The keys of a parsed Info.plist.
  ///
  /// - Parameter plist: the top-level dictionary.
  public init(dictionary plist: [String: Any]) {
    var files: [String] = []
    func add(_ names: [String]) {
      for name in names where !files.contains(name) { files.append(name) }
    }
    if let file = plist["CFBundleIconFile"] as? String, !file.isEmpty { add([file]) }
    add(AppInfo.strings(plist["CFBundleIconFiles"]))
    for key in ["CFBundleIcons", "CFBundleIcons~ipad", "CFBundleIcons~iphone"] {
      guard let icons = plist[key] as? [String: Any] else { continue }
      if let primary = icons["CFBundlePrimaryIcon"] as? [String: Any] {
        add(AppInfo.strings(primary["CFBundleIconFiles"]))
        if iconName == nil, let name = primary["CFBundleIconName"] as? String { iconName = name }
      }
      for (name, value) in (icons["CFBundleAlternateIcons"] as? [String: Any]) ?? [:] {
        let entry = value as? [String: Any]
        let listed = AppInfo.strings(entry?["CFBundleIconFiles"])
        alternateIconFiles[name, default: []] += listed.filter {
          !(alternateIconFiles[name] ?? []).contains($0)
        }
      }
    }
    iconFiles = files
    if iconName == nil { iconName = plist["CFBundleIconName"] as? String }
    launchImageFile = plist["UILaunchImageFile"] as? String
    for key in ["UILaunchImages", "UILaunchImages~iphone", "UILaunchImages~ipad"] {
      for entry in (plist[key] as? [Any]) ?? [] {
        guard let entry = entry as? [String: Any], let name = entry["UILaunchImageName"] as? String else {
          continue
        }
        let image = LaunchImage(
          name: name, size: (entry["UILaunchImageSize"] as? String).flatMap(AppInfo.pointSize),
          minimumOSVersion: entry["UILaunchImageMinimumOSVersion"] as? String,
          orientation: entry["UILaunchImageOrientation"] as? String)
        if !launchImages.contains(image) { launchImages.append(image) }
      }
    }
    launchStoryboard = [
      "UILaunchStoryboardName", "UILaunchStoryboardName~iphone", "UILaunchStoryboardName~ipad",
    ]
    .lazy.compactMap { plist[$0] as? String }.first { !$0.isEmpty }
    hasLaunchScreen = plist["UILaunchScreen"] is [String: Any] || plist["UILaunchScreens"] is [String: Any]
    isBackgroundOnly =
      (plist["LSBackgroundOnly"] as? Bool) == true || (plist["LSBackgroundOnly"] as? String) == "YES"
  }

  /// The keys a target's build settings generate (`INFOPLIST_KEY_…`), over `base` (the
  /// target's own Info.plist, when it has one too).
  ///
  /// - Parameters:
  ///   - target: the target whose ``XcodeTarget/generatedInfoKeys`` are read.
  ///   - base: what the Info.plist file says, if anything.
  /// - Returns: the merged description; `nil` when neither says anything.
  public static func of(_ target: XcodeTarget, base: AppInfo?) -> AppInfo? {
    let keys = target.generatedInfoKeys
    guard base != nil || target.generatesInfoPlist || !keys.isEmpty else { return nil }
    var info = base ?? AppInfo()
    if let storyboard = keys["UILaunchStoryboardName"], !storyboard.isEmpty {
      info.launchStoryboard = storyboard
    }
    if ["YES", "yes", "true"].contains(keys["UILaunchScreen_Generation"] ?? "") {
      info.hasLaunchScreen = true
    }
    if ["YES", "yes", "true"].contains(keys["LSBackgroundOnly"] ?? "") { info.isBackgroundOnly = true }
    return info
  }

  /// Whether an iPhone with a 3x screen runs the app at its native size, and so loads @3x
  /// files: it has a launch storyboard or launch screen, or a launch image for the 5.5-inch
  /// (736-pt) screen. Without one, iOS runs it zoomed at scale 2 and loads @2x files.
  public var launchesNatively: Bool {
    launchStoryboard != nil || hasLaunchScreen
      || launchImages.contains { image in
        image.size.map { max($0.width, $0.height) == 736 && min($0.width, $0.height) == 414 }
          ?? image.name.contains("736h")
      }
  }

  /// `{375, 667}` as points.
  static func pointSize(_ text: String) -> (width: Int, height: Int)? {
    let numbers = text.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
    guard numbers.count == 2 else { return nil }
    return (Int(numbers[0]), Int(numbers[1]))
  }

  private static func strings(_ value: Any?) -> [String] {
    ((value as? [Any]) ?? []).compactMap { $0 as? String }.filter { !$0.isEmpty }
  }
}
