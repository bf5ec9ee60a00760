import IconGridSupport
import ImageCore
import ImageDecoding
import VectorRenderer

/// Compares two trees of assets: what was added, removed, changed, renamed, re-encoded,
/// and which scales came or went.
///
/// Assets are matched by name space and name, as `resolve --list` names them; within an
/// asset, by variant (every trait but the scale, so a dark appearance is a variant of its
/// own) and then by scale. Files of one variant and scale are compared byte for byte, then
/// decoded (every format, vectors rendered at their scale) and compared pixel by pixel
/// against the threshold. An asset gone under one name and new under another with the same
/// pixels at the sheet's scale is a rename. A file that cannot be read is a change with a
/// ``AssetChange/problem``, never a crash.
///
/// ```swift
/// let report = AssetDiffer.compare(base: "old/Assets", head: "Assets")
/// for change in report.changes { print(change.kind, change.name, change.variant) }
/// ```
///
/// Thread safety: may be called from any thread; files are compared in parallel.
public enum AssetDiffer {
  /// Compares the trees at `base` and `head`.
  ///
  /// - Parameters:
  ///   - base: the folder before.
  ///   - head: the folder after.
  ///   - options: the sheet's scale, the threshold and the preview size.
  /// - Returns: the changes, sorted by class, name space, name and variant.
  /// - Complexity: one index of each tree; two reads per file present on both sides, two
  ///   decodes when the bytes differ; memory holds the files being compared and the previews.
  public static func compare(base: String, head: String, options: DiffOptions = .init()) -> DiffReport {
    // The two indexes are independent: one per core.
    let sides = Parallel.map([base, head]) { DiffInventory(root: $0) }
    return compare(base: sides[0], head: sides[1], options: options)
  }

  /// Compares two indexed trees.
  ///
  /// - Parameters:
  ///   - base: the tree before.
  ///   - head: the tree after.
  ///   - options: the sheet's scale, the threshold and the preview size.
  /// - Returns: the changes, sorted by class, name space, name and variant.
  public static func compare(base: DiffInventory, head: DiffInventory, options: DiffOptions = .init())
    -> DiffReport
  {
    let before = Dictionary(base.assets.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    let after = Dictionary(head.assets.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    var jobs: [Job] = []
    for key in Set(before.keys).union(after.keys).sorted() {
      let old = before[key]
      let new = after[key]
      guard let asset = new ?? old else { continue }
      let whole = old == nil || new == nil
      let variants = Set(old?.variants.keys ?? [:].keys).union(new?.variants.keys ?? [:].keys).sorted()
      for variant in variants {
        let oldFiles = old?.variants[variant] ?? []
        let newFiles = new?.variants[variant] ?? []
        if newFiles.isEmpty {
          jobs.append(.group(.removed, asset, variant, oldFiles, wholeAsset: whole))
        } else if oldFiles.isEmpty {
          jobs.append(.group(.added, asset, variant, newFiles, wholeAsset: whole))
        } else {
          for file in oldFiles where !newFiles.contains(where: { $0.scale == file.scale }) {
            jobs.append(.group(.scaleRemoved, asset, variant, [file], wholeAsset: false))
          }
          for file in newFiles where !oldFiles.contains(where: { $0.scale == file.scale }) {
            jobs.append(.group(.scaleAdded, asset, variant, [file], wholeAsset: false))
          }
          for file in oldFiles {
            if let match = newFiles.first(where: { $0.scale == file.scale }) {
              jobs.append(.pair(asset, variant, file, match))
            }
          }
        }
      }
    }
    let context = Context(baseRoot: base.root, headRoot: head.root, options: options)
    let results = Parallel.map(jobs) { job in context.run(job) }
    var changes = results.compactMap(\.self)
    matchRenames(&changes)
    changes.sort { lhs, rhs in
      let left = ChangeClass.allCases.firstIndex(of: lhs.change.kind)!
      let right = ChangeClass.allCases.firstIndex(of: rhs.change.kind)!
      if left != right { return left < right }
      return (lhs.change.namespace, lhs.change.name, lhs.change.variant)
        < (rhs.change.namespace, rhs.change.name, rhs.change.variant)
    }
    return DiffReport(
      baseRoot: base.root, headRoot: head.root, changes: changes.map(\.change),
      assetsCompared: Set(before.keys).union(after.keys).count)
  }

  /// Pairs whole assets removed and added whose variants show the same pixels: one rename
  /// per variant replaces the removal and the addition.
  private static func matchRenames(_ changes: inout [Outcome]) {
    func signatures(_ kind: ChangeClass) -> [String: [Int]] {
      var byAsset: [String: [Int]] = [:]
      for (index, outcome) in changes.enumerated() where outcome.change.kind == kind && outcome.wholeAsset {
        byAsset[outcome.change.namespace + "\u{0}" + outcome.change.name, default: []].append(index)
      }
      return byAsset
    }
    func signature(_ indices: [Int]) -> String? {
      var parts: [String] = []
      for index in indices {
        guard let digest = changes[index].digest else { return nil }
        parts.append(changes[index].change.variant + "=" + digest)
      }
      return parts.sorted().joined(separator: ";")
    }
    var removedBySignature: [String: [Int]] = [:]
    for (_, indices) in signatures(.removed).sorted(by: { $0.key < $1.key }) {
      if let key = signature(indices) {
        removedBySignature[key, default: []].append(contentsOf: [indices[0]])
      }
    }
    var dropped = Set<Int>()
    for (_, indices) in signatures(.added).sorted(by: { $0.key < $1.key }) {
      guard let key = signature(indices), var candidates = removedBySignature[key], !candidates.isEmpty else {
        continue
      }
      let first = candidates.removeFirst()
      removedBySignature[key] = candidates
      let old = changes[first].change
      let removedIndices = changes.indices.filter {
        changes[$0].change.kind == .removed && changes[$0].wholeAsset
          && changes[$0].change.namespace == old.namespace && changes[$0].change.name == old.name
      }
      for index in indices {
        guard
          let partner = removedIndices.first(where: {
            changes[$0].change.variant == changes[index].change.variant
          })
        else { continue }
        var renamed = changes[index].change
        let gone = changes[partner].change
        renamed.kind = .renamed
        renamed.base = gone.base
        renamed.baseBytes = gone.baseBytes
        renamed.previousNamespace = gone.namespace
        renamed.previousName = gone.name
        renamed.preview = DiffPreview(before: gone.preview.before, after: changes[index].change.preview.after)
        changes[index].change = renamed
        dropped.insert(partner)
      }
    }
    changes = changes.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
  }

  /// One comparison to make.
  enum Job: Sendable {
    /// A variant (or one scale of it) present on one side only.
    case group(ChangeClass, DiffAsset, String, [DiffFile], wholeAsset: Bool)
    /// One variant and scale present on both sides.
    case pair(DiffAsset, String, DiffFile, DiffFile)
  }

  /// A change with what the rename pass needs.
  struct Outcome: Sendable {
    var change: AssetChange
    var wholeAsset = false
    var digest: String?
  }

  /// What every job reads: the roots and the options.
  struct Context: Sendable {
    var baseRoot: String
    var headRoot: String
    var options: DiffOptions

    func run(_ job: Job) -> Outcome? {
      switch job {
      case .group(let kind, let asset, let variant, let files, let whole):
        return group(kind, asset, variant, files, wholeAsset: whole)
      case .pair(let asset, let variant, let old, let new):
        return pair(asset, variant, old, new)
      }
    }

    private func group(
      _ kind: ChangeClass, _ asset: DiffAsset, _ variant: String, _ files: [DiffFile], wholeAsset: Bool
    )
      -> Outcome?
    {
      let onBase = kind == .removed || kind == .scaleRemoved
      let root = onBase ? baseRoot : headRoot
      guard let shown = DiffInventory.pick(files, scale: Double(options.scale)) else { return nil }
      let label = kind == .scaleAdded || kind == .scaleRemoved ? "\(variant) \(shown.scaleLabel)" : variant
      var change = AssetChange(
        kind: kind, namespace: asset.namespace, name: asset.name, variant: label,
        base: onBase ? shown.path : nil, head: onBase ? nil : shown.path)
      let total = files.reduce(0) { $0 + (size(root, $1.path) ?? 0) }
      if onBase { change.baseBytes = total } else { change.headBytes = total }
      var outcome = Outcome(change: change, wholeAsset: wholeAsset)
      do {
        let bitmap = try decode(root, shown)
        outcome.digest = bitmap.pixelDigest()
        let preview = DiffPreviewMaking.fitted(bitmap, box: options.previewPixels)
        if onBase { outcome.change.preview.before = preview } else { outcome.change.preview.after = preview }
      } catch {
        outcome.change.problem = describe(error)
      }
      return outcome
    }

    private func pair(_ asset: DiffAsset, _ variant: String, _ old: DiffFile, _ new: DiffFile) -> Outcome? {
      var change = AssetChange(
        kind: .changed, namespace: asset.namespace, name: asset.name, variant: "\(variant) \(new.scaleLabel)",
        base: old.path, head: new.path)
      let oldBytes: [UInt8]
      let newBytes: [UInt8]
      do {
        oldBytes = try read(baseRoot, old.path)
        newBytes = try read(headRoot, new.path)
      } catch {
        change.problem = describe(error)
        return Outcome(change: change)
      }
      change.baseBytes = oldBytes.count
      change.headBytes = newBytes.count
      if oldBytes == newBytes { return nil }
      let before: Bitmap
      let after: Bitmap
      do {
        before = try decode(oldBytes, path: Paths.join(baseRoot, old.path), file: old)
      } catch {
        change.problem = "base: " + describe(error)
        change.preview.after = (try? decode(newBytes, path: Paths.join(headRoot, new.path), file: new))
          .flatMap {
            DiffPreviewMaking.fitted($0, box: options.previewPixels)
          }
        return Outcome(change: change)
      }
      do {
        after = try decode(newBytes, path: Paths.join(headRoot, new.path), file: new)
      } catch {
        change.problem = "head: " + describe(error)
        change.preview.before = DiffPreviewMaking.fitted(before, box: options.previewPixels)
        return Outcome(change: change)
      }
      let (difference, mask) = PixelDifference.compare(before, after)
      change.difference = difference
      guard options.threshold.isExceeded(by: difference) else {
        change.kind = .reencoded
        return Outcome(change: change)
      }
      change.preview = DiffPreview(
        before: DiffPreviewMaking.fitted(before, box: options.previewPixels),
        after: DiffPreviewMaking.fitted(after, box: options.previewPixels),
        marks: DiffPreviewMaking.marks(after: after, mask: mask, box: options.previewPixels))
      return Outcome(change: change)
    }

    private func size(_ root: String, _ path: String) -> Int? {
      FileSystem.stamp(Paths.join(root, path)).map { Int($0.size) }
    }

    private func read(_ root: String, _ path: String) throws -> [UInt8] {
      try FileIO.readAll(Paths.join(root, path), limit: options.limits.maxInputBytes)
    }

    private func decode(_ root: String, _ file: DiffFile) throws -> Bitmap {
      try decode(read(root, file.path), path: Paths.join(root, file.path), file: file)
    }

    private func decode(_ bytes: [UInt8], path: String, file: DiffFile) throws -> Bitmap {
      let scale = file.scale > 0 ? file.scale : Double(options.scale)
      let dot = path.lastIndex(of: ".")
      let ext = dot.map { String(path[path.index(after: $0)...]).lowercased() } ?? ""
      if ext == "xml" {
        // An Android drawable: drawn in the sheet's default icon box, as a sheet draws it.
        return try AndroidDrawable(contentsOf: path).image(boxSize: .init(width: 60, height: 60))
          .render(scale: scale)
      }
      return try ImageDecoder.decode(
        bytes, pathExtension: ext.contains("/") ? "" : ext, path: path, size: .scale(scale),
        limits: options.limits
      )
      .bitmap
    }

    private func describe(_ error: any Error) -> String {
      if let error = error as? ImageError { return error.description }
      return "\(error)"
    }
  }
}
