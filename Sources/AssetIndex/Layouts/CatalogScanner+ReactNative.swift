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
    let rootInAssets = canonicalRoot.map { $0.split(separator: "/").contains("assets") } ?? false
    // The walk noted whether any loose file passes the test below; most trees have none.
    guard rootInAssets && noAppleEvidence || looseMayBeMetro else { return [] }
    var apps: Set<String> = []
    for variants in looseVariants.values {
      for variant in variants {
        // A file counts only with a platform suffix (its name holds `.ios.` or `.android.`),
        // inside an `assets` folder, or under a root inside one: on bytes, most files of a
        // large tree are none of these and are not parsed at all.
        guard rootInAssets && noAppleEvidence || CatalogScanner.mayBeMetroAsset(variant.path) else {
          continue
        }
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

  /// Whether a loose file's path could make its folder a React Native app: its name holds
  /// a Metro platform suffix (`.ios.`, `.android.`), or a folder of its path is `assets`.
  /// A cheap test on UTF-8 bytes before ``MetroName`` parses the name; `false` only where
  /// ``reactNativeApps()`` would not count the file.
  static func mayBeMetroAsset(_ path: String) -> Bool {
    Paths.lastComponentContainsBytes(path, ".ios.") || Paths.lastComponentContainsBytes(path, ".android.")
      || Paths.containsComponent(path, exceptLast: true) { $0.elementsEqual("assets".utf8) }
  }
}
