extension RootCheck {
  /// The rules of the layouts that are not UIKit's: Android's resource folders, Flutter's
  /// variant folders, Metro's `@Nx` names. Each runs only where the index found its files,
  /// so an Apple tree's check is unchanged.
  mutating func layoutRules() {
    // `--layout apple`: UIKit's rules alone, as before the other layouts were read.
    guard configuration.layout != .apple else { return }
    androidRules()
    flutterRules()
    reactNativeRules()
  }
}
