import IconGridSupport
import ImageCore

/// What happened to an asset variant between the two sides.
public enum ChangeClass: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The pixels differ beyond the threshold at the file's scale.
  case changed
  /// The asset, or a variant of it (a dark appearance, an idiom), is new.
  case added
  /// The asset, or a variant of it, is gone.
  case removed
  /// Gone under one name, new under another, with the same pixels.
  case renamed
  /// Only the bytes differ: the pixels are the same within the threshold. Drawn nowhere.
  case reencoded
  /// A variant gained a scale (`@3x`, `xxhdpi`).
  case scaleAdded = "scale-added"
  /// A variant lost a scale.
  case scaleRemoved = "scale-removed"

  /// The class as JSON and text name it (`scale-added`).
  public var description: String { rawValue }

  /// The section heading on a diff sheet.
  public var heading: String {
    switch self {
    case .changed: "Changed"
    case .added: "Added"
    case .removed: "Removed"
    case .renamed: "Renamed"
    case .reencoded: "Re-encoded only"
    case .scaleAdded: "Scales added"
    case .scaleRemoved: "Scales removed"
    }
  }
}

/// Small images of one change, sized for a sheet's icon box: what a diff sheet draws.
public struct DiffPreview: Sendable {
  /// The base side's image; `nil` where it has none or it cannot be read.
  public var before: Bitmap?
  /// The head side's image; `nil` where it has none or it cannot be read.
  public var after: Bitmap?
  /// The head faded, with the pixels that differ in red; only for ``ChangeClass/changed``.
  public var marks: Bitmap?

  /// Creates a preview.
  ///
  /// - Parameters:
  ///   - before: the base side's image, if any.
  ///   - after: the head side's image, if any.
  ///   - marks: the differing pixels marked, if compared.
  public init(before: Bitmap? = nil, after: Bitmap? = nil, marks: Bitmap? = nil) {
    self.before = before
    self.after = after
    self.marks = marks
  }
}

/// One change of one asset variant.
public struct AssetChange: Sendable {
  /// What happened.
  public var kind: ChangeClass
  /// The name space, as `resolve --list` names it.
  public var namespace: String
  /// The asset's name (the head side's, for a rename).
  public var name: String
  /// The variant: its traits without the scale (`universal`, `universal dark`, `night`),
  /// followed by the scale for a change of one file (`universal @2x`).
  public var variant: String
  /// The base side's file, relative to its root; `nil` where there is none.
  public var base: String?
  /// The head side's file, relative to its root; `nil` where there is none.
  public var head: String?
  /// Bytes of the base side's files of this change (all scales of a variant added,
  /// removed or renamed); `nil` where there are none.
  public var baseBytes: Int?
  /// Bytes of the head side's files of this change; `nil` where there are none.
  public var headBytes: Int?
  /// What the pixel comparison measured, for a changed or re-encoded file.
  public var difference: PixelDifference?
  /// Why a file on either side could not be read; it is then drawn as a placeholder.
  public var problem: String?
  /// For a rename: the base side's name space and name.
  public var previousNamespace: String?
  /// For a rename: the base side's name.
  public var previousName: String?
  /// The images a sheet draws.
  public var preview = DiffPreview()

  /// Creates a change.
  ///
  /// - Parameters:
  ///   - kind: what happened.
  ///   - namespace: the name space.
  ///   - name: the asset's name.
  ///   - variant: the variant.
  ///   - base: the base side's file, if any.
  ///   - head: the head side's file, if any.
  public init(
    kind: ChangeClass, namespace: String, name: String, variant: String, base: String?, head: String?
  ) {
    self.kind = kind
    self.namespace = namespace
    self.name = name
    self.variant = variant
    self.base = base
    self.head = head
  }

  /// The size change in bytes, head minus base.
  public var bytes: Int { (headBytes ?? 0) - (baseBytes ?? 0) }

  /// The size change as labels and text show it: `+1.2 kB`, `-340 B`, `±0 B`.
  public var bytesText: String {
    let value = bytes
    let sign = value > 0 ? "+" : value < 0 ? "-" : "±"
    let size = abs(value)
    if size < 1000 { return "\(sign)\(size) B" }
    let kilo = Double(size) / 1000
    return kilo < 100
      ? "\(sign)\(ScaleText.format((kilo * 10).rounded() / 10)) kB" : "\(sign)\(Int(kilo.rounded())) kB"
  }
}

/// Everything that differs between two trees, sorted by class, name space, name and variant.
public struct DiffReport: Sendable {
  /// The base tree's folder as read (a temporary folder for a git revision).
  public var baseRoot: String
  /// The head tree's folder.
  public var headRoot: String
  /// The changes, re-encoded files included.
  public var changes: [AssetChange]
  /// Assets matched on both sides, and on either.
  public var assetsCompared: Int

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - baseRoot: the base tree's folder.
  ///   - headRoot: the head tree's folder.
  ///   - changes: the changes.
  ///   - assetsCompared: assets seen on either side.
  public init(baseRoot: String, headRoot: String, changes: [AssetChange], assetsCompared: Int) {
    self.baseRoot = baseRoot
    self.headRoot = headRoot
    self.changes = changes
    self.assetsCompared = assetsCompared
  }

  /// The changes of one class.
  ///
  /// - Parameter kind: the class.
  /// - Returns: its changes, in the report's order.
  public func changes(_ kind: ChangeClass) -> [AssetChange] { changes.filter { $0.kind == kind } }

  /// Whether anything but re-encoding happened.
  public var hasVisibleChanges: Bool { changes.contains { $0.kind != .reencoded } }
}
