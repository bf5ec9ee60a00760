// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "IconGrid",
  products: [
    .library(name: "PNGCodec", targets: ["PNGCodec"]),
    .library(name: "AssetResolver", targets: ["AssetResolver"]),
    .executable(name: "icongrid", targets: ["icongrid"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLibPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev", "zlib1g-dev"])]
    ),
    .target(name: "PNGCodec", dependencies: ["CLibPNG"]),
    .target(name: "AssetResolver", dependencies: ["PNGCodec"]),
    .target(name: "IconGridCLI", dependencies: ["PNGCodec", "AssetResolver"]),
    .executableTarget(name: "icongrid", dependencies: ["IconGridCLI"]),
    .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"]),
    .testTarget(name: "IconGridCLITests", dependencies: ["IconGridCLI", "PNGCodec"]),
    .testTarget(name: "AssetResolverTests", dependencies: ["AssetResolver", "PNGCodec"]),
  ],
  swiftLanguageModes: [.v6]
)
