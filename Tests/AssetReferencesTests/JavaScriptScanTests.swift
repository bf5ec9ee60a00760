import AssetReferences
import TestSupport
import Testing

/// What the JavaScript scan reads from JavaScript, TypeScript and `app.json`.
@Suite("Source references: React Native JavaScript and TypeScript")
struct JavaScriptScanTests {
  static func scan(_ files: [(String, String)]) -> JavaScriptReferences {
    let tree = Tree().text("package.json", "{\"dependencies\": {\"react-native\": \"0.74.0\"}}\n")
    for (path, text) in files { tree.text(path, text) }
    return withExtendedLifetime(tree) { JavaScriptReferences.scan(root: tree.root) }
  }

  static func requires(_ references: JavaScriptReferences) -> [String] {
    references.requires.map { "\($0.specifier)@\($0.line)" }
  }

  @Test func requiresAndImportsOfImagesAreRead() {
    let references = JavaScriptScanTests.scan([
      (
        "src/App.tsx",
        """
        import logo from './img/logo.png'
        import { View } from "react-native"
        // require('./img/commented.png')
        const a = require("./img/a.jpg")
        /* import b from './img/block.png' */
        const c = require(`./img/tpl.webp`)
        const d = require('./img/' + 'joined.gif')
        const e = import('../shared/e.svg')
        const s = { uri: 'ic_launcher' }
        const t = `it's ${name}`
        const f = require('./data.json')
        """
      )
    ])
    #expect(
      JavaScriptScanTests.requires(references) == [
        "./img/logo.png@1", "./img/a.jpg@4", "./img/tpl.webp@6", "./img/joined.gif@7", "../shared/e.svg@8",
      ])
    #expect(references.strings.contains("ic_launcher"))
    #expect(
      !references.strings.contains("./img/commented.png") && !references.strings.contains("./img/block.png"))
    #expect(references.dynamicRequires.isEmpty)
    #expect(references.codeFiles == 1 && references.projects == [""])
  }

  @Test func pathsBuiltAtRunTimeArePatterns() {
    let references = JavaScriptScanTests.scan([
      (
        "src/Flags.js",
        """
        const a = require('./flags/' + code + '.png')
        const b = require(`./flags/${code}.png`)
        const c = require(dark ? './dark.png' : './light.png')
        const d = require(name)
        """
      )
    ])
    #expect(
      references.dynamicRequires.map(\.pieces) == [
        ["./flags/", ".png"], ["./flags/", ".png"], ["", "./dark.png", "./light.png"],
      ])
    #expect(references.dynamicRequires.map(\.line) == [1, 2, 3])
    #expect(references.dynamicRequires.allSatisfy { $0.isStrict })
    #expect(references.requires.isEmpty)
  }

  @Test func expoConfigPathsAreRead() {
    let references = JavaScriptScanTests.scan([
      ("app.json", "{\"expo\": {\"icon\": \"./assets/icon.png\", \"name\": \"demo\"}}\n"),
      ("app.config.ts", "export default { splash: { image: './assets/splash.png' } }\n"),
    ])
    #expect(references.configPaths.map(\.specifier) == ["./assets/splash.png", "./assets/icon.png"])
    #expect(references.codeFiles == 1)
  }

  @Test func librariesBuildOutputAndMinifiedFilesAreNotRead() {
    let references = JavaScriptScanTests.scan([
      ("node_modules/lib/index.js", "require('./lib.png')\n"),
      ("ios/Pods/x/y.js", "require('./pod.png')\n"),
      ("dist/bundle.js", "require('./dist.png')\n"),
      ("src/vendor.min.js", "require('./min.png')\n"),
      ("src/packed.js", "var a='" + String(repeating: "x", count: 5000) + "';require('./p.png')\n"),
      ("src/ok.js", "require('./ok.png')\n"),
    ])
    #expect(JavaScriptScanTests.requires(references) == ["./ok.png@1"])
    #expect(references.unreadable.map(\.path) == ["src/packed.js", "src/vendor.min.js"])
    #expect(references.unreadable.allSatisfy { $0.reason.hasPrefix("minified") })
  }

  @Test(arguments: [
    "const a = `never closed ${x", "const r = /'/; require('./after.png')", "require(", "import",
    "const s = 'unterminated\nrequire('./next.png')", String(repeating: "(`${\n", count: 2000),
  ])
  func invalidInputEnds(_ source: String) {
    let references = JavaScriptScanTests.scan([("src/bad.js", source)])
    #expect(references.codeFiles == 1)
    // A quote in a regular expression hides the rest of its line only.
    if source.contains("next.png") { #expect(JavaScriptScanTests.requires(references) == ["./next.png@2"]) }
  }

  @Test func aMinifiedFilesQuotedStringsAreReadWhateverItsCode() {
    // A regular expression holding a quote would throw a lexer off; the quote pairs are
    // read from every quote, so `Logo` and `tick` are there either way.
    let references = JavaScriptScanTests.scan([
      ("web/inject.min.js", "var r=/\"/,a=\"Logo\";post('tick');var s=`x${a}`;var t=\"a\\\"b\";\n")
    ])
    #expect(references.unreadable.map(\.path) == ["web/inject.min.js"])
    let strings = references.quotedStrings["web/inject.min.js"] ?? []
    #expect(strings.contains("Logo"))
    #expect(strings.contains("tick"))
    // A piece holding a backslash is no name.
    #expect(!strings.contains { $0.contains("\\") })
    #expect(references.strings.isEmpty)
  }
}
