import IconGridSupport
import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Streams rows, strip by strip, into a PNG file that appears at its path only when
/// complete.
///
/// Rows go to a temporary file in the destination's directory; ``finish()`` renames it
/// into place. A writer dropped without `finish()`, or one whose write fails, removes its
/// temporary file, so a failure never leaves a half-written PNG.
///
/// ```swift
/// var writer = try PNGStreamWriter(path: "sheet.png", width: 800, height: 6000)
/// for strip in strips { try writer.append(strip) }   // each strip: 800 × n RGBA
/// try writer.finish()
/// ```
///
/// Memory holds one strip and its compressed form, never the whole image.
public struct PNGStreamWriter: ~Copyable {
  private let path: String
  private let temporaryPath: String
  private var fd: Int32
  private var encoder: PNGRowEncoder
  private var pending: [UInt8]

  /// Opens a temporary file beside `path` and writes the PNG header.
  ///
  /// - Parameters:
  ///   - path: where the file appears after ``finish()``.
  ///   - width: the image's width in pixels, at least 1.
  ///   - height: the image's height in pixels, at least 1: the rows to append in all.
  ///   - options: compression, pHYs scale, alpha and threads.
  /// - Throws: ``ImageError`` with ``ImageError/Code/invalidArgument`` for an empty size, or
  ///   ``ImageError/Code/io`` with the path when the folder cannot be written.
  public init(path: String, width: Int, height: Int, options: PNGEncodingOptions = .init())
    throws
  {
    let encoder = try PNGRowEncoder(width: width, height: height, options: options)
    let (descriptor, temporary) = try TemporaryFiles.create(for: path)
    self.path = path
    self.temporaryPath = temporary
    self.fd = descriptor
    self.encoder = encoder
    self.pending = self.encoder.start()
  }

  /// Rows still expected.
  public var remainingRows: Int { encoder.remainingRows }

  /// Appends whole rows of RGBA (`width × 4` bytes each).
  ///
  /// - Parameter rows: one or more rows, top to bottom, no padding.
  /// - Throws: ``ImageError`` with ``ImageError/Code/invalidArgument`` when the bytes are not
  ///   whole rows or more rows than remain, or ``ImageError/Code/io`` when writing fails; the
  ///   temporary file is removed then, and the writer is unusable.
  public mutating func append(rows: UnsafeRawBufferPointer) throws {
    do {
      try encoder.encode(rows: rows, into: &pending)
      try flush()
    } catch {
      abandon()
      throw (error as? ImageError)?.at(path) ?? error
    }
  }

  /// Appends a strip: a bitmap as wide as the image.
  ///
  /// - Parameter strip: the next rows, as wide as the image.
  /// - Throws: what ``append(rows:)`` throws.
  public mutating func append(_ strip: Bitmap) throws {
    try strip.pixels.withUnsafeBytes { (raw) throws in try append(rows: raw) }
  }

  /// Writes the end of the file and renames it into place.
  ///
  /// - Throws: ``ImageError/Code/invalidArgument`` when rows are missing;
  ///   ``ImageError/Code/io`` when writing or renaming fails. Either way nothing is left.
  public consuming func finish() throws {
    do {
      try encoder.finish(into: &pending)
      try flush()
      guard fd >= 0 else { throw ImageError(.io, "writer already failed") }
      let closed = close(fd)
      fd = -1
      guard closed == 0 else { throw FileIO.systemError("cannot write", path: path) }
      guard rename(temporaryPath, path) == 0 else {
        throw FileIO.systemError("cannot rename into place", path: path)
      }
    } catch {
      abandon()
      throw (error as? ImageError)?.at(path) ?? error
    }
  }

  private mutating func flush() throws {
    guard fd >= 0 else { throw ImageError(.io, "writer already failed") }
    guard pending.withUnsafeBytes({ FileSystem.writeAll(fd, $0) }) else {
      throw FileIO.systemError("cannot write", path: path)
    }
    pending.removeAll(keepingCapacity: true)
  }

  private mutating func abandon() {
    if fd >= 0 {
      close(fd)
      fd = -1
    }
    unlink(temporaryPath)
  }

  deinit {
    if fd >= 0 {
      close(fd)
      unlink(temporaryPath)
    }
  }
}
