import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore
import ImageDecoding

extension RootCheck {
  /// A file the PNG probe does not read, and what to ask of it.
  struct FormatJob: Sendable {
    /// The path relative to the root, for the finding.
    var path: String
    /// The path to open.
    var full: String
    /// The asset it belongs to.
    var asset: String
    /// Pixels per point a vector is rendered at with `--deep` (at most; see ``formatProblem(_:deep:limits:)``).
    var scale: Int
    /// Whether its slot takes only an SVG (a symbol set's template).
    var vectorOnly: Bool
  }

  // MARK: - unreadable: vector files, vector-only slots, --deep for every format

  /// `unreadable` for what the PNG header probe leaves alone: a PDF or SVG that does not
  /// parse, a file in a vector-only slot that is not an SVG, and with `--deep` a file of any
  /// other format that does not decode, or a vector that does not render.
  ///
  /// Vector-only, as Xcode builds catalogs: a symbol set's slot (actool compiles only an SVG
  /// symbol template there). A Single Scale image set slot is not: since Xcode 12 it takes
  /// PNG and JPEG as well, and `preserves-vector-representation` beside a raster is ignored
  /// by actool rather than refused (home-assistant's watch logos ship that way).
  mutating func formatRules() {
    var jobs: [FormatJob] = []
    var seen: Set<String> = []
    // Without symbol sets, whether a file is probed depends on its path alone: a file that is
    // not probed here would be probed in no other asset, so it need not be remembered.
    let anyVectorOnly = assets.contains { $0.kind == .symbolSet }
    let deep = configuration.deep
    for asset in assets where !(asset.source == .looseFiles && looseSkips[asset.location] != nil) {
      let vectorOnly = asset.kind == .symbolSet
      for variant in asset.variants {
        if !anyVectorOnly, !variant.isVectorFile, !(deep && !RootCheck.isPNGName(variant.path)) { continue }
        guard seen.insert(variant.path).inserted else { continue }
        let png = RootCheck.isPNGName(variant.path)
        guard vectorOnly || variant.isVectorFile || (configuration.deep && !png) else { continue }
        jobs.append(
          FormatJob(
            path: variant.path, full: catalog.path(of: variant), asset: asset.name,
            scale: variant.isScaleIndependent ? 3 : max(1, variant.scale), vectorOnly: vectorOnly))
      }
    }
    let limits = configuration.limits
    let problems = Parallel.map(jobs) { job in RootCheck.formatProblem(job, deep: deep, limits: limits) }
    for (job, problem) in zip(jobs, problems) {
      if let problem { add(.unreadable, job.path, asset: job.asset, problem) }
    }
  }

  /// Why the file cannot be used as its slot needs; `nil` when it can. `limits` bound the
  /// probe and the `deep` decode, and say whether a render runs in a child process.
  static func formatProblem(_ job: FormatJob, deep: Bool, limits: DecodingLimits) -> String? {
    let format: ImageFormat
    let mismatch: String?
    do {
      (format, mismatch) = try ImageDecoder.format(ofFile: job.full)
    } catch {
      return error.message
    }
    if job.vectorOnly, format != .svg {
      return
        "\(format.description) in a symbol set, whose slot takes only an SVG symbol template (actool "
        + "refuses anything else); export the symbol as a template from the SF Symbols app"
    }
    let vectorName =
      ImageFormat.promised(byExtension: ImageDecoderPath.pathExtension(job.path))?.isVector == true
    if vectorName, !format.isVector, let mismatch {
      return "\(mismatch): Xcode reads a file by its extension, so this is a broken vector image; rename it"
    }
    do {
      if format.isVector {
        let probe = try ImageDecoder.probe(contentsOf: job.full, size: .scale(1), limits: limits)
        if deep, let points = probe.pointSize {
          // A render proves the file draws; its size need not be the largest the slot is
          // drawn at (a 2,960-pt launch logo at 3x is beyond any sensible render), so the
          // scale is capped to keep the longer side within 2,048 pixels.
          let cap = 2_048 / max(1, points.width, points.height)
          _ = try ImageDecoder.decode(
            contentsOf: job.full, size: .scale(min(Double(job.scale), cap)), limits: limits)
        }
      } else if deep {
        // A JPEG decoded at a fraction of its size still reads every coefficient, so damage
        // and truncation are found at a fraction of the memory (5,000² JPEG: 0.9 MB, not 100).
        _ = try ImageDecoder.decode(contentsOf: job.full, limits: limits, drawnWithin: 256)
      }
    } catch {
      return error.message
    }
    return nil
  }
}

/// The extension of a path's last component, without its dot.
private enum ImageDecoderPath {
  static func pathExtension(_ path: String) -> String {
    let name = Paths.lastComponent(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }
}
