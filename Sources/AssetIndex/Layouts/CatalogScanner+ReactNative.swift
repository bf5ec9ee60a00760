import IconGridSupport

extension CatalogScanner {
  /// The React Native apps among the loose files, as folder prefixes (empty or ending in
  /// `/`), by the rules ``LayoutCatalog`` detects with: files with a Metro platform suffix
  /// (`.ios`, `.android`), and, in a root with no Xcode project, Swift package or asset
  /// catalog, `@Nx` files in an `assets/` folder. Each app is the folder above its
  /// `assets/` folder.
  ///
  /// Reads only what the walk collected: an Apple tree pays a pass over its loose files'
  /// paths only when it has no project, package and catalog, or has suffixed files.
  func reactNativeApps() -> [String] {
    let noAppleEvidence =
      projects.isEmpty && swiftPackages.isEmpty && sets.isEmpty && setAssets.isEmpty
      && enclosingCatalog == nil
    var apps: Set<String> = []
    let rootInAssets = canonicalRoot.map { $0.split(separator: "/").contains("assets") } ?? false
    for variants in looseVariants.values {
      for variant in variants {
        let file = Paths.lastComponent(of: variant.path)
        guard noAppleEvidence || file.contains(".ios.") || file.contains(".android.") else { continue }
        let metro = MetroName(file)
        let suffixed = metro.platform == "ios" || metro.platform == "android"
        guard suffixed || (noAppleEvidence && metro.hasScaleSuffix) else { continue }
        let folders = variant.path.split(separator: "/").dropLast()
        if let assets = folders.lastIndex(of: "assets") {
          let app = folders[..<assets].joined(separator: "/")
          apps.insert(app.isEmpty ? "" : app + "/")
        } else if rootInAssets && noAppleEvidence {
          apps.insert("")
        } else if suffixed {
          let folder = folders.joined(separator: "/")
          apps.insert(folder.isEmpty ? "" : folder + "/")
        }
      }
    }
    return apps.sorted()
  }
}
