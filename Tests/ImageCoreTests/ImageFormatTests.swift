import IconGridSupport
import ImageCore
import TestSupport
import Testing

/// The one format sniffer: synthetic heads for each rule, and every image file of the real
/// trees, whose formats were checked by hand with `file(1)`.
@Suite struct ImageFormatTests {
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// An ISO media file's first box: size, `ftyp`, major brand, minor version, brands.
  static func ftyp(_ major: String, _ compatible: [String], size: Int? = nil) -> [UInt8] {
    let length = size ?? 16 + 4 * compatible.count
    var bytes: [UInt8] = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) }
    bytes += ascii("ftyp") + ascii(major) + [0, 0, 0, 0]
    for brand in compatible { bytes += ascii(brand) }
    // What follows the box in a real file: a `meta` box.
    return bytes + [0, 0, 0, 12] + ascii("meta") + [0, 0, 0, 0]
  }

  @Test func pngAndCgBI() {
    let ihdr = Self.pngSignature + [0, 0, 0, 13] + Self.ascii("IHDR")
    let cgbi = Self.pngSignature + [0, 0, 0, 4] + Self.ascii("CgBI") + [0x50, 0, 0x20, 2]
    #expect(ImageFormat.sniff(ihdr) == .png)
    #expect(ImageFormat.sniff(cgbi) == .cgbi)
    #expect(ImageFormat.mismatch(.cgbi, pathExtension: "png") == nil)
    #expect(ImageFormat.mismatch(.png, pathExtension: "PNG") == nil)
  }

  @Test func rasterMagic() {
    #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Self.ascii("JFIF")) == .jpeg)
    #expect(ImageFormat.sniff(Self.ascii("RIFF") + [0x24, 0, 0, 0] + Self.ascii("WEBPVP8 ")) == .webp)
    #expect(ImageFormat.sniff(Self.ascii("GIF89a") + [1, 0, 1, 0]) == .gif)
    #expect(ImageFormat.sniff(Self.ascii("GIF87a") + [1, 0, 1, 0]) == .gif)
    // A RIFF that is not WebP (a WAVE file) is no image.
    #expect(ImageFormat.sniff(Self.ascii("RIFF") + [0x24, 0, 0, 0] + Self.ascii("WAVEfmt ")) == nil)
  }

  @Test(arguments: [
    // (major, compatible, expected)
    ("heic", ["mif1", "heic"], ImageFormat.heic),
    ("heix", ["mif1"], .heic),
    ("mif1", ["mif1", "heic"], .heic),
    ("mif1", ["miaf", "MiHB"], .heic),
    ("msf1", ["msf1", "hevc"], .heic),
    ("avif", ["mif1", "miaf", "MA1B"], .avif),
    ("avis", ["msf1", "avif"], .avif),
    ("mif1", ["mif1", "avif", "miaf"], .avif),
    // The major brand decides over compatible ones.
    ("heic", ["avif", "mif1"], .heic),
    ("avif", ["heic", "mif1"], .avif),
  ])
  func heifBrands(major: String, compatible: [String], expected: ImageFormat) {
    #expect(ImageFormat.sniff(Self.ftyp(major, compatible)) == expected)
  }

  @Test func isoMediaThatIsNoImage() {
    #expect(ImageFormat.sniff(Self.ftyp("isom", ["isom", "iso2", "mp41"])) == nil)
    #expect(ImageFormat.sniff(Self.ftyp("qt  ", [])) == nil)
    // Compatible brands are read only inside the box: a brand-like word after it is not one.
    let short = Self.ftyp("isom", ["mp41"], size: 20) + Self.ascii("avif")
    #expect(ImageFormat.sniff(short) == nil)
    // Size 0 runs to the end of the file.
    #expect(ImageFormat.sniff(Self.ftyp("mif1", ["avif"], size: 0)) == .avif)
  }

  @Test func largeSizeFtyp() {
    var bytes: [UInt8] = [0, 0, 0, 1] + Self.ascii("ftyp") + [0, 0, 0, 0, 0, 0, 0, 32]
    bytes += Self.ascii("mif1") + [0, 0, 0, 0] + Self.ascii("mif1") + Self.ascii("avif")
    #expect(ImageFormat.sniff(bytes) == .avif)
  }

  @Test func pdf() {
    #expect(ImageFormat.sniff(Self.ascii("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj")) == .pdf)
    // Readers accept the header after junk within the first kilobyte, not later.
    let junk = [UInt8](repeating: 0x20, count: 500) + Self.ascii("garbage\r\n")
    #expect(ImageFormat.sniff(junk + Self.ascii("%PDF-1.4\n")) == .pdf)
    let far = [UInt8](repeating: 0x41, count: 1_100)
    #expect(ImageFormat.sniff(far + Self.ascii("%PDF-1.4\n")) == nil)
    #expect(ImageFormat.sniff(Self.ascii("%PDF")) == nil)
  }

  @Test(arguments: [
    "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    "\u{FEFF}<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>",
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<svg width=\"24\">",
    "\n\t  <?xml version=\"1.0\"?><!-- Generator: Sketch -->\n<!-- two -->\r\n<svg>",
    "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg>",
    "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n  <!ENTITY ns \"http://www.w3.org/2000/svg\">\n"
      + "  <!ENTITY tricky \"a ] and a > inside\">\n]>\n<svg xmlns=\"&ns;\">",
    "<?xml-stylesheet href=\"style.css\" type=\"text/css\"?><svg>",
    "<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\">",
    "<svg\n  width=\"1\">",
  ])
  func svgText(_ text: String) {
    #expect(ImageFormat.sniff(Array(text.utf8)) == .svg)
  }

  @Test(arguments: [
    "<html><svg></svg></html>",
    "<svgx>",
    "<SVG>",
    "<?xml version=\"1.0\"?><vector xmlns:android=\"http://schemas.android.com/apk/res/android\">",
    "<!-- a comment that never ends <svg>",
    "<!DOCTYPE svg [ <!ENTITY a \"unterminated> <svg>",
    "hello <svg>",
    "",
  ])
  func notSVGText(_ text: String) {
    #expect(ImageFormat.sniff(Array(text.utf8)) == nil)
  }

  @Test func svgMentioningPDFIsSVG() {
    let text = "<!-- exported from %PDF-1.4 by a converter --><svg viewBox=\"0 0 1 1\"/>"
    #expect(ImageFormat.sniff(Self.ascii(text)) == .svg)
  }

  @Test func utf16SVG() {
    let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><svg/>"
    let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    #expect(ImageFormat.sniff(little) == .svg)
    #expect(ImageFormat.sniff(big) == .svg)
  }

  @Test func gzipIsSVGOnlyAsSVGZ() {
    let gzip: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03]
    #expect(ImageFormat.sniff(gzip, pathExtension: "svgz") == .svg)
    #expect(ImageFormat.sniff(gzip, pathExtension: "SVGZ") == .svg)
    #expect(ImageFormat.sniff(gzip, pathExtension: "gz") == nil)
    #expect(ImageFormat.sniff(gzip) == nil)
  }

  @Test func truncatedHeads() {
    // Every proper prefix of a signature is too short to name a format.
    let heads: [[UInt8]] = [
      Self.pngSignature, [0xFF, 0xD8, 0xFF], Self.ascii("RIFF\u{24}\0\0\0WEBP"), Self.ascii("GIF89a"),
      Self.ftyp("heic", ["mif1"]).prefix(12).map { $0 }, Self.ascii("%PDF-"),
    ]
    for head in heads {
      #expect(ImageFormat.sniff(head) != nil)
      for count in 0..<head.count {
        #expect(ImageFormat.sniff(head.prefix(count)) == nil, "\(count) bytes of \(head)")
      }
    }
    // A PNG cut inside the first chunk's type is still a PNG, just not known to be CgBI.
    #expect(ImageFormat.sniff(Self.pngSignature + [0, 0, 0, 4] + Self.ascii("Cg")) == .png)
  }

  @Test func namesAndDescriptions() {
    #expect(ImageFormat.pdf.description == "a PDF (vector)")
    #expect(ImageFormat.svg.description == "an SVG (vector)")
    #expect(ImageFormat.avif.description == "an AVIF")
    #expect(ImageFormat.webp.description == "a WebP")
    #expect(ImageFormat.cgbi.name == "CgBI PNG")
    #expect(ImageFormat.allCases.filter(\.isVector) == [.pdf, .svg])
  }

  @Test func promisedByExtension() {
    #expect(ImageFormat.promised(byExtension: "PNG") == .png)
    #expect(ImageFormat.promised(byExtension: "jpeg") == .jpeg)
    #expect(ImageFormat.promised(byExtension: "jpg") == .jpeg)
    #expect(ImageFormat.promised(byExtension: "heif") == .heic)
    #expect(ImageFormat.promised(byExtension: "svgz") == .svg)
    #expect(ImageFormat.promised(byExtension: "txt") == nil)
    #expect(ImageFormat.promised(byExtension: "") == nil)
    for format in ImageFormat.allCases where format != .cgbi {
      for ext in format.pathExtensions { #expect(ImageFormat.promised(byExtension: ext) == format) }
    }
  }

  @Test func mismatchMessages() {
    #expect(ImageFormat.mismatch(.webp, pathExtension: "png") == "WebP data in a .png file")
    #expect(ImageFormat.mismatch(.jpeg, pathExtension: "png") == "JPEG data in a .png file")
    #expect(ImageFormat.mismatch(.png, pathExtension: "pdf") == "PNG data in a .pdf file")
    #expect(ImageFormat.mismatch(.jpeg, pathExtension: "jpeg") == nil)
    #expect(ImageFormat.mismatch(.svg, pathExtension: "svgz") == nil)
    #expect(ImageFormat.mismatch(.heic, pathExtension: "heif") == nil)
    #expect(ImageFormat.mismatch(.webp, pathExtension: "bin") == nil)
    #expect(
      ImageFormat.mismatch(nil, pathExtension: "svg")
        == "not an SVG (vector): its bytes are no image format IconGrid knows")
  }

  @Test func sniffContentsOfFile() throws {
    let folder = TemporaryFolder.make("pngcodec-sniff")
    defer { TemporaryFolder.remove(folder) }
    let path = folder + "/icon.svgz"
    TestFiles.write([0x1F, 0x8B, 0x08, 0x00], to: path)
    #expect(try ImageFormat.sniff(contentsOf: path) == .svg)
    let plain = folder + "/svgz"
    TestFiles.write([0x1F, 0x8B, 0x08, 0x00], to: plain)
    #expect(try ImageFormat.sniff(contentsOf: plain) == nil)
    #expect(throws: ImageError.self) { try ImageFormat.sniff(contentsOf: folder + "/missing.png") }
  }
}

/// Every image file of the eight real trees sniffs to the format of its extension, except
/// the files `file(1)` showed to hold another format (WebP and JPEG saved as `.png`).
@Suite struct RealTreeSniffTests {
  static let root = TestPaths.testData("real")

  static let imageExtensions: Set<String> = [
    "png", "jpg", "jpeg", "gif", "pdf", "svg", "svgz", "webp", "heic",
  ]

  /// Found by `file -b` over every `.png` of the trees (all other files agree with it).
  static let foreign: [String: ImageFormat] = {
    var table: [String: ImageFormat] = [
      "home-assistant-iOS/fastlane/metadata/app_icon.png": .jpeg,
      "federicoiosue-Omni-Notes/fastlane/metadata/android/en-US/images/phoneScreenshots/4.png": .jpeg,
    ]
    let sets = ["AppIcon", "AppIcon.beta", "AppIcon.dev"]
    for set in sets {
      for size in [16, 32, 64, 128, 256, 512, 1024] {
        table["home-assistant-iOS/Sources/App/Resources/Assets.xcassets/\(set).appiconset/\(size)-mac.png"] =
          .webp
      }
    }
    return table
  }()

  static func imageFiles() -> [String] {
    var found: [String] = []
    var pending = [""]
    while let relative = pending.popLast() {
      let folder = relative.isEmpty ? root : root + "/" + relative
      for name in FileSystem.entryNames(of: folder) {
        let path = relative.isEmpty ? name : relative + "/" + name
        if FileSystem.isDirectory(root + "/" + path) {
          pending.append(path)
        } else if let dot = name.lastIndex(of: "."),
          imageExtensions.contains(name[name.index(after: dot)...].lowercased())
        {
          found.append(path)
        }
      }
    }
    return found.sorted()
  }

  @Test(.needsSharedData, .tags(.sharedData)) func everyFileSniffs() throws {
    let files = Self.imageFiles()
    // 1,939 PNG, 606 PDF, 247 SVG, 36 JPEG, 10 GIF (counted with find(1)).
    #expect(files.count == 2_838)
    var counts: [ImageFormat: Int] = [:]
    var mismatched: [String: ImageFormat] = [:]
    for relative in files {
      let format = try #require(try ImageFormat.sniff(contentsOf: Self.root + "/" + relative), "\(relative)")
      counts[format, default: 0] += 1
      let ext = String(relative[relative.index(after: relative.lastIndex(of: ".")!)...])
      if let mismatch = ImageFormat.mismatch(format, pathExtension: ext) {
        mismatched[relative] = format
        #expect(mismatch == "\(format.name) data in a .png file")
      }
    }
    #expect(mismatched == Self.foreign)
    #expect(counts == [.png: 1_916, .jpeg: 38, .webp: 21, .pdf: 606, .svg: 247, .gif: 10])
  }

  @Test(.needsSharedData, .tags(.sharedData)) func handCheckedSample() throws {
    let sample: [(String, ImageFormat)] = [
      ("home-assistant-iOS/Sources/App/Resources/Assets.xcassets/AppIcon.appiconset/1024-mac.png", .webp),
      (
        "home-assistant-iOS/Sources/Shared/Assets/SharedAssets.xcassets/ha-cloud-logo.imageset/ha-cloud-logo.pdf",
        .pdf
      ),
      ("home-assistant-iOS/fastlane/metadata/app_icon.png", .jpeg),
    ]
    for (relative, expected) in sample {
      #expect(try ImageFormat.sniff(contentsOf: Self.root + "/" + relative) == expected, "\(relative)")
    }
    let webp = "home-assistant-iOS/Sources/App/Resources/Assets.xcassets/AppIcon.appiconset/16-mac.png"
    let format = try ImageFormat.sniff(contentsOf: Self.root + "/" + webp)
    #expect(ImageFormat.mismatch(format, pathExtension: "png") == "WebP data in a .png file")
  }
}
