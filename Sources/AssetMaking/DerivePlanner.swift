import AssetCheck
import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore
import ImageDecoding
import PNGCodec
import Resampling

extension DerivePlan {
  /// Plans what `derive` makes under `roots`: for every asset that lacks a scale the project
  /// requires (the requirement `check`'s `missing-scale` uses, or `options.scales`), and
  /// every Android drawable that `android-densities` or `android-density-folder` finds
  /// missing from a density folder, the source it would be made from, the file and pixel
  /// size it would make, or why it cannot. Flutter and React Native assets have no
  /// required scales in `check`; a note says so for each root that has them.
  ///
  /// Reads folder listings, `Contents.json` files and image headers; writes nothing.
  ///
  /// - Parameters:
  ///   - roots: folders of loose icons and asset catalogs (an Xcode project's folder).
  ///   - options: the source to use, the scales, the target and `--force`.
  /// - Returns: the plan.
  /// - Throws: ``MakingError`` with ``MakingError/Code/notFound`` for a root that is not a folder.
  public static func plan(roots: [String], options: DeriveOptions) throws -> DerivePlan {
    for root in roots where !FileSystem.isDirectory(root) {
      throw MakingError(
        .notFound, "no such folder (give the folder that holds the icons or the .xcassets)", path: root)
    }
    return plan(roots.map { AssetCatalog(root: $0) }, options: options)
  }

  /// Plans the missing files of roots indexed already (a run that checked `--target`
  /// first indexes them once).
  ///
  /// - Parameters:
  ///   - catalogs: the roots' indexes.
  ///   - options: the source to use, the scales, the target and `--force`.
  /// - Returns: the plan.
  public static func plan(_ catalogs: [AssetCatalog], options: DeriveOptions) -> DerivePlan {
    var plan = DerivePlan(steps: [], notes: [])
    for catalog in catalogs {
      let root = catalog.root
      var planner = Planner(catalog: catalog, options: options)
      for gap in AssetChecker.scaleGaps(of: catalog, configuration: options.check) { planner.plan(gap) }
      planner.noteSetsLeftAlone()
      plan.steps += planner.steps
      plan.notes += planner.notes
      var android = AndroidPlanner(root: root, options: options)
      android.plan(catalog)
      plan.steps += android.steps
      plan.notes += android.notes
      plan.notes += DerivePlan.layoutNotes(catalog)
      if !planner.appIconSets.isEmpty {
        let count = planner.appIconSets.count
        plan.notes.append(
          "\(root): \(count) app icon set\(count == 1 ? "" : "s") left alone (\(planner.appIconSets.prefix(2).joined(separator: ", "))"
            + "\(count > 2 ? ", …" : "")): their sizes come from one master with `icongrid appicon`")
      }
    }
    return plan
  }
}

/// The planning of one root.
private struct Planner {
  let catalog: AssetCatalog
  let options: DeriveOptions
  let sets: [String: CatalogSet]
  var steps: [DeriveStep] = []
  var notes: [String] = []
  /// App icon sets, which `appicon` makes.
  var appIconSets: [String] = []

  init(catalog: AssetCatalog, options: DeriveOptions) {
    self.catalog = catalog
    self.options = options
    sets = Dictionary(catalog.sets.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The step that fills one gap `check`'s requirement model found (``ScaleGap``), unless
  /// `--scales` leaves its scale out.
  mutating func plan(_ gap: ScaleGap) {
    let scale = gap.need.scale
    if let limit = options.scales, !limit.contains(scale) { return }
    if let key = gap.traits {
      planSlot(gap, key: key, scale: scale)
    } else {
      planLoose(gap, scale: scale)
    }
  }

  /// App icon sets (made whole by `appicon`) and, with `--from vector`, vector sets (drawn
  /// at every scale): said once each, not planned.
  mutating func noteSetsLeftAlone() {
    for set in catalog.sets where set.isValid {
      if set.kind == .appIconSet {
        appIconSets.append(Paths.lastComponent(of: set.path))
      } else if set.kind == .imageSet, options.source == .vector {
        let files = set.slots.compactMap(\.filename)
        if !files.isEmpty, files.allSatisfy({ ["pdf", "svg"].contains(Paths.fileExtension(of: $0)) }) {
          notes.append("\(set.path): a vector set; every scale is drawn from its \(files[0])")
        }
      }
    }
  }

  // MARK: - Loose files

  mutating func planLoose(_ gap: ScaleGap, scale: Int) {
    guard let reference = gap.sources.max(by: { $0.scale < $1.scale }) else { return }
    let name = AssetName(parsing: Paths.lastComponent(of: reference.path))
    let file = AssetName(base: name.base, scale: scale == 1 ? nil : scale, idiom: gap.idiom, ext: "png")
      .fileName
    let folder = Paths.parent(of: reference.path)
    let target = folder.isEmpty ? file : folder + "/" + file
    var step = makeStep(
      asset: gap.asset.name, target: target, scale: scale, idiom: gap.idiom?.rawValue, conditions: "",
      sources: gap.sources.map { (path: $0.path, scale: $0.scale) }, placement: .looseFile)
    step.slotTraits = nil
    steps.append(step)
  }

  // MARK: - Image sets

  static func normalised(_ traits: SlotTraits) -> SlotTraits {
    var group = traits
    group.scale = nil
    if group.idiom == nil { group.idiom = "universal" }
    return group
  }

  mutating func planSlot(_ gap: ScaleGap, key: SlotTraits, scale: Int) {
    guard case .imageSet(let path) = gap.asset.source, let set = sets[path] else { return }
    let idiom = key.idiom == "universal" ? nil : key.idiom
    var shown = key
    shown.idiom = nil
    let conditions = shown.description.split(separator: " ").dropFirst().joined(separator: ", ")
    let sources = gap.sources.map { (path: $0.path, scale: $0.scale) }
    let best = sources.max { $0.scale < $1.scale }
    let used = Set(set.slots.compactMap { $0.filename?.lowercased() })
    let file = Planner.fileName(
      deriving: best.map { Paths.lastComponent(of: $0.path) } ?? gap.asset.name + ".png", scale: scale,
      avoiding: used)
    var traits = key
    traits.scale = scale
    let empty = set.slots.firstIndex {
      $0.filename == nil && Planner.normalised($0.traits) == key && $0.scale == scale
    }
    var step = makeStep(
      asset: gap.asset.name, target: set.path + "/" + file, scale: scale, idiom: idiom,
      conditions: conditions,
      sources: sources, placement: .imageSet(contents: set.path + "/Contents.json", slot: empty))
    step.slotTraits = traits
    steps.append(step)
  }

  /// `icon@3x.png` at 2 → `icon@2x.png`; `icon.png` at 2 → `icon@2x.png`; the idiom and the
  /// rest of the name kept. A name another slot of the set already uses (a set whose @2x
  /// file is `icon.png`) gets an explicit `@1x`, then `-1x`, so no slot's file is overwritten.
  static func fileName(deriving source: String, scale: Int, avoiding used: Set<String>) -> String {
    var name = AssetName(parsing: source)
    name.scale = scale == 1 ? nil : scale
    name.ext = "png"
    if !used.contains(name.fileName.lowercased()) { return name.fileName }
    let base = String(name.fileName.dropLast(4))
    let explicit = base + "@\(scale)x.png"
    if !used.contains(explicit.lowercased()) { return explicit }
    return base + "-\(scale)x.png"
  }

  // MARK: - Choosing the source

  func makeStep(
    asset: String, target: String, scale: Int, idiom: String?, conditions: String,
    sources: [(path: String, scale: Int)], placement: DeriveStep.Placement
  ) -> DeriveStep {
    var step = DeriveStep(
      asset: asset, root: catalog.root, source: nil, sourceScale: nil, sourceWidth: nil, sourceHeight: nil,
      target: target, targetScale: scale, idiom: idiom, conditions: conditions, targetWidth: nil,
      targetHeight: nil, placement: placement, status: .make, slotTraits: nil)
    let rasters = sources.filter { Paths.fileExtension(of: $0.path) == "png" }
    let best: (path: String, scale: Int)?
    switch options.source {
    case .vector:
      guard let vector = sources.first(where: { ["pdf", "svg"].contains(Paths.fileExtension(of: $0.path)) })
      else {
        step.status = .cannot("no PDF or SVG to render it from (--from vector)")
        return step
      }
      step.source = vector.path
      do {
        let probe = try ImageDecoder.probe(
          contentsOf: Paths.join(catalog.root, vector.path), limits: options.limits)
        guard let points = probe.pointSize else {
          step.status = .cannot(
            "the source is \(probe.format.name), not a vector, though named \(dottedExtension(vector.path))")
          return step
        }
        step.sourceWidth = probe.pixelWidth
        step.sourceHeight = probe.pixelHeight
        step.targetWidth = Resampler.pixels(points: points.width, scale: Double(scale))
        step.targetHeight = Resampler.pixels(points: points.height, scale: Double(scale))
      } catch {
        step.status = .cannot("the source cannot be read: \(error.message)")
        return step
      }
      if Files.exists(Paths.join(catalog.root, target)) { step.status = options.force ? .make : .exists }
      return step
    case .scale(let wantedScale):
      best = rasters.first { $0.scale == wantedScale }
      if best == nil {
        step.status = .cannot("no @\(wantedScale)x PNG to make it from (--from \(wantedScale)x)")
        return step
      }
    case .best:
      best = rasters.max { $0.scale < $1.scale }
      if best == nil {
        let kinds = Set(sources.map { dottedExtension($0.path) }).sorted().joined(separator: ", ")
        step.status = .cannot("no PNG to make it from (its images are \(kinds)); derive reads PNG sources")
        return step
      }
    }
    guard let best else { return step }
    step.source = best.path
    step.sourceScale = best.scale
    let path = Paths.join(catalog.root, best.path)
    do {
      let format = try ImageFormat.sniff(contentsOf: path)
      guard format == .png else {
        step.status = .cannot(
          "the source is \(format?.name ?? "not an image") though named .png; derive reads PNG sources")
        return step
      }
      let header = try PNGHeader.probe(contentsOf: path)
      guard !header.isCgBI else {
        step.status = .cannot("the source is an Apple CgBI PNG, which only Apple's tools read")
        return step
      }
      step.sourceWidth = header.width
      step.sourceHeight = header.height
      step.targetWidth = Resampler.pixels(
        points: Double(header.width) / Double(best.scale), scale: Double(scale))
      step.targetHeight = Resampler.pixels(
        points: Double(header.height) / Double(best.scale), scale: Double(scale))
    } catch {
      step.status = .cannot("the source cannot be read: \(error)")
      return step
    }
    if scale > best.scale {
      step.status = .cannot("would enlarge: the best source is @\(best.scale)x")
    } else if step.targetWidth == 0 || step.targetHeight == 0 {
      step.status = .cannot("would be less than a pixel")
    } else if Files.exists(Paths.join(catalog.root, target)) {
      step.status = options.force ? .make : .exists
    }
    return step
  }
}

/// `.png` for `Icon.PNG`: the lower-cased extension with its dot (as messages list them), or
/// empty.
func dottedExtension(_ path: String) -> String {
  let bare = Paths.fileExtension(of: path)
  return bare.isEmpty ? "" : "." + bare
}
