import AssetDiff
import TestSupport
import Testing

/// `DiffOptions.limits` reaches every decode: with isolation set, a vector is rendered in
/// the child (here one that never answers, standing in for a librsvg stuck on a hostile
/// file) and its change carries a problem naming the file and the limit, while the PNGs are
/// compared in process as before.
@Suite("diff within the caller's limits")
struct IsolatedDiffTests {
  static func svg(_ fill: String) -> String {
    #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="\#(fill)"/></svg>"#
  }

  @Test("a vector whose render outlives the child's deadline cannot be compared, naming it; the PNGs are")
  func hangingRender() throws {
    let base = Tree("icongrid-diff-base")
    let head = Tree("icongrid-diff-head")
    for (tree, fill) in [(base, "red"), (head, "blue")] {
      tree.text("A.xcassets/logo.imageset/logo.svg", Self.svg(fill))
        .contents("A.xcassets/logo.imageset", [slot("logo.svg", scale: nil)])
    }
    try icon(base, "a@2x.png", (0, 0, 0))
    try icon(head, "a@2x.png", (0, 0, 0), dot: (5, 5))
    var options = DiffOptions()
    options.limits = HangingChild.limits
    let report = AssetDiffer.compare(base: base.root, head: head.root, options: options)
    let logo = try #require(report.changes.first { $0.name == "logo" })
    let problem = try #require(logo.problem)
    #expect(problem.contains("A.xcassets/logo.imageset/logo.svg"), "\(problem)")
    #expect(problem.contains(HangingChild.reason("librsvg")), "\(problem)")
    let png = try #require(report.changes.first { $0.name == "a" })
    #expect(png.kind == .changed && png.problem == nil)

    // In process, both are compared.
    let inProcess = AssetDiffer.compare(base: base.root, head: head.root)
    #expect(inProcess.changes.allSatisfy { $0.problem == nil && $0.kind == .changed })
    #expect(inProcess.changes.count == 2)
  }
}
