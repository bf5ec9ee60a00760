import AssetIndex
import TestSupport
import Testing

/// Slots that differ in any trait are slots of their own (duckduckgo-iOS's `LogoText` has
/// dark and `height-class: compact` PDFs; GitHawk's watch icon slots differ by role and
/// subtype).
@Suite("Catalog slots keep every trait")
struct SlotTraitsTests {
  @Test func heightClassAndAppearanceSlotsAreEachAVariant() throws {
    let tree = Tree()
    let set = "A.xcassets/LogoText.imageset"
    for file in ["light.pdf", "dark.pdf", "compact.pdf", "compact-dark.pdf"] {
      tree.text(set + "/" + file, "%PDF-1.4")
    }
    tree.text(
      set + "/Contents.json",
      """
      {"images": [
        {"filename": "light.pdf", "idiom": "universal"},
        {"appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "dark.pdf", "idiom": "universal"},
        {"filename": "compact.pdf", "height-class": "compact", "idiom": "universal"},
        {"appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "compact-dark.pdf",
         "height-class": "compact", "idiom": "universal"}
      ], "info": {"author": "xcode", "version": 1},
      "properties": {"preserves-vector-representation": true, "template-rendering-intent": "template",
        "on-demand-resource-tags": ["onboarding"], "localizable": true}}
      """)
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.problems.isEmpty)
    let asset = try #require(catalog.asset(named: "LogoText"))
    #expect(asset.variants.count == 4)
    let slots = try #require(catalog.sets.first?.slots)
    #expect(slots.map(\.traits.heightClass) == [nil, nil, "compact", "compact"])
    #expect(slots.map(\.traits.luminosity) == [nil, "dark", nil, "dark"])
    #expect(
      slots.map(\.traits.description) == [
        "universal", "universal dark", "universal compact-height", "universal dark compact-height",
      ])
    // One vector file per slot, no scale: drawn at any scale.
    #expect(asset.variants.allSatisfy { $0.isScaleIndependent })
    let properties = try #require(catalog.sets.first?.properties)
    #expect(properties.preservesVectorRepresentation)
    #expect(properties.isTemplate)
    #expect(properties.localizable)
    #expect(properties.onDemandResourceTags == ["onboarding"])
  }

  @Test func everyTraitTellsSlotsApart() throws {
    let tree = Tree()
    let set = "A.xcassets/photo.imageset"
    let extras = [
      #""display-gamut": "display-P3""#, #""width-class": "regular""#, #""memory": "2GB""#,
      #""graphics-feature-set": "metal2v2""#, #""language-direction": "right-to-left""#, #""locale": "fr""#,
      #""subtype": "retina4""#, #""screen-width": "<=145""#, #""unassigned": true"#,
    ]
    var images = [#"{"filename": "p0.png", "idiom": "universal", "scale": "2x"}"#]
    for (index, extra) in extras.enumerated() {
      try tree.png(set + "/p\(index + 1).png", width: 2, height: 2)
      images.append(#"{"filename": "p\#(index + 1).png", "idiom": "universal", "scale": "2x", \#(extra)}"#)
    }
    try tree.png(set + "/p0.png", width: 2, height: 2)
    // A true repeat of the first slot still counts as one.
    images.append(#"{"filename": "p1.png", "idiom": "universal", "scale": "2x"}"#)
    tree.text(set + "/Contents.json", #"{"images": ["# + images.joined(separator: ",") + "]}")
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.asset(named: "photo")?.variants.count == 10)
    let traits = try #require(catalog.sets.first?.slots.map(\.traits))
    #expect(traits[1].isP3)
    #expect(traits[2].widthClass == "regular")
    #expect(traits[3].memory == "2GB")
    #expect(traits[4].graphicsFeatureSet == "metal2v2")
    #expect(traits[5].languageDirection == "right-to-left")
    #expect(traits[6].locale == "fr")
    #expect(traits[7].subtype == "retina4")
    #expect(traits[8].screenWidth == "<=145")
    #expect(traits[9].unassigned)
    #expect(
      catalog.problems.map(\.message) == [
        "1 slot(s) repeat every trait of an earlier slot (universal @2x); the first is used"
      ])
  }

  @Test func watchIconSlotsDifferByRoleAndSubtype() throws {
    let tree = Tree()
    let set = "W.xcassets/AppIcon.appiconset"
    try tree.png(set + "/launcher.png", width: 88, height: 88)
    try tree.png(set + "/long.png", width: 88, height: 88)
    tree.text(
      set + "/Contents.json",
      """
      {"images": [
        {"size": "44x44", "idiom": "watch", "filename": "launcher.png", "scale": "2x", "role": "appLauncher", "subtype": "40mm"},
        {"size": "44x44", "idiom": "watch", "filename": "long.png", "scale": "2x", "role": "longLook", "subtype": "42mm"}
      ]}
      """)
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.problems.isEmpty)
    #expect(catalog.asset(named: "AppIcon")?.variants.map(\.traits.role) == ["appLauncher", "longLook"])
    #expect(catalog.sets.first?.slots.first?.traits.description == "watch 40mm appLauncher 44x44 @2x")
  }

  @Test func aTraitOfAnUnexpectedTypeIsDroppedNotFatal() throws {
    let tree = Tree()
    let set = "A.xcassets/odd.imageset"
    try tree.png(set + "/a.png", width: 2, height: 2)
    tree.text(
      set + "/Contents.json",
      #"{"images": [{"filename": "a.png", "idiom": "universal", "scale": "2x", "subtype": 7}], "properties": {"localizable": "yes"}}"#
    )
    let catalog = AssetCatalog(root: tree.root)
    #expect(catalog.problems.isEmpty)
    #expect(catalog.sets.first?.isValid == true)
    #expect(catalog.sets.first?.slots.first?.traits.subtype == nil)
    #expect(catalog.sets.first?.properties.localizable == false)
  }
}
