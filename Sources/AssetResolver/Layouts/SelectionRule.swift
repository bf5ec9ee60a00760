import AssetIndex
import IconGridSupport

/// A platform's rule for choosing one of an asset's files for a screen, with its reasons.
///
/// Each rule follows its platform's source:
/// - **Apple** (UIKit): the exact scale, else the nearest higher, else the nearest lower.
/// - **Flutter** (`AssetImage`): the exact ratio; else between `lower` < v < `upper`, the
///   only one there is, or `upper` when v < 2.0 or v > (lower + upper) / 2, else `lower`. The
///   main file is 1.0 unless an explicit `1.0x/` file exists.
/// - **React Native** (Metro): per scale a file with the request's platform suffix beats a
///   generic one; an iOS release bundle keeps only scales 1–3 (when none is, the first above
///   3, else the largest); at run time the first scale ≥ the ratio, else the largest.
/// - **Android** (`ResTable_config::isBetterThan`): files for another configuration
///   (`night`, `land`…) or a newer API level are out; `anydpi` beats every bucket; between
///   densities l < h for request r: h if r ≥ h, l if l ≥ r, else l when (2l − r)·h > r², else h
///   (`nodpi` counts as 0xFFFF there, as in the platform's table); then the higher `-vN`.
///
/// ```swift
/// let rule = Layout.flutter.rule
/// let selection = rule.choose(among: candidates, for: TraitRequest(scale: 2))
/// print(selection.explanation.joined(separator: "\n"))
/// ```
public struct SelectionRule: Sendable, Hashable, CustomStringConvertible {
  /// The layout whose rule this is.
  public var layout: Layout

  /// The rule of a layout.
  ///
  /// - Parameter layout: the platform.
  public init(layout: Layout) { self.layout = layout }

  /// The rule in one line.
  public var description: String {
    switch layout {
    case .apple: "UIKit: the exact scale, else the nearest higher, else the nearest lower"
    case .flutter:
      "Flutter AssetImage: the exact ratio, else the upper neighbour when the ratio is below 2.0 or above the neighbours' midpoint, else the lower"
    case .reactNative: "Metro: the first scale at or above the ratio, else the largest"
    case .android:
      "Android ResTable_config::isBetterThan: anydpi first; else between l < h for r, h if r >= h, l if l >= r, else l when (2l - r)h > r^2, else h"
    }
  }

  /// Chooses a file for `request`.
  ///
  /// - Parameters:
  ///   - candidates: the asset's files.
  ///   - request: the screen asked about.
  /// - Returns: the choice, every candidate's standing and the reasons.
  /// - Complexity: O(n log n) in the number of candidates.
  public func choose(among candidates: [LayoutCandidate], for request: TraitRequest) -> Selection {
    var selection = Selection(layout: layout, request: request, candidates: candidates)
    guard !candidates.isEmpty else {
      selection.explanation = ["no files: nothing to choose"]
      return selection
    }
    switch layout {
    case .apple: chooseApple(&selection)
    case .flutter: chooseFlutter(&selection)
    case .reactNative: chooseMetro(&selection)
    case .android: chooseAndroid(&selection)
    }
    if let chosen = selection.chosen {
      let file = candidates[chosen]
      if layout == .android, let density = file.density, !density.isBucket {
        selection.enlargement = nil
      } else if file.scale < request.scale - 1e-9 {
        selection.enlargement = request.scale / file.scale
        selection.explanation.append(
          "\(file.path) is drawn \(drawnFor(file)) and enlarged \(Selection.factor(request.scale / file.scale))× on this screen"
        )
      } else if file.scale > request.scale + 1e-9 {
        selection.explanation.append(
          "\(file.path) is drawn \(drawnFor(file)) and reduced to \(selection.requestText)"
        )
      }
    }
    return selection
  }

  private func drawnFor(_ file: LayoutCandidate) -> String {
    layout == .android ? "for \((file.density ?? .mdpi).description)" : "at \(ScaleText.format(file.scale))x"
  }

  /// Chooses among bare scales (tests, and the disagreement table of the documentation).
  ///
  /// - Parameters:
  ///   - scales: the scales of the files (Android: each as the density `scale × 160`).
  ///   - scale: the screen's scale.
  /// - Returns: the chosen scale, or `nil` when there is none.
  public func chosenScale(among scales: [Double], at scale: Double) -> Double? {
    let candidates = scales.map { value in
      layout == .android
        ? LayoutCandidate(path: "\(ScaleText.format(value))x", scale: value, density: .forScale(value))
        : LayoutCandidate(path: "\(ScaleText.format(value))x", scale: value)
    }
    return choose(among: candidates, for: TraitRequest(scale: scale)).chosen.map { candidates[$0].scale }
  }

  private func chooseApple(_ selection: inout Selection) {
    let request = selection.request.scale
    let order = selection.candidates.indices.sorted { a, b in
      let x = selection.candidates[a].scale
      let y = selection.candidates[b].scale
      return ScaleRule.scaleOrder(x, for: request) < ScaleRule.scaleOrder(y, for: request)
    }
    let best = order[0]
    selection.chosen = best
    let scale = selection.candidates[best].scale
    let scales = selection.scaleList
    if abs(scale - request) < 1e-9 {
      selection.explanation.append("\(selection.requestText) is among \(scales): the exact scale wins")
    } else if scale > request {
      selection.explanation.append(
        "no \(selection.requestText) among \(scales): the nearest higher scale, \(ScaleText.format(scale))x, wins"
      )
    } else {
      selection.explanation.append(
        "no \(selection.requestText) or higher among \(scales): the nearest lower, \(ScaleText.format(scale))x, wins"
      )
    }
  }

  private func chooseFlutter(_ selection: inout Selection) {
    // One file per ratio: an explicit 1.0x/ file beats the main file.
    var byRatio: [Double: Int] = [:]
    for (index, candidate) in selection.candidates.enumerated() {
      if let other = byRatio[candidate.scale] {
        if selection.candidates[other].isMainFile, !candidate.isMainFile {
          byRatio[candidate.scale] = index
          selection.set(other, .outranked("an explicit 1.0x/ file is preferred to the main file"))
        } else {
          selection.set(index, .outranked("another file has this ratio"))
        }
      } else {
        byRatio[candidate.scale] = index
      }
    }
    let value = selection.request.scale
    let ratios = byRatio.keys.sorted()
    let scales = selection.scaleList
    if let exact = byRatio[value] {
      selection.chosen = exact
      selection.explanation.append("\(selection.requestText) is among \(scales): the exact ratio wins")
      return
    }
    let lower = ratios.last(where: { $0 < value })
    let upper = ratios.first(where: { $0 > value })
    switch (lower, upper) {
    case (nil, let upper?):
      selection.chosen = byRatio[upper]
      selection.explanation.append(
        "no ratio below \(selection.requestText) among \(scales): the next one up, \(ScaleText.format(upper))x, wins"
      )
    case (let lower?, nil):
      selection.chosen = byRatio[lower]
      selection.explanation.append(
        "no ratio above \(selection.requestText) among \(scales): the next one down, \(ScaleText.format(lower))x, wins"
      )
    case (let lower?, let upper?):
      let midpoint = (lower + upper) / 2
      let low = "\(ScaleText.format(lower))x"
      let high = "\(ScaleText.format(upper))x"
      if value < 2 {
        selection.chosen = byRatio[upper]
        selection.explanation.append(
          "\(selection.requestText) lies between \(low) and \(high) and is below 2.0, where Flutter always takes the upper: \(high) wins"
        )
      } else if value > midpoint {
        selection.chosen = byRatio[upper]
        selection.explanation.append(
          "\(selection.requestText) lies between \(low) and \(high), above their midpoint \(ScaleText.format(midpoint)): \(high) wins"
        )
      } else {
        selection.chosen = byRatio[lower]
        selection.explanation.append(
          "\(selection.requestText) lies between \(low) and \(high), not above their midpoint \(ScaleText.format(midpoint)) (and not below 2.0): \(low) wins"
        )
      }
    case (nil, nil):
      break
    }
  }

  private func chooseMetro(_ selection: inout Selection) {
    let platform = selection.request.platform
    // Metro keys an asset by name and platform: once a file for the platform exists, the
    // platform's files are the asset there, at every scale (Assets.js's getAbsoluteAssetRecord).
    let hasPlatformFiles = selection.candidates.contains { $0.platform == platform }
    var byScale: [Double: Int] = [:]
    for (index, candidate) in selection.candidates.enumerated() {
      if let other = candidate.platform, other != platform {
        selection.set(index, .excluded("for .\(other), not .\(platform)"))
        continue
      }
      if hasPlatformFiles, candidate.platform == nil {
        selection.set(
          index, .excluded("a .\(platform) file exists, so Metro uses only the .\(platform) files"))
        continue
      }
      if let previous = byScale[candidate.scale] {
        if selection.candidates[previous].platform == nil, candidate.platform != nil {
          byScale[candidate.scale] = index
          selection.set(previous, .outranked("the .\(platform) file of this scale is preferred"))
        } else {
          selection.set(index, .outranked("another file has this scale"))
        }
      } else {
        byScale[candidate.scale] = index
      }
    }
    var scales = byScale.keys.sorted()
    guard !scales.isEmpty else {
      selection.explanation.append("no file is for .\(platform)")
      return
    }
    if selection.request.releaseBundle, platform == "ios" {
      var kept = scales.filter { $0 == 1 || $0 == 2 || $0 == 3 }
      if kept.isEmpty { kept = [scales.first(where: { $0 > 3 }) ?? scales[scales.count - 1]] }
      for scale in scales where !kept.contains(scale) {
        if let index = byScale[scale] {
          selection.set(index, .excluded("an iOS release bundle keeps only scales 1, 2 and 3"))
        }
      }
      if kept.count < scales.count {
        let dropped = scales.filter { !kept.contains($0) }.map { "\(ScaleText.format($0))x" }
        selection.explanation.append(
          "the iOS release bundle drops \(dropped.joined(separator: ", ")) (it keeps scales 1, 2 and 3)")
      }
      scales = kept
    }
    let listed = scales.map { "\(ScaleText.format($0))x" }.joined(separator: ", ")
    let value = selection.request.scale
    if let first = scales.first(where: { $0 >= value - 1e-9 }) {
      selection.chosen = byScale[first]
      selection.explanation.append(
        abs(first - value) < 1e-9
          ? "\(selection.requestText) is among {\(listed)}: the exact scale wins"
          : "the first scale at or above \(selection.requestText) among {\(listed)} is \(ScaleText.format(first))x"
      )
    } else {
      let largest = scales[scales.count - 1]
      selection.chosen = byScale[largest]
      selection.explanation.append(
        "no scale at or above \(selection.requestText) among {\(listed)}: the largest, \(ScaleText.format(largest))x, wins"
      )
    }
  }

  private func chooseAndroid(_ selection: inout Selection) {
    let request = selection.request
    // An unqualified request density reads as mdpi, as the platform does.
    let requested = request.screenDensity.isBucket ? request.screenDensity.dpi : AndroidDensity.mdpi.dpi
    var best: Int?
    for (index, candidate) in selection.candidates.enumerated() {
      if !candidate.configuration.isEmpty {
        selection.set(
          index, .excluded("for another configuration (\(candidate.configuration.joined(separator: "-")))"))
        continue
      }
      if let level = candidate.apiLevel, let device = request.apiLevel, level > device {
        selection.set(index, .excluded("for API \(level) and later; the device has API \(device)"))
        continue
      }
      guard let current = best else {
        best = index
        continue
      }
      if Self.androidPrefers(candidate, over: selection.candidates[current], requested: requested) {
        best = index
      }
    }
    guard let best else {
      selection.explanation.append("no file is for the default configuration")
      return
    }
    selection.chosen = best
    let winner = selection.candidates[best]
    let dpi = Selection.densityText(request.screenDensity)
    let densities = Set(
      selection.candidates.indices.filter { selection.standing[$0] == nil }.map {
        (selection.candidates[$0].density ?? .mdpi)
      }
    ).sorted()
    let listed = densities.map(\.description).joined(separator: ", ")
    let density = winner.density ?? .mdpi
    if density == .anyDPI {
      selection.explanation.append("an anydpi file scales itself and beats every density bucket")
    } else if density.dpi == requested {
      selection.explanation.append("\(dpi) is among {\(listed)}: the exact density wins")
    } else if densities.count == 1 {
      selection.explanation.append("\(density) is the only density for \(dpi)")
    } else if density.dpi > requested {
      let lower = densities.last(where: { $0.dpi < requested && $0.isBucket })
      if let lower {
        let l = lower.dpi
        let h = density.dpi
        selection.explanation.append(
          "for \(dpi) between \(lower) (\(l)) and \(density) (\(h)): (2·\(l) − \(requested))·\(h) = \((2 * l - requested) * h) is not above \(requested)² = \(requested * requested), so the higher one wins"
        )
      } else {
        selection.explanation.append(
          "every density in {\(listed)} is above \(dpi): the nearest above wins (scaling down is preferred)")
      }
    } else {
      let higher = densities.first(where: { $0.dpi > requested })
      if let higher, higher.isBucket || higher == .noDPI {
        let l = density.dpi
        let h = higher.dpi
        selection.explanation.append(
          "for \(dpi) between \(density) (\(l)) and \(higher) (\(h)): (2·\(l) − \(requested))·\(h) = \((2 * l - requested) * h) is above \(requested)² = \(requested * requested), so the lower one wins"
        )
      } else {
        selection.explanation.append("every density in {\(listed)} is below \(dpi): the highest wins")
      }
    }
    if density == .noDPI {
      selection.explanation.append("a nodpi file is drawn at its pixel size, never scaled for the density")
    }
    let sameDensity = selection.candidates.indices.filter {
      $0 != best && selection.standing[$0] == nil && (selection.candidates[$0].density ?? .mdpi) == density
    }
    if !sameDensity.isEmpty {
      for index in sameDensity {
        selection.set(index, .outranked("a file for a higher API level has this density"))
      }
      selection.explanation.append(
        "among the \(density) files, the one for the highest API level the device has (\(winner.apiLevel.map { "v\($0)" } ?? "none")) wins"
      )
    }
  }

  /// `ResTable_config::isBetterThan` for two files of the default configuration, on
  /// density and then API level. An unqualified folder counts as `mdpi`.
  static func androidPrefers(_ a: LayoutCandidate, over b: LayoutCandidate, requested: Int) -> Bool {
    let da = (a.density ?? .mdpi).dpi
    let db = (b.density ?? .mdpi).dpi
    if da != db {
      if da == AndroidDensity.anyDPI.dpi { return true }
      if db == AndroidDensity.anyDPI.dpi { return false }
      var h = da
      var l = db
      var aIsBigger = true
      if l > h {
        swap(&h, &l)
        aIsBigger = false
      }
      if requested >= h { return aIsBigger }
      if l >= requested { return !aIsBigger }
      // Scaling down is counted twice as good as scaling up.
      if (2 * l - requested) * h > requested * requested { return !aIsBigger }
      return aIsBigger
    }
    return (a.apiLevel ?? 0) > (b.apiLevel ?? 0)
  }
}

extension Layout {
  /// The rule that chooses among this layout's variants.
  public var rule: SelectionRule { SelectionRule(layout: self) }
}

extension LayoutAsset {
  /// The platform's choice for a screen.
  ///
  /// - Parameter request: the screen.
  /// - Returns: the choice and its reasons.
  public func choose(for request: TraitRequest) -> Selection {
    layout.rule.choose(among: candidates, for: request)
  }
}
