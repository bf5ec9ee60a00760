/// The little of YAML's line syntax that the pubspec readers need.
public enum YAMLLine {
  /// A line without its comment: a `#` that starts the line or follows a space or tab, outside
  /// single or double quotes, ends the content. Trailing spaces are dropped.
  ///
  /// - Parameter line: one line of a YAML file, without its line break.
  /// - Returns: the content before the comment.
  public static func withoutComment(_ line: String) -> String {
    var quote: Character?
    var previous: Character = " "
    var result = ""
    for character in line {
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == "#", previous == " " || previous == "\t" {
        break
      }
      result.append(character)
      previous = character
    }
    while result.last == " " { result.removeLast() }
    return result
  }
}
