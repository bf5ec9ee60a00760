import IconGridSupport
import Testing

@Suite("ShortList: the first items of a list and how many more")
struct ShortListTests {
  @Test("up to the number shown, the items alone; past it, how many more")
  func text() {
    #expect(ShortList.text([String]()) == "")
    #expect(ShortList.text(["a.js"]) == "a.js")
    #expect(ShortList.text(["a", "b", "c", "d", "e"]) == "a, b, c, d, e")
    #expect(ShortList.text(["a", "b", "c", "d", "e", "f", "g"]) == "a, b, c, d, e and 2 more")
    #expect(ShortList.text(["x", "y", "z"], shown: 2) == "x, y and 1 more")
  }
}
