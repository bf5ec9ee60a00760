import AssetReferences
import Testing

/// Image lookups that take an enum's raw value: traced through the tree's `String` enums,
/// unknown for any other type.
@Suite("Source references: lookups of an enum's raw value")
struct RawValueLookupTests {
  static func lookups(_ references: SourceReferences) -> [String] {
    references.lookups.map {
      "\($0.line) \($0.argument) traced:\($0.isTraced) unknown:\($0.unknownRawValue != nil)"
    }
  }

  @Test func aParameterOfAStringEnumOfTheTreeGivesItsCaseNames() {
    let references = CarrierScanTests.scan([
      (
        "App/Icon.swift",
        """
        enum BarIcon: String {
          case globe
          case duck = "DuckIcon"
        }
        """
      ),
      (
        "App/Bar.swift",
        """
        final class Bar {
          func show(icon: BarIcon) {
            view.image = UIImage(named: icon.rawValue)
          }
        }
        """
      ),
    ])
    #expect(RawValueLookupTests.lookups(references) == ["3 icon.rawValue traced:true unknown:false"])
    // The implicit raw value is a use at the lookup; the explicit one is a literal already.
    #expect(references.uses.contains { $0.name == "globe" && $0.path == "App/Bar.swift" && $0.line == 3 })
    #expect(references.uses.contains { $0.name == "DuckIcon" && $0.path == "App/Icon.swift" })
  }

  @Test func aMemberOfStringEnumsOfTheTreeIsTracedByItsDeclarations() {
    let references = CarrierScanTests.scan([
      (
        "App/Switcher.swift",
        """
        final class Model {
          enum Style: String { case list, grid }
          var style: Style = .grid
        }
        struct Top {
          let model: Model
          var body: some View { Image(model.style.rawValue) }
        }
        """
      )
    ])
    #expect(RawValueLookupTests.lookups(references) == ["7 model.style.rawValue traced:true unknown:false"])
    #expect(Set(references.uses.filter { $0.line == 7 }.map(\.name)) == ["list", "grid"])
  }

  @Test func aCaseBindingsRawValueIsUnknown() {
    // The enum comes from a package: its cases and raw values are in no file of the tree.
    let references = CarrierScanTests.scan([
      (
        "App/MessageModel.swift",
        """
        import Messaging
        struct MessageModel {
          let kind: MessageKind
          var image: String? {
            switch kind {
            case .small: return nil
            case .large(_, let placeholder): return placeholder.rawValue
            }
          }
        }
        """
      ),
      (
        "App/MessageView.swift",
        """
        struct MessageView: View {
          let model: MessageModel
          var body: some View {
            if let image = model.image { Image(image) }
          }
        }
        """
      ),
    ])
    let lookup = references.lookups.first { $0.path == "App/MessageView.swift" }
    #expect(lookup?.line == 4)
    #expect(lookup?.isTraced == false)
    #expect(lookup?.unknownRawValue?.hasPrefix("`placeholder.rawValue` at App/MessageModel.swift:7") == true)
  }

  @Test func aParameterOfATypeTheTreeDoesNotDeclareIsUnknown() {
    let references = CarrierScanTests.scan([
      (
        "App/Badge.swift",
        """
        import DesignSystem
        func badge(for kind: DesignIcon) -> UIImage? {
          UIImage(named: kind.rawValue)
        }
        """
      )
    ])
    let lookup = references.lookups.first
    #expect(lookup?.isTraced == false)
    #expect(lookup?.unknownRawValue?.contains("`kind` being declared as DesignIcon") == true)
  }

  @Test func aRawValueGivenToNoImageIsNoLookup() {
    // `title` returns a raw value but no image initialiser takes it.
    let references = CarrierScanTests.scan([
      (
        "App/Row.swift",
        """
        import Kit
        struct Row {
          let kind: KitKind
          var title: String { return kind.rawValue }
          var icon: some View { Image("row") }
        }
        """
      )
    ])
    #expect(references.lookups.isEmpty)
  }
}
