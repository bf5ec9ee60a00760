import AssetIndex
import IconGridSupport

/// A rule's choice for one asset and one screen: the candidates, which one won, and why.
public struct Selection: Sendable, Hashable {
  /// Why a candidate did not win, when it was set aside before the final comparison.
  public enum Standing: Sendable, Hashable, CustomStringConvertible {
    /// The rule does not consider it at all (another platform or configuration, a scale
    /// the bundle drops).
    case excluded(String)
    /// Another file of the same scale is preferred to it.
    case outranked(String)

    /// The reason in words.
    public var description: String {
      switch self {
      case .excluded(let reason): "excluded: \(reason)"
      case .outranked(let reason): "not used: \(reason)"
      }
    }
  }

  /// The layout whose rule chose.
  public var layout: Layout
  /// What was asked.
  public var request: TraitRequest
  /// Every file of the asset, in the order given.
  public var candidates: [LayoutCandidate]
  /// The index in ``candidates`` of the file chosen; `nil` when none serves.
  public var chosen: Int?
  /// For candidates set aside before the comparison, why (by index).
  public var standing: [Int: Standing] = [:]
  /// The reasons, in order, as sentences.
  public var explanation: [String] = []
  /// How much the chosen file is enlarged on this screen (its scale is below the
  /// request's); `nil` when it is not.
  public var enlargement: Double?

  /// Creates an empty choice.
  ///
  /// - Parameters:
  ///   - layout: the rule's layout.
  ///   - request: what was asked.
  ///   - candidates: the files.
  public init(layout: Layout, request: TraitRequest, candidates: [LayoutCandidate]) {
    self.layout = layout
    self.request = request
    self.candidates = candidates
  }

  /// The file chosen, if any.
  public var winner: LayoutCandidate? { chosen.map { candidates[$0] } }

  /// The rule in one line.
  public var rule: String { SelectionRule(layout: layout).description }

  mutating func set(_ index: Int, _ value: Standing) { standing[index] = value }

  /// `2x` or `420 dpi (2.625x)`.
  var requestText: String {
    layout == .android ? "\(request.screenDensity.dpi) dpi" : "\(ScaleText.format(request.scale))x"
  }

  /// `{1x, 3x}` of the candidates still in the running.
  var scaleList: String {
    let scales = Set(candidates.indices.filter { standing[$0] == nil }.map { candidates[$0].scale }).sorted()
    return "{" + scales.map { "\(ScaleText.format($0))x" }.joined(separator: ", ") + "}"
  }

  /// `320 dpi (xhdpi)`, or `420 dpi` for a density that is no named bucket.
  package static func densityText(_ density: AndroidDensity) -> String {
    AndroidDensity.buckets.contains { $0.density == density }
      ? "\(density.dpi) dpi (\(density))" : "\(density.dpi) dpi"
  }

  static func factor(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return ScaleText.format(rounded)
  }
}
