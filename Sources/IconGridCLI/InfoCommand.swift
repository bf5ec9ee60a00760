import IconGridSupport
import ImageCore
import ImageDecoding
import PNGCodec

/// Options of `icongrid info`.
package struct InfoOptions: Sendable, Equatable {
  /// The files, in the order given.
  package var paths: [String]
  /// Text or JSON.
  package var format: OutputFormat
  /// Pixels per point vector files (PDF, SVG) are rendered at.
  package var scale: Int

  /// Creates options.
  package init(paths: [String], format: OutputFormat = .text, scale: Int = 1) {
    self.paths = paths
    self.format = format
    self.scale = scale
  }
}

/// `icongrid info`: format, size, decode result and pixel digest of each file.
enum InfoCommand {
  static let subcommand = Subcommand(
    name: "info",
    summary: "Show the format and size of image files and whether they decode.",
    usage: "icongrid info FILE... [--scale N] [--format text|json]",
    details: """
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
      """,
    options: [OptionSpec(name: "--format", takesValue: true), OptionSpec(name: "--scale", takesValue: true)],
    parse: { (parsed) throws -> Command in
      guard !parsed.positionals.isEmpty else {
        throw UsageError("no files given", subcommand: "info")
      }
      let format = try parseFormat(parsed, default: OutputFormat.text, subcommand: "info")
      var scale = 1
      if let text = parsed.value("--scale") {
        guard let value = Int(text), (1...16).contains(value) else {
          throw UsageError("--scale expects a whole number from 1 to 16, not '\(text)'", subcommand: "info")
        }
        scale = value
      }
      return .info(InfoOptions(paths: parsed.positionals, format: format, scale: scale))
    })

  /// What one file turned out to be.
  struct Report {
    var path: String
    var format: ImageFormat?
    var mismatch: String?
    var header: PNGHeader?
    var width: Int?
    var height: Int?
    var pointSize: PointDimensions?
    var glyph: String?
    var scale: Int
    var digest: String?
    var error: ImageError?

    var formatName: String { format?.rawValue ?? "unknown" }

    var json: JSONValue {
      .object([
        ("path", .string(path)),
        ("format", .string(formatName)),
        ("formatMismatch", .optional(mismatch)),
        ("width", .optional(width)),
        ("height", .optional(height)),
        ("bitDepth", .optional(header?.bitDepth)),
        ("colorType", .optional(header?.colorType.description)),
        ("interlaced", .optional(header?.interlaced)),
        ("pointWidth", pointSize.map { .double($0.width) } ?? .null),
        ("pointHeight", pointSize.map { .double($0.height) } ?? .null),
        ("renderScale", pointSize == nil ? .null : .int(scale)),
        ("symbolGlyph", .optional(glyph)),
        ("decoded", .bool(digest != nil)),
        ("pixelDigest", .optional(digest)),
        ("error", .optional(error?.detail)),
      ])
    }

    var line: String {
      var parts: [String] = []
      if let header {
        parts.append(
          "\(formatName) \(header.width)×\(header.height) \(header.bitDepth)-bit \(header.colorType)"
            + (header.interlaced ? " interlaced" : ""))
      } else if let pointSize, let width, let height {
        parts.append(
          "\(formatName) \(String(pointSize.description.map { $0 == "x" ? "×" : $0 })) pt"
            + (glyph.map { " (symbol glyph \($0))" } ?? "")
            + ", rendered \(width)×\(height) px at \(scale)x")
      } else if let width, let height {
        parts.append("\(formatName) \(width)×\(height)")
      } else if let format {
        parts.append(format.rawValue)
      }
      if let mismatch { parts.append(mismatch) }
      if let digest { parts.append("sha256:\(digest)") }
      if let error { parts.append("error: \(error.detail)") }
      return "\(path): " + parts.joined(separator: ", ")
    }
  }

  static func report(_ path: String, scale: Int, limits: DecodingLimits = .default) -> Report {
    var report = Report(path: path, scale: scale)
    let size = RenderSize.scale(Double(scale))
    do {
      let probe = try ImageDecoder.probe(contentsOf: path, size: size)
      report.format = probe.format
      report.mismatch = probe.mismatch
      report.header = probe.pngHeader
      report.width = probe.pixelWidth
      report.height = probe.pixelHeight
      report.pointSize = probe.pointSize
      report.glyph = probe.glyph
    } catch {
      report.format = error.format
      report.error = error
      // The format is known even when its header is not readable.
      if error.format == nil, let sniffed = try? ImageDecoder.format(ofFile: path) {
        report.format = sniffed.format
        report.mismatch = sniffed.mismatch
      }
      return report
    }
    do {
      let image = try ImageDecoder.decode(contentsOf: path, size: size, limits: limits)
      report.digest = image.bitmap.pixelDigest()
    } catch {
      report.error = error
    }
    return report
  }

  static func run(_ options: InfoOptions, console: Console, limits: DecodingLimits = .default) -> Int32 {
    let reports = options.paths.map { report($0, scale: options.scale, limits: limits) }
    switch options.format {
    case .json: console.out(JSONValue.array(reports.map(\.json)).rendered() + "\n")
    case .text: console.out(reports.map { $0.line + "\n" }.joined())
    }
    if reports.contains(where: { $0.error?.code == .notFound }) {
      for report in reports where report.error?.code == .notFound {
        console.error("\(report.path): no such file")
      }
      return ExitStatus.noInput
    }
    return reports.contains(where: { $0.digest == nil }) ? ExitStatus.dataError : ExitStatus.success
  }
}
