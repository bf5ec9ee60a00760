import AssetIndex
import ImageCore

/// The file a request resolved to, on any platform: the asset's name, the chosen file, its
/// size, and how it was chosen.
///
/// An asset catalog or loose `@Nx` file answers with its ``variant`` (the slot, its device
/// and traits); a Flutter, React Native or Android asset answers with its ``asset`` (all its
/// files) and the rule's ``selection`` (the reasons). Both give the same ``path``,
/// ``scale`` and sizes.
///
/// ```swift
/// let resolution = try library.variant(named: "mail", scale: 2)
/// print(resolution.path, resolution.scale, resolution.isFallback)
/// ```
public struct Resolution: Sendable, Hashable {
  /// The asset's name: its name in the catalog, or the name code uses on other platforms.
  public var name: String
  /// The scale the caller asked for.
  public var requestedScale: Double
  /// Width of the chosen file in pixels; `nil` for an Android XML drawable or a format the
  /// library's loader does not read.
  public var pixelWidth: Int?
  /// Height of the chosen file in pixels; `nil` when the width is.
  public var pixelHeight: Int?
  let choice: Choice

  /// How the file was found: a slot of the Apple index, or a layout rule's choice.
  enum Choice: Sendable, Hashable {
    case catalog(Variant)
    indirect case layout(asset: LayoutAsset, selection: Selection, fullPath: String)
  }

  /// A catalog or loose file's answer.
  init(name: String, variant: Variant, requestedScale: Int, pixelWidth: Int, pixelHeight: Int) {
    self.name = name
    self.requestedScale = Double(requestedScale)
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    choice = .catalog(variant)
  }

  /// A layout rule's answer; `selection` has a winner.
  init(asset: LayoutAsset, selection: Selection, fullPath: String, pixelWidth: Int?, pixelHeight: Int?) {
    name = asset.name
    requestedScale = selection.request.scale
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    choice = .layout(asset: asset, selection: selection, fullPath: fullPath)
  }

  /// The layout whose rule chose: ``Layout/apple`` for asset catalogs and loose `@Nx` files.
  public var layout: Layout {
    switch choice {
    case .catalog: .apple
    case .layout(let asset, _, _): asset.layout
    }
  }

  /// The chosen file's path relative to the library's root, with `/` separators.
  public var path: String {
    switch choice {
    case .catalog(let variant): variant.path
    case .layout(_, let selection, _): selection.winner?.path ?? ""
    }
  }

  /// The chosen file's path from the file system root (the library's canonical root joined
  /// with ``path``).
  public var fullPath: String {
    switch choice {
    case .catalog(let variant): variant.fullPath
    case .layout(_, _, let fullPath): fullPath
    }
  }

  /// The catalog slot or loose file chosen (its device, size class, appearance…); `nil`
  /// for a Flutter, React Native or Android asset.
  public var variant: Variant? {
    if case .catalog(let variant) = choice { return variant }
    return nil
  }

  /// A Flutter, React Native or Android asset with all its files; `nil` for an Apple one
  /// (``AssetLibrary/explanation(of:for:)`` gives its files as candidates).
  public var asset: LayoutAsset? {
    if case .layout(let asset, _, _) = choice { return asset }
    return nil
  }

  /// A Flutter, React Native or Android rule's choice and its reasons; `nil` for an Apple
  /// asset (``AssetLibrary/explanation(of:for:)`` gives UIKit's).
  public var selection: Selection? {
    if case .layout(_, let selection, _) = choice { return selection }
    return nil
  }

  /// The chosen file of a layout rule; `nil` for an Apple asset (see ``variant``).
  public var winner: LayoutCandidate? { selection?.winner }

  /// The scale the image is drawn at: the chosen file's, or the requested one for a
  /// scale-independent file (a Single Size icon or a vector image is drawn at any scale).
  /// An Android density file is drawn at its density's scale (`xxhdpi` is 3).
  public var scale: Double {
    switch choice {
    case .catalog(let variant):
      variant.isScaleIndependent ? max(1, requestedScale.rounded(.up)) : Double(variant.scale)
    case .layout(_, let selection, _):
      selection.winner.map { winner in winner.density.map { $0.isBucket ? $0.scale : 1 } ?? winner.scale }
        ?? 1
    }
  }

  /// The size in points (dp on Android): pixels ÷ ``scale``; `nil` when the size is unknown.
  public var pointSize: PointSize? {
    guard let pixelWidth, let pixelHeight else { return nil }
    return PointSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
  }

  /// Whether the chosen file's scale differs from the requested one (no exact file exists);
  /// never for a scale-independent file.
  public var isFallback: Bool {
    switch choice {
    case .catalog(let variant):
      !variant.isScaleIndependent && Double(variant.scale) != requestedScale.rounded(.up)
    case .layout(_, let selection, _):
      selection.winner.map { $0.scale != selection.request.scale } ?? false
    }
  }
}

/// A decoded image and the file it came from.
public struct ResolvedImage: Sendable {
  /// The decoded pixels (8-bit straight RGBA, sRGB).
  public var bitmap: Bitmap
  /// Which file it is, its scale and its size in pixels and points.
  public var resolution: Resolution
}
