import AssetReferences
import TestSupport
import Testing

/// Regular expressions, JSX text and template literals hold quotes and slashes that open no
/// string and no comment: a require after one is still read, and one inside a comment or a
/// string is not.
@Suite("Source references: JavaScript regular expressions, JSX text and template literals")
struct JavaScriptLexingTests {
  static func requires(_ path: String, _ text: String) -> [String] {
    JavaScriptScanTests.requires(JavaScriptScanTests.scan([(path, text)]))
  }

  @Test func aQuoteOrSlashInARegularExpressionOpensNothing() {
    let found = JavaScriptLexingTests.requires(
      "src/Regex.js",
      """
      const a = /'/; const b = require('./a.png')
      const c = s.replace(/["']/g, ''); const d = require('./b.png')
      const e = /\\/*/.test(s); const f = require('./c.png')
      const g = s.split(/[/'"]/); const h = require('./d.png')
      if (/`/.test(s)) { x = require('./e.png') }
      function t(v) { return typeof v === 'string' && /^'/.test(v) ? require('./f.png') : null }
      const z = /a/ // require('./commented.png')
      const y = "require('./in-string.png')"
      """)
    #expect(found == ["./a.png@1", "./b.png@2", "./c.png@3", "./d.png@4", "./e.png@5", "./f.png@6"])
  }

  @Test func aSlashAfterAnExpressionDivides() {
    let found = JavaScriptLexingTests.requires(
      "src/Divide.ts",
      """
      const ratio = width / height; const g = require('./g.png') // w/h
      const half = (a + b) / 2; const h = require('./h.png') // a/b
      const third = list[0] / 3; const i = require('./i.png') // c/d
      const j = 'it' / 2; const k = require('./k.png') // e/f
      """)
    #expect(found == ["./g.png@1", "./h.png@2", "./i.png@3", "./k.png@4"])
  }

  @Test func jsxTextIsNotCode() {
    let found = JavaScriptLexingTests.requires(
      "src/Screen.js",
      """
      export const A = () => <Text>Don't panic</Text>; const a = require('./a.png')
      export const B = () => <Text>See http://example.com</Text>; const b = require('./b.png')
      export const C = () => <Text>/* not a comment</Text>; const c = require('./c.png')
      export const D = () => (
        <View>
          <Text>It's {name}'s `quote</Text>
          <Text>require('./text.png')</Text>
          {/* <Image source={require('./commented.png')} /> */}
          <Image source={require('./d.png')} style={{ width: 2 / 3 }} />
          <>{"require('./in-string.png')"}</>
          <Text>"unclosed</Text>
        </View>
      )
      const e = require('./e.png')
      """)
    #expect(found == ["./a.png@1", "./b.png@2", "./c.png@3", "./d.png@9", "./e.png@14"])
  }

  @Test func typeScriptAnglesAreNotElements() {
    // In `.ts` `<Foo>x` is a type assertion; in `.tsx` `<T,>` opens a generic arrow function
    // and `<FlatList<Item>` gives an element type arguments.
    let ts = JavaScriptLexingTests.requires(
      "src/cast.ts", "const v = <Foo>bar; const w = require('./w.png') // it's\n")
    let tsx = JavaScriptLexingTests.requires(
      "src/generic.tsx",
      """
      const id = <T,>(x: T) => x; const k = require('./k.png') // it's
      const id2 = <T extends object>(x: T) => x; const l = require('./l.png') // it's
      const [s, set] = useState<string>(''); const m = require('./m.png')
      const list = <FlatList<Item> data={items} />; const n = require('./n.png') // it's
      const fn = <Field<Map<string, (v: T) => void>> /> ; const o = require('./o.png') // it's
      """)
    #expect(ts == ["./w.png@1"])
    #expect(tsx == ["./k.png@1", "./l.png@2", "./m.png@3", "./n.png@4", "./o.png@5"])
  }

  @Test func templateLiteralExpressionsEndAtTheirOwnBrace() {
    let found = JavaScriptLexingTests.requires(
      "src/Template.ts",
      """
      const a = `a${b ? 'c' : `d${e}`}`; const f = require('./a.png')
      const g = `${s.replace(/[{]/g, '')}`; const h = require('./b.png')
      const i = `${'{'}x${"}"}`; const j = require('./c.png')
      const k = `${"`"}`; const l = require('./d.png')
      const m = `${ {a: 1}['a'] /* { */ }
      multi ${x}`; const n = require('./e.png')
      const o = `// not a comment ${x}`; const p = require('./f.png')
      const q = `${x}require('./in-template.png')`
      """)
    #expect(found == ["./a.png@1", "./b.png@2", "./c.png@3", "./d.png@4", "./e.png@6", "./f.png@7"])
  }

  @Test func requiresInTemplateExpressionsAreUses() {
    let references = JavaScriptScanTests.scan([
      (
        "src/Badge.js",
        """
        const a = `${require('./a.png')}`
        const b = `x${on ? require('./b.png') : `y${require('./c.png')}`}z`
        const c = `${ {k: require('./d.png')}['k'] /* } */ }`
        const d = `${'}'}${require("./e.png") // }
        }`
        const e = `${import('./f.png')}`, f = `${/}`/.test(s) ? require('./g.png') : ''}`
        const g = require(`./flags/${code}.png`)
        const h = `${<Image source={require('./h.png')} />}`
        const i = `${x}require('./text.png')`
        """
      )
    ])
    #expect(
      JavaScriptScanTests.requires(references) == [
        "./a.png@1", "./b.png@2", "./c.png@2", "./d.png@3", "./e.png@4", "./f.png@6", "./g.png@6",
        "./h.png@8",
      ])
    // The literal around a `${…}` is still one argument, built at run time.
    #expect(references.dynamicRequires.map(\.pieces) == [["./flags/", ".png"]])
    #expect(references.dynamicRequires.map(\.line) == [7])
  }

  @Test(arguments: [
    "`${require('./a.png')}", "`${require('./a.png')", "`x${y}${require('./a.png')}${",
    "`${ {{ require('./a.png') ", "`${`${require('./a.png')}`",
  ])
  func aRequireInAnUnterminatedTemplateIsRead(source: String) {
    let references = JavaScriptScanTests.scan([
      ("src/bad.js", source), ("src/good.js", "const b = require('./b.png')\n"),
    ])
    #expect(JavaScriptScanTests.requires(references).sorted() == ["./a.png@1", "./b.png@1"])
  }

  @Test func commentMarksInStringsOpenNoComment() {
    let found = JavaScriptLexingTests.requires(
      "src/Strings.js",
      """
      const u = 'http://x'; const v = require('./a.png')
      const w = "/*"; const x = require('./b.png') /* "*/
      const y = '//' + require('./c.png')
      // const z = require('./commented.png')
      /* require('./block.png') */
      /* JavaScript's block comments do not nest: /* */ const d = require('./d.png')
      """)
    #expect(found == ["./a.png@1", "./b.png@2", "./c.png@3", "./d.png@6"])
  }

  @Test(arguments: [
    "/", "/[", "a = /[/", "<", "<A", "<A>", "<A>{", "</", "`${", "`${`${`${", "`${/", "x = <A b={/}>",
    "<A>\n<B>'\n", "return /\\", "`${'", "`${\"\\", "`${/*", "<>", "`${}", "`${}}}`", "`${`", "`\\",
    "`${<A>}`", "`${<A>{`", "}`${", "`${x}`${/`/}",
  ])
  func unfinishedInputEnds(source: String) {
    // Each must end, and what follows on a later file is unaffected.
    let references = JavaScriptScanTests.scan([
      ("src/bad.js", source), ("src/good.js", "const a = require('./a.png')\n"),
    ])
    #expect(JavaScriptScanTests.requires(references) == ["./a.png@1"])
  }
}
