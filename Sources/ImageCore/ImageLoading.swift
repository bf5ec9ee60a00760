/// What an asset library (`AssetLibrary`) asks its loader for: one indexed file, and the scale a vector
/// file is drawn at.
///
/// The index reads no image bytes: whether a file is a vector comes from its extension
/// (`.pdf`, `.svg`, `.svgz`); a loader that sniffs the bytes may find otherwise and then
/// ignores ``scale``.
public struct ImageLoadRequest: Sendable, Hashable {
  /// The file to open (the root joined with the variant's path).
  public var path: String
  /// Pixels per point a vector file is rendered at: the scale asked for when its slot
  /// serves every scale (Single Scale, or `preserves-vector-representation`), otherwise
  /// the scale of its slot (a PDF in a 1x slot is drawn as Xcode rasterises it, at 1x).
  public var scale: Int
  /// Whether the file is a vector image by its extension, so ``scale`` matters.
  public var isVector: Bool

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - path: the file to open.
  ///   - scale: pixels per point a vector is rendered at, 1 or more.
  ///   - isVector: whether the file is a vector image by its extension.
  public init(path: String, scale: Int, isVector: Bool) {
    self.path = path
    self.scale = max(1, scale)
    self.isVector = isVector
  }
}

/// How an asset library (`AssetLibrary`) turns files into pixels and sizes.
///
/// `PNGCodec`'s `PNGLoader` reads PNG (and CgBI) only; `ImageDecoding`'s `FormatLoader`
/// reads every format. The protocol lives here, in the core, so that a service picks the
/// loader it links and the resolver links neither.
///
/// Conformers are called from any thread at once, outside every lock of the library.
public protocol ImageLoading: Sendable {
  /// The size in pixels the file has (a raster) or is drawn at (a vector at the
  /// request's scale), reading as little of it as the format allows.
  ///
  /// - Parameter request: the file and the scale.
  /// - Returns: the width and height in pixels.
  /// - Throws: any error; the library reports it as the file being unreadable.
  func pixelSize(of request: ImageLoadRequest) throws -> (width: Int, height: Int)

  /// The file's pixels: decoded (a raster) or rendered at the request's scale (a vector).
  ///
  /// - Parameter request: the file and the scale.
  /// - Returns: straight 8-bit RGBA in sRGB.
  /// - Throws: any error; the library reports it as the file being unreadable.
  func load(_ request: ImageLoadRequest) throws -> Bitmap

  /// The pixels ``load(_:)`` holds at its peak for the file, reading as little of it as the
  /// format allows: what a caller that bounds the loads in flight (a contact sheet) weighs
  /// each by. A loader that decodes large files reduced answers with the reduced size.
  ///
  /// - Parameter request: the file and the scale.
  /// - Returns: width × height in pixels of what a load holds.
  /// - Throws: any error; the library answers `nil` for the file.
  func heldPixels(of request: ImageLoadRequest) throws -> Int
}

extension ImageLoading {
  /// The file's own size, from ``pixelSize(of:)``: a loader that decodes every file whole.
  ///
  /// - Parameter request: the file and the scale.
  /// - Returns: width × height in pixels.
  /// - Throws: whatever ``pixelSize(of:)`` throws.
  public func heldPixels(of request: ImageLoadRequest) throws -> Int {
    let size = try pixelSize(of: request)
    return size.width * size.height
  }
}
