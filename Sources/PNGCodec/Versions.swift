internal import CLibPNG

/// Versions of the C libraries the codec runs on, for `--version` and bug reports.
public enum CodecLibraries {
  /// libpng's version, as the loaded library reports it.
  public static var libpngVersion: String { String(cString: png_get_libpng_ver(nil)) }
  /// zlib's version, as the loaded library reports it.
  public static var zlibVersion: String { String(cString: CLibPNG.zlibVersion()) }
}
