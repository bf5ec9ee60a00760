// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "IconGrid",
  products: [
    .library(name: "PNGCodec", targets: ["PNGCodec"]),
    .library(name: "AssetResolver", targets: ["AssetResolver"]),
    .library(name: "ContactSheet", targets: ["ContactSheet", "SheetManifest"]),
    .library(name: "AssetCheck", targets: ["AssetCheck"]),
    .library(name: "ImageDecoding", targets: ["ImageDecoding"]),
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
    // Every image format behind one entry point: sniffed once, rasters decoded, vectors
    // rendered. AssetResolver does not link it; ContactSheet and the CLI pass it in as a loader.
    .target(name: "ImageDecoding", dependencies: ["PNGCodec"]),
    // A sheet's content and the manifests that describe it, without FreeType: the manifest
    // fuzz target links only this.
    .target(name: "SheetManifest"),
    .target(
      name: "ContactSheet",
      dependencies: [
        "SheetManifest", "AssetResolver", "ImageDecoding", "PNGCodec", "IconGridSupport", "CFreeType", "CHarfBuzz",
        "CFriBidi",
      ]),
    .target(name: "AssetCheck", dependencies: ["AssetResolver", "PNGCodec", "IconGridSupport"]),
    .target(
      name: "IconGridCLI",
      dependencies: [
        "ContactSheet", "SheetManifest", "AssetCheck", "AssetResolver", "ImageDecoding", "PNGCodec",
        "IconGridSupport",
      ]),
    .executableTarget(name: "icongrid", dependencies: ["IconGridCLI"]),
    // What the test targets share: the package's and the shared test data's paths,
    // temporary folders, a file-tree builder and a captured console. Used only by tests.
    .target(name: "TestSupport", dependencies: ["IconGridSupport", "PNGCodec"], path: "Tests/TestSupport"),
    .testTarget(name: "IconGridSupportTests", dependencies: ["IconGridSupport"]),
    .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "IconGridSupport", "TestSupport"]),
    .testTarget(
      name: "AssetResolverTests", dependencies: ["AssetResolver", "PNGCodec", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "SheetManifestTests", dependencies: ["SheetManifest", "TestSupport"]),
    .testTarget(
      name: "ImageDecodingTests", dependencies: ["ImageDecoding", "PNGCodec", "TestSupport"], exclude: ["Fixtures"]),
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
