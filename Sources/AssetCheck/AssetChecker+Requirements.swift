import AssetIndex
import AssetResolver
import IconGridSupport

extension AssetChecker {
  /// The scales the assets a check of `catalog` looks at (one target's with
  /// ``CheckConfiguration/target``, without preview assets unless asked) need and lack,
  /// each with why and the files of its group: what `missing-scale` reports (those no
  /// higher-scale file serves) and `icongrid derive` makes (those a higher-scale file can
  /// be scaled down to).
  ///
  /// Only images drawn at their point size have gaps: icon files, launch images, stickers,
  /// colour swatches and masters are chosen or drawn otherwise.
  ///
  /// - Parameters:
  ///   - catalog: an indexed root.
  ///   - configuration: `requiredScales`, `target` and `includePreviews` are read.
  /// - Returns: the gaps in the check's order of assets.
  public static func scaleGaps(of catalog: AssetCatalog, configuration: CheckConfiguration) -> [ScaleGap] {
    var check = RootCheck(catalog: catalog, configuration: configuration)
    check.inspectFiles()
    var gaps: [ScaleGap] = []
    for asset in check.assets {
      switch asset.source {
      case .looseFiles:
        let variants = asset.variants.filter { $0.suspiciousSuffix == nil }
        guard !variants.isEmpty, check.role(ofLoose: asset).hasScaleFamily,
          !asset.location.split(separator: "/").contains(where: { $0.hasSuffix(".ckcomplication") })
        else { continue }
        if case .master = check.role(ofLoose: asset) { continue }
        for idiom in RootCheck.idiomGroups(variants) {
          gaps += check.looseGaps(asset, variants: variants, idiom: idiom)
        }
      case .imageSet(let path):
        guard let set = check.setsByPath[path], set.isValid, set.kind == .imageSet else { continue }
        let files = set.slots.compactMap(\.filename)
        let role = check.role(ofSet: asset, set: set, files: asset.variants.filter { $0.isSelectable })
        guard !files.isEmpty, role.hasScaleFamily,
          !files.allSatisfy({ ["pdf", "svg"].contains(Paths.fileExtension(of: $0)) }),
          !set.slots.allSatisfy({ $0.filename == nil || $0.scale == nil })
        else { continue }
        if case .master = role { continue }
        gaps += check.setGaps(asset, slots: set.slots)
      case .appIconSet:
        continue
      }
    }
    return gaps
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
    guard !catalog.androidResourceFolders.isEmpty else { return [] }
    let check = RootCheck(catalog: catalog, configuration: CheckConfiguration(), readingFiles: false)
    return check.androidResourceFolders().map { res in
      let folders = check.androidFolders(res).drawables
      return (res, folders, AndroidIconCheck.densityGaps(res: res, folders: folders))
    }
  }
}
