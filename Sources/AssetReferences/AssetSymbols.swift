/// How code generators turn an asset name into an identifier, reduced to a key that all of
/// them share.
///
/// Xcode's generated asset symbols (`ImageResource.x`, Xcode 15 and later) take the name in
/// lower camel case with the separators (spaces, `-`, `_`, `.`) removed and a trailing
/// `Image` or `Color` dropped, and prefix a name that starts with a digit with `_`
/// (`"profile-avatar"` → `profileAvatar`, `"HeaderImage"` → `header`, `"1up"` → `_1up`).
/// SwiftGen's members are the same camel case without the suffix dropped
/// (`"checkmark-20"` → `checkmark20`), under an enum per namespaced folder
/// (`Asset.Editing.checkmark20`); R.swift's functions likewise (`R.image.checkmark20()`).
/// Acronyms are cased differently by each (`URLIcon` → `urlIcon` or `uRLIcon`), so the key
/// compares letters and digits without regard to case: `profileavatar`.
public enum AssetSymbols {
  /// The key of an identifier or a name: its letters and digits, lower-cased.
  ///
  /// - Parameter text: an identifier as written (`_1up`, `profileAvatar`) or an asset name.
  /// - Returns: `1up`, `profileavatar`.
  public static func key(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
    )
    .lowercased()
  }

  /// Every key by which generated code can name the asset `name`.
  ///
  /// - Parameter name: the asset name as its name space knows it (`Editing/checkmark-20`).
  /// - Returns: the keys of its last component and of the whole name, each also without a
  ///   trailing `image` or `color`.
  public static func keys(forAsset name: String) -> Set<String> {
    var keys: Set<String> = []
    let last = name.split(separator: "/").last.map(String.init) ?? name
    for form in [last, name] {
      let key = key(form)
      guard !key.isEmpty else { continue }
      keys.insert(key)
      for suffix in ["image", "color"] where key.hasSuffix(suffix) && key.count > suffix.count {
        keys.insert(String(key.dropLast(suffix.count)))
      }
    }
    return keys
  }
}
