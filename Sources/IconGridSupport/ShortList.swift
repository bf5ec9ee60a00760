/// The first few items of a list and how many more there are, so that a note or message
/// names what it is about without growing with it.
///
/// ```swift
/// ShortList.text(["a.js", "b.js", "c.js"], shown: 2)  // "a.js, b.js and 1 more"
/// ```
package enum ShortList {
  /// The first `shown` items joined by ", ", followed by " and N more" when there are more.
  ///
  /// - Parameters:
  ///   - items: the texts, in the order to show them.
  ///   - shown: how many to name.
  /// - Returns: the list; empty for no items.
  package static func text(_ items: some Collection<String>, shown: Int = 5) -> String {
    let named = items.prefix(shown).joined(separator: ", ")
    return items.count > shown ? named + " and \(items.count - shown) more" : named
  }
}
