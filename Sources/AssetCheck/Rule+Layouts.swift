import ImageCore

extension Rule {
  // MARK: Flutter

  /// Variant folders (`2.0x/`) whose main asset no `pubspec.yaml` path declares.
  public static let flutterUnbundled = Rule(
    "flutter-unbundled", .error,
    "A Flutter variant folder's image is never bundled: no path under flutter: assets: in pubspec.yaml declares its main asset."
  )
  /// A `pubspec.yaml` asset path that names nothing.
  public static let flutterMissingAsset = Rule(
    "flutter-missing-asset", .error,
    "A path under flutter: assets: in pubspec.yaml names no file or folder; flutter build stops on it.")
  /// Variants of one Flutter asset whose sizes disagree with their ratios.
  public static let flutterSizeMismatch = Rule(
    "flutter-size-mismatch", .error,
    "A Flutter variant's pixel size differs from its ratio × the main asset's logical size by more than 1 px."
  )
  /// A device ratio at which Flutter picks a lower variant and enlarges it though a higher one exists.
  public static let flutterMidpoint = Rule(
    "flutter-midpoint", .warning,
    "At a device pixel ratio the project targets, Flutter's AssetImage picks a lower variant and enlarges it, though a higher one exists."
  )
  /// A folder beside variant folders that Flutter does not read as one (`2x.0/`, `2.0x/3.0x/`).
  public static let flutterVariantFolder = Rule(
    "flutter-variant-folder", .warning,
    "A folder meant as a Flutter variant folder is not one Flutter reads: not N.Mx, or nested in another variant folder."
  )

  // MARK: React Native

  /// Scales that `react-native bundle` leaves out of an iOS release bundle.
  public static let metroDroppedScale = Rule(
    "metro-dropped-scale", .warning,
    "An @Nx image is left out of iOS release bundles: Metro keeps only scales 1, 2 and 3 for iOS.")
  /// Variants of one Metro asset whose sizes disagree with their scales.
  public static let metroSizeMismatch = Rule(
    "metro-size-mismatch", .error,
    "A React Native @Nx image's pixel size differs from its scale × the 1x size by more than 1 px.")
  /// A scale suffix Metro does not read (`@2X`, `@2x` after the extension, `@ 2x`).
  public static let metroSuffix = Rule(
    "metro-suffix", .error,
    "A scale suffix is spelt in a way Metro does not read (@2X, @2x.PNG after a platform suffix); the file is a separate image."
  )

  // MARK: Android, at parity with Android lint's IconDetector

  /// A bitmap missing from some of the density folders that hold others.
  public static let androidDensities = Rule(
    "android-densities", .warning,
    "A drawable is missing from density folders (mdpi, hdpi, xhdpi, xxhdpi) that hold the project's other drawables.",
    aliases: ["IconDensities"])
  /// Some of the density folders lint requires are missing.
  public static let androidDensityFolder = Rule(
    "android-density-folder", .warning,
    "A res folder has some drawable density folders and lacks others of mdpi, hdpi, xhdpi and xxhdpi.",
    aliases: ["IconMissingDensityFolder"])
  /// The densities of one drawable disagree in their dp size.
  public static let androidDipSize = Rule(
    "android-dip-size", .warning,
    "A drawable's density versions differ in density-independent (dp) size, or a _Ndp name disagrees with it.",
    aliases: ["IconDipSize"])
  /// Different drawables with identical files.
  public static let androidDuplicate = Rule(
    "android-duplicate", .warning, "Drawables of different names are byte-identical files.",
    aliases: ["IconDuplicates"])
  /// One drawable with identical files in several configuration folders.
  public static let androidDuplicateConfig = Rule(
    "android-duplicate-config", .warning,
    "One drawable has byte-identical files in several configuration folders (a density copied, not resized).",
    aliases: ["IconDuplicatesConfig"])
  /// A drawable both in `-nodpi` and in a density folder.
  public static let androidNoDpi = Rule(
    "android-nodpi", .warning,
    "A drawable is in drawable-nodpi and in a density folder too, so whether it is scaled depends on the device.",
    aliases: ["IconNoDpi"])
  /// `name.png` and `name.9.png` in one folder.
  public static let androidMixedNinePatch = Rule(
    "android-mixed-nine-patch", .warning,
    "name.png and name.9.png both map to @drawable/name.", aliases: ["IconMixedNinePatch"])
  /// A drawable both as an XML file and as a bitmap.
  public static let androidXMLAndBitmap = Rule(
    "android-xml-and-bitmap", .warning,
    "A drawable is both an XML drawable and a bitmap of the same name.", aliases: ["IconXmlAndPng"])
  /// A bitmap in the density-independent `drawable/` folder.
  public static let androidLocation = Rule(
    "android-location", .warning,
    "A bitmap is in res/drawable/, which Android treats as mdpi and scales; it belongs in a density folder or drawable-nodpi.",
    aliases: ["IconLocation"])
  /// A bitmap whose bytes are not the format its extension names.
  public static let androidExtension = Rule(
    "android-extension", .warning, "A drawable's bytes are not the format its extension names.",
    aliases: ["IconExtension"])
  /// A launcher icon that is not 48 dp × its density.
  public static let androidLauncherSize = Rule(
    "android-launcher-size", .warning,
    "A launcher icon (ic_launcher…) is not 48 dp at its folder's density (48, 72, 96, 144, 192 px).",
    aliases: ["IconExpectedSize"])
  /// A resource file name the Android build refuses.
  public static let androidResourceName = Rule(
    "android-resource-name", .error,
    "A resource file name is not a-z, 0-9 and _ starting with a letter (or is a Java keyword); the Android build refuses it."
  )

  /// The rules of the Flutter, React Native and Android layouts, in report order.
  static let layoutRules: [Rule] = [
    flutterUnbundled, flutterMissingAsset, flutterSizeMismatch, flutterMidpoint, flutterVariantFolder,
    metroDroppedScale, metroSizeMismatch, metroSuffix,
    androidResourceName, androidDensities, androidDensityFolder, androidDipSize, androidDuplicate,
    androidDuplicateConfig, androidNoDpi, androidMixedNinePatch, androidXMLAndBitmap, androidLocation,
    androidExtension, androidLauncherSize,
  ]
}
