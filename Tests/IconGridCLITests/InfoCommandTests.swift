import ImageCore
import PNGCodec
import Synchronization
import TestSupport
import Testing

@testable import IconGridCLI

enum TestData {
  static let root = TestPaths.testData
  static let basn2c08 = root + "/pngsuite/basn2c08.png"
  static let basi0g01 = root + "/pngsuite/basi0g01.png"
  static let badColorType = root + "/pngsuite/xc9n2c08.png"
  static let badIDATCRC = root + "/pngsuite/xcsn0g01.png"
  static let badSignature = root + "/pngsuite/xs1n0g01.png"
  static let cgbi = root + "/cgbi/basn6a08.png"
  static let missing = "/nonexistent/icon.png"

  /// SHA-256 of libpng's own RGBA for these files (its simplified API in C, piped through
  /// `sha256sum`): an independent golden value for `pixelDigest`.
  static let basn2c08Digest = "275d6b683da8285c84abfe09d5f3c99b6a398228b6e859c4ac2677c660f0ab50"
  static let basi0g01Digest = "661985e83f94a569510ded43e65edb11f4ced1121c611209f7abe9a9c40c71a8"
}

@Suite("icongrid info")
struct InfoCommandTests {
  /// What a `.png` file of no known format is called (the format sniffer's words).
  static let notAnImage = ImageFormat.mismatch(nil, pathExtension: "png") ?? ""

  @Test("JSON for a good file: every field, in order", .needsSharedData, .tags(.sharedData))
  func jsonGood() {
    let result = icongrid("info", "--format", "json", TestData.basn2c08)
    #expect(result.status == 0)
    #expect(result.err == "")
    #expect(
      result.out == """
        [
          {
            "path": "\(TestData.basn2c08)",
            "format": "png",
            "formatMismatch": null,
            "width": 32,
            "height": 32,
            "bitDepth": 8,
            "colorType": "rgb",
            "interlaced": false,
            "pointWidth": null,
            "pointHeight": null,
            "renderScale": null,
            "symbolGlyph": null,
            "decoded": true,
            "pixelDigest": "\(TestData.basn2c08Digest)",
            "error": null
          }
        ]

        """)
  }

  @Test(
    "JSON: an unreadable PNG header leaves its fields null; the digest null when undecoded", .needsSharedData,
    .tags(.sharedData))
  func jsonBad() {
    let result = icongrid("info", "--format=json", TestData.badColorType, TestData.badIDATCRC)
    #expect(result.status == 65)
    #expect(
      result.out == """
        [
          {
            "path": "\(TestData.badColorType)",
            "format": "png",
            "formatMismatch": null,
            "width": null,
            "height": null,
            "bitDepth": null,
            "colorType": null,
            "interlaced": null,
            "pointWidth": null,
            "pointHeight": null,
            "renderScale": null,
            "symbolGlyph": null,
            "decoded": false,
            "pixelDigest": null,
            "error": "invalid colour type 9 in IHDR"
          },
          {
            "path": "\(TestData.badIDATCRC)",
            "format": "png",
            "formatMismatch": null,
            "width": 32,
            "height": 32,
            "bitDepth": 1,
            "colorType": "gray",
            "interlaced": false,
            "pointWidth": null,
            "pointHeight": null,
            "renderScale": null,
            "symbolGlyph": null,
            "decoded": false,
            "pixelDigest": null,
            "error": "CRC mismatch in a chunk (IDAT: CRC error)"
          }
        ]

        """)
  }

  @Test(
    "JSON keeps argument order and paths as given; CgBI is reported as such", .needsSharedData,
    .tags(.sharedData))
  func jsonOrder() {
    let result = icongrid("info", "--format", "json", TestData.cgbi, TestData.basi0g01, TestData.basn2c08)
    #expect(result.status == 0)
    let paths = result.out.split(separator: "\n").filter { $0.contains("\"path\"") }
    #expect(
      paths == [
        "    \"path\": \"\(TestData.cgbi)\",", "    \"path\": \"\(TestData.basi0g01)\",",
        "    \"path\": \"\(TestData.basn2c08)\",",
      ])
    #expect(result.out.contains("\"format\": \"cgbi\""))
    #expect(result.out.contains("\"interlaced\": true"))
    #expect(result.out.contains("\"pixelDigest\": \"\(TestData.basi0g01Digest)\""))
  }

  @Test(
    "a missing file: still reported, exit 66, a diagnostic on stderr", .needsSharedData, .tags(.sharedData))
  func missing() {
    let result = icongrid(
      "info", "--format", "json", TestData.basn2c08, TestData.missing, TestData.badSignature)
    #expect(result.status == 66)
    #expect(result.out.contains("\"path\": \"\(TestData.missing)\""))
    #expect(result.out.contains("\"error\": \"no such file\""))
    #expect(result.out.contains("\"pixelDigest\": \"\(TestData.basn2c08Digest)\""))
    #expect(result.out.contains("\"error\": \"\(Self.notAnImage)\""))
    #expect(result.err == "icongrid: error: \(TestData.missing): no such file\n")
  }

  @Test("text: one line per file", .needsSharedData, .tags(.sharedData))
  func text() {
    let result = icongrid("info", TestData.basi0g01, TestData.badSignature)
    #expect(result.status == 65)
    #expect(
      result.out == """
        \(TestData.basi0g01): png 32×32 1-bit gray interlaced, sha256:\(TestData.basi0g01Digest)
        \(TestData.badSignature): error: \(Self.notAnImage)

        """)
    #expect(
      icongrid("info", "--format", "text", TestData.basn2c08).out.hasSuffix(
        "rgb, sha256:\(TestData.basn2c08Digest)\n"))
  }

  @Test("parse: files and format", .needsSharedData, .tags(.sharedData))
  func parse() throws {
    #expect(
      try IconGridCLI.parse(["info", "a.png", "b.png"]) == .info(InfoOptions(paths: ["a.png", "b.png"])))
    #expect(
      try IconGridCLI.parse(["info", "--format", "json", "--", "-x.png"])
        == .info(InfoOptions(paths: ["-x.png"], format: .json)))
  }
}

@Suite("icongrid help, version and usage errors")
struct UsageTests {
  static let help = """
    icongrid — app icons and their retina variants

    usage: icongrid <subcommand> [options]

    subcommands:
      info     Show the format and size of image files and whether they decode.
      resolve  Show which file a device at a scale gets for an asset name.
      sheet    Render a contact sheet of app icons (the nine-grid) into one PNG.
      check    Check icons and asset catalogs for missing or wrong retina variants (for CI).
      derive   Make the missing scales of icons from their best source (never enlarging).
      appicon  Make an app icon set (or Android icons) from one 1024-px master.
      diff     Compare two asset trees, or a git revision and the work tree: a before-and-after sheet.

    options:
      -h, --help     Show help (also: icongrid help <subcommand>).
      -V, --version  Show the version and the libpng and zlib versions.

    Exit status: 0 ok, 1 findings, 64 bad command line, 65 bad data, 66 missing input,
    74 cannot write.

    """

  static let infoHelp = """
    usage: icongrid info FILE... [--scale N] [--format text|json]

    Show the format and size of image files and whether they decode.

    For each file: its format by its bytes (png, cgbi, jpeg, webp, heic, avif, gif,
    pdf, svg, or unknown), what disagrees with its extension ("WebP data in a .png
    file"), its size, and the SHA-256 of its decoded 8-bit RGBA pixels. PNG files add
    bit depth, colour type and interlacing; vector files (PDF, SVG) their size in
    points, and are rendered at --scale to give the pixels.

    options:
      --scale N           Pixels per point vector files are rendered at (default 1).
      --format text|json  One line per file (default), or a JSON array.

    Exit status: 0 when every file decoded, 65 when one did not (all are still
    reported), 66 when a file does not exist, 64 for a bad command line.

    """

  @Test("help goes to stdout with exit 0", arguments: [["--help"], ["-h"], ["help"], []])
  func help(arguments: [String]) {
    let captured = CapturedConsole()
    let status = IconGridCLI.main(arguments: arguments, console: captured.console)
    #expect(status == 0)
    #expect(captured.out == Self.help)
    #expect(captured.err == "")
  }

  @Test("info's help, three ways", arguments: [["info", "--help"], ["info", "-h"], ["help", "info"]])
  func infoHelp(arguments: [String]) {
    let captured = CapturedConsole()
    let status = IconGridCLI.main(arguments: arguments, console: captured.console)
    #expect(status == 0)
    #expect(captured.out == Self.infoHelp)
    #expect(captured.err == "")
  }

  @Test("--version names libpng and zlib", arguments: ["--version", "-V"])
  func version(flag: String) {
    let result = icongrid(flag)
    #expect(result.status == 0)
    #expect(
      result.out
        == "icongrid \(IconGridCLI.version) (libpng \(CodecLibraries.libpngVersion), zlib \(CodecLibraries.zlibVersion))\n"
    )
    #expect(CodecLibraries.libpngVersion.hasPrefix("1.6."))
    #expect(result.err == "")
  }

  @Test("an unknown option: did you mean, usage, exit 64, nothing on stdout")
  func unknownOption() {
    let result = icongrid("info", "--formt", "json", "a.png")
    #expect(result.status == 64)
    #expect(result.out == "")
    #expect(
      result.err == """
        icongrid: error: unknown option '--formt'; did you mean '--format'?
        usage: icongrid info FILE... [--scale N] [--format text|json]
        See 'icongrid info --help'.

        """)
  }

  @Test("an unknown subcommand: did you mean")
  func unknownSubcommand() {
    let result = icongrid("inof", "a.png")
    #expect(result.status == 64)
    #expect(result.out == "")
    #expect(
      result.err
        == "icongrid: error: unknown subcommand 'inof'; did you mean 'info'?\nSee 'icongrid --help'.\n")
  }

  @Test(
    "bad command lines exit 64 with a reason",
    arguments: [
      (["info"], "no files given"),
      (["info", "--format", "yaml", "a.png"], "unknown format 'yaml'; expected text, json"),
      (["info", "a.png", "--format"], "option '--format' needs a value"),
      (["info", "--format", "json", "--format", "text", "a.png"], "option '--format' given twice"),
    ])
  func badCommandLines(arguments: [String], reason: String) {
    let captured = CapturedConsole()
    let status = IconGridCLI.main(arguments: arguments, console: captured.console)
    #expect(status == 64)
    #expect(captured.out == "")
    #expect(captured.err.hasPrefix("icongrid: error: \(reason)\n"))
  }

  @Test("no colour when NO_COLOR is set, even on a terminal")
  func noColor() {
    let captured = CapturedConsole()
    var console = captured.console
    console.errIsTerminal = true
    console.environment = ["NO_COLOR": "1"]
    _ = IconGridCLI.main(arguments: ["bogus"], console: console)
    #expect(!captured.err.contains("\u{1B}["))
    let coloured = CapturedConsole()
    var terminal = coloured.console
    terminal.errIsTerminal = true
    _ = IconGridCLI.main(arguments: ["bogus"], console: terminal)
    #expect(coloured.err.contains("\u{1B}["))
  }
}
