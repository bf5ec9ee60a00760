/// One item a target's bundle receives: a file, a folder copied whole, or an asset catalog.
///
/// `path` is relative to the project directory (`SOURCE_ROOT`), normalised: no `.` or empty
/// components, `/` separators, and `..` only at the front, where an item really lies outside
/// the project directory (`../Shared/Assets.xcassets`), so that joining `projectDirectory` and
/// `path` always names the item. Items in a build-variable tree (`BUILT_PRODUCTS_DIR`,
/// `SDKROOT`, `DEVELOPER_DIR`…) are not files of the repository and are never resources; the
/// target lists their names in ``XcodeTarget/unlocatedResources``. The item need not exist:
/// checking that is the caller's job.
public struct ProjectResource: Sendable, Hashable {
  /// How the bundle receives the item.
  public enum Kind: Sendable, Hashable {
    /// A file copied flat into the bundle under its file name (a PNG, a storyboard…).
    case file
    /// A folder reference: the folder is copied whole, its files keep their paths inside it.
    case folderReference
    /// An asset catalog (`.xcassets`, `.xcstickers`), compiled into the bundle's `Assets.car`.
    case assetCatalog
    /// An Icon Composer document (`.icon`), compiled into an app icon of the same name.
    case iconDocument
  }

  /// The item's path relative to the project directory (see the type's discussion).
  public var path: String
  /// How the bundle receives the item.
  public var kind: Kind
  /// Whether the item comes from an Xcode 16 synchronized folder (listed from disk) rather than
  /// from the target's resources build phase.
  public var isFromSynchronizedFolder: Bool
  /// The localization of a localized variant (`en`, `Base`): the name of the `.lproj` folder it
  /// sits in, as children of a variant group and localized files of synchronized folders do.
  /// Every variant is listed; they share a file name because only one of them reaches a device.
  public var localization: String?

  /// Creates a resource.
  ///
  /// - Parameters:
  ///   - path: The path relative to the project directory, already normalised.
  ///   - kind: How the bundle receives it.
  ///   - isFromSynchronizedFolder: Whether it was listed from a synchronized folder.
  ///   - localization: The `.lproj` name of a localized variant, if it is one.
  public init(path: String, kind: Kind, isFromSynchronizedFolder: Bool = false, localization: String? = nil) {
    self.path = path
    self.kind = kind
    self.isFromSynchronizedFolder = isFromSynchronizedFolder
    self.localization = localization
  }
}
