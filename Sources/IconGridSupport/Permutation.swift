/// Putting the elements of an array in a computed order without copying them.
package enum Permutation {
  /// `elements` rearranged so that position `k` holds the element that was at `order[k]`:
  /// `order.map { elements[$0] }`, made by swapping elements along each cycle of `order`
  /// in place. Each element is moved, never copied, so an element that holds references
  /// is neither retained into a new array nor released with the old one; when `elements`
  /// is its array's only reference, no array is allocated either.
  ///
  /// - Parameters:
  ///   - order: a permutation of `elements.indices`.
  ///   - elements: the elements, in their old order.
  /// - Returns: the elements in the new order.
  /// - Complexity: O(n) swaps.
  package static func apply<Element>(_ order: [Int], to elements: consuming [Element]) -> [Element] {
    precondition(
      order.count == elements.count, "an order of \(order.count) positions for \(elements.count) elements")
    var placed = [Bool](repeating: false, count: order.count)
    // Swapped through the buffer, which moves elements: `Array.swapAt`, unspecialized in this
    // generic function, copied each element (a retain of each reference it holds).
    elements.withUnsafeMutableBufferPointer { buffer in
      for start in order.indices where !placed[start] {
        // Along the cycle start → order[start] → …: each swap puts one element in its place
        // and carries the start's element on, to the cycle's last position.
        var position = start
        placed[position] = true
        while order[position] != start {
          let next = order[position]
          precondition(!placed[next], "not a permutation: \(next) twice")
          buffer.swapAt(position, next)
          placed[next] = true
          position = next
        }
      }
    }
    return elements
  }
}
