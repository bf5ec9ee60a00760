// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "IconGrid",
  products: [
    .library(name: "PNGCodec", targets: ["PNGCodec"]),
    .library(name: "AssetResolver", targets: ["AssetResolver"]),
    .library(name: "ContactSheet", targets: ["ContactSheet", "SheetManifest"]),
    .library(name: "AssetCheck", targets: ["AssetCheck"]),
    .library(name: "Resampling", targets: ["Resampling"]),
    .executable(name: "icongrid", targets: ["icongrid"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLibPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev", "zlib1g-dev"])]
    ),
    .systemLibrary(
      name: "CFreeType",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]
    ),
    .systemLibrary(
      name: "CHarfBuzz",
      pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"])]
    ),
    .systemLibrary(
      name: "CFriBidi",
      pkgConfig: "fribidi",
      providers: [.apt(["libfribidi-dev"])]
    ),
    // Package-only helpers several modules share (JSON writer, edit distance, parallel map,
    // POSIX file helpers). It depends on nothing of ours, so the codec can use it; no product.
    .target(name: "IconGridSupport"),
    .target(name: "PNGCodec", dependencies: ["CLibPNG", "IconGridSupport"]),
    .target(name: "AssetResolver", dependencies: ["PNGCodec", "IconGridSupport"]),
    // Resizing in premultiplied alpha (the sheet's tiles, derived scales, app icon sets).
    .target(name: "Resampling", dependencies: ["PNGCodec"]),
    // A sheet's content and the manifests that describe it, without FreeType: the manifest
    // fuzz target links only this.
    .target(name: "SheetManifest"),
    .target(
      name: "ContactSheet",
      dependencies: [
        "SheetManifest", "AssetResolver", "PNGCodec", "Resampling", "IconGridSupport", "CFreeType", "CHarfBuzz",
        "CFriBidi",
      ]),
    .target(name: "AssetCheck", dependencies: ["AssetResolver", "PNGCodec", "IconGridSupport"]),
    .target(
      name: "IconGridCLI",
      dependencies: [
        "ContactSheet", "SheetManifest", "AssetCheck", "AssetResolver", "PNGCodec", "IconGridSupport",
      ]),
    .executableTarget(name: "icongrid", dependencies: ["IconGridCLI"]),
    // What the test targets share: the package's and the shared test data's paths,
    // temporary folders, a file-tree builder and a captured console. Used only by tests.
    .target(name: "TestSupport", dependencies: ["IconGridSupport", "PNGCodec"], path: "Tests/TestSupport"),
    .testTarget(name: "IconGridSupportTests", dependencies: ["IconGridSupport"]),
    .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "IconGridSupport", "TestSupport"]),
    .testTarget(
      name: "AssetResolverTests", dependencies: ["AssetResolver", "PNGCodec", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "ResamplingTests", dependencies: ["Resampling", "PNGCodec"]),
    .testTarget(name: "SheetManifestTests", dependencies: ["SheetManifest", "TestSupport"]),
    .testTarget(
      name: "ContactSheetTests", dependencies: ["ContactSheet", "AssetResolver", "PNGCodec", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "IconGridCLITests",
      dependencies: ["IconGridCLI", "AssetCheck", "ContactSheet", "AssetResolver", "PNGCodec", "TestSupport"]),
    .testTarget(
      name: "AssetCheckTests", dependencies: ["AssetCheck", "AssetResolver", "PNGCodec", "TestSupport"],
      exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)
