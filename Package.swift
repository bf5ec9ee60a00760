// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "IconGrid",
  products: [
    .library(name: "PNGCodec", targets: ["PNGCodec"]),
    .library(name: "AssetCheck", targets: ["AssetCheck"]),
    .executable(name: "icongrid", targets: ["icongrid"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLibPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev", "zlib1g-dev"])]
    ),
    .target(name: "PNGCodec", dependencies: ["CLibPNG"]),
    .target(name: "AssetCheck", dependencies: ["PNGCodec"]),
    .target(name: "IconGridCLI", dependencies: ["PNGCodec", "AssetCheck"]),
    .executableTarget(name: "icongrid", dependencies: ["IconGridCLI"]),
    .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"]),
    .testTarget(name: "IconGridCLITests", dependencies: ["IconGridCLI", "PNGCodec"]),
    .testTarget(name: "AssetCheckTests", dependencies: ["AssetCheck", "IconGridCLI", "PNGCodec"]),
  ],
  swiftLanguageModes: [.v6]
)
