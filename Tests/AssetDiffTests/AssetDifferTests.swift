import AssetDiff
import Foundation
import ImageCore
import TestSupport
import Testing

@Suite("AssetDiffer")
struct AssetDifferTests {
  /// `class name variant` of every change, sorted as the report sorts them.
  func lines(_ report: DiffReport) -> [String] {
    report.changes.map { "\($0.kind) \($0.name) \($0.variant)" }
  }

  @Test("every class is found, and nothing else")
  func everyClass() throws {
    let trees = try EveryClass()
    let report = AssetDiffer.compare(base: trees.base.root, head: trees.head.root)
    #expect(
      lines(report) == [
        "changed moved universal @2x",
        "changed recolour universal @2x",
        "added mode universal dark",
        "added new universal",
        "removed gone universal",
        "renamed newname universal",
        "reencoded reencoded universal @2x",
        "scale-added grows universal @3x",
        "scale-removed shrinks universal @1x",
      ])
    let moved = try #require(report.changes.first { $0.name == "moved" })
    #expect(moved.difference?.differingPixels == 2)
    #expect(moved.preview.marks != nil && moved.preview.before != nil && moved.preview.after != nil)
    let renamed = try #require(report.changes.first { $0.kind == .renamed })
    #expect(renamed.previousName == "oldname")
    #expect(renamed.base == "oldname@2x.png" && renamed.head == "newname@2x.png")
    let added = try #require(report.changes.first { $0.name == "new" })
    #expect(added.base == nil && added.head == "new@2x.png" && added.bytes > 0)
    let dark = try #require(report.changes.first { $0.name == "mode" })
    #expect(dark.namespace == "Icons.xcassets")
  }

  @Test("identical trees and a lossless re-encode of every file show no change")
  func losslessReencode() throws {
    let base = Tree()
    let head = Tree()
    for (index, name) in ["a", "b", "c"].enumerated() {
      try icon(base, "\(name)@2x.png", (UInt8(index * 60), 10, 10), dot: (1, 1), compression: 1)
      try icon(head, "\(name)@2x.png", (UInt8(index * 60), 10, 10), dot: (1, 1), compression: 9)
    }
    let report = AssetDiffer.compare(base: base.root, head: head.root)
    #expect(!report.hasVisibleChanges)
    #expect(report.changes.map(\.kind) == [.reencoded, .reencoded, .reencoded])
    #expect(AssetDiffer.compare(base: base.root, head: base.root).changes.isEmpty)
  }

  @Test("the default threshold counts one pixel; a looser one does not")
  func thresholds() throws {
    let base = Tree()
    let head = Tree()
    try icon(base, "a@2x.png", (0, 0, 0))
    try icon(head, "a@2x.png", (0, 0, 0), dot: (5, 5))
    #expect(AssetDiffer.compare(base: base.root, head: head.root).changes.map(\.kind) == [.changed])
    for text in ["1px", "1", "0.25%", "1de"] {
      let threshold = try #require(DiffThreshold(parsing: text))
      let report = AssetDiffer.compare(
        base: base.root, head: head.root, options: DiffOptions(threshold: threshold))
      #expect(report.changes.map(\.kind) == [.reencoded], "\(text)")
    }
    #expect(DiffThreshold(parsing: "-1") == nil)
    #expect(DiffThreshold(parsing: "lots") == nil)
    #expect(DiffThreshold(parsing: "0.5%") == .fraction(0.005))
  }

  @Test("rounding within two levels is not a change")
  func rounding() throws {
    let base = Tree()
    let head = Tree()
    try icon(base, "a@2x.png", (100, 100, 100))
    try icon(head, "a@2x.png", (101, 102, 100))
    #expect(AssetDiffer.compare(base: base.root, head: head.root).changes.map(\.kind) == [.reencoded])
  }

  @Test("an unreadable file is a change with a reason, not a crash")
  func unreadable() throws {
    let base = Tree()
    let head = Tree()
    try icon(base, "a@2x.png", (0, 0, 0))
    head.bytes("a@2x.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 1, 2])
    let report = AssetDiffer.compare(base: base.root, head: head.root)
    let change = try #require(report.changes.first)
    #expect(change.kind == .changed)
    #expect(change.problem?.hasPrefix("head: ") == true)
    #expect(change.preview.before != nil && change.preview.after == nil)
  }
}
