import AssetCheck
import Foundation
import TestSupport
import Testing

/// `--references` on React Native trees: Metro's resolution of each way of requiring an image,
/// and what a path no file satisfies costs (the bundle fails).
@Suite("Reference rules: React Native")
struct ReactNativeReferenceRuleTests {
  /// A React Native app with Metro images `files` under `src/img/`.
  static func app(_ files: [String]) throws -> Tree {
    let tree = Tree().text("package.json", "{\"dependencies\": {\"react-native\": \"0.74.0\"}}\n")
    for file in files { try tree.png("src/img/\(file)", 32, 32) }
    return tree
  }

  @Test func eachNamingFormUsesItsImage() throws {
    let tree = try ReactNativeReferenceRuleTests.app([
      "logo@2x.png", "logo@3x.png", "hero.png", "flag.ios.png", "flag.android.png", "tpl.png", "a.png",
      "flags/fr.png", "flags/de.png", "orphan.png", "orphan@2x.png", "commented.png", "script.png",
    ])
    try tree.png("assets/icon.png", 64, 64)
    tree.text(
      "src/App.js",
      """
      import hero from './img/hero.png'
      // require('./img/commented.png')
      const logo = require('./img/logo.png')
      const flag = require('./img/flag.png')
      const tpl = require(`./img/tpl.png`)
      const s = { uri: 'ic_launcher' }
      """
    )
    .text("src/images.ts", "export default { a: require('./img/a.png') }\n")
    .text("src/Flags.js", "export const flag = (code) => require('./img/flags/' + code + '.png')\n")
    .text("scripts/make.js", "fs.readFileSync(path.join('src/img', 'script.png'))\n")
    .text("app.json", "{\"expo\": {\"icon\": \"./assets/icon.png\"}}\n")
    let report = PlatformReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["src/img/commented.png", "src/img/orphan.png"])
    #expect(report.findings(.unusedAsset).last?.message.contains("2 files") == true)
    // The run-time path is Metro's error, and its pattern is listed.
    let dynamic = report.findings(.missingAsset)
    #expect(dynamic.map(\.path) == [tree.root + "/src/Flags.js"])
    #expect(dynamic.first?.severity == .error && dynamic.first?.line == 1)
    #expect(dynamic.first?.message.contains("Invalid call at line 1") == true)
    #expect(
      report.roots[0].notes.contains {
        $0.contains(
          "11 Metro images judged: 5 by require, 1 by app config, 2 by pattern, 1 by file name, 2 unused")
      })
    let json = try JSONSerialization.jsonObject(with: Data(report.rendered(as: .json).utf8)) as? [String: Any]
    let patterns = (json?["references"] as? [String: Any])?["patterns"] as? [[String: Any]] ?? []
    #expect(patterns.map { $0["pattern"] as? String } == ["'./img/flags/' + … + '.png'"])
    #expect(patterns.first?["line"] as? Int == 1)
  }

  @Test func testsStoriesAndScriptsGetWarningsNotErrors() throws {
    let tree = try ReactNativeReferenceRuleTests.app(["logo.png"])
    tree.text("src/App.js", "const logo = require('./img/logo.png')\n")
      .text("src/__tests__/App.test.js", "const gone = require('../img/gone.png')\n")
      .text("src/Logo.stories.tsx", "const art = require('./img/' + name + '.png')\n")
      .text("src/Screen.js", "const gone = require('./img/gone.png')\n")
    let missing = PlatformReferenceRuleTests.check(tree).findings(.missingAsset)
    let byPath = Dictionary(
      uniqueKeysWithValues: missing.map { ($0.path.replacingOccurrences(of: tree.root + "/", with: ""), $0) })
    // App code that Metro bundles: the bundle fails.
    #expect(byPath["src/Screen.js"]?.severity == .error)
    // A Jest test and a story are not in the app's bundle unless the app imports them.
    #expect(byPath["src/__tests__/App.test.js"]?.severity == .warning)
    #expect(byPath["src/Logo.stories.tsx"]?.severity == .warning)
    #expect(
      byPath["src/Logo.stories.tsx"]?.message.contains("Metro bundles only if the app imports it") == true)
    #expect(missing.count == 3)
  }

  @Test func aPathNoFileSatisfiesIsAnErrorWithItsLine() throws {
    let tree = try ReactNativeReferenceRuleTests.app(["logo@2x.png", "Banner.png", "x@2x.png"])
    tree.text(
      "src/screens/Home.tsx",
      """
      const a = require('../img/logi.png')
      const b = require('../img/banner.png')
      const c = require('../nowhere/x.png')
      const d = require('../img/logo@3x.png')
      const e = require('../img/logo.png')
      const f = require('../img/x@2x.png')
      """
    )
    let report = PlatformReferenceRuleTests.check(tree)
    let missing = report.findings(.missingAsset)
    #expect(missing.map(\.line) == [1, 2, 3, 4])
    #expect(missing.allSatisfy { $0.severity == .error && $0.path == tree.root + "/src/screens/Home.tsx" })
    #expect(missing[0].message.contains("did you mean 'logo.png'?"))
    #expect(missing[0].message.contains("Unable to resolve module"))
    #expect(missing[1].message.contains("'Banner.png' differs only in case"))
    #expect(missing[1].message.contains("Linux CI"))
    #expect(missing[2].message.contains("the folder does not exist"))
    // An explicit scale is one file: Metro does not look for variants of it.
    #expect(missing[3].asset == "../img/logo@3x.png")
    #expect(report.findings(.unusedAsset).map(\.asset) == ["src/img/Banner.png"])
  }

  @Test func anUnreadFileTurnsOffUnusedWithANote() throws {
    let tree = try ReactNativeReferenceRuleTests.app(["orphan.png"])
    tree.text("src/App.js", "const a = 1\n")
      .text("src/vendor.min.js", "require('./img/orphan.png')\n")
    let report = PlatformReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).isEmpty)
    #expect(
      report.roots[0].notes.contains {
        $0.contains(
          "--references (React Native): 1 JavaScript/TypeScript files not read: src/vendor.min.js (minified")
      })
    // Without any code, nothing is judged either, and a note says why.
    let bare = try ReactNativeReferenceRuleTests.app(["orphan.png"])
    let bareReport = PlatformReferenceRuleTests.check(bare)
    #expect(bareReport.findings(.unusedAsset).isEmpty)
    #expect(
      bareReport.roots[0].notes.contains { $0.contains("no JavaScript or TypeScript source under the root") })
  }

  @Test func aliasesOfTsconfigAndBabelAreResolved() throws {
    let tree = try ReactNativeReferenceRuleTests.app(["back.png", "bg.png", "deep.png", "orphan.png"])
    tree.text(
      "tsconfig.json",
      """
      {
        // JSONC, as TypeScript reads it
        "compilerOptions": { "baseUrl": ".", "paths": { "@img/*": ["./src/img/*"] } }
      }
      """
    )
    .text(
      "babel.config.js",
      "module.exports = { plugins: [['module-resolver', { root: ['./src'], alias: { pics: './src/img' } }]] }\n"
    )
    .text(
      "src/App.js",
      """
      const a = require('@img/back.png')
      const b = require('img/bg.png')
      const c = require('pics/deep.png')
      const d = require('@img/gone.png')
      const e = require('some-package/images/x.png')
      """
    )
    let report = PlatformReferenceRuleTests.check(tree)
    let missing = report.findings(.missingAsset)
    #expect(missing.map(\.line) == [4])
    #expect(missing.first?.message.contains("through the alias @img/ of tsconfig.json") == true)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["src/img/orphan.png"])
    #expect(
      report.roots[0].notes.contains { $0.contains("3 by alias") && $0.contains("1 image path is neither") })
  }

  @Test func aJavaScriptStringUsesACatalogImage() throws {
    let tree = try ReferenceRuleTests.app(["splash_logo", "orphan"])
    tree.text("package.json", "{\"dependencies\": {\"react-native\": \"0.74.0\"}}\n")
      .text("App/AppDelegate.m", "@implementation AppDelegate\n@end\n")
      .text("index.js", "const s = <Image source={{ uri: 'splash_logo' }} />\n")
    let report = ReferenceRuleTests.check(tree)
    #expect(report.findings(.unusedAsset).map(\.asset) == ["orphan"])
    #expect(report.roots[0].notes.contains { $0.contains("1 by JavaScript string, 1 unused") })
  }
}
