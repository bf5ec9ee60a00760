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

extension RootCheck {
  // MARK: - Loose files: missing-scale, size-mismatch, suffix-case

  mutating func looseRules(_ asset: Asset) {
    for variant in asset.variants {
      guard let suffix = variant.suspiciousSuffix else { continue }
      add(.suffixCase, variant.path, asset: asset.name, suffixMessage(lastComponent(variant.path), suffix))
    }
    let variants = asset.variants.filter { $0.suspiciousSuffix == nil }
    // A ClockKit complication bundle's images are named by its manifest, drawn at the size
    // it says: they are not UIKit's name@2x.png variants.
    guard !variants.isEmpty,
      !asset.location.split(separator: "/").contains(where: { $0.hasSuffix(".ckcomplication") })
    else { return }
    var groups: [Idiom?] = []
    if variants.contains(where: { $0.idiom == nil }) { groups.append(nil) }
    for idiom in Idiom.allCases where variants.contains(where: { $0.idiom == idiom }) { groups.append(idiom) }
    for idiom in groups {
      let own = variants.filter { $0.idiom == idiom }
      let covered = Set(variants.filter { $0.idiom == nil || $0.idiom == idiom }.map(\.scale))
      guard let reference = own.max(by: { $0.scale < $1.scale }) else { continue }
      for scale in required(for: idiom, of: asset) where !covered.contains(scale) {
        let name = AssetName(parsing: lastComponent(reference.path))
        let wanted = AssetName(base: name.base, scale: scale == 1 ? nil : scale, idiom: idiom, ext: name.ext)
        var message = "no @\(scale)x\(idiom.map { "~\($0)" } ?? "") variant: add \(wanted.fileName)"
        if reference.scale > scale {
          message += " (`icongrid derive --write` makes it from \(lastComponent(reference.path)))"
        }
        if let misspelt = misspelt(asset.name) {
          message += " (\(misspelt) is there, but its suffix is misspelt)"
        }
        add(.missingScale, reference.path, asset: asset.name, message)
      }
    }
    for idiom in groups { sizeRule(asset, variants.filter { $0.idiom == idiom }) }
  }

  /// The scales required of variants for `idiom`.
  func required(for idiom: Idiom?, of asset: Asset) -> [Int] {
    requirement(of: asset).scales(forIPad: idiom == .ipad)
  }

  /// A loose file whose misspelt suffix makes it miss the asset `name`.
  func misspelt(_ name: String) -> String? {
    misspeltFiles[name]
  }

  func suffixMessage(_ file: String, _ suffix: String) -> String {
    let fixed: String
    let why: String
    if suffix.hasPrefix("~"), let at = suffix.firstIndex(of: "@") {
      fixed = suffix[at...].lowercased() + suffix[..<at].lowercased()
      why = "a device reads neither suffix of \"\(suffix)\": the scale comes before the idiom"
    } else if suffix.hasPrefix("@") {
      fixed = suffix.lowercased()
      why = "a device does not read \"\(suffix)\" as a scale (the x is lower case)"
    } else {
      fixed = suffix.lowercased()
      why = "a device does not read \"\(suffix)\" as an idiom (idioms are lower case)"
    }
    return "\(why); rename it to \(replacingLast(suffix, in: file, with: fixed))"
  }

  /// size-mismatch over variants of one trait group (one idiom for loose files): point
  /// size from the highest scale.
  mutating func sizeRule(_ asset: Asset, _ variants: [Variant], traits: SlotTraits? = nil) {
    let sized = variants.compactMap { variant in facts[variant.path]?.header.map { (variant, $0) } }
    guard sized.count > 1, let (reference, top) = sized.max(by: { $0.0.scale < $1.0.scale }) else { return }
    let pointWidth = Double(top.width) / Double(reference.scale)
    let pointHeight = Double(top.height) / Double(reference.scale)
    for (variant, header) in sized where variant.path != reference.path {
      let width = pointWidth * Double(variant.scale)
      let height = pointHeight * Double(variant.scale)
      guard abs(Double(header.width) - width) > 1 || abs(Double(header.height) - height) > 1 else { continue }
      add(
        .sizeMismatch, variant.path, asset: asset.name,
        "is \(header.width)×\(header.height) px at @\(variant.scale)x\(conditions(traits)); "
          + "expected \(pixels(width))×\(pixels(height)) px (\(variant.scale) × "
          + "\(number(pointWidth))×\(number(pointHeight)) pt, from "
          + "\(lastComponent(reference.path)) at \(top.width)×\(top.height) px @\(reference.scale)x)")
    }
  }

  /// ` (dark, compact-height)`: the traits beyond idiom that a group's slots share.
  private func conditions(_ traits: SlotTraits?) -> String {
    guard var traits, traits.hasConditions else { return "" }
    traits.idiom = nil
    traits.size = nil
    let text = traits.description.split(separator: " ").dropFirst().joined(separator: ", ")
    return text.isEmpty ? "" : " (\(text))"
  }

  /// A pixel count as a device rounds it: `67` for 66.7 (±1 px is allowed).
  private func pixels(_ value: Double) -> String { String(Int(value.rounded())) }

  /// Whether a path lies in a ClockKit complication bundle (`gallery.ckcomplication`).
  static func isInComplicationBundle(_ path: String) -> Bool {
    path.split(separator: "/").contains { $0.hasSuffix(".ckcomplication") }
  }

  /// Loose assets the Apple rules leave alone, by location, with the reason: single images
  /// of 1000 px or more with no other scale (masters and artwork, which no screen draws at
  /// 1x). Only the check reads the headers that say so; the index sets aside whole layouts.
  func looseSkipList() -> [String: String] {
    var skips: [String: String] = [:]
    for asset in assets where asset.source == .looseFiles {
      if asset.variants.count == 1, let only = asset.variants.first, only.scale == 1,
        let header = facts[only.path]?.header, max(header.width, header.height) >= 1000
      {
        skips[asset.location] = "large-single-image"
      }
    }
    return skips
  }
}
