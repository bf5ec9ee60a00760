import ImageCore

/// Every image format for an `AssetLibrary`: the `ImageDecoding` library as its loader,
/// vectors rendered at the scale the library asks for.
///
/// ```swift
/// let library = try AssetLibrary(root: "Assets", loader: FormatLoader())
/// let pdf = try library.image(named: "Settings", scale: 3)  // rendered at 3x
/// ```
///
/// Errors reach the library as the decoder's ``ImageError``s ("a PDF (vector): …"), so the
/// library's `ResolveError` names the file, the format and the reason.
public struct FormatLoader: ImageLoading {
  /// The largest input and image accepted (for a vector: the size it is rendered at).
  public let limits: DecodingLimits
  /// The side, in pixels, of the square every image is drawn into, or `nil` for images at
  /// their own size (see ``ImageDecoder/decode(contentsOf:size:limits:drawnWithin:)``).
  public let box: Int?

  /// Creates a loader.
  ///
  /// - Parameters:
  ///   - limits: the largest input and image accepted.
  ///   - box: the side, in pixels, of the square every image is drawn into (a contact
  ///     sheet's icon box): large JPEGs and WebPs are decoded and vectors rendered no
  ///     larger than needed to fill it. `nil` loads every image at its own size.
  public init(limits: DecodingLimits = .default, drawnWithin box: Int? = nil) {
    self.limits = limits
    self.box = box
  }

  /// The pixel size the file has, or is rendered at for a vector (reading a PNG's header
  /// only; with a ``box``, a JPEG's or WebP's header too, so a large photo drawn small is
  /// never decoded whole to be sized: damage is then found when it is loaded).
  ///
  /// - Parameter request: the file and the scale a vector is drawn at.
  /// - Returns: the width and height in pixels.
  /// - Throws: `ImageError` naming the file, its format and the reason.
  public func pixelSize(of request: ImageLoadRequest) throws -> (width: Int, height: Int) {
    if box != nil, !request.isVector, let size = ImageDecoder.rasterHeaderSize(contentsOf: request.path) {
      return size
    }
    let probe = try ImageDecoder.probe(
      contentsOf: request.path, size: .scale(Double(request.scale)), limits: limits)
    return (probe.pixelWidth, probe.pixelHeight)
  }

  /// The pixels a load of the file holds at its peak: for a JPEG or WebP drawn within the
  /// ``box``, the size it is decoded at when its decoder reduces as it goes (see
  /// ``ImageDecoder/heldPixels(contentsOf:drawnWithin:)``); otherwise its own size, or a
  /// vector's rendered size.
  ///
  /// - Parameter request: the file and the scale a vector is drawn at.
  /// - Returns: width × height in pixels.
  /// - Throws: `ImageError` naming the file, its format and the reason.
  public func heldPixels(of request: ImageLoadRequest) throws -> Int {
    if !request.isVector, let held = ImageDecoder.heldPixels(contentsOf: request.path, drawnWithin: box) {
      return held
    }
    let size = try pixelSize(of: request)
    return size.width * size.height
  }

  /// The file's pixels: decoded, or rendered at the request's scale for a vector.
  ///
  /// - Parameter request: the file and the scale a vector is drawn at.
  /// - Returns: straight 8-bit RGBA in sRGB.
  /// - Throws: `ImageError` naming the file, its format and the reason.
  public func load(_ request: ImageLoadRequest) throws -> Bitmap {
    try ImageDecoder.decode(
      contentsOf: request.path, size: .scale(Double(request.scale)), limits: limits, drawnWithin: box
    ).bitmap
  }
}
