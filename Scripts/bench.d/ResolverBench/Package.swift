// swift-tools-version: 6.0
import PackageDescription

// The resolver benchmark: a separate package so `swift test` never builds it, and built
// with -c release by Scripts/bench.d/resolver.sh.
let package = Package(
  name: "ResolverBench",
  dependencies: [.package(name: "IconGrid", path: "../../..")],
  targets: [
    .executableTarget(
      name: "ResolverBench",
      dependencies: [
        .product(name: "AssetResolver", package: "IconGrid"),
        .product(name: "ImageCore", package: "IconGrid"),
        .product(name: "PNGCodec", package: "IconGrid"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
