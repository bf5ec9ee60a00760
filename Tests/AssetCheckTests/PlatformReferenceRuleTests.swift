import AssetCheck
import Foundation
import TestSupport
import Testing

/// `--references` on Android, Flutter and React Native trees: each naming form, and what each wrong name
/// costs on its platform.
@Suite("Reference rules: Android and Flutter")
struct PlatformReferenceRuleTests {
  static func check(_ tree: Tree) -> CheckReport {
    var configuration = CheckConfiguration(requiredScales: [2])
    configuration.references = true
    return AssetChecker.check(roots: [tree.root], configuration: configuration)
  }

  /// An Android app module with drawables `names` (PNG in `drawable-xhdpi`, or XML when
  /// the name ends in `.xml`) and a build script declaring `dependencies`.
  static func android(_ names: [String], dependencies: String = "") throws -> Tree {
    let tree = Tree().text("app/build.gradle", "dependencies {\n\(dependencies)\n}\n")
    for name in names {
      if name.hasSuffix(".xml") {
        tree.text("app/src/main/res/drawable/\(name)", "<vector/>\n")
      } else if name.hasPrefix("mipmap/") {
        try tree.png("app/src/main/res/mipmap-xhdpi/\(name.dropFirst(7)).png", 96, 96)
      } else {
        try tree.png("app/src/main/res/drawable-xhdpi/\(name).png", 48, 48)
      }
    }
    return tree
  }

  @Test func eachAndroidNamingFormUsesItsDrawable() throws {
    let tree = try PlatformReferenceRuleTests.android([
      "logo", "hero", "mipmap/ic_launcher", "splash.xml", "flag_fr", "flag_de", "kept", "by_string", "orphan",
      "commented",
    ])
    tree.text(
      "app/src/main/java/a/Main.kt",
      """
      // R.drawable.commented
      val a = R.drawable.logo
      val b = resources.getIdentifier("flag_$code", "drawable", packageName)
      val c = listOf("by_string")
      """
    )
    .text(
      "app/src/main/AndroidManifest.xml",
      "<manifest><application android:icon=\"@mipmap/ic_launcher\"/></manifest>\n"
    )
    .text("app/src/main/res/layout/main.xml", "<ImageView android:src=\"@drawable/hero\"/>\n")
    .text(
      "app/src/main/res/values/styles.xml",
      "<resources><item name=\"x\">@drawable/splash</item></resources>\n"
    )
    .text("app/src/main/res/raw/keep.xml", "<resources tools:keep=\"@drawable/kept\"/>\n")
    let report = PlatformReferenceRuleTests.check(tree)
    #expect(report.findings(.missingAsset).isEmpty)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["drawable/commented", "drawable/orphan"])
    let unused = try #require(report.findings(.unusedAsset).last)
    #expect(
      unused.relativePath == "app/src/main/res/drawable-xhdpi/orphan.png" && unused.severity == .warning)
    #expect(unused.message.contains("lint's UnusedResources"))
    let note = try #require(report.roots[0].notes.first { $0.contains("drawables and mipmaps judged") })
    #expect(
      note.contains("10 drawables and mipmaps judged: 5 by reference, 1 by string, 2 by pattern, 2 unused"))
    #expect(report.roots[0].patterns?.map(\.line) == [3])
  }

  @Test func androidMissingNamesAreGradedByWhatTheBuildWouldDo() throws {
    let tree = try PlatformReferenceRuleTests.android(["logo", "mipmap/ic_launcher"])
    tree.text(
      "app/src/main/java/a/Main.kt",
      """
      val a = R.drawable.logp
      val b = R.drawable.Logo
      val c = R.drawable.abc_ic_ab_back_material
      val d = R.drawable.ic_launcher
      val e = android.R.drawable.ic_menu_add
      """
    )
    .text(
      "app/src/main/res/layout/main.xml",
      "<ImageView android:src=\"@drawable/gone\" tools:src=\"@drawable/x\"/>\n")
    let report = PlatformReferenceRuleTests.check(tree)
    let missing = report.findings(.missingAsset)
    #expect(
      missing.map { "\($0.asset ?? "")@\($0.line ?? 0):\($0.severity)" } == [
        "drawable/logp@1:warning", "drawable/Logo@2:error", "drawable/abc_ic_ab_back_material@3:note",
        "drawable/ic_launcher@4:warning", "drawable/gone@1:warning",
      ])
    #expect(
      missing[0].message.contains(
        "declares no library from outside the tree, so javac or kotlinc stops the build"))
    #expect(missing[0].message.contains("did you mean drawable/logo?"))
    #expect(missing[1].message.contains("differs only in case"))
    #expect(missing[3].message.contains("write R.mipmap.ic_launcher"))
    #expect(missing[4].message.contains("aapt2 stops the build"))
    #expect(missing[4].relativePath == "app/src/main/res/layout/main.xml")
  }

  @Test func aLibraryDependencyMakesAMissingNameANote() throws {
    let tree = try PlatformReferenceRuleTests.android(
      ["logo"], dependencies: "  implementation 'org.fossify:commons:1.0'")
    tree.text("app/src/main/java/a/Main.kt", "val a = R.drawable.pill_background\n")
    let missing = try #require(PlatformReferenceRuleTests.check(tree).findings(.missingAsset).first)
    #expect(missing.severity == .note)
    #expect(missing.message.contains("depends on libraries outside the tree"))
  }

  @Test func androidWithoutCodeOrWithAnUnreadableFileJudgesNothingUnused() throws {
    let tree = try PlatformReferenceRuleTests.android(["orphan"])
    tree.text("app/src/main/res/layout/main.xml", "<ImageView/>\n")
    var report = PlatformReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).isEmpty)
    let note = "unused-asset not checked: no Kotlin or Java source under the root"
    #expect(report.roots[0].notes.contains { $0.contains(note) })
    tree.text("app/src/main/java/a/Main.kt", "val a = 1\n")
    report = PlatformReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["drawable/orphan"])
    // A link to nothing cannot be read: a drawable named only there would look unused.
    tree.link("app/src/main/java/b/Gone.java", to: "nowhere.java")
    report = PlatformReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).isEmpty)
    #expect(
      report.roots[0].notes.contains {
        $0.contains("1 files could not be read (app/src/main/java/b/Gone.java)")
      })
  }

  @Test func dartAndJavaScriptStringsNameDrawables() throws {
    let tree = try PlatformReferenceRuleTests.android([
      "ic_stat_notify", "mipmap/ic_launcher", "orphan", "lonely",
    ])
    tree.text("app/src/main/java/a/Main.kt", "val a = 1\n")
      .text("pubspec.yaml", "name: app\n")
      .text(
        "lib/notify.dart",
        "final s = AndroidInitializationSettings('@mipmap/ic_launcher');\nfinal d = AndroidNotificationDetails(icon: 'ic_stat_notify');\n"
      )
    var report = PlatformReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["drawable/lonely", "drawable/orphan"])
    #expect(
      report.roots[0].notes.contains {
        $0.contains("4 drawables and mipmaps judged: 2 by Dart string, 2 unused")
      })
    // A React Native app names a drawable in JavaScript, which is read: the other stays unused.
    tree.text("index.js", "PushNotification.localNotification({ smallIcon: 'orphan' }) // 'lonely'\n")
    report = PlatformReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["drawable/lonely"])
    #expect(report.roots[0].notes.contains { $0.contains("1 by JavaScript string, 1 unused") })
    // A JavaScript file that is not read (minified) stops the verdict, and a note says so.
    tree.text("vendor.js", "var a='" + String(repeating: "x", count: 5000) + "';\n")
    report = PlatformReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).isEmpty)
    #expect(
      report.roots[0].notes.contains {
        $0.contains("--references (Android): 1 JavaScript/TypeScript files not read (vendor.js (minified")
      })
  }

  /// A Flutter app declaring `assets/images/` and `assets/icon.png`.
  static func flutter() throws -> Tree {
    let tree = Tree().text(
      "pubspec.yaml",
      """
      name: demo
      flutter:
        assets:
          - assets/images/
          - assets/icon.png
      flutter_launcher_icons:
        image_path: "./assets/icon.png"
      """)
    for name in ["logo", "fly_1", "fly_2", "gen_logo", "orphan", "commented"] {
      try tree.png("assets/images/\(name).png", 32, 32)
    }
    try tree.png("assets/icon.png", 64, 64)
    try tree.png("assets/undeclared/badge.png", 32, 32)
    return tree
  }

  @Test func eachFlutterNamingFormUsesItsAsset() throws {
    let tree = try PlatformReferenceRuleTests.flutter()
    tree.text(
      "lib/main.dart",
      """
      // Image.asset('assets/images/commented.png')
      final a = Image.asset('assets/images/logo.png');
      final b = Image.asset('assets/images/fly_$id.png');
      final c = Assets.images.genLogo.image();
      """
    )
    .text(
      "lib/gen/assets.gen.dart",
      "/// FlutterGen\nclass G {\n  AssetGenImage get genLogo => const AssetGenImage('assets/images/gen_logo.png');\n"
        + "  AssetGenImage get orphan => const AssetGenImage('assets/images/orphan.png');\n}\n")
    let report = PlatformReferenceRuleTests.check(tree)
    #expect(report.findings(.missingAsset).isEmpty)
    #expect(
      report.findings(.unusedAsset).map(\.relativePath) == [
        "assets/images/commented.png", "assets/images/orphan.png",
      ])
    let note = try #require(report.roots[0].notes.first { $0.contains("declared images judged") })
    #expect(
      note.contains("7 declared images judged: 2 by literal, 1 by flutter_gen member, 2 by pattern, 2 unused")
    )
  }

  @Test func aFlutterLoadOfAnUnbundledPathIsAnError() throws {
    let tree = try PlatformReferenceRuleTests.flutter()
    tree.text(
      "lib/main.dart",
      """
      final a = Image.asset('assets/images/lgo.png');
      final b = AssetImage('assets/undeclared/badge.png');
      final c = Image.asset('assets/images/Logo.png');
      final d = Image.asset('assets/other.png', package: 'some_plugin');
      final e = Image.asset('packages/demo/assets/images/logo.png');
      final f = 'assets/images/not_loaded_here.png';
      """
    )
    let report = PlatformReferenceRuleTests.check(tree)
    let missing = report.findings(.missingAsset)
    #expect(
      missing.map { "\($0.asset ?? "")@\($0.line ?? 0)" } == [
        "assets/images/lgo.png@1", "assets/undeclared/badge.png@2", "assets/images/Logo.png@3",
      ])
    #expect(missing.allSatisfy { $0.severity == .error && $0.relativePath == "lib/main.dart" })
    #expect(missing[0].message.contains("did you mean 'assets/images/logo.png'?"))
    #expect(missing[0].message.contains("Unable to load asset"))
    #expect(missing[1].message.contains("the file exists, but flutter: assets: lists neither"))
    #expect(missing[2].message.contains("differs only in case"))
  }

  /// A flutter_gen file older than the assets: it still declares `logo-32.png`,
  /// `icons/close.svg` and `data/unused.png`, whose files are gone.
  @Test func aFlutterGenMemberWhoseFileIsGoneIsMissingAtItsUse() throws {
    let tree = try PlatformReferenceRuleTests.flutter()
    tree.text(
      "lib/gen/assets.gen.dart",
      """
      /// FlutterGen
      class $AssetsImagesIconsGen {
        const $AssetsImagesIconsGen();
        SvgGenImage get close => const SvgGenImage('assets/images/icons/close.svg');
      }
      class $AssetsImagesGen {
        const $AssetsImagesGen();
        AssetGenImage get logo => const AssetGenImage('assets/images/logo.png');
        AssetGenImage get logo32 => const AssetGenImage('assets/images/logo-32.png');
        AssetGenImage get unused => const AssetGenImage('assets/images/unused.png');
        $AssetsImagesIconsGen get icons => const $AssetsImagesIconsGen();
      }
      class Assets {
        const Assets._();
        static const $AssetsImagesGen images = $AssetsImagesGen();
      }
      class FontFamily {
        static const String roboto = 'Roboto';
      }
      """
    )
    .text(
      "lib/main.dart",
      """
      final a = Assets.images.logo.image();
      final b = Assets.images.logo32.image(width: 32);
      final c = Assets.images.icons.close.svg();
      final d = tray.setIcon(Assets.images.logo32.path);
      final e = TextStyle(fontFamily: FontFamily.roboto);
      """
    )
    .text("test/logo_test.dart", "final t = Assets.images.logo32.provider();\n")
    let report = PlatformReferenceRuleTests.check(tree)
    let missing = report.findings(.missingAsset).sorted {
      ($0.relativePath, $0.line ?? 0) < ($1.relativePath, $1.line ?? 0)
    }
    #expect(
      missing.map { "\($0.relativePath):\($0.line ?? 0) \($0.asset ?? "") \($0.severity)" } == [
        "lib/main.dart:2 assets/images/logo-32.png error",
        "lib/main.dart:3 assets/images/icons/close.svg error",
        "lib/main.dart:4 assets/images/logo-32.png warning",
        "test/logo_test.dart:1 assets/images/logo-32.png warning",
      ])
    #expect(missing[0].message.contains("Assets.images.logo32.image()"))
    #expect(missing[0].message.contains("lib/gen/assets.gen.dart"))
    #expect(missing[0].message.contains("build_runner"))
    #expect(missing[0].message.contains("Unable to load asset"))
    #expect(missing[2].message.contains("Assets.images.logo32.path"))
    #expect(missing[3].message.contains("test code"))
    // The member nothing uses (`unused`) gives no finding, as before.
    #expect(!missing.contains { $0.asset == "assets/images/unused.png" })
  }
}
