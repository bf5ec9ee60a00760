import IconGridSupport
import Testing

@Suite("Permutation: elements put in a computed order in place")
struct PermutationTests {
  /// Orders of five positions: none moved, one swap, one cycle of all, two cycles, reversed.
  static let orders: [[Int]] = [
    [0, 1, 2, 3, 4], [1, 0, 2, 3, 4], [1, 2, 3, 4, 0], [2, 0, 1, 4, 3], [4, 3, 2, 1, 0],
  ]

  @Test("the same array as taking each position's element by the order", arguments: orders)
  func apply(_ order: [Int]) {
    let elements = ["a", "b", "c", "d", "e"].map {
      $0 + String(repeating: "-long-enough-to-be-on-the-heap", count: 2)
    }
    #expect(Permutation.apply(order, to: elements) == order.map { elements[$0] })
  }

  @Test("every order of six elements, against taking each position's element")
  func allOrders() {
    func orders(of items: [Int]) -> [[Int]] {
      guard items.count > 1 else { return [items] }
      return items.indices.flatMap { index in
        var rest = items
        let first = rest.remove(at: index)
        return orders(of: rest).map { [first] + $0 }
      }
    }
    let elements = [10, 11, 12, 13, 14, 15]
    let all = orders(of: Array(elements.indices))
    #expect(all.count == 720)
    for order in all { #expect(Permutation.apply(order, to: elements) == order.map { elements[$0] }) }
  }

  @Test("an array another variable shares is left as it was")
  func shared() {
    let elements = ["x", "y", "z"]
    let copy = elements
    #expect(Permutation.apply([2, 0, 1], to: copy) == ["z", "x", "y"])
    #expect(elements == ["x", "y", "z"])
    #expect(copy == ["x", "y", "z"])
    #expect(Permutation.apply([], to: [String]()).isEmpty)
  }
}
