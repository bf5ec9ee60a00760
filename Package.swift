// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "IconGrid",
  products: [
    .library(name: "PNGCodec", targets: ["PNGCodec"]),
    .library(name: "AssetResolver", targets: ["AssetResolver"]),
    .library(name: "ContactSheet", targets: ["ContactSheet"]),
    .library(name: "AssetCheck", targets: ["AssetCheck"]),
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
    .target(name: "PNGCodec", dependencies: ["CLibPNG"]),
    .target(name: "AssetResolver", dependencies: ["PNGCodec"]),
    .target(name: "ContactSheet", dependencies: ["AssetResolver", "PNGCodec", "CFreeType", "CHarfBuzz", "CFriBidi"]),
    .target(name: "AssetCheck", dependencies: ["AssetResolver", "PNGCodec"]),
    .target(name: "IconGridCLI", dependencies: ["ContactSheet", "AssetCheck", "AssetResolver", "PNGCodec"]),
    .executableTarget(name: "icongrid", dependencies: ["IconGridCLI"]),
    .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"]),
    .testTarget(name: "AssetResolverTests", dependencies: ["AssetResolver", "PNGCodec"]),
    .testTarget(
      name: "ContactSheetTests", dependencies: ["ContactSheet", "AssetResolver", "PNGCodec"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "IconGridCLITests", dependencies: ["IconGridCLI", "ContactSheet", "AssetResolver", "PNGCodec"]),
    .testTarget(name: "AssetCheckTests", dependencies: ["AssetCheck", "IconGridCLI", "AssetResolver", "PNGCodec"]),
  ],
  swiftLanguageModes: [.v6]
)
