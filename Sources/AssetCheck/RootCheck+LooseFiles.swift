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
      // With a file of the same name without the suffix, the device gets that one: the wrong
      // image for its idiom, not none.
      let intended =
        asset.name.hasSuffix(suffix)
        ? AssetName(parsing: String(asset.name.dropLast(suffix.count)) + ".png").base : nil
      let fallback = intended.flatMap { intended in
        assets.first { $0.name == intended && $0.source == .looseFiles }
      }
      var message = suffixMessage(Paths.lastComponent(of: variant.path), suffix)
      if let fallback {
        message += "; until then a device gets \(Paths.lastComponent(of: fallback.location)) instead"
      }
      add(.suffixCase, variant.path, asset: asset.name, message, severity: fallback == nil ? nil : .warning)
    }
    // Most assets have no misspelt file: their variants are taken as they are, not copied.
    let variants =
      asset.variants.contains { $0.suspiciousSuffix != nil }
      ? asset.variants.filter { $0.suspiciousSuffix == nil } : asset.variants
    // A ClockKit complication bundle's images are named by its manifest, drawn at the size
    // it says: they are not UIKit's name@2x.png variants.
    guard !variants.isEmpty,
      !RootCheck.isInComplicationBundle(asset.location)
    else { return }
    let role = role(ofLoose: asset)
    let idioms = RootCheck.idiomGroups(variants)
    for idiom in idioms {
      for gap in looseGaps(asset, variants: variants, idiom: idiom) {
        guard role.hasScaleFamily, let severity = RootCheck.severity(of: gap, role: role),
          let reference = gap.sources.max(by: { $0.scale < $1.scale })
        else { continue }
        let scale = gap.need.scale
        let name = AssetName(parsing: Paths.lastComponent(of: reference.path))
        let wanted = AssetName(base: name.base, scale: scale == 1 ? nil : scale, idiom: idiom, ext: name.ext)
        var message =
          "no @\(scale)x\(idiom.map { "~\($0)" } ?? "") variant: add \(wanted.fileName) (\(gap.need.reason))"
          + RootCheck.roleClause(role)
        if let misspelt = misspelt(asset.name) {
          message += " (\(misspelt) is there, but its suffix is misspelt)"
        }
        add(.missingScale, reference.path, asset: asset.name, message, severity: severity)
      }
    }
    // One file has no other size to compare with (``sizeRule(_:_:traits:)``): not grouped.
    if role.hasScaleFamily && variants.count > 1 {
      for idiom in idioms { sizeRule(asset, variants.filter { $0.idiom == idiom }) }
    }
    if role == .launchImage { launchImageRule(asset, variants) }
  }

  /// The idioms loose files are grouped by: generic first, then `~iphone`, `~ipad`.
  static func idiomGroups(_ variants: [Variant]) -> [Idiom?] {
    var groups: [Idiom?] = []
    if variants.contains(where: { $0.idiom == nil }) { groups.append(nil) }
    for idiom in Idiom.allCases where variants.contains(where: { $0.idiom == idiom }) { groups.append(idiom) }
    return groups
  }

  /// The gaps of a loose asset's `idiom` files; generic files serve the idiom's devices too.
  func looseGaps(_ asset: Asset, variants: [Variant], idiom: Idiom?) -> [ScaleGap] {
    let own = variants.filter { $0.idiom == idiom }
    let files = Set(variants.filter { $0.idiom == nil || $0.idiom == idiom }.map(\.scale))
    return gaps(of: asset, device: idiom, files: files, idiom: idiom, sources: own)
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
    var sized = variants.compactMap { variant in facts[variant.path]?.header.map { (variant, $0) } }
    // One file has no other size to be compared with.
    guard sized.count > 1 else { return }
    // One file in every slot (the same bytes at each scale) is a master drawn resized.
    let prints = Set(sized.map { facts[$0.0.path].map { "\($0.byteCount) \($0.contentPrint)" } ?? $0.0.path })
    guard prints.count > 1 else { return }
    // The point size comes from a scale the devices use: no Mac, iPad, TV or watch is 3x.
    let requirement = requirement(of: asset)
    let device = traits.flatMap(RootCheck.device(ofSlot:))
    if let needs = RootCheck.needs(of: device, in: requirement), !needs.contains(where: { $0.scale == 3 }),
      !requirement.devices.isEmpty
    {
      sized = sized.filter { $0.0.scale < 3 }
    }
    guard sized.count > 1, let (reference, top) = sized.max(by: { $0.0.scale < $1.0.scale }) else { return }
    let pointWidth = Double(top.width) / Double(reference.scale)
    let pointHeight = Double(top.height) / Double(reference.scale)
    for (variant, header) in sized where variant.path != reference.path {
      let width = pointWidth * Double(variant.scale)
      let height = pointHeight * Double(variant.scale)
      guard abs(Double(header.width) - width) > 1 || abs(Double(header.height) - height) > 1 else { continue }
      // A copy of another scale's file, or a changed aspect, draws the image wrong for certain;
      // another drawing of the same shape at another size may be deliberate pixel-fitting
      // that the view fits to its box.
      let copied = sized.contains {
        $0.0.path != variant.path && $0.1.width == header.width && $0.1.height == header.height
      }
      let aspect = Double(header.width) / Double(max(1, header.height))
      let distorted = abs(aspect / (pointWidth / max(0.001, pointHeight)) - 1) > 0.15
      // An image view that does not scale draws each file at its own point size.
      let intrinsic = interfaceUses.intrinsic[asset.baseName]
      let certain = copied || distorted || intrinsic != nil
      // The same drawing with more pixels than its slot needs is never blurry: a note.
      let denser = !certain && Double(header.width) > width && Double(header.height) > height
      add(
        .sizeMismatch, variant.path, asset: asset.name,
        "is \(header.width)×\(header.height) px at @\(variant.scale)x\(conditions(traits)); "
          + "expected \(pixels(width))×\(pixels(height)) px (\(variant.scale) × "
          + "\(ScaleText.oneDecimal(pointWidth))×\(ScaleText.oneDecimal(pointHeight)) pt, from "
          + "\(Paths.lastComponent(of: reference.path)) at \(top.width)×\(top.height) px @\(reference.scale)x)"
          + (copied
            ? "; it is as large as another scale's file, so a copy: that screen draws the image at the wrong size"
            : distorted
              ? "; its shape differs too, so that screen draws it distorted or at another size"
              : intrinsic.map {
                "; \($0.file) draws it at its own size (contentMode \($0.mode)), so that screen shows it at "
                  + "\(ScaleText.oneDecimal(Double(header.width) / Double(variant.scale)))×"
                  + "\(ScaleText.oneDecimal(Double(header.height) / Double(variant.scale))) pt instead of "
                  + "\(ScaleText.oneDecimal(pointWidth))×\(ScaleText.oneDecimal(pointHeight)) pt"
              }
                ?? "; the same shape at another size, perhaps drawn for that scale, which a view that fits the image "
                + "hides: check it"),
        severity: certain ? nil : denser ? .note : .warning)
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
    Paths.containsComponent(path) { Paths.hasSuffix($0, ".ckcomplication") }
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

/// `text` with the last occurrence of `target` replaced.
private func replacingLast(_ target: String, in text: String, with replacement: String) -> String {
  guard !target.isEmpty, text.count >= target.count else { return text }
  var index = text.endIndex
  while index > text.startIndex {
    index = text.index(before: index)
    if text[index...].hasPrefix(target) {
      return String(text[..<index]) + replacement + text[text.index(index, offsetBy: target.count)...]
    }
  }
  return text
}
