/// How a tree's image variants are laid out, and so which platform's rule picks among them.
///
/// Each root (or part of one) is read in one layout: an Apple tree has asset catalogs and
/// `@Nx` files, a Flutter package has `2.0x/` variant folders beside a `pubspec.yaml`, a
/// React Native app has Metro's `name@Nx.ios.png` files, an Android module has `res/`
/// density folders.
public enum Layout: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Asset catalogs and `@Nx` loose files, chosen by UIKit's rule.
  case apple
  /// `N.Mx/` variant folders, chosen by Flutter's `AssetImage`.
  case flutter
  /// `name@Nx[.platform].ext` files, chosen by Metro at run time.
  case reactNative = "react-native"
  /// `res/<type>[-qualifiers]/` folders, chosen by `ResTable_config::isBetterThan`.
  case android

  /// The spelling of `--layout` and of reports: `apple`, `flutter`, `react-native`, `android`.
  public var description: String { rawValue }

  /// The layout a command line names, accepting `rn` and `reactnative` for React Native.
  ///
  /// - Parameter text: the name, in any case.
  /// - Returns: the layout, or `nil` when `text` names none.
  public static func named(_ text: String) -> Layout? {
    switch text.lowercased() {
    case "apple", "ios", "uikit": .apple
    case "flutter": .flutter
    case "react-native", "reactnative", "rn", "metro": .reactNative
    case "android": .android
    default: nil
    }
  }
}
