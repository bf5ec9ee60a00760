import IconGridSupport
import PNGCodec

/// Options of `icongrid info`.
package struct InfoOptions: Sendable, Equatable {
  /// The files, in the order given.
  package var paths: [String]
  /// Text or JSON.
  package var format: OutputFormat

  /// Creates options.
  package init(paths: [String], format: OutputFormat = .text) {
    self.paths = paths
    self.format = format
  }
}

/// `icongrid info`: header, decode result and pixel digest of each file.
enum InfoCommand {
  static let subcommand = Subcommand(
    name: "info",
    summary: "Show the header of PNG files and whether they decode.",
    usage: "icongrid info FILE... [--format text|json]",
    details: """
      For each file: format (png, cgbi or unknown), size, bit depth, colour type,
      interlacing, and the SHA-256 of its decoded 8-bit RGBA pixels.

      options:
        --format text|json  One line per file (default), or a JSON array.

      Exit status: 0 when every file decoded, 65 when one did not (all are still
      reported), 66 when a file does not exist, 64 for a bad command line.
      """,
    options: [OptionSpec(name: "--format", takesValue: true)],
    parse: { (parsed) throws -> Command in
      guard !parsed.positionals.isEmpty else {
        throw UsageError("no files given", subcommand: "info")
      }
      let format = try parseFormat(parsed, default: OutputFormat.text, subcommand: "info")
      return .info(InfoOptions(paths: parsed.positionals, format: format))
    })

  /// What one file turned out to be.
  struct Report {
    var path: String
    var header: PNGHeader?
    var digest: String?
    var error: PNGError?

    var format: String {
      guard let header else { return "unknown" }
      return header.isCgBI ? "cgbi" : "png"
    }

    var json: JSONValue {
      .object([
        ("path", .string(path)),
        ("format", .string(format)),
        ("width", .optional(header?.width)),
        ("height", .optional(header?.height)),
        ("bitDepth", .optional(header?.bitDepth)),
        ("colorType", .optional(header?.colorType.description)),
        ("interlaced", .optional(header?.interlaced)),
        ("decoded", .bool(digest != nil)),
        ("pixelDigest", .optional(digest)),
        ("error", .optional(error?.message)),
      ])
    }

    var line: String {
      var parts: [String] = []
      if let header {
        parts.append(
          "\(format) \(header.width)×\(header.height) \(header.bitDepth)-bit \(header.colorType)"
            + (header.interlaced ? " interlaced" : ""))
      }
      if let digest { parts.append("sha256:\(digest)") }
      if let error { parts.append("error: \(error.message)") }
      return "\(path): " + parts.joined(separator: ", ")
    }
  }

  static func report(_ path: String) -> Report {
    var report = Report(path: path)
    do {
      report.header = try PNGHeader.probe(contentsOf: path)
    } catch {
      report.error = PNGError.from(error)
      return report
    }
    do {
      report.digest = try PNGDecoder.decode(contentsOf: path).pixelDigest()
    } catch {
      report.error = PNGError.from(error)
    }
    return report
  }

  static func run(_ options: InfoOptions, console: Console) -> Int32 {
    let reports = options.paths.map(report)
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
