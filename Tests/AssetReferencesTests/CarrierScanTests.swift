import AssetReferences
import TestSupport
import Testing

/// Names that reach an image initialiser through a property or constant.
@Suite("Source references: names carried by properties and constants")
struct CarrierScanTests {
  /// Scans a tree of Swift files.
  static func scan(_ files: [(String, String)]) -> SourceReferences {
    let tree = Tree()
    for (path, text) in files { tree.text(path, text) }
    return withExtendedLifetime(tree) { SourceReferences.scan(root: tree.root) }
  }

  /// The carried names of a scan, as `name@line via member`.
  static func carried(_ references: SourceReferences) -> [String] {
    references.uses.compactMap { use in
      use.carrier.map { "\(use.name)@\(use.line) via \($0.member) at \($0.path):\($0.line)" }
    }
  }

  @Test func aComputedPropertysResultsReachTheImageThatTakesIt() {
    let references = CarrierScanTests.scan([
      (
        "App/Category.swift",
        """
        enum Category {
          case wikipedia, ted, other
          var icon: String {
            switch self {
            case .wikipedia: return "Wikipedia"
            case .ted: "TED"
            case .other: isPad ? "OtherPad" : "Other"
            }
          }
          var title: String {
            switch self {
            case .wikipedia: NSLocalizedString("Wiki", comment: "")
            default: "Something"
            }
          }
        }
        """
      ),
      (
        "App/Favicon.swift",
        """
        struct Favicon: View {
          var body: some View { Image(category.icon).resizable() }
        }
        """
      ),
    ])
    #expect(
      CarrierScanTests.carried(references) == [
        "Wikipedia@5 via icon at App/Favicon.swift:2", "TED@6 via icon at App/Favicon.swift:2",
        "OtherPad@7 via icon at App/Favicon.swift:2", "Other@7 via icon at App/Favicon.swift:2",
      ])
    // `title` is never given to an image: its strings stay plain uses.
    #expect(references.uses.first { $0.name == "Something" }?.isStrict == false)
    #expect(references.uses.first { $0.name == "Wikipedia" }?.isStrict == true)
  }

  @Test func aConstantReachesUIImageNamed() {
    let references = CarrierScanTests.scan([
      (
        "App/Brand.swift",
        "enum Brand {\n  static let logo = \"brand_logo\"\n  static let site = \"https://x\" + path\n}"
      ),
      ("App/Header.swift", "let view = UIImageView(image: UIImage(named: Brand.logo))"),
    ])
    #expect(CarrierScanTests.carried(references) == ["brand_logo@2 via logo at App/Header.swift:1"])
  }

  @Test func aMemberDeclaredTwiceOrUsedAsASymbolCarriesNothing() {
    let references = CarrierScanTests.scan([
      (
        "App/Tabs.swift",
        """
        enum Tab {
          var icon: String { "house" }
        }
        enum Feed {
          var icon: String { "feed-banner" }
        }
        enum Menu {
          var glyph: String { "gear" }
        }
        """
      ),
      (
        "App/Views.swift",
        """
        let a = Image(tab.icon)
        let b = Image(menu.glyph)
        let c = Label(menu.title, systemImage: menu.glyph)
        """
      ),
    ])
    // `icon` has two declarations, so which one `tab.icon` is cannot be told by name;
    // `glyph` is also an SF Symbol's name.
    #expect(CarrierScanTests.carried(references).isEmpty)
  }

  @Test func aProtocolRequirementIsNoSecondDeclaration() {
    let references = CarrierScanTests.scan([
      (
        "App/Badge.swift",
        """
        protocol Badged { var badge: String { get } }
        struct Pro: Badged {
          var badge: String { "pro-badge" }
        }
        """
      ),
      ("App/Cell.swift", "cell.imageView.image = UIImage(named: item.badge)"),
    ])
    #expect(CarrierScanTests.carried(references) == ["pro-badge@3 via badge at App/Cell.swift:1"])
  }

  @Test func argumentsAndOperandsInsideTheBodyAreNoResults() {
    let references = CarrierScanTests.scan([
      (
        "App/Row.swift",
        """
        struct Row {
          var art: String {
            let base = lookup(key: "table-key")
            return base.isEmpty ? "fallback-art" : base
          }
          var other: String { "prefix-" + suffix }
        }
        let image = Image(row.art)
        let more = Image(row.other)
        """
      )
    ])
    #expect(
      CarrierScanTests.carried(references) == ["fallback-art@4 via art at App/Row.swift:8"])
  }

  @Test func aLocalOfTheSameNameIsNoSecondDeclaration() {
    // A local `imageName` in a function (no member chain reaches it) leaves the member the
    // only declaration; a second member of that name, in another type, does not.
    let references = CarrierScanTests.scan([
      (
        "App/Settings.swift",
        """
        struct SettingsView: View {
          enum Layout {
            case standard
            var imageName: String {
              switch self {
              case .standard: isPad ? "LayoutStandardPad" : "LayoutStandard"
              }
            }
          }
          func row() -> some View {
            let imageName = if flag { "a.circle" } else { "b.circle" }
            return Image(systemName: imageName)
          }
          var body: some View { Image(layout.imageName) }
        }
        """
      )
    ])
    #expect(
      CarrierScanTests.carried(references) == [
        "LayoutStandardPad@6 via imageName at App/Settings.swift:14",
        "LayoutStandard@6 via imageName at App/Settings.swift:14",
      ])
  }

  @Test func aLocalCarriesItsValuesToTheImageThatTakesItInItsBlock() {
    let references = CarrierScanTests.scan([
      (
        "App/Cell.swift",
        """
        final class Cell {
          func configure(status: Status, pull: Bool) {
            let icon: String
            switch status {
            case .closed: icon = pull ? "git-pull-request" : "issue-closed"
            case .open: icon = "issue-opened"
            }
            imageView.image = UIImage(named: icon)
            let badge = "badge-new"
            badgeView.image = UIImage(named: badge)
          }
          func other() {
            var name = "base"
            name += "-small"
            a.image = UIImage(named: name)
            let symbol = "star"
            b.image = UIImage(named: symbol) ?? UIImage(systemName: symbol)
            let title = "Closed"
            label.text = title
          }
        }
        """
      )
    ])
    #expect(
      CarrierScanTests.carried(references) == [
        "git-pull-request@5 via icon at App/Cell.swift:8", "issue-closed@5 via icon at App/Cell.swift:8",
        "issue-opened@6 via icon at App/Cell.swift:8", "badge-new@9 via badge at App/Cell.swift:10",
      ])
    #expect(references.uses.first { $0.name == "issue-opened" }?.carrier?.isLocal == true)
    // Appended to, also an SF Symbol, or never given to an image: none of these carries.
    for name in ["base", "star", "Closed"] {
      #expect(references.uses.first { $0.name == name }?.isStrict == false)
    }
  }

  @Test func aSwitchOrIfExpressionGivesALocalItsResults() {
    let references = CarrierScanTests.scan([
      (
        "App/Badge.swift",
        """
        struct Badge: View {
          var body: some View {
            let name = switch kind {
              case .local: "badge_local"
              case let k where k.hasPrefix(prefix): flag ? "badge_remote" : "badge_cloud"
              default: format("badge_%@", kind.id)
            }
            Image(name)
            let other: String
            other = if isPad { "pad_frame" } else if isMac { "mac_frame" } else { "phone_frame" }
            Image(other)
            let caption = switch kind { case .local: "Local" default: "Remote" }
            Text(caption)
          }
        }
        """
      )
    ])
    #expect(
      CarrierScanTests.carried(references) == [
        "badge_local@4 via name at App/Badge.swift:8", "badge_remote@5 via name at App/Badge.swift:8",
        "badge_cloud@5 via name at App/Badge.swift:8", "pad_frame@10 via other at App/Badge.swift:11",
        "mac_frame@10 via other at App/Badge.swift:11", "phone_frame@10 via other at App/Badge.swift:11",
      ])
    // A call's argument is no result, and a local no image takes carries nothing.
    for name in ["Local", "Remote"] {
      #expect(references.uses.first { $0.name == name }?.isStrict == false)
    }
  }

  @Test func aLabelGivesTheTypesStoredPropertyReadThroughAReceiverOfThatType() {
    let references = CarrierScanTests.scan([
      (
        "App/Card.swift",
        """
        struct Card {
          let imageName: String
          let title: String
        }
        struct CardView: View {
          let content: Card
          var body: some View { Image(content.imageName) }
        }
        """
      ),
      (
        "App/Screens.swift",
        """
        struct Welcome {
          var card: Card { Card(imageName: "card_welcome", title: "Welcome") }
          var other: Card { Card(imageName: "card_" + kind, title: "Other") }
        }
        """
      ),
      (
        "App/Row.swift",
        """
        final class Row {
          let iconName: String?
          let hint: String
          init(iconName: String? = nil, hint: String) {
            self.iconName = iconName
            self.hint = "hint: " + hint
          }
        }
        final class RowCell {
          func bind(_ row: Row) { icon.image = UIImage(named: row.iconName); badge.image = UIImage(named: row.hint) }
        }
        let rows = [Row(iconName: "row_star", hint: "row_hint")]
        """
      ),
    ])
    #expect(
      CarrierScanTests.carried(references).sorted() == [
        "card_welcome@2 via Card.imageName at App/Card.swift:7",
        "row_star@12 via Row.iconName at App/Row.swift:10",
      ])
    #expect(references.uses.first { $0.name == "card_welcome" }?.carrier?.isTyped == true)
    // `hint` is not set whole from its parameter; `title` is never given to an image.
    for name in ["row_hint", "Welcome"] {
      #expect(references.uses.first { $0.name == name }?.isStrict == false)
    }
  }

  @Test func aLocalHandsItsValuesByLabelAndAnElementOfAnArrayIsItsType() {
    let references = CarrierScanTests.scan([
      (
        "App/Menu.swift",
        """
        struct MenuEntry {
          let title: String
          let glyph: String?
          init(title: String, glyph: String? = nil) {
            self.title = title
            self.glyph = glyph
          }
        }
        final class Menu {
          private let entries: [MenuEntry]
          func cell(at index: Int) {
            let entry = entries[index]
            if let glyph = entry.glyph {
              cell.imageView?.image = UIImage(named: glyph)
            }
          }
        }
        """
      ),
      (
        "App/Actions.swift",
        """
        final class Actions {
          func entry(_ action: Action) -> MenuEntry {
            let title: String
            let glyph: String
            switch action {
            case .lock: title = "Lock"; glyph = "menu_lock"
            case .tag: title = "Tag"; glyph = "menu_tag"
            }
            return MenuEntry(title: title, glyph: glyph)
          }
          var more: MenuEntry { MenuEntry(title: "More", glyph: "menu_more") }
        }
        """
      ),
    ])
    #expect(
      CarrierScanTests.carried(references) == [
        "menu_lock@6 via MenuEntry.glyph at App/Menu.swift:14",
        "menu_tag@7 via MenuEntry.glyph at App/Menu.swift:14",
        "menu_more@11 via MenuEntry.glyph at App/Menu.swift:14",
      ])
    for name in ["Lock", "Tag", "More"] {
      #expect(references.uses.first { $0.name == name }?.isStrict == false)
    }
  }

  @Test func aCastGivesItsTypeAndAnyTellsNothing() {
    let references = CarrierScanTests.scan([
      (
        "App/Action.swift",
        """
        final class ActionModel {
          let glyph: String
          init(glyph: String) { self.glyph = glyph }
          static let lock = ActionModel(glyph: "action_lock")
        }
        final class ActionCell {
          func bind(_ model: Any) {
            guard let model = model as? ActionModel else { return }
            imageView.image = UIImage(named: model.glyph)
          }
        }
        """
      )
    ])
    #expect(
      CarrierScanTests.carried(references) == ["action_lock@4 via ActionModel.glyph at App/Action.swift:9"])
  }

  @Test func aFunctionsLabelledParameterCarriesItsCallersLiteralsToItsBody() {
    let references = CarrierScanTests.scan([
      (
        "App/About.swift",
        """
        struct About: View {
          var body: some View {
            link("Forum", icon: "about_forum", url: "https://x")
            link("Chat", icon: "about_chat", url: "https://y")
            badge(symbol: "star")
            shadowed(icon: "about_shadowed")
          }
          private func link(_ name: String, icon: String, url: String) -> some View {
            Button { open(url) } label: { Label { Text(name) } icon: { Image(icon) } }
          }
          private func badge(symbol: String) -> some View {
            Image(symbol).overlay(Image(systemName: symbol))
          }
          private func shadowed(icon: String) -> some View {
            let icon = icon + "_small"
            return Image(icon)
          }
        }
        """
      ),
      (
        "App/Other.swift",
        "struct Other { func twice(icon: String) {}; func twice(icon: String) { Image(icon) } }"
      ),
      ("App/Call.swift", "let a = Other().twice(icon: \"other_icon\")"),
    ])
    #expect(
      CarrierScanTests.carried(references) == [
        "about_forum@3 via link(icon:) at App/About.swift:9",
        "about_chat@4 via link(icon:) at App/About.swift:9",
      ])
    #expect(references.uses.first { $0.name == "about_forum" }?.carrier?.isParameter == true)
    // The label `_`, an SF Symbol's name, a shadowed name and an overload carry nothing.
    for name in ["Forum", "star", "about_shadowed", "other_icon", "https://x"] {
      #expect(references.uses.first { $0.name == name }?.isStrict == false)
    }
  }

  @Test func aTypeOrReceiverThatCannotBeToldApartCarriesNothing() {
    let references = CarrierScanTests.scan([
      (
        "App/Tile.swift",
        """
        struct Tile { let imageName: String }
        struct Badge { var imageName: String; init(imageName: String) { self.imageName = imageName.lowercased() } }
        struct Flag { let imageName: String }
        struct TileView: View {
          let tile: Tile
          let badge: Badge
          let item: Flag
          func show(item: Tile) -> some View { Image(item.imageName) }
          var body: some View { Image(tile.imageName); Image(badge.imageName) }
        }
        """
      ),
      ("App/Tile2.swift", "extension Other { struct Tile { let imageName: String } }"),
      (
        "App/Uses.swift",
        "let a = Tile(imageName: \"tile_a\")\nlet b = Badge(imageName: \"badge_b\")\nlet c = Flag(imageName: \"flag_c\")"
      ),
    ])
    // `Tile` is declared twice; `Badge`'s init changes its parameter; `item` is a `Flag` and a
    // `Tile` in the same file.
    #expect(CarrierScanTests.carried(references).isEmpty)
  }

  @Test func aBareIdentifierIsNoTaker() {
    // `name` may be a parameter or a local: nothing says it is the constant.
    let references = CarrierScanTests.scan([
      ("App/Tracker.swift", "final class Tracker {\n  let name = \"AniList\"\n}"),
      ("App/Icon.swift", "func icon(name: String) -> UIImage? { UIImage(named: name) }"),
    ])
    #expect(CarrierScanTests.carried(references).isEmpty)
  }

  @Test func aFunctionsLiteralResultsReachTheImageThatTakesItsCall() {
    let references = CarrierScanTests.scan([
      (
        "App/StatusView.swift",
        """
        struct StatusView: View {
          var body: some View { Image(headerImage(with: status)).resizable() }
          private func headerImage(with status: Status) -> String {
            switch status {
            case .on:
              if isPaused {
                return "status-off"
              } else {
                return "status-on"
              }
            case .off: return "status-off"
            }
          }
          func badge() -> String { "badge" }
          func label() -> String { "label" }
          func glyph() -> String { "glyph" }
          func suffixed() -> String { "suffixed" }
          static let tint = "constant"
          var footer: some View {
            Image(tint(for: .dark))
            Label(label(), systemImage: "star")
            Image(systemName: glyph())
            Image(suffixed() + "-small")
            UIImage(named: badge())
          }
        }
        """
      )
    ])
    #expect(
      CarrierScanTests.carried(references).sorted() == [
        "badge@14 via badge() at App/StatusView.swift:24",
        "status-off@11 via headerImage() at App/StatusView.swift:2",
        "status-off@7 via headerImage() at App/StatusView.swift:2",
        "status-on@9 via headerImage() at App/StatusView.swift:2",
      ])
    // `label()` is a title, `glyph()` an SF Symbol, and `suffixed()` only part of a name;
    // a call reads no constant of the same name.
    for name in ["label", "glyph", "suffixed", "constant"] {
      #expect(references.uses.first { $0.name == name }?.isStrict == false)
    }
  }

  @Test func aComputedPropertyIsReadThroughAMemberOfItsType() {
    let references = CarrierScanTests.scan([
      (
        "App/Platform.swift",
        """
        struct PlatformDetails {
          let platform: Platform
          var imageName: String {
            switch platform {
            case .mac: return "platform-mac"
            case .desktop: return "platform-desktop"
            }
          }
          var badgeName: String {
            let kind = platform == .desktop ? "Desktop" : "Mobile"
            return "badge\\(kind)"
          }
        }
        final class DownloadModel: ObservableObject {
          @Published var details: PlatformDetails
        }
        """
      ),
      (
        "App/DownloadView.swift",
        """
        struct DownloadView: View {
          @ObservedObject var model: DownloadModel
          var body: some View { Image(model.details.imageName) }
        }
        """
      ),
      // Two more members of the same name: by name alone, none would be known to be taken.
      (
        "App/Widgets.swift",
        "struct Search { let imageName = \"search\" }\nstruct Voice { let imageName = \"voice\" }"
      ),
      (
        "App/Badge.swift", "struct Badge: View {\n  var body: some View { Image(model.details.badgeName) }\n}"
      ),
    ])
    #expect(
      CarrierScanTests.carried(references).sorted() == [
        "platform-desktop@6 via PlatformDetails.imageName at App/DownloadView.swift:3",
        "platform-mac@5 via PlatformDetails.imageName at App/DownloadView.swift:3",
      ])
    // `kind` is a local's value, which the result only interpolates.
    for name in ["search", "voice", "Desktop", "Mobile"] {
      #expect(references.uses.first { $0.name == name }?.isStrict == false)
    }
  }

  @Test func aMemberDeclaredAsTwoTypesTellsNothing() {
    let references = CarrierScanTests.scan([
      (
        "App/Platform.swift",
        """
        struct PlatformDetails {
          var imageName: String { "platform-mac" }
        }
        struct OtherDetails {
          var imageName: String { "other-mac" }
        }
        final class DownloadModel { var details: PlatformDetails }
        final class OtherModel { var details: OtherDetails }
        """
      ),
      (
        "App/DownloadView.swift",
        "struct DownloadView: View {\n  var body: some View { Image(model.details.imageName) }\n}"
      ),
    ])
    #expect(CarrierScanTests.carried(references).isEmpty)
  }

  /// Seven badges' `let imageName`, read through the protocol and handed on by label.
  static let badges = """
    protocol Badge {
      var imageName: String { get }
      var title: String { get }
    }
    extension Badge {
      var body: some View {
        VStack { BadgeView(artwork: imageName) }
      }
    }
    struct GoldBadge: Badge {
      let imageName = "badge_gold"
      let title = "Gold"
    }
    struct SilverBadge: View, Badge {
      let imageName: String = "badge_silver"
      let title = "Silver"
    }
    struct BadgeView: View {
      let artwork: String
      var body: some View { Image(artwork).resizable() }
    }
    """

  @Test func aRequirementEveryConformerGivesAConstantReachesTheImage() {
    let references = CarrierScanTests.scan([("App/Badge.swift", CarrierScanTests.badges)])
    #expect(
      CarrierScanTests.carried(references) == [
        "badge_gold@11 via Badge.imageName at App/Badge.swift:20",
        "badge_silver@15 via Badge.imageName at App/Badge.swift:20",
      ])
    #expect(references.uses.first { $0.name == "badge_gold" }?.carrier?.isRequirement == true)
    // `title` is never given to an image.
    #expect(references.uses.first { $0.name == "Gold" }?.isStrict == false)
  }

  @Test func aConformerWhoseValueIsNoConstantCarriesNothing() {
    // A third conformer computes its name: which names the image takes is not known.
    let references = CarrierScanTests.scan([
      ("App/Badge.swift", CarrierScanTests.badges),
      (
        "App/Bronze.swift",
        "struct BronzeBadge: Badge {\n  var imageName: String { \"badge_\" + tier }\n  let title = \"Bronze\"\n}"
      ),
    ])
    #expect(CarrierScanTests.carried(references).isEmpty)
    // A `var` the memberwise initialiser can set is no constant either.
    let settable = CarrierScanTests.scan([
      ("App/Badge.swift", CarrierScanTests.badges),
      ("App/Bronze.swift", "struct BronzeBadge: Badge {\n  var imageName = \"badge_bronze\"\n}"),
    ])
    #expect(CarrierScanTests.carried(settable).isEmpty)
    // A protocol that refines `Badge` has conformers the scan does not list.
    let refined = CarrierScanTests.scan([
      ("App/Badge.swift", CarrierScanTests.badges),
      ("App/Medal.swift", "protocol Medal: Badge {}"),
    ])
    #expect(CarrierScanTests.carried(refined).isEmpty)
  }

  @Test func aBareStoredPropertyTakesWhatItsLabelIsGiven() {
    let references = CarrierScanTests.scan([
      (
        "App/Tile.swift",
        """
        struct Tile: View {
          let symbol: String
          var body: some View { Image(symbol) }
        }
        struct Grid: View {
          var body: some View { Tile(symbol: "tile_home") }
        }
        """
      )
    ])
    #expect(CarrierScanTests.carried(references) == ["tile_home@6 via Tile.symbol at App/Tile.swift:3"])
    // A parameter or closure's parameter of the same name binds it: the bare name may be it.
    for body in [
      "func row(symbol: String) -> some View { Image(symbol) }",
      "var body: some View { ForEach(names, id: \\.self) { symbol in Image(symbol) } }",
      "var body: some View { let symbol = other; return Image(symbol) }",
    ] {
      let shadowed = CarrierScanTests.scan([
        ("App/Tile.swift", "struct Tile: View {\n  let symbol: String\n  \(body)\n}"),
        ("App/Grid.swift", "let grid = Tile(symbol: \"tile_home\")"),
      ])
      #expect(CarrierScanTests.carried(shadowed).isEmpty, "\(body)")
    }
  }

  @Test func anAmbiguousTypeCarriesNothingBare() {
    // Two types named `Tile` (two modules): the label may set either.
    let references = CarrierScanTests.scan([
      (
        "App/Tile.swift",
        "struct Tile: View {\n  let symbol: String\n  var body: some View { Image(symbol) }\n}"
      ),
      ("Kit/Tile.swift", "struct Tile {\n  let symbol: String\n}"),
      ("App/Grid.swift", "let grid = Tile(symbol: \"tile_home\")"),
    ])
    #expect(CarrierScanTests.carried(references).isEmpty)
  }

  /// A row of tiles built by implicit `.init`s: the array `row(tiles:)` takes is `[Tile]`,
  /// and `Tile`'s `picture` is an `Image`.
  static func tiles(picture: String = "Image", extra: String = "") -> String {
    """
    struct Picker: View {
      struct Tile {
        let id: String
        let picture: \(picture)
      }
      var body: some View {
        row(tiles: [
          .init(id: "a", picture: .init("tile_light")),
          .init(id: "b", picture: .init(theme.darkTile)),
        ])
      }
      func row(tiles: [Tile]) -> some View { EmptyView() }
    }
    enum Theme {
      case plain
      var darkTile: String { "tile_dark" }
    }
    \(extra)
    """
  }

  @Test func anImplicitInitThatItsPlaceMakesAnImageTakesTheName() {
    let references = CarrierScanTests.scan([("App/Picker.swift", CarrierScanTests.tiles())])
    #expect(
      CarrierScanTests.carried(references) == [
        "tile_light@8 via row(tiles:) → [] → .picture at App/Picker.swift:8",
        "tile_dark@16 via darkTile at App/Picker.swift:9",
      ])
    #expect(references.uses.first { $0.name == "tile_light" }?.carrier?.isImplicit == true)
    // Another `row` without the label `tiles:` cannot take the call.
    let overloaded = CarrierScanTests.scan([
      ("App/Picker.swift", CarrierScanTests.tiles(extra: "struct Other { func row(title: String) {} }"))
    ])
    #expect(CarrierScanTests.carried(overloaded) == CarrierScanTests.carried(references))
    // `id:` is a `String`: its literal stays a plain use.
    #expect(references.uses.first { $0.name == "a" }?.isStrict == false)
  }

  @Test func anImplicitInitOfAnotherOrAnUnknownTypeTakesNothing() {
    for (name, text) in [
      ("a Text", CarrierScanTests.tiles(picture: "Text")),
      ("an overload", CarrierScanTests.tiles(extra: "struct Other { func row(tiles: [Int]) {} }")),
      ("a second Tile", CarrierScanTests.tiles(extra: "enum Tile { case a }")),
      (
        "an init of its own",
        CarrierScanTests.tiles(
          picture: "Image\n    init(id: String) { self.id = id; picture = Image(systemName: \"star\") }")
      ),
    ] {
      let references = CarrierScanTests.scan([("App/Picker.swift", text)])
      #expect(CarrierScanTests.carried(references).isEmpty, "\(name)")
    }
  }

  @Test func stringOfACharacterIsAPatternOfOneCharacter() {
    let references = CarrierScanTests.scan([
      (
        "App/Letters.swift",
        """
        final class Letters {
          func letter(for character: Character) -> UIImage? {
            UIImage(named: String(character), in: nil, compatibleWith: nil)
          }
          func word(for text: Substring) -> UIImage? {
            UIImage(named: String(text))
          }
        }
        """
      )
    ])
    let letters = references.patterns.filter { $0.characterCount == 1 }
    #expect(letters.map(\.line) == [3])
    #expect(letters.first?.isStrict == true)
    #expect(letters.first?.matches("a") == true)
    #expect(letters.first?.matches("ab") == false)
    // `String(text)` of a `Substring` may be any name: an untraced lookup.
    #expect(references.lookups.map { "\($0.line) \($0.argument) \($0.isTraced)" } == ["6 String(text) false"])
  }

  @Test func lookupsOfCarriedNamesAreTracedAndOthersAreNot() {
    let references = CarrierScanTests.scan([
      (
        "App/Icons.swift",
        """
        enum Emoji: String {
          case octocat, shipit
          case rage = "rage1"
          var image: UIImage? { UIImage(named: rawValue) }
        }
        func status(done: Bool) -> UIImage? {
          let icon = done ? "check" : "cross"
          return UIImage(named: icon)
        }
        func logo(for entity: String) -> UIImage? {
          UIImage(named: entity)
        }
        func symbol(_ collapsed: Bool) -> Image {
          Image(collapsed ? .chevronDown : .chevronUp)
        }
        struct Row { let imageNamed: String }
        """
      )
    ])
    #expect(
      references.lookups.map { "\($0.line) \($0.argument) \($0.isTraced)" } == [
        "8 icon true", "11 entity false",
      ])
    // The raw values an enum's cases take from their names are uses.
    let names = Set(references.uses.map(\.name))
    #expect(names.isSuperset(of: ["octocat", "shipit", "rage1"]))
    #expect(!names.contains("rage"))
  }

  @Test func aSymbolMemberOfAnotherTypeLeavesATypedCarrierAlone() {
    // kiwix: `Category.icon` names catalog sets, `MenuItem.icon` SF Symbols, both `icon`.
    let references = CarrierScanTests.scan([
      (
        "App/Types.swift",
        """
        enum Category {
          case wikipedia
          var icon: String { "Wikipedia" }
        }
        enum MenuItem {
          case home
          var icon: String { "house" }
        }
        """
      ),
      (
        "App/Views.swift",
        """
        struct Favicon: View {
          private let category: Category
          var body: some View { Image(category.icon) }
        }
        struct Row: View {
          let item: MenuItem
          var body: some View { Label("Home", systemImage: item.icon) }
        }
        """
      ),
    ])
    #expect(CarrierScanTests.carried(references) == ["Wikipedia@3 via Category.icon at App/Views.swift:3"])
    // Found through the receiver's type, not by the member's name.
    #expect(references.uses.first { $0.name == "Wikipedia" }?.carrier?.isComputed == true)
  }

  @Test func aSymbolMemberOfNoKnownTypeStillStopsTheName() {
    let references = CarrierScanTests.scan([
      (
        "App/Types.swift",
        """
        enum Category {
          case wikipedia
          var icon: String { "Wikipedia" }
        }
        """
      ),
      (
        "App/Views.swift",
        """
        struct Favicon: View {
          private let category: Category
          var body: some View { Image(category.icon) }
        }
        func row(_ entry: Any) -> some View { Label("Home", systemImage: entry.icon) }
        """
      ),
    ])
    // `entry`'s type says nothing: its `icon` may be `Category.icon`.
    #expect(CarrierScanTests.carried(references).isEmpty)
  }
}
