extension RootCheck {
  /// The rules of the layouts that are not UIKit's: Android's resource folders, Flutter's
  /// variant folders, Metro's `@Nx` names. Each runs only where the index found its files,
  /// so an Apple tree's check is unchanged.
  mutating func layoutRules() {
    androidRules()
    flutterRules()
  }
}
