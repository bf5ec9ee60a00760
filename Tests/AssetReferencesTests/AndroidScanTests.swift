import AssetReferences
import TestSupport
import Testing

/// What the Android scan reads from Kotlin, Java, resource XML and manifests.
@Suite("Source references: Android Kotlin, Java and resource XML")
struct AndroidScanTests {
  static func scan(_ files: [(String, String)]) -> AndroidReferences {
    let tree = Tree()
    for (path, text) in files { tree.text(path, text) }
    return withExtendedLifetime(tree) { AndroidReferences.scan(root: tree.root) }
  }

  static func uses(_ references: AndroidReferences) -> [String] {
    references.uses.map { "\($0.form.rawValue):\($0.type)/\($0.name)@\($0.line)" }
  }

  @Test func kotlinAndJavaNameResourcesThroughR() {
    let references = AndroidScanTests.scan([
      (
        "app/src/main/java/a/Main.kt",
        """
        import org.fossify.commons.R as CommonsR
        // R.drawable.in_comment is a comment
        val a = R.drawable.logo
        val b = com.example.app.R.mipmap.ic_launcher
        val c = android.R.drawable.ic_menu_add
        val d = "R.drawable.in_string"
        /* R.drawable.in_block /* nested */ R.drawable.still_comment */
        val e = R.string.title
        val f = CommonsR.drawable.ic_check
        """
      ),
      (
        "app/src/main/java/a/Old.java",
        "class Old { int x = R.drawable.old_icon; char q = '\"'; int y = R.drawable.after; }\n"
      ),
    ])
    #expect(
      AndroidScanTests.uses(references) == [
        "code:drawable/logo@3", "code:mipmap/ic_launcher@4", "code:drawable/ic_check@9",
        "code:drawable/old_icon@1", "code:drawable/after@1",
      ])
    #expect(references.codeFiles == 2)
    #expect(references.strings.contains("R.drawable.in_string"))
  }

  @Test func resourceXMLAndTheManifestNameResources() {
    let references = AndroidScanTests.scan([
      (
        "app/src/main/AndroidManifest.xml",
        """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android">
          <!-- android:icon="@mipmap/commented" -->
          <application android:icon="@mipmap/ic_launcher"
              android:roundIcon="@mipmap/ic_launcher_round" android:logo="@android:drawable/sym_def_app_icon"/>
        </manifest>
        """
      ),
      (
        "app/src/main/res/layout/main.xml",
        """
        <LinearLayout xmlns:tools="http://schemas.android.com/tools">
          <ImageView android:src="@drawable/hero" tools:src="@drawable/preview_only"
              app:srcCompat="@{flag ? @drawable/on : @drawable/off}"/>
        </LinearLayout>
        """
      ),
      (
        "app/src/main/res/values/styles.xml",
        """
        <resources>
          <style name="Theme"><item name="android:windowBackground">@drawable/splash</item></style>
          <drawable name="alias">@drawable/hero</drawable>
          <item name="other_alias" type="mipmap">@mipmap/ic_launcher</item>
          <string-array name="icons"><item>flag_fr</item></string-array>
        </resources>
        """
      ),
    ])
    #expect(
      AndroidScanTests.uses(references) == [
        "xml:mipmap/ic_launcher@3", "xml:mipmap/ic_launcher_round@4", "xml:drawable/hero@2",
        "xml:drawable/on@3",
        "xml:drawable/off@3", "xml:drawable/splash@2", "xml:drawable/hero@3", "xml:mipmap/ic_launcher@4",
      ])
    #expect(references.declared == ["drawable/alias", "mipmap/other_alias"])
    #expect(references.strings.contains("flag_fr"))
    #expect(references.xmlFiles == 3 && references.codeFiles == 0)
  }

  @Test func toolsKeepKeepsAndGlobsArePatterns() {
    let references = AndroidScanTests.scan([
      (
        "app/src/main/res/raw/keep.xml",
        """
        <resources xmlns:tools="http://schemas.android.com/tools"
            tools:keep="@drawable/kept,@drawable/flag_*" tools:discard="@drawable/discarded"/>
        """
      )
    ])
    #expect(AndroidScanTests.uses(references) == ["keep:drawable/kept@2"])
    #expect(references.patterns.map(\.pieces) == [["flag_", ""]])
    #expect(references.patterns.first?.matches("flag_fr") == true)
  }

  @Test func namesBuiltAtRunTimeArePatterns() {
    let references = AndroidScanTests.scan([
      (
        "app/src/main/java/a/Flags.kt",
        """
        val id = resources.getIdentifier("flag_$code", "drawable", packageName)
        val known = resources.getIdentifier("fixed_name", "drawable", packageName)
        val other = resources.getIdentifier(name, "drawable", packageName)
        val built = "avatar_" + index
        val formatted = String.format("badge_%d", n)
        """
      )
    ])
    #expect(AndroidScanTests.uses(references) == ["identifier:drawable/fixed_name@2"])
    #expect(references.patterns.map(\.pieces) == [["flag_", ""], ["avatar_", ""], ["badge_", ""]])
    #expect(references.patterns.map(\.isStrict) == [true, false, false])
    #expect(references.looksUpComputedNames)
  }

  @Test func buildScriptsTellWhetherLibrariesMayBringNames() {
    let references = AndroidScanTests.scan([
      ("lib/build.gradle", "dependencies {\n  implementation project(':core')\n}\n"),
      ("app/build.gradle.kts", "dependencies {\n  implementation(libs.fossify.commons)\n}\n"),
      ("app/src/main/java/a/A.kt", "val a = R.drawable.x\n"),
    ])
    #expect(references.hasExternalDependencies(forFile: "app/src/main/java/a/A.kt") == true)
    #expect(references.hasExternalDependencies(forFile: "lib/src/main/res/layout/a.xml") == false)
    #expect(references.hasExternalDependencies(forFile: "other/A.kt") == nil)
  }
}
