// swift-tools-version: 6.0
// The Swift side of `Scripts/bench decode`, a package of its own so that the benchmark's
// executable and its release build stay out of IconGrid's products.
import PackageDescription

// SwiftPM names a path dependency after its directory, and the checkout may be called
// anything: take the name of the directory three levels up.
let checkout = Context.packageDirectory.split(separator: "/").dropLast(3).last.map(String.init) ?? "IconGrid"

let package = Package(
  name: "DecodeBench",
  dependencies: [.package(path: "../../..")],
  targets: [
    .executableTarget(
      name: "DecodeBench",
      dependencies: [.product(name: "ImageCore", package: checkout), .product(name: "PNGCodec", package: checkout)]
    )
  ],
  swiftLanguageModes: [.v6]
)
