import AssetIndex
import AssetResolver

extension DerivePlan {
  /// What derive says of a root's Flutter and React Native assets: `check` holds them to
  /// sizes, bundling and spelling, but requires no scale of them, so derive makes none.
  static func layoutNotes(_ catalog: AssetCatalog) -> [String] {
    var notes: [String] = []
    let flutter = catalog.skipped.filter { $0.reason == .flutterAsset }.count
    if flutter > 0 {
      notes.append(
        "\(catalog.root): \(flutter) Flutter variant file\(flutter == 1 ? "" : "s") left alone: check requires no "
          + "Flutter scale (AssetImage draws the nearest variant); only flutter-midpoint asks for a variant at a "
          + "ratio, and derive does not make those")
    }
    let metro = catalog.skipped.filter { $0.reason == .reactNativeAsset }.count
    if metro > 0 {
      notes.append(
        "\(catalog.root): \(metro) React Native image\(metro == 1 ? "" : "s") left alone: check requires no Metro "
          + "scale (Metro serves the nearest @Nx), so derive makes none")
    }
    return notes
  }
}
