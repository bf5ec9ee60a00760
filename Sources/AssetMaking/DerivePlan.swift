import AssetCheck
import AssetIndex
import AssetResolver
import ImageCore

/// Which source a derived file is made from.
public enum DeriveSource: Sendable, Hashable, CustomStringConvertible {
  /// The asset's highest-scale raster (the default).
  case best
  /// Only the raster of this scale (`--from 3x`); an asset without one is reported.
  case scale(Int)
  /// The asset's vector file (PDF or SVG) of the same traits, drawn at the target size
  /// (`--from vector`).
  case vector

  /// `best`, `3x`, `vector`.
  public var description: String {
    switch self {
    case .best: "best"
    case .scale(let scale): "\(scale)x"
    case .vector: "vector"
    }
  }
}

/// What `derive` is asked to do.
public struct DeriveOptions: Sendable, Hashable {
  /// Where each file is made from.
  public var source: DeriveSource
  /// Of the scales `check` requires and the asset lacks, make only these (`--to`); `nil`
  /// for all of them. A scale no device of the asset's targets uses is never made.
  public var scales: [Int]?
  /// The requirement's configuration: `target` limits the plan to one name space,
  /// `requiredScales` replaces the project's requirement, as in `check`.
  public var check: CheckConfiguration
  /// Average in linear light instead of sRGB.
  public var linear: Bool
  /// Replace a file that already exists where a derived file goes.
  public var force: Bool
  /// The limits each source is probed and decoded within, and, through
  /// ``ImageCore/DecodingLimits/isolation``, whether a PDF or SVG render runs in a child
  /// process with its own CPU, memory and wall-clock limits. ``ImageCore/DecodingLimits/default``
  /// (in process) unless set; `check.limits` is not read (planning decodes nothing of its own).
  public var limits: DecodingLimits = .default

  /// Creates options.
  ///
  /// - Parameters:
  ///   - source: where each file is made from; the best raster by default.
  ///   - scales: the required scales to make; `nil` for all of them.
  ///   - check: the requirement's configuration (target, required scales).
  ///   - linear: average in linear light.
  ///   - force: replace existing files.
  public init(
    source: DeriveSource = .best, scales: [Int]? = nil, check: CheckConfiguration = CheckConfiguration(),
    linear: Bool = false, force: Bool = false
  ) {
    self.source = source
    self.scales = scales.map { Array(Set($0)).sorted() }
    self.check = check
    self.linear = linear
    self.force = force
  }
}

/// One file `derive` would make, or why it cannot.
public struct DeriveStep: Sendable, Hashable {
  /// Where the new file goes.
  public enum Placement: Sendable, Hashable {
    /// A loose `name@Nx[~idiom].png` beside the other variants.
    case looseFile
    /// A file in an image set; `slot` is the index of the empty slot it fills in `images`,
    /// or `nil` when a new slot is added.
    case imageSet(contents: String, slot: Int?)
    /// A bitmap `res/drawable-<density>/name.png` of an Android resource folder (made
    /// with the folder when it is missing).
    case androidResource
  }

  /// What becomes of the step.
  public enum Status: Sendable, Hashable {
    /// It will be made (with `--write`).
    case make
    /// A file is already where it would go; it is replaced only with `--force`.
    case exists
    /// It cannot be made, with the reason (`would enlarge: the best source is @2x`).
    case cannot(String)
  }

  /// The asset's name.
  public var asset: String
  /// The root the paths are relative to.
  public var root: String
  /// The source file, relative to the root; `nil` when there is none to use.
  public var source: String?
  /// The source's scale.
  public var sourceScale: Int?
  /// The source's width in pixels.
  public var sourceWidth: Int?
  /// The source's height in pixels.
  public var sourceHeight: Int?
  /// The new file, relative to the root.
  public var target: String
  /// The Apple scale it is made at; 0 for an Android drawable, whose density is
  /// ``targetDensity``.
  public var targetScale: Int
  /// The idiom of the images (`ipad` for `~ipad` files and iPad slots); `nil` for universal.
  public var idiom: String?
  /// The trait group's conditions beyond idiom (`dark`, `compact-height`), for display.
  public var conditions: String
  /// Its pixel size: the source's points (pixels ÷ scale) × the target scale, rounded as
  /// Apple rounds (for Android: the source's pixels × target ÷ source density, rounded as
  /// Android scales bitmaps); `nil` when there is no source.
  public var targetWidth: Int?
  /// See ``targetWidth``.
  public var targetHeight: Int?
  /// Where it is placed.
  public var placement: Placement
  /// Whether it will be made.
  public var status: Status

  /// The traits of the slot to add to (or fill in) a set.
  var slotTraits: SlotTraits?
  /// An Android source's density (its folder's); `nil` for Apple assets.
  public var sourceDensity: AndroidDensity? = nil
  /// The density an Android drawable is made for; `nil` for Apple assets.
  public var targetDensity: AndroidDensity? = nil
}

/// What `derive` makes for a set of roots: a step per missing scale, and what it left alone.
///
/// Made by ``DerivePlan/plan(roots:options:)``, which reads only file headers and changes
/// nothing; ``DerivePlan/execute(options:)`` makes the files. Both are safe to call from any
/// thread: a plan is a value, and execution touches only the files it names (two executions
/// of plans over the same files at once race as any two writers do).
public struct DerivePlan: Sendable, Hashable {
  /// A step per missing scale, by root, then asset.
  public var steps: [DeriveStep]
  /// Sets derive does not make files for, with why (`app icon set: use icongrid appicon`).
  public var notes: [String]

  /// The steps that will make a file.
  public var makeable: [DeriveStep] { steps.filter { $0.status == .make } }
}
