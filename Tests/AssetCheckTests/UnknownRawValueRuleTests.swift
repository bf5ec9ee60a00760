import AssetCheck
import TestSupport
import Testing

/// unused-asset where a lookup may take the raw value of a type the tree does not declare.
@Suite("Reference rules: names from types outside the tree")
struct UnknownRawValueRuleTests {
  /// An app target that compiles `code` and a widget target with its own catalog.
  static func tree(_ code: String) throws -> Tree {
    let tree = try ReferenceRuleTests.app(["welcome", "promo-mac"])
    try ReferenceRuleTests.imageSet(tree, "Widget/Assets.xcassets", "widget-logo")
    return
      tree
      .text("App/View.swift", code)
      .text("Widget/Widget.swift", "struct W {}\n")
      .text(
        "App.xcodeproj/project.pbxproj",
        XcodeProjectFixture(targets: [
          .init(name: "App", settings: [:], resources: ["App/Assets.xcassets"], sources: ["App/View.swift"]),
          .init(
            name: "Widget", productType: "com.apple.product-type.app-extension", settings: [:],
            resources: ["Widget/Assets.xcassets"], sources: ["Widget/Widget.swift"]),
        ]).text)
  }

  @Test func aSetTheLookupCanReachIsANoteThatSaysWhy() throws {
    let tree = try UnknownRawValueRuleTests.tree(
      """
      import Messaging
      let a = Image("welcome")
      func promo(_ placeholder: RemotePlaceholder) -> UIImage? { UIImage(named: placeholder.rawValue) }
      """)
    let report = ReferenceRuleTests.check(tree)
    let unused = report.findings(.unusedAsset)
    #expect(unused.map(\.asset) == ["promo-mac", "widget-logo"])
    // The app's set may be a raw value of RemotePlaceholder: a note. The widget compiles no
    // such lookup, so its set stays a warning.
    #expect(unused.map(\.severity) == [.note, .warning])
    #expect(unused[0].message.contains("App/View.swift:3 looks an image up by `placeholder.rawValue`"))
    #expect(unused[0].message.contains("`placeholder` being declared as RemotePlaceholder"))
    #expect(
      report.roots[0].notes.contains {
        $0.contains(
          "1 of the unused image sets are notes, not warnings: 1 image lookup may take the raw value")
      })
  }

  @Test func withoutSuchALookupUnusedSetsAreWarnings() throws {
    let tree = try UnknownRawValueRuleTests.tree(
      """
      enum Promo: String { case welcome }
      func promo(_ placeholder: Promo) -> UIImage? { UIImage(named: placeholder.rawValue) }
      """)
    let report = ReferenceRuleTests.check(tree)
    let unused = report.findings(.unusedAsset)
    // `Promo` is a String enum of the tree: its one raw value is `welcome`.
    #expect(unused.map(\.asset) == ["promo-mac", "widget-logo"])
    #expect(unused.map(\.severity) == [.warning, .warning])
    #expect(!report.roots[0].notes.contains { $0.contains("notes, not warnings") })
  }
}
