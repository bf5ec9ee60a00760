import AssetReferences
import TestSupport
import Testing

/// Interpolations of constant locals of literals build only those literals' names.
@Suite("Source references: interpolated constant locals")
struct InterpolatedLocalsTests {
  /// The patterns of one Swift file, as `line: pattern [pieces]`.
  static func patterns(_ text: String) -> [String] {
    let references = CarrierScanTests.scan([("App/File.swift", text)])
    return references.patterns.map { "\($0.line): \($0.pattern) \($0.pieces)" }
  }

  @Test func twoTernaryLocalsBuildFourNames() {
    let found = InterpolatedLocalsTests.patterns(
      """
      extension UIImage {
        static func box(on: Bool, editable: Bool) -> UIImage? {
          let state = on ? "box-on" : "box-off"
          let suffix = editable ? "" : "-greyed"
          return UIImage(named: "\\(state)\\(suffix)")
        }
      }
      """)
    #expect(
      found == [
        "5: box-on [\"box-on\"]", "5: box-on-greyed [\"box-on-greyed\"]", "5: box-off [\"box-off\"]",
        "5: box-off-greyed [\"box-off-greyed\"]",
      ])
  }

  @Test func aPlainConstantAndAnOpenPartKeepTheOpenPart() {
    let found = InterpolatedLocalsTests.patterns(
      """
      func badge(for level: Int) -> UIImage? {
        let prefix: String = "badge"
        return UIImage(named: "\\(prefix)_\\(level)_small")
      }
      """)
    #expect(found == ["3: badge_\\(level)_small [\"badge_\", \"_small\"]"])
  }

  @Test(arguments: [
    // A parameter, a `var`, an optional binding, a closure's and a loop's variable.
    "func f(name: String) -> UIImage? { UIImage(named: \"\\(name)-x\") }",
    "func f() -> UIImage? {\n  var name = \"a\"\n  name = load()\n  return UIImage(named: \"\\(name)-x\")\n}",
    "func f() -> UIImage? {\n  if let name = stored { return UIImage(named: \"\\(name)-x\") }\n  return nil\n}",
    "func f() {\n  let name = \"a\"\n  items.map { name in UIImage(named: \"\\(name)-x\") }\n}",
    "func f() {\n  let name = \"a\"\n  for name in names { _ = UIImage(named: \"\\(name)-x\") }\n}",
    // A value that is not wholly literals.
    "func f() -> UIImage? {\n  let name = flag ? \"a\" : other\n  return UIImage(named: \"\\(name)-x\")\n}",
    "func f() -> UIImage? {\n  let name = \"a\" + suffix\n  return UIImage(named: \"\\(name)-x\")\n}",
    "func f() -> UIImage? {\n  let name = stored ?? \"a\"\n  return UIImage(named: \"\\(name)-x\")\n}",
    // Declared in a block that has closed, or in another function.
    "func f() -> UIImage? {\n  if flag { let name = \"a\" }\n  return UIImage(named: \"\\(name)-x\")\n}",
    "func g() { let name = \"a\" }\nfunc f() -> UIImage? { UIImage(named: \"\\(name)-x\") }",
  ])
  func otherBindingsLeaveTheInterpolationOpen(source: String) {
    // `"a" + suffix` is a pattern of its own (`a\(…)`); the interpolation stays open.
    let found = InterpolatedLocalsTests.patterns(source).filter { !$0.contains("a\\(…)") }
    #expect(found.count == 1)
    #expect(found.first?.contains("\\(name)-x [\"\", \"-x\"]") == true, "\(found)")
  }

  @Test func aLocalOfAnEnclosingBlockIsVisible() {
    let found = InterpolatedLocalsTests.patterns(
      """
      func f(items: [Item]) {
        let tone = dark ? "night" : "day"
        for item in items {
          if item.ready { show(UIImage(named: "sky-\\(tone)")) }
        }
      }
      """)
    #expect(found == ["4: sky-night [\"sky-night\"]", "4: sky-day [\"sky-day\"]"])
  }

  @Test func moreThanSixteenNamesStayAPattern() {
    let lets = (0..<5).map { "  let v\($0) = c\($0) ? \"a\($0)\" : \"b\($0)\"" }.joined(separator: "\n")
    let found = InterpolatedLocalsTests.patterns(
      "func f() -> UIImage? {\n\(lets)\n  return UIImage(named: \"\\(v0)\\(v1)\\(v2)\\(v3)\\(v4)\")\n}")
    #expect(found == ["7: \\(v0)\\(v1)\\(v2)\\(v3)\\(v4) [\"\", \"\", \"\", \"\", \"\", \"\"]"])
  }

  @Test func anExpandedNameCountsAsUsedAndTheOthersAreNot() {
    let references = CarrierScanTests.scan([
      (
        "App/Box.swift",
        """
        func box(on: Bool, editable: Bool) -> UIImage? {
          let state = on ? "box-on" : "box-off"
          let suffix = editable ? "" : "-greyed"
          return UIImage(named: "\\(state)\\(suffix)")
        }
        """
      )
    ])
    let names = ["box-on-greyed", "box-off", "box-off-large", "icon-greyed"]
    let usage = AssetUsage(references, known: Set(names), judged: names)
    #expect(usage.used["box-on-greyed"] == .pattern)
    #expect(usage.used["box-off"] == .literal)
    // What an open `"\\(state)\\(suffix)"` would have matched.
    #expect(usage.used["box-off-large"] == nil)
    #expect(usage.used["icon-greyed"] == nil)
    #expect(usage.missing.isEmpty)
  }
}
