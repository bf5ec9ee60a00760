// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "IconGrid",
  products: [
    .library(name: "ImageCore", targets: ["ImageCore"]),
    .library(name: "PNGCodec", targets: ["PNGCodec"]),
    .library(name: "AssetIndex", targets: ["AssetIndex"]),
    .library(name: "AssetResolver", targets: ["AssetResolver"]),
    .library(name: "ContactSheet", targets: ["ContactSheet", "SheetManifest"]),
    .library(name: "AssetCheck", targets: ["AssetCheck"]),
    .library(name: "AssetReferences", targets: ["AssetReferences"]),
    .library(name: "Resampling", targets: ["Resampling"]),
    .library(name: "RasterCodecs", targets: ["RasterCodecs"]),
    .library(name: "VectorRenderer", targets: ["VectorRenderer"]),
    .library(name: "ImageDecoding", targets: ["ImageDecoding"]),
    .library(name: "AssetMaking", targets: ["AssetMaking"]),
    .library(name: "AssetDiff", targets: ["AssetDiff"]),
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
    // The currency every codec and consumer shares: Bitmap, ImageFormat, DecodingLimits,
    // ImageError, file reading and atomic writes. No C library.
    .target(name: "ImageCore", dependencies: ["IconGridSupport"]),
    .target(name: "PNGCodec", dependencies: ["ImageCore", "CLibPNG", "IconGridSupport"]),
    // What a project holds: Xcode projects and targets, catalogs and slot traits, the
    // Flutter, React Native and Android layouts, app icon tables. Reads no image bytes.
    .target(name: "AssetIndex", dependencies: ["ImageCore", "IconGridSupport"]),
    // The service a user embeds: AssetLibrary over the index, each platform's rule, the cache.
    .target(name: "AssetResolver", dependencies: ["AssetIndex", "ImageCore", "PNGCodec", "IconGridSupport"]),
    // Resizing in premultiplied alpha (the sheet's tiles, derived scales, app icon sets).
    .target(name: "Resampling", dependencies: ["ImageCore"]),
    // JPEG, WebP, HEIC/AVIF and GIF through Debian's libraries, colour-managed with lcms2;
    // a separate product so a PNG-only service links none of them.
    .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
    // Opens a shared library on its first call: libheif, librsvg and poppler are mapped only
    // by a process that reads a HEIF, SVG or PDF file.
    .target(name: "CLibraryLoader"),
    // libheif's header (found on the default include path) and lazy definitions of the
    // functions RasterCodecs calls; not linked at start-up.
    .target(name: "CHeif", dependencies: ["CLibraryLoader"]),
    .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
    .systemLibrary(name: "CLcms2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
    .target(name: "RasterCodecs", dependencies: ["ImageCore", "CJPEG", "CWebP", "CHeif", "CGIF", "CLcms2"]),
    // Every image format behind one entry point: sniffed once, rasters decoded, vectors
    // rendered. AssetResolver does not link it; ContactSheet and the CLI pass it in as a loader.
    .target(
      name: "ImageDecoding",
      dependencies: ["ImageCore", "PNGCodec", "RasterCodecs", "VectorRenderer", "IconGridSupport"]),
    // A sheet's content and the manifests that describe it, without FreeType: the manifest
    // fuzz target links only this.
    .target(name: "SheetManifest", dependencies: ["IconGridSupport"]),
    // Before and after: two trees (or a git revision and the work tree) compared asset by
    // asset, every format decoded; ContactSheet draws its report.
    .target(
      name: "AssetDiff",
      dependencies: [
        "AssetIndex", "ImageDecoding", "VectorRenderer", "ImageCore", "Resampling", "IconGridSupport",
      ]),
    .target(
      name: "ContactSheet",
      dependencies: [
        "SheetManifest", "AssetDiff", "AssetIndex", "AssetResolver", "ImageDecoding", "ImageCore", "PNGCodec",
        "Resampling",
        "VectorRenderer", "IconGridSupport", "CFreeType",
        "CHarfBuzz",
        "CFriBidi",
      ]),
    // What the code uses: asset names, generated symbols and run-time patterns read from
    // Swift, Objective-C, storyboards, xibs and property lists. Knows no catalog; the check
    // matches its uses against the index.
    // Foundation (StringsScan only) must not lend its String members to the scanners:
    // its `contains` is CFStringFind, many times slower than the standard library.
    .target(
      name: "AssetReferences", dependencies: ["ImageCore", "IconGridSupport"],
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
    .target(
      name: "AssetCheck",
      dependencies: [
        "AssetIndex", "AssetResolver", "AssetReferences", "ImageDecoding", "ImageCore", "PNGCodec",
        "IconGridSupport",
      ]),
    // Derive and app icon sets: making what check finds missing, on the shared resampler.
    .target(
      name: "AssetMaking",
      dependencies: [
        "Resampling", "ImageDecoding", "AssetIndex", "AssetResolver", "ImageCore", "PNGCodec", "AssetCheck",
        "IconGridSupport",
      ]),
    .target(
      name: "IconGridCLI",
      dependencies: [
        "ContactSheet", "SheetManifest", "AssetDiff", "AssetCheck", "AssetMaking", "AssetIndex",
        "AssetResolver", "ImageDecoding", "ImageCore", "PNGCodec",
        "IconGridSupport", "Resampling", "VectorRenderer",
      ]),
    .executableTarget(name: "icongrid", dependencies: ["IconGridCLI"]),
    // What the test targets share: the package's and the shared test data's paths and
    // whether it is there, temporary folders, the tree builder, the in-process command-line
    // runner, the reference-tool runner and the tags. Used only by tests.
    .target(
      name: "TestSupport", dependencies: ["IconGridSupport", "ImageCore", "PNGCodec", "IconGridCLI"],
      path: "Tests/TestSupport"),
    .testTarget(name: "IconGridSupportTests", dependencies: ["IconGridSupport"]),
    .testTarget(
      name: "RasterCodecsTests", dependencies: ["RasterCodecs", "ImageCore", "PNGCodec", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ImageCoreTests", dependencies: ["ImageCore", "PNGCodec", "IconGridSupport", "TestSupport"]),
    .testTarget(
      name: "PNGCodecTests", dependencies: ["PNGCodec", "ImageCore", "IconGridSupport", "TestSupport"]),
    .testTarget(
      name: "AssetIndexTests",
      dependencies: ["AssetIndex", "ImageCore", "PNGCodec", "IconGridSupport", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "AssetResolverTests",
      dependencies: [
        "AssetIndex", "AssetResolver", "ImageCore", "PNGCodec", "IconGridSupport", "TestSupport",
      ]),
    .testTarget(name: "ResamplingTests", dependencies: ["Resampling", "ImageCore"]),
    .testTarget(name: "SheetManifestTests", dependencies: ["SheetManifest", "TestSupport"]),
    .testTarget(
      name: "ImageDecodingTests",
      dependencies: ["ImageDecoding", "ImageCore", "PNGCodec", "IconGridSupport", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ContactSheetTests",
      dependencies: ["ContactSheet", "AssetIndex", "AssetResolver", "ImageCore", "PNGCodec", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "IconGridCLITests",
      dependencies: [
        "IconGridCLI", "AssetCheck", "ContactSheet", "AssetIndex", "AssetResolver", "ImageCore", "PNGCodec",
        "TestSupport",
      ]),
    .testTarget(name: "AssetReferencesTests", dependencies: ["AssetReferences", "TestSupport"]),
    .testTarget(
      name: "AssetCheckTests",
      dependencies: ["AssetCheck", "AssetIndex", "AssetResolver", "ImageCore", "PNGCodec", "TestSupport", "IconGridSupport"]),
    // The DocC articles' Swift code blocks, compiled and run: the DocExamples plugin extracts
    // them (with DocExampleExtractor) into this target on every build, so an article is the
    // only copy of its examples.
    .executableTarget(name: "DocExampleExtractor", path: "Tests/DocExampleExtractor"),
    .plugin(
      name: "DocExamples", capability: .buildTool(), dependencies: ["DocExampleExtractor"],
      path: "Tests/DocExamplesPlugin"),
    .testTarget(
      name: "DocExampleTests",
      dependencies: [
        "AssetIndex", "AssetResolver", "ContactSheet", "AssetCheck", "AssetReferences", "AssetMaking",
        "AssetDiff",
        "ImageDecoding",
        "RasterCodecs",
        "VectorRenderer", "Resampling", "ImageCore", "PNGCodec", "IconGridSupport", "TestSupport",
      ],
      plugins: ["DocExamples"]),
    // The whole tool: the check's golden files on the real trees, the command reference
    // pages and usage errors against the commands' definitions, the binary killed mid-write.
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "IconGridCLI", "AssetCheck", "AssetIndex", "AssetResolver", "ImageCore", "PNGCodec", "TestSupport",
      ],
      exclude: ["Golden"]),
    // SVG through librsvg and PDF through poppler, both drawing with cairo: a separate
    // product, so a service that embeds only PNGs links none of them.
    // librsvg's own .pc passes -pthread (through GIO), which SwiftPM warns about: CRsvg declares
    // the functions it uses and takes cairo's and GLib's include paths from cairo-gobject
    // (CCairo). CRsvg and CPoppler open their libraries on first use (CLibraryLoader).
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo-gobject",
      providers: [.apt(["libcairo2-dev", "zlib1g-dev"])]),
    .target(
      name: "CRsvg", dependencies: ["CCairo", "CLibraryLoader"],
      linkerSettings: [.linkedLibrary("gio-2.0"), .linkedLibrary("z")]),
    .target(
      name: "CPoppler", dependencies: ["CCairo", "CLibraryLoader"],
      linkerSettings: [.linkedLibrary("gio-2.0")]),
    .target(name: "VectorRenderer", dependencies: ["ImageCore", "IconGridSupport", "CRsvg", "CPoppler"]),
    .testTarget(
      name: "VectorRendererTests",
      dependencies: ["VectorRenderer", "ImageCore", "PNGCodec", "IconGridSupport", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "AssetDiffTests",
      dependencies: ["AssetDiff", "ContactSheet", "ImageCore", "PNGCodec", "IconGridCLI", "TestSupport"]),
    .testTarget(
      name: "AssetMakingTests",
      dependencies: [
        "AssetMaking", "AssetCheck", "AssetIndex", "AssetResolver", "ImageCore", "PNGCodec", "TestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
