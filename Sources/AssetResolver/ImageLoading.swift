import AssetIndex
import ImageCore

extension Variant {
  /// Whether the file is a PDF or SVG by its extension.
  public var isVectorFile: Bool { CatalogScanner.isVector(path) }

  /// What the loader is asked for when this variant serves a request for `requestedScale`.
  func loadRequest(requestedScale: Int) -> ImageLoadRequest {
    ImageLoadRequest(
      path: fullPath, scale: isScaleIndependent ? max(1, requestedScale) : scale, isVector: isVectorFile)
  }

  /// The cache key of the pixels for `request`: the file, and for a vector the scale it is
  /// rendered at (one PDF is three images at 1x, 2x and 3x).
  func cacheKey(for request: ImageLoadRequest) -> CacheKey {
    request.isVector ? CacheKey(key.path, scale: request.scale) : key
  }
}
