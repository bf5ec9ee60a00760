import Foundation
import SheetManifest
import Testing

@Suite("Manifest decoding")
struct ManifestTests {
  @Test func labelsComeFromTheKeyGivenOrAreNotNeeded() throws {
    let json = #"[{"title": "Mail", "icon": "mail"}, {"title": "Maps", "icon": "maps", "name": "x"}]"#
    let titled = try Manifest.decode(Data(json.utf8), path: "apps.json", labelKey: "title")
    #expect(titled.sections[0].tiles.map(\.name) == ["Mail", "Maps"])
    #expect {
      try Manifest.decode(Data(json.utf8), path: "apps.json")
    } throws: { error in
      (error as? ManifestError)?.description.contains("missing key 'name'") == true
    }
    let unlabelled = #"[{"icon": "mail"}, {"icon": "maps", "name": "Maps"}]"#
    let plain = try Manifest.decode(Data(unlabelled.utf8), path: "apps.json", labelKey: nil)
    #expect(plain.sections[0].tiles.map(\.name) == ["mail", "Maps"])
  }

  @Test func flatJSON() throws {
    let json = #"[{"name": "Mail", "icon": "mail", "badge": 3}, {"name": "Maps", "icon": "maps"}]"#
    let content = try Manifest.decode(Data(json.utf8), path: "apps.json")
    #expect(content.sections.count == 1)
    #expect(content.sections[0].title == nil)
    #expect(
      content.sections[0].tiles == [
        SheetTile(name: "Mail", icon: "mail", badge: 3), SheetTile(name: "Maps", icon: "maps"),
      ])
  }

  @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
  func groupedPropertyList(format: PropertyListSerialization.PropertyListFormat) throws {
    let plist: [[String: Any]] = [
      [
        "title": "Cars",
        "cars": [["name": "Audi", "icon": "audi"], ["name": "BMW", "icon": "bmw", "badge": 2]],
      ],
      ["title": "Bikes", "list": [["name": "Ducati", "icon": "ducati"]]],
    ]
    let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
    let content = try Manifest.decode(data, path: "cars_total.plist")
    #expect(content.sections.map(\.title) == ["Cars", "Bikes"])
    #expect(content.sections[0].tiles.map(\.icon) == ["audi", "bmw"])
    #expect(content.sections[0].tiles[1].badge == 2)
    #expect(content.sections[1].tiles == [SheetTile(name: "Ducati", icon: "ducati")])
    #expect(content.tileCount == 3)
  }

  @Test func itemsAroundAGroupFormUntitledSections() throws {
    let json = #"""
      [{"name": "A", "icon": "a"}, {"title": "G", "items": [{"name": "B", "icon": "b"}]},
       {"name": "C", "icon": "c"}]
      """#
    let content = try Manifest.decode(Data(json.utf8), path: "m.json")
    #expect(content.sections.map(\.title) == [nil, "G", nil])
  }

  static let broken: [(String, String)] = [
    (
      #"[{"name": "A", "icon": "a"}, {"name": "B", "icon": "b"}, {"name": "C", "icon": "c"}, {"name": "D", "icon": 4}]"#,
      "m.json: item 3: key 'icon': expected a string"
    ),
    (#"[{"name": "A"}]"#, "m.json: item 0: missing key 'icon'"),
    (#"[{"name": "A", "icon": "a", "badge": "many"}]"#, "m.json: item 0: key 'badge': expected an integer"),
    (
      #"[{"title": "G", "apps": [{"name": "A", "icon": "a"}, {"name": 7, "icon": "b"}]}]"#,
      "m.json: item 0: key 'apps': item 1: key 'name': expected a string"
    ),
    (#"{"name": "A", "icon": "a"}"#, "m.json: expected an array of items or groups at the top level"),
    (#"[{"title": "G", "apps": 3}]"#, "m.json: item 0: group 'G' has no array of items"),
    (
      #"[{"name": "A", "icon": "/etc/passwd"}]"#,
      "m.json: item 0: key 'icon': '/etc/passwd' is outside the assets folder (absolute or with '..')"
    ),
    (
      #"[{"title": "G", "x": [{"name": "A", "icon": "icons/../../secret"}]}]"#,
      "m.json: item 0: key 'x': item 0: key 'icon': 'icons/../../secret' is outside the assets folder (absolute or with '..')"
    ),
    ("[]", "m.json: lists no items"),
  ]

  @Test(arguments: broken)
  func brokenManifestsSayWhereAndWhat(json: String, message: String) {
    #expect {
      try Manifest.decode(Data(json.utf8), path: "m.json")
    } throws: { error in
      (error as? ManifestError)?.description == message
    }
  }

  @Test func syntaxErrorsAreTyped() {
    #expect {
      try Manifest.decode(Data(#"[{"name": "A", "icon": }]"#.utf8), path: "m.json")
    } throws: { error in
      (error as? ManifestError)?.kind == .syntax
    }
    #expect {
      try Manifest.decode(Data("hello".utf8), path: "m.txt")
    } throws: { error in
      (error as? ManifestError)?.kind == .syntax
    }
  }

  @Test func missingFileIsNotFound() {
    #expect {
      try Manifest.load(contentsOf: "/nonexistent/apps.plist")
    } throws: { error in
      (error as? ManifestError)?.kind == .notFound
    }
  }
}
