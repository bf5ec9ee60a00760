/// A native target of an Xcode project: what its bundle holds and the build settings that
/// decide which app icons it needs.
///
/// Settings are read from one build configuration (``configurationName``: "Release" when the
/// target has one, otherwise its first), the target's values over the project's, with
/// `$(inherited)` and `$(VAR)`/`${VAR}` taken from the same settings. A setting whose value
/// names a variable defined nowhere in the project file (typically in an `.xcconfig` file,
/// which is not read) is not guessed: it is left out of the typed fields and kept, unexpanded,
/// in ``unresolvedSettings``. Conditional settings (`KEY[sdk=iphoneos*]`) are not evaluated.
public struct XcodeTarget: Sendable, Hashable {
  /// The target's name as Xcode shows it.
  public var name: String
  /// The product type, such as `com.apple.product-type.application`,
  /// `com.apple.product-type.app-extension`, `com.apple.product-type.application.watchapp2`,
  /// `com.apple.product-type.watchkit2-extension` or `com.apple.product-type.framework`.
  public var productType: String?
  /// The platforms it builds for, from `SUPPORTED_PLATFORMS` when set, otherwise `SDKROOT`;
  /// empty when neither is known from the project file.
  public var platforms: Set<ApplePlatform>
  /// Whether it also builds for Mac Catalyst (`SUPPORTS_MACCATALYST = YES`); Catalyst apps are
  /// iOS apps and are not counted in ``platforms`` as macOS.
  public var supportsMacCatalyst: Bool
  /// The deployment target of each platform in ``platforms`` (and iOS for a Catalyst app) that
  /// has one set (`IPHONEOS_DEPLOYMENT_TARGET`, `MACOSX_DEPLOYMENT_TARGET`, `WATCHOS_…`,
  /// `TVOS_…`, `XROS_…`), such as `"15.0"`.
  public var deploymentTargets: [ApplePlatform: String]
  /// `TARGETED_DEVICE_FAMILY`: 1 iPhone, 2 iPad, 3 Apple TV, 4 Apple Watch, 6 Mac Catalyst
  /// (Mac idiom), 7 Apple Vision.
  public var deviceFamilies: Set<Int>
  /// The primary app icon set (`ASSETCATALOG_COMPILER_APPICON_NAME`); `nil` when not set or
  /// when its value could not be expanded (then see ``unresolvedSettings``).
  public var appIconName: String?
  /// The alternate app icon sets (`ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`), in order.
  public var alternateAppIconNames: [String]
  /// Whether every app icon set of its catalogs ships (`ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS`).
  public var includesAllAppIcons: Bool
  /// What its bundle gets: the resources build phase in order, then the synchronized folders'
  /// members sorted by path, each path once (the first listing wins).
  public var resources: [ProjectResource]
  /// The files its Sources build phase compiles, relative to the project directory and
  /// normalised as ``resources`` are; the members of its synchronized folders are not listed
  /// (``builds(_:)`` knows them).
  public var sourceFiles: [String]
  /// The synchronized folders that give it members, for ``builds(_:)``.
  var synchronizedMembers: [FolderMembership]
  /// The display names of resources that live in a build-variable tree (`BUILT_PRODUCTS_DIR`,
  /// `SDKROOT`…) rather than in the repository, and of references whose path cannot be found.
  public var unlocatedResources: [String]
  /// The build configuration the settings were read from; `nil` when the target has none.
  public var configurationName: String?
  /// The `.xcconfig` files (relative to the project directory) that the project's and the
  /// target's configuration are based on; their settings are not read, so any setting may
  /// differ from what is reported here when this is not empty.
  public var configurationFiles: [String]
  /// Settings this reader needs whose values name a variable it cannot see, unexpanded:
  /// `["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon${BUNDLE_ID_SUFFIX}"]`.
  public var unresolvedSettings: [String: String]
  /// `INFOPLIST_FILE`: the target's Info.plist, relative to the project directory; `nil`
  /// when not set (or not expandable).
  public var infoPlistFile: String?
  /// The Info.plist keys Xcode writes from build settings (`INFOPLIST_KEY_UILaunchScreen_Generation`,
  /// `INFOPLIST_KEY_UILaunchStoryboardName`, `INFOPLIST_KEY_LSUIElement`…), by key without the
  /// `INFOPLIST_KEY_` prefix, as expanded values.
  public var generatedInfoKeys: [String: String]
  /// Whether Xcode generates the Info.plist from build settings (`GENERATE_INFOPLIST_FILE`).
  public var generatesInfoPlist: Bool
  /// The SDK version a versioned `SDKROOT` names (`iphoneos2.0` → `2.0`), which dates a
  /// project that sets no deployment target; `nil` for an unversioned SDK.
  public var sdkVersion: String?

  /// Creates a target description.
  ///
  /// - Parameters:
  ///   - name: The target's name.
  ///   - productType: The product type identifier, if any.
  ///   - platforms: The platforms it builds for.
  ///   - resources: What its bundle gets.
  public init(
    name: String, productType: String? = nil, platforms: Set<ApplePlatform> = [],
    resources: [ProjectResource] = []
  ) {
    self.name = name
    self.productType = productType
    self.platforms = platforms
    self.supportsMacCatalyst = false
    self.deploymentTargets = [:]
    self.deviceFamilies = []
    self.appIconName = nil
    self.alternateAppIconNames = []
    self.includesAllAppIcons = false
    self.resources = resources
    self.sourceFiles = []
    self.synchronizedMembers = []
    self.unlocatedResources = []
    self.configurationName = nil
    self.configurationFiles = []
    self.unresolvedSettings = [:]
    self.infoPlistFile = nil
    self.generatedInfoKeys = [:]
    self.generatesInfoPlist = false
    self.sdkVersion = nil
  }

  /// Whether it builds an app (iOS, watch, Messages…), not an extension, a framework or a
  /// test bundle: only an app has a launch screen and an icon of its own.
  public var isApplication: Bool { productType?.hasPrefix("com.apple.product-type.application") ?? false }

  /// Whether the target compiles or bundles the file at `path`, relative to the project
  /// directory: a file of its Sources or Resources build phase, a file inside a folder or
  /// catalog it bundles, its Info.plist, or a member of one of its synchronized folders.
  ///
  /// - Parameter path: a normalised path relative to the project directory.
  /// - Returns: `false` for a file no build phase or folder of the target names.
  public func builds(_ path: String) -> Bool {
    if sourceFiles.contains(path) || infoPlistFile.map(ProjectPath.normalise) == path { return true }
    if resources.contains(where: { $0.path == path || (($0.kind != .file) && path.hasPrefix($0.path + "/")) })
    {
      return true
    }
    return synchronizedMembers.contains { $0.contains(path) }
  }

  /// The asset catalogs among ``resources``, in order.
  public var assetCatalogs: [ProjectResource] {
    resources.filter { $0.kind == .assetCatalog }
  }
}
