import AssetIndex
import Testing

@Suite struct AssetNameTests {
  @Test(
    arguments: [
      ("icon", "icon", nil, nil, "png"),
      ("icon.png", "icon", nil, nil, "png"),
      ("icon@2x.png", "icon", 2, nil, "png"),
      ("icon@3x~ipad.png", "icon", 3, Idiom.ipad, "png"),
      ("icon~iphone.png", "icon", nil, Idiom.iphone, "png"),
      ("tabs/home@2x", "tabs/home", 2, nil, "png"),
      ("big@12x.png", "big", 12, nil, "png"),
      ("com.example.icon", "com.example.icon", nil, nil, "png"),
      ("photo@2x.jpg", "photo", 2, nil, "jpg"),
      ("a@0x.png", "a@0x", nil, nil, "png"),
      ("a@x.png", "a@x", nil, nil, "png"),
      ("user@host.png", "user@host", nil, nil, "png"),
    ] as [(String, String, Int?, Idiom?, String)])
  func parses(text: String, base: String, scale: Int?, idiom: Idiom?, ext: String) {
    let name = AssetName(parsing: text)
    #expect(name.base == base)
    #expect(name.scale == scale)
    #expect(name.idiom == idiom)
    #expect(name.ext == ext)
    #expect(name.suspiciousSuffix == nil)
  }

  @Test(arguments: [
    ("icon@2X.png", "icon@2X", "@2X"),
    ("icon~iPad.png", "icon~iPad", "~iPad"),
    ("icon~IPHONE.png", "icon~IPHONE", "~IPHONE"),
    ("icon~ipad@2x.png", "icon~ipad", "~ipad"),
  ])
  func flagsSuffixesADeviceIgnores(text: String, base: String, suffix: String) {
    let name = AssetName(parsing: text)
    #expect(name.base == base)
    #expect(name.scale == nil || text.hasSuffix("@2x.png"))
    #expect(name.suspiciousSuffix == suffix)
  }

  @Test func formatsInTheOrderScaleThenIdiom() {
    #expect(AssetName(base: "icon", scale: 2, idiom: .ipad).fileName == "icon@2x~ipad.png")
    #expect(AssetName(base: "icon").fileName == "icon.png")
    #expect(AssetName(base: "a/b", idiom: .iphone).fileName == "a/b~iphone.png")
  }

  @Test(arguments: ["icon@2x~ipad.png", "x.png", "tabs/home@3x.png", "k~iphone.png"])
  func roundTrips(text: String) {
    #expect(AssetName(parsing: text).fileName == text)
  }
}
