import AssetIndex
import ImageCore
import TestSupport
import Testing

@Suite("App icon slots of every platform")
struct AppIconTableTests {
  @Test func pixelSizesAreSizeTimesScale() throws {
    let pro = try #require(
      AppIconTable.slots(for: .ios, form: .classic).first { $0.idiom == "ipad" && $0.size.width == 83.5 })
    #expect(pro.pixelWidth == 167)
    #expect(pro.pixelHeight == 167)
    #expect(pro.isRequired)
    let notification = try #require(
      AppIconTable.slots.first { $0.role == "notificationCenter" && $0.subtype == "42mm" })
    #expect(notification.pixelWidth == 55)
    let single = try #require(AppIconTable.slots(for: .ios, form: .singleSize).first)
    #expect(single.scale == nil)
    #expect(single.pixelWidth == 1024)
    #expect(single.isMarketing)
    var traits = SlotTraits(idiom: "iphone", scale: 3, size: PointSize(width: 60, height: 60))
    #expect(AppIconTable.pixelSize(of: traits)?.width == 180)
    traits.size = nil
    #expect(AppIconTable.pixelSize(of: traits) == nil)
    let top = try #require(AppIconTable.slots.first { $0.role == "top-shelf-image-wide" && $0.scale == 2 })
    #expect(top.pixelWidth == 4640)
    #expect(top.pixelHeight == 1440)
  }

  @Test func whatEachFormRequires() {
    func required(_ platform: AppIconPlatform, _ form: AppIconForm) -> [String] {
      AppIconTable.slots(for: platform, form: form).filter(\.isRequired).map(\.traits.description)
    }
    #expect(
      required(.ios, .classic) == [
        "iphone 60x60 @2x", "ipad 76x76 @2x", "ipad 83.5x83.5 @2x", "ios-marketing 1024x1024 @1x",
      ])
    #expect(required(.ios, .singleSize) == ["universal ios 1024x1024"])
    #expect(required(.watchos, .singleSize) == ["universal watchos 1024x1024"])
    #expect(required(.macos, .classic).count == 10)
    #expect(AppIconTable.slots(for: .ios, form: .singleSize).compactMap(\.appearance) == ["dark", "tinted"])
    let universal = AppIconTable.slots(for: .ios, form: .universalAllSizes)
    for points in [38.0, 64, 68] {
      #expect(universal.contains { $0.size.width == points && $0.scale == 2 })
    }
    #expect(universal.filter(\.isMarketing).map(\.traits.description) == ["universal ios 1024x1024"])
    #expect(AppIconTable.slots(for: .macos, form: .classic).filter(\.isMarketing).map(\.pixelWidth) == [1024])
    let subtypes = Set(AppIconTable.slots(for: .watchos, form: .classic).compactMap(\.subtype))
    #expect(subtypes == ["38mm", "40mm", "41mm", "42mm", "44mm", "45mm", "49mm"])
  }

  /// home-assistant's `AppIcon`: Single Size for iOS (with dark and tinted), classic for the Mac.
  @Test func aSetMayMixFormsPerPlatform() throws {
    let tree = Tree()
    let set = "A.xcassets/AppIcon.appiconset"
    tree.text(
      set + "/Contents.json",
      """
      {"images": [
        {"appearances": [{"appearance": "luminosity", "value": "dark"}], "idiom": "universal", "platform": "ios", "size": "1024x1024"},
        {"idiom": "universal", "platform": "ios", "size": "1024x1024"},
        {"idiom": "mac", "scale": "1x", "size": "16x16"},
        {"idiom": "mac", "scale": "2x", "size": "512x512"}
      ]}
      """)
    let catalog = AssetCatalog(root: tree.root)
    let layout = AppIconTable.layout(of: try #require(catalog.sets.first))
    #expect(layout.forms == [.ios: .singleSize, .macos: .classic])
    #expect(layout.platforms == [.ios, .macos])
    // The default appearance's 1024, not the dark one listed first.
    #expect(layout.marketingSlots == [.ios: 1, .macos: 3])
  }

  @Test func theClassicAndUniversalFormsAreTold() throws {
    let tree = Tree()
    tree.contents(
      "A.xcassets/Old.appiconset",
      [
        (nil, "iphone", "2x", "60x60"), (nil, "ipad", "2x", "76x76"),
        (nil, "ios-marketing", "1x", "1024x1024"),
        (nil, "watch-marketing", "1x", "1024x1024"),
      ])
    tree.text(
      "A.xcassets/New.appiconset/Contents.json",
      """
      {"images": [
        {"idiom": "universal", "platform": "ios", "scale": "2x", "size": "64x64"},
        {"idiom": "universal", "platform": "ios", "size": "1024x1024"}
      ]}
      """)
    let catalog = AssetCatalog(root: tree.root)
    let old = AppIconTable.layout(of: try #require(catalog.sets.first { $0.name == "Old" }))
    #expect(old.forms == [.ios: .classic, .watchos: .classic])
    #expect(old.marketingSlots == [.ios: 2, .watchos: 3])
    let new = AppIconTable.layout(of: try #require(catalog.sets.first { $0.name == "New" }))
    #expect(new.forms == [.ios: .universalAllSizes])
    #expect(new.marketingSlots == [.ios: 1])
    let slot = try #require(catalog.sets.first { $0.name == "New" }?.slots.first)
    #expect(AppIconTable.spec(for: slot.traits)?.usage == "home screen (accessibility)")
  }

  @Test func iMessageIconSetsHaveTheirOwnSlots() throws {
    let tree = Tree()
    tree.text(
      "S.xcstickers/iMessage App Icon.stickersiconset/Contents.json",
      """
      {"images": [
        {"idiom": "iphone", "scale": "2x", "size": "60x45"},
        {"idiom": "universal", "platform": "ios", "scale": "3x", "size": "32x24"},
        {"idiom": "ios-marketing", "scale": "1x", "size": "1024x1024"},
        {"idiom": "ios-marketing", "platform": "ios", "scale": "1x", "size": "1024x768"}
      ]}
      """)
    let set = try #require(AssetCatalog(root: tree.root).sets.first { $0.kind == .stickersIconSet })
    let specs = set.slots.map { AppIconTable.spec(for: $0.traits, in: set.kind) }
    #expect(specs.map { $0?.pixelWidth } == [120, 96, 1024, 1024])
    #expect(specs.map { $0?.pixelHeight } == [90, 72, 1024, 768])
    #expect(specs.allSatisfy { $0?.form == .messages })
    let layout = AppIconTable.layout(of: set)
    #expect(layout.forms == [.ios: .messages])
    #expect(layout.marketingSlots == [.ios: 2])
    // An app icon set's 1024 is the classic one, not the Messages one.
    #expect(AppIconTable.spec(for: set.slots[2].traits)?.form == .classic)
  }

  /// Every slot of every app icon set in the real trees is one the table knows.
  @Test(.needsSharedData, .tags(.sharedData)) func theTableKnowsEverySlotOfTheRealSets() throws {
    let real = TestPaths.testData("real")
    let catalog = AssetCatalog(root: real)
    let sets = catalog.sets.filter { $0.kind == .appIconSet }
    #expect(sets.count >= 50)
    for set in sets {
      for slot in set.slots {
        #expect(AppIconTable.spec(for: slot.traits) != nil, "\(set.path): \(slot.traits)")
      }
      #expect(!AppIconTable.layout(of: set).forms.isEmpty, "\(set.path)")
    }
  }
}
