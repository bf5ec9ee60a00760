import AssetIndex
import AssetResolver

/// An asset `check` holds to a scale requirement, with that requirement.
public struct RequiredScales: Sendable, Hashable {
  /// The asset.
  public var asset: Asset
  /// The scales its name spaces need (over all of them, for an asset several targets share).
  public var requirement: ScaleRequirement
  /// The scales required of its `idiom` images: ``ScaleRequirement/iPadScales`` for iPad
  /// ones, ``ScaleRequirement/scales`` otherwise.
  ///
  /// - Parameter idiom: the images' idiom; `nil` for universal.
  /// - Returns: the scales, ascending.
  public func scales(for idiom: Idiom?) -> [Int] { requirement.scales(forIPad: idiom == .ipad) }
}

extension AssetChecker {
  /// The assets a check of `catalog` looks at (one target's with ``CheckConfiguration/target``,
  /// without preview assets unless asked), each with the scales `missing-scale` requires of
  /// it: what `icongrid derive` makes.
  ///
  /// - Parameters:
  ///   - catalog: an indexed root.
  ///   - configuration: `requiredScales`, `target` and `includePreviews` are read.
  /// - Returns: the assets in the check's order.
  public static func scaleRequirements(of catalog: AssetCatalog, configuration: CheckConfiguration)
    -> [RequiredScales]
  {
    let check = RootCheck(catalog: catalog, configuration: configuration)
    return check.assets.map { RequiredScales(asset: $0, requirement: check.requirement(of: $0)) }
  }
}

extension AssetChecker {
  /// Each `res` folder of `catalog` with the files of its `drawable*` and `mipmap*` folders
  /// and the drawables `android-densities` (lint's IconDensities) and
  /// `android-density-folder` (IconMissingDensityFolder) find missing there: what
  /// `icongrid derive` makes for Android.
  ///
  /// - Parameter catalog: an indexed root.
  /// - Returns: the `res` folders (relative to the root, sorted); empty without Android resources.
  package static func androidDensityGaps(of catalog: AssetCatalog) -> [(
    res: String, folders: [String: [String]], gaps: [AndroidDensityGap]
  )] {
    // A root without Android resources (most Apple trees) pays for no second check.
    guard catalog.skipped.contains(where: { $0.reason == .androidResource }) else { return [] }
    let check = RootCheck(catalog: catalog, configuration: CheckConfiguration())
    return check.androidResourceFolders().map { res in
      let folders = check.androidFolders(res).drawables
      return (res, folders, AndroidIconCheck.densityGaps(res: res, folders: folders))
    }
  }
}
