import AssetCheck
import Foundation
import TestSupport
import Testing

/// An iOS project laid out as Xcode makes one: a full app icon set, namespaced folders,
/// a colour set, a vector PDF, loose legacy images, and a handful of real-world mistakes.
private func project() throws -> Tree {
  let tree = Tree()
  var color: UInt8 = 0
  func next() -> (UInt8, UInt8, UInt8, UInt8) {
    color &+= 7
    return (color, 255 &- color, 100, 255)
  }
  let catalog = "App/Assets.xcassets"
  tree.text(catalog + "/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
  tree.text(
    catalog + "/AccentColor.colorset/Contents.json",
    #"{"colors":[{"idiom":"universal"}],"info":{"author":"xcode","version":1}}"#)

  // App icon: the classic full slot list; the iPad Pro icon is 1 px short and the App Store
  // icon keeps its alpha channel.
  let icon = catalog + "/AppIcon.appiconset"
  var slots: [[String: String]] = []
  let layout: [(String, Double, [Int])] = [
    ("iphone", 20, [2, 3]), ("iphone", 29, [2, 3]), ("iphone", 40, [2, 3]), ("iphone", 60, [2, 3]),
    ("ipad", 20, [1, 2]), ("ipad", 29, [1, 2]), ("ipad", 40, [1, 2]), ("ipad", 76, [1, 2]),
    ("ipad", 83.5, [2]),
  ]
  for (idiom, points, scales) in layout {
    for scale in scales {
      let size = points == 83.5 ? "83.5x83.5" : "\(Int(points))x\(Int(points))"
      let file = "Icon-\(idiom)-\(size)@\(scale)x.png"
      let pixels = points == 83.5 ? 166 : Int(points) * scale
      try tree.png(icon + "/" + file, pixels, pixels, color: next(), alpha: false)
      slots.append(slot(file, idiom: idiom, size: size, scale: "\(scale)x"))
    }
  }
  try tree.png(icon + "/Icon-1024.png", 1024, 1024, color: (250, 250, 250, 60))
  slots.append(slot("Icon-1024.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x"))
  tree.contents(icon, slots)

  // Onboarding/ provides a namespace; one set lacks its 3x image.
  tree.text(catalog + "/Onboarding/Contents.json", #"{"properties":{"provides-namespace":true}}"#)
  for name in ["welcome", "permissions"] {
    let set = catalog + "/Onboarding/\(name).imageset"
    var images: [[String: String]] = []
    for scale in 1...3 {
      if name == "permissions" && scale == 3 {
        images.append(slot(nil, scale: "3x"))
        continue
      }
      let file = scale == 1 ? "\(name).png" : "\(name)@\(scale)x.png"
      try tree.png(set + "/" + file, 120 * scale, 90 * scale, color: next())
      images.append(slot(file, scale: "\(scale)x"))
    }
    tree.contents(set, images)
  }

  // Tabs/: 2x and 3x only (as most projects ship now); search's 2x was exported at the
  // wrong size; profile keeps a stale file.
  for name in ["home", "search", "profile"] {
    let set = catalog + "/Tabs/\(name).imageset"
    try tree.png(
      set + "/\(name)@2x.png", name == "search" ? 48 : 50, name == "search" ? 48 : 50, color: next())
    try tree.png(set + "/\(name)@3x.png", 75, 75, color: next())
    tree.contents(
      set, [slot(nil, scale: "1x"), slot("\(name)@2x.png", scale: "2x"), slot("\(name)@3x.png", scale: "3x")])
  }
  try tree.png(catalog + "/Tabs/profile.imageset/profile-old@2x.png", 50, 50, color: next())

  // A vector logo (exempt) and a set whose Contents.json spells a file name in another case.
  tree.text(catalog + "/logo.imageset/logo.pdf", minimalPDF)
  tree.text(
    catalog + "/logo.imageset/Contents.json",
    #"{"images":[{"filename":"logo.pdf","idiom":"universal"}],"properties":{"preserves-vector-representation":true}}"#
  )
  try tree.png(catalog + "/chevron.imageset/chevron@2x.png", 16, 16, color: next())
  try tree.png(catalog + "/chevron.imageset/chevron@3x.png", 24, 24, color: next())
  tree.contents(
    catalog + "/chevron.imageset",
    [slot("Chevron@2x.png", scale: "2x"), slot("chevron@3x.png", scale: "3x")])

  // Loose images from before the catalog: one misspelt suffix, a JPEG named .png, and a copy
  // of the home tab icon under another name.
  let legacy = "App/Resources/Legacy"
  try tree.png(legacy + "/badge.png", 22, 22, color: next())
  try tree.png(legacy + "/badge@2x.png", 44, 44, color: next())
  try tree.png(legacy + "/badge@3x.png", 66, 66, color: next())
  try tree.png(legacy + "/spinner@2x.png", 40, 40, color: next())
  try tree.png(legacy + "/spinner@3X.png", 60, 60, color: next())
  tree.bytes(legacy + "/banner@2x.png", [0xFF, 0xD8, 0xFF, 0xE1] + Array(repeating: 0x20, count: 200))
  try tree.png(legacy + "/banner@3x.png", 300, 150, color: next())
  try FileManager.default.copyItem(
    atPath: tree.path(catalog + "/Tabs/home.imageset/home@2x.png"),
    toPath: tree.path(legacy + "/house@2x.png"))
  try tree.png(legacy + "/house@3x.png", 75, 75, color: next())
  return tree
}

@Suite("A realistic iOS project")
struct RealisticProjectTests {
  @Test func findsExactlyTheDeliberateMistakes() throws {
    let tree = try project()
    let report = tree.check(require: [2, 3])
    let found = Set(report.findings.map { "\($0.rule.id) \($0.relativePath)" })
    let catalog = "App/Assets.xcassets"
    let expected: Set<String> = [
      "appicon-size \(catalog)/AppIcon.appiconset/Icon-ipad-83.5x83.5@2x.png",
      "marketing-alpha \(catalog)/AppIcon.appiconset/Icon-1024.png",
      "missing-scale \(catalog)/Onboarding/permissions.imageset/Contents.json",
      "size-mismatch \(catalog)/Tabs/search.imageset/search@2x.png",
      "catalog-unassigned \(catalog)/Tabs/profile.imageset/profile-old@2x.png",
      "catalog-missing-file \(catalog)/chevron.imageset/Chevron@2x.png",
      "suffix-case App/Resources/Legacy/spinner@3X.png",
      "missing-scale App/Resources/Legacy/spinner@2x.png",
      "unreadable App/Resources/Legacy/banner@2x.png",
      "duplicate App/Resources/Legacy/house@2x.png",
    ]
    #expect(found == expected)
    #expect(report.findings(.missingScale).contains { $0.asset == "Onboarding/permissions" })
    #expect(
      report.findings(.missingScale).first { $0.asset == "App/Resources/Legacy/spinner" }?.message.contains(
        "spinner@3X.png") == true)
    #expect(report.findings(.catalogMissingFile).first?.message.contains("differs only in case") == true)
    // The slot naming a missing file is not reported as a missing scale as well.
    // Errors where a device certainly gets a wrong image; the misspelt @3X has a @2x to fall
    // back to and the @2x of another size keeps its shape (warnings); an unassigned file and
    // a duplicate cost only bytes (notes).
    #expect(report.errorCount == 6, "\(report.findings.map { "\($0.severity) \($0.rule.id)" })")
    #expect(report.warningCount == 2)
    #expect(report.noteCount == 2)
  }

  @Test func defaultRequirementIsQuieterButStillFindsBrokenFiles() throws {
    let report = try project().check()
    let rules = Set(report.findings.map(\.rule.id))
    #expect(rules.contains("unreadable"))
    #expect(rules.contains("appicon-size"))
    #expect(!report.findings(.missingScale).contains { $0.asset == "Onboarding/permissions" })
  }
}
