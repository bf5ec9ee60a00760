extension CatalogScanner {
  /// Whether the file of a slot serves every scale as it is, so a request for any scale
  /// takes it as exact (never a fallback) and a vector is rendered at the scale asked for.
  ///
  /// As Xcode builds catalogs (Apple's Asset Catalog Format Reference, Image Set Type):
  /// a slot without a `scale` ("Single Scale") holds one file for every display: a
  /// Single Size app icon, a sticker, or a PDF or SVG that Xcode renders at each scale.
  /// `preserves-vector-representation` keeps a PDF's (or SVG's) vector data, so UIKit
  /// draws it at any size, whatever slot it sits in. A PDF in a `1x` slot of a set that
  /// does not preserve vector data is rasterised by Xcode at 1x, like a 1x PNG: it is not
  /// scale-independent, and a 2x request for it is a fallback.
  static func servesEveryScale(
    kind: CatalogSet.Kind, scale: Int?, filename: String, properties: SetProperties
  ) -> Bool {
    let vector = isVector(filename)
    if properties.preservesVectorRepresentation && vector { return true }
    guard scale == nil else { return false }
    return kind.hasSizedSlots || kind == .sticker || kind == .stickerSequence || vector
      || properties.preservesVectorRepresentation
  }
}
