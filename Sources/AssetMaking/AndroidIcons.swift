import IconGridSupport
import ImageCore
import Resampling

/// One Android launcher icon file.
public struct AndroidIconFile: Sendable, Hashable {
  /// Its path below the output folder (`res/mipmap-xhdpi/ic_launcher.png`).
  public var path: String
  /// Its side in pixels.
  public var pixels: Int
  /// Where Android uses it (`xhdpi launcher`, `Google Play store listing`).
  public var usage: String
}

/// What ``AndroidIconBuilder/build(master:output:force:limits:)`` wrote.
public struct AndroidIconResult: Sendable, Hashable {
  /// The files, densities ascending, then the store icon.
  public var files: [AndroidIconFile]
  /// Files that were already there with other bytes and were replaced (`force`).
  public var replaced: [String]
  /// Files that were already there with these very bytes, left untouched.
  public var unchanged: [String]
  /// Notes for the reader (an adaptive icon that takes precedence on Android 8+).
  public var notes: [String]
}

/// Legacy Android launcher icons from one master: `ic_launcher.png` of 48 dp at each density
/// (48, 72, 96, 144 and 192 px in `mipmap-mdpi` … `mipmap-xxxhdpi`) and the 512-px Google Play
/// icon `ic_launcher-playstore.png`, laid out as Android Studio's Image Asset tool does below
/// a module's `src/main`.
///
/// Stateless and deterministic (the same master gives the same bytes); safe from any thread.
public enum AndroidIconBuilder {
  /// The files, by density.
  public static let files: [AndroidIconFile] =
    [("mdpi", 1.0), ("hdpi", 1.5), ("xhdpi", 2.0), ("xxhdpi", 3.0), ("xxxhdpi", 4.0)].map { density, factor in
      AndroidIconFile(
        path: "res/mipmap-\(density)/ic_launcher.png", pixels: Resampler.pixels(points: 48, scale: factor),
        usage: "\(density) launcher (48 dp)")
    } + [AndroidIconFile(path: "ic_launcher-playstore.png", pixels: 512, usage: "Google Play store listing")]

  /// Writes the icons below `output` (a module's `src/main`).
  ///
  /// - Parameters:
  ///   - master: a square PNG of at least 1024 px (512 would do for Android, but one master
  ///     serves every platform).
  ///   - output: the folder that holds (or will hold) `res/`.
  ///   - force: replace files with other bytes; without it, such a file stops the run.
  ///   - limits: the limits the master is decoded within, and whether a PDF, SVG, HEIC or
  ///     AVIF master is decoded in a child process; ``ImageCore/DecodingLimits/default``
  ///     (in process) unless given.
  /// - Returns: the files and notes.
  /// - Throws: ``MakingError``: a bad master, `.exists` for a file that differs without
  ///   `force`, `.io`; nothing is written then.
  public static func build(
    master: String, output: String, force: Bool, limits: DecodingLimits = .default
  ) throws -> AndroidIconResult {
    let image = try AppIconSetBuilder.loadMaster(master, limits: limits)
    var batch = FileBatch()
    var replaced: [String] = []
    var unchanged: [String] = []
    var notes: [String] = []
    let adaptive = Paths.join(output, "res/mipmap-anydpi-v26/ic_launcher.xml")
    if Files.exists(adaptive) {
      notes.append(
        "\(adaptive) is an adaptive icon: Android 8 and later draw it, not these PNGs (they serve older versions)"
      )
    }
    do {
      for file in files {
        let path = Paths.join(output, file.path)
        let small = Resampler.resize(image, width: file.pixels, height: file.pixels)
        let bytes = try AppIconSetBuilder.encode(small, alpha: true, path: path)
        if Files.exists(path) {
          if let old = try? Files.read(path), old == bytes {
            unchanged.append(file.path)
            continue
          }
          guard force else {
            throw MakingError(.exists, "exists with other content; give --force to replace it", path: path)
          }
          replaced.append(file.path)
        }
        try Files.makeFolders(FileBatch.parent(path))
        try batch.stage(bytes, at: path)
      }
      try batch.commit()
    } catch {
      batch.discard()
      throw error
    }
    return AndroidIconResult(files: files, replaced: replaced, unchanged: unchanged, notes: notes)
  }
}
