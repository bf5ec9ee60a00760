// swift-tools-version: 6.0
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its directory, and the repository's directory is
// whatever the clone (or worktree) is called, so the identity is derived rather than spelled.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()
  .appendingPathComponent("../..")
  .standardizedFileURL
let iconGrid = repositoryRoot.lastPathComponent.lowercased()

// Draws the demo catalog in Assets/Demo with IconGrid's own PNG encoder. A package of its
// own so the main package's products stay free of demo tooling; run it through
// Scripts/generate-demo-icons.
let package = Package(
  name: "DemoIconGenerator",
  dependencies: [
    .package(path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "DemoIconGenerator",
      dependencies: [.product(name: "ImageCore", package: iconGrid), .product(name: "PNGCodec", package: iconGrid)]
    )
  ],
  swiftLanguageModes: [.v6]
)
