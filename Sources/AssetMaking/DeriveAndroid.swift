import AssetCheck
import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore
import ImageDecoding

/// The planning of one root's Android resources: a step per drawable that
/// `android-densities` or `android-density-folder` finds missing from a density folder.
struct AndroidPlanner {
  let root: String
  let options: DeriveOptions
  var steps: [DeriveStep] = []
  var notes: [String] = []

  /// The pixel length Android gives `pixels` of a `source`-dpi bitmap on a `target`-dpi
  /// screen: AOSP's BitmapFactory scales by `target / source` and rounds with
  /// `int(length × scale + 0.5f)`, halves up, which lint's IconDipSize (`Math.round` of
  /// px ÷ factor) reads back as the source's dp size. Computed in integers, so
  /// 72 px at 640 → 240 dpi is exactly 27.
  static func pixels(_ pixels: Int, from source: AndroidDensity, to target: AndroidDensity) -> Int {
    (2 * pixels * target.dpi + source.dpi) / (2 * source.dpi)
  }

  /// The density of a folder lint reads (`drawable-xhdpi` → xhdpi).
  static func density(ofFolder folder: String) -> AndroidDensity? {
    folder.split(separator: "-").dropFirst().lazy.compactMap { AndroidDensity.named(String($0)) }.first
  }

  mutating func plan(_ catalog: AssetCatalog) {
    for (res, folders, gaps) in AssetChecker.androidDensityGaps(of: catalog) {
      // --from, --to and --target name Apple scales and targets; Android has neither.
      let appleOnly = [
        options.source == .best ? nil : "--from \(options.source)",
        options.scales == nil ? nil : "--to",
        options.check.target == nil ? nil : "--target",
      ].compactMap { $0 }
      if !appleOnly.isEmpty {
        if !gaps.isEmpty {
          notes.append(
            "\(Paths.join(root, res)): \(appleOnly.joined(separator: ", ")) name Apple scales or targets; Android "
              + "drawables are made from their densest bitmap without them, so \(gaps.count) density "
              + "folder\(gaps.count == 1 ? "" : "s") lacking drawables were left alone")
        }
      } else {
        for gap in gaps {
          for name in gap.lacking {
            steps.append(step(res: res, gap: gap, name: name, folders: folders))
          }
        }
      }
      let unchecked = folders.keys.filter { folder in
        AndroidPlanner.density(ofFolder: folder)?.isBucket == true
          && !(folder.hasPrefix("drawable-") && folder.split(separator: "-").count == 2)
      }.sorted()
      if !unchecked.isEmpty {
        notes.append(
          "\(Paths.join(root, res)): \(unchecked.prefix(3).joined(separator: ", "))\(unchecked.count > 3 ? ", …" : "") "
            + "left alone: lint's IconDensities (android-densities) holds only drawable-mdpi, -hdpi, -xhdpi and "
            + "-xxhdpi to densities, not mipmaps or folders with other qualifiers, and derive makes what check requires"
        )
      }
    }
  }

  /// The step that makes `name` in `gap`'s folder, or says why it cannot be made.
  func step(res: String, gap: AndroidDensityGap, name: String, folders: [String: [String]]) -> DeriveStep {
    let folder = Paths.join(res, gap.folder)
    let target = AndroidPlanner.density(ofFolder: gap.folder)!
    var step = DeriveStep(
      asset: name, root: root, source: nil, sourceScale: nil, sourceWidth: nil, sourceHeight: nil,
      target: folder + "/" + name + ".png", targetScale: 0, idiom: nil, conditions: "", targetWidth: nil,
      targetHeight: nil, placement: .androidResource, status: .make, slotTraits: nil, sourceDensity: nil,
      targetDensity: target)
    let holders = gap.holders[name] ?? []
    if let noDPI = holders.first(where: { $0.hasPrefix("drawable-nodpi/") }) {
      step.status = .cannot(
        "it is also \(noDPI) (android-nodpi): decide whether Android may scale it before adding densities")
      return step
    }
    if let xml = holders.first(where: { Paths.fileExtension(of: $0) == "xml" }) {
      step.target = folder + "/" + name + ".xml"
      step.status = .cannot("\(xml) is an XML drawable: there is nothing to resample")
      return step
    }
    if let ninePatch = holders.first(where: { $0.lowercased().hasSuffix(".9.png") }) {
      step.target = folder + "/" + name + ".9.png"
      step.status = .cannot(
        "\(ninePatch) is a nine-patch: its 1-px border marks the stretch and padding areas and must stay "
          + "1 px of opaque black or clear, which resampling blurs; draw this density's border by hand")
      return step
    }
    let bitmaps = holders.filter { ["png", "jpg", "jpeg", "webp"].contains(Paths.fileExtension(of: $0)) }
    let ranked = bitmaps.compactMap { path in
      AndroidPlanner.density(ofFolder: Paths.parent(of: path)).map { (path, $0) }
    }
    // The densest; of two files in one folder (a duplicate resource in itself), the PNG.
    guard
      let (best, density) = ranked.max(by: { a, b in
        a.1 != b.1
          ? a.1 < b.1 : Paths.fileExtension(of: b.0) == "png" && Paths.fileExtension(of: a.0) != "png"
      })
    else {
      let kinds = Set(holders.map(dottedExtension)).sorted().joined(separator: ", ")
      step.status = .cannot("its files are \(kinds); derive makes PNG from PNG, JPEG or WebP bitmaps")
      return step
    }
    step.source = Paths.join(res, best)
    step.sourceDensity = density
    do {
      let probe = try ImageDecoder.probe(contentsOf: Paths.join(root, step.source!), limits: options.limits)
      guard [.png, .jpeg, .webp].contains(probe.format) else {
        step.status = .cannot(
          "the source is \(probe.format.name) data; derive reads PNG, JPEG and WebP bitmaps"
            + (probe.format == .cgbi ? " (a CgBI PNG only Apple's tools read)" : ""))
        return step
      }
      step.sourceWidth = probe.pixelWidth
      step.sourceHeight = probe.pixelHeight
      step.targetWidth = AndroidPlanner.pixels(probe.pixelWidth, from: density, to: target)
      step.targetHeight = AndroidPlanner.pixels(probe.pixelHeight, from: density, to: target)
    } catch {
      step.status = .cannot("the source cannot be read: \(error.message)")
      return step
    }
    let clash = (folders[gap.folder] ?? []).first { $0.prefix { $0 != "." } == name }
    if target > density {
      step.status = .cannot("would enlarge: the densest source is \(best)")
    } else if step.targetWidth == 0 || step.targetHeight == 0 {
      step.status = .cannot("would be less than a pixel")
    } else if let clash, clash != name + ".png" {
      step.status = .cannot(
        "\(gap.folder)/\(clash) has that name: two files of one name in a folder are a duplicate resource")
    } else if Files.exists(Paths.join(root, step.target)) {
      step.status = options.force ? .make : .exists
    }
    return step
  }
}
