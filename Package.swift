// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "IconGrid",
  products: [
    .library(name: "PNGCodec", targets: ["PNGCodec"]),
    .library(name: "ContactSheet", targets: ["ContactSheet"]),
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
    .target(name: "PNGCodec", dependencies: ["CLibPNG"]),
    .target(name: "ContactSheet", dependencies: ["PNGCodec", "CFreeType"]),
    .target(name: "IconGridCLI", dependencies: ["ContactSheet", "PNGCodec"]),
    .executableTarget(name: "icongrid", dependencies: ["IconGridCLI"]),
    .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"]),
    .testTarget(name: "IconGridCLITests", dependencies: ["IconGridCLI", "PNGCodec"]),
    .testTarget(
      name: "ContactSheetTests", dependencies: ["ContactSheet", "PNGCodec"],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
