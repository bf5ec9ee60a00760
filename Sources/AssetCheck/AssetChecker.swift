import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a check requires and how deep it reads.
public struct CheckConfiguration: Sendable, Hashable {
  /// The scales every asset must have, ascending (`[2, 3]` for `2x,3x`); `nil` to take them
  /// from each target of a project (its platforms and deployment targets), and 2x where no
  /// project says. iPad variants are held to the scales up to 2 (no iPad has a 3x screen).
  public var requiredScales: [Int]?
  /// Decode every PNG fully instead of reading its header only.
  public var deep: Bool
  /// Rule ids whose findings are dropped.
  public var ignoredRules: Set<String>
  /// Check the sets of `Preview Assets.xcassets` (and other development assets) too.
  public var includePreviews: Bool
  /// Check only this name space (a target's name, a catalog's path); `nil` for all.
  public var target: String?
  /// How to read the roots' loose files: `nil` to tell from each tree (Android and Flutter
  /// folders, JavaScript projects that name react-native); ``Layout/reactNative`` reads every
  /// loose file by Metro's rules; ``Layout/apple`` runs UIKit's rules alone.
  public var layout: Layout?
  /// Read the tree's sources (Swift, Objective-C, storyboards, xibs, property lists, localized
  /// strings) and report names they use that no asset provides, and image sets nothing uses
  /// (`--references`).
  public var references = false
  /// The limits every file is decoded within with ``deep`` (PNGs, and PDFs and SVGs rendered
  /// as well as probed), and, through ``ImageCore/DecodingLimits/isolation``, whether PDF and
  /// SVG renders and HEIC and AVIF decodes run in a child process with its own CPU, memory
  /// and wall-clock limits. ``ImageCore/DecodingLimits/default`` (in process) unless set.
  public var limits: DecodingLimits = .default

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - requiredScales: the scales every asset must have; `nil` to take them from the project.
  ///   - deep: decode every file instead of reading headers.
  ///   - ignoredRules: rule ids whose findings are dropped.
  ///   - includePreviews: check development (preview) assets too.
  ///   - target: check only the name space with this identifier.
  public init(
    requiredScales: [Int]? = nil, deep: Bool = false, ignoredRules: Set<String> = [],
    includePreviews: Bool = false, target: String? = nil
  ) {
    self.target = target
    self.requiredScales = requiredScales.map { Array(Set($0)).sorted() }
    self.deep = deep
    self.ignoredRules = ignoredRules
    self.includePreviews = includePreviews
  }

}

/// Runs the rules over roots of loose icons and asset catalogs.
///
/// Each root is indexed by ``AssetResolver/AssetCatalog``; by default only the first bytes of
/// each PNG are read (its header), so a check costs about as much as listing the files.
///
/// ```swift
/// let report = AssetChecker.check(roots: ["App/Assets.xcassets"],
///                                 configuration: CheckConfiguration(requiredScales: [2, 3]))
/// print(report.rendered(as: .text), terminator: "")
/// ```
///
/// - Complexity: O(files) file opens of one small read each; with
///   ``CheckConfiguration/deep`` every PNG is read and decoded.
public enum AssetChecker {
  /// Checks each root in turn and reports all their findings together.
  ///
  /// - Parameters:
  ///   - roots: the folders to check, in the order reports list them.
  ///   - configuration: what is required and how deep files are read.
  /// - Returns: every root's summary and all findings, sorted.
  public static func check(roots: [String], configuration: CheckConfiguration = .init()) -> CheckReport {
    check(roots.map { AssetCatalog(root: $0) }, configuration: configuration)
  }

  /// Checks roots indexed already (a run that checked `--target` first indexes them once).
  ///
  /// - Parameters:
  ///   - catalogs: the roots' indexes, in the order reports list them.
  ///   - configuration: what is required and how deep files are read.
  /// - Returns: every root's summary and all findings, sorted.
  public static func check(_ catalogs: [AssetCatalog], configuration: CheckConfiguration = .init())
    -> CheckReport
  {
    var summaries: [CheckReport.Root] = []
    var findings: [Finding] = []
    for catalog in catalogs {
      let (summary, found) = check(catalog, configuration: configuration)
      summaries.append(summary)
      // One root's findings are taken as they are, not copied one by one.
      if findings.isEmpty { findings = found } else { findings += found }
    }
    return CheckReport(roots: summaries, findings: findings)
  }

  /// Checks one indexed root.
  ///
  /// - Parameters:
  ///   - catalog: the root's index.
  ///   - configuration: what is required and how deep files are read.
  /// - Returns: the root's summary and its findings, without the ignored rules'.
  public static func check(_ catalog: AssetCatalog, configuration: CheckConfiguration = .init())
    -> (root: CheckReport.Root, findings: [Finding])
  {
    var run = RootCheck(catalog: catalog, configuration: configuration)
    run.run()
    var summary = CheckReport.Root(
      path: catalog.root, absolutePath: FileSystem.realPath(catalog.root),
      assets: run.assets.filter { !(run.looseFilesAreMetros && $0.source == .looseFiles) }.map(\.name)
        + run.layoutAssets.sorted(),
      // Without layout files, nothing to subtract (and no hash of every probed path).
      files: run.fileCount + (run.layoutFiles.isEmpty ? 0 : run.layoutFiles.subtracting(run.probed).count),
      // Metro's files need no scale: with `--layout react-native` only catalogs have requirements.
      requirements: run.requirementUses.filter { _ in
        !run.looseFilesAreMetros || run.assets.contains { $0.source != .looseFiles }
      }.map {
        CheckReport.Requirement(
          scales: $0.requirement.scales(for: nil).map(\.scale), reason: $0.requirement.summary,
          namespaces: $0.namespaces)
      },
      skipped: catalog.skipped.filter { !run.layoutFiles.contains($0.path) }.map {
        CheckReport.Skipped(path: $0.path, reason: $0.reason.description)
      }
        + run.skippedHere
        + catalog.sets.filter { $0.skipReason != nil && $0.kind != .iconDocument }.map {
          CheckReport.Skipped(path: $0.path, reason: "\($0.kind)")
        }
        + run.looseSkips.filter { _ in !run.looseFilesAreMetros }.sorted { $0.key < $1.key }.map {
          CheckReport.Skipped(path: $0.key, reason: $0.value)
        }
        + run.masterSets.sorted().map { CheckReport.Skipped(path: $0, reason: "large-single-image") })
    summary.namespaces = catalog.namespaces.map(\.id)
    summary.notes = run.layoutNotes
    summary.patterns = run.referencePatterns
    // `--ignore IconDensities` drops the rule that lint id aliases.
    let ignored = Set(configuration.ignoredRules.map { Rule.named($0)?.id ?? $0 })
    return (summary, ignored.isEmpty ? run.findings : run.findings.filter { !ignored.contains($0.rule.id) })
  }
}
