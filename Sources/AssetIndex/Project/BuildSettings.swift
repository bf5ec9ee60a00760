import Foundation

/// The build settings of one target in one configuration: the target's level over the
/// project's, expanded the way Xcode expands them, as far as the project file alone allows.
struct BuildSettings {
  /// A setting's value: the project file writes either a string or a list of strings.
  enum Value {
    case string(String)
    case list([String])
  }

  /// An expanded value; `complete` is false when it named a variable that is defined nowhere
  /// in the project file (an `.xcconfig` or an environment setting Xcode supplies).
  struct Expanded {
    var text: String
    var complete: Bool
  }

  /// Project level first, then target level; conditional keys (`KEY[sdk=…]`) left out.
  private let levels: [[String: Value]]
  /// Settings Xcode itself provides that names can use (`TARGET_NAME`…).
  private let builtIn: [String: String]

  /// The settings of one configuration.
  ///
  /// - Parameters:
  ///   - project: The project-level `buildSettings` dictionary.
  ///   - target: The target-level `buildSettings` dictionary.
  ///   - builtIn: Values Xcode defines for every target, such as `TARGET_NAME`.
  init(project: [String: Any], target: [String: Any], builtIn: [String: String]) {
    levels = [Self.values(project), Self.values(target)]
    self.builtIn = builtIn
  }

  private static func values(_ settings: [String: Any]) -> [String: Value] {
    var result: [String: Value] = [:]
    for (key, raw) in settings where !key.contains("[") {
      if let text = raw as? String {
        result[key] = .string(text)
      } else if let list = raw as? [Any] {
        result[key] = .list(list.compactMap { $0 as? String })
      }
    }
    return result
  }

  /// Every key either level sets, sorted.
  var keys: [String] { Set(levels.flatMap(\.keys)).sorted() }

  /// Whether either level sets `key`.
  func isSet(_ key: String) -> Bool {
    levels.contains { $0[key] != nil }
  }

  /// The expanded value of `key`, or `nil` when no level sets it and Xcode does not define it.
  func value(_ key: String) -> Expanded? {
    var budget = 256
    return expand(key, level: levels.count - 1, budget: &budget)
  }

  /// The value split into words the way Xcode splits a list setting written as one string:
  /// at white space, with quotes and backslashes keeping a word together.
  func words(_ key: String) -> (words: [String], complete: Bool)? {
    guard let expanded = value(key) else { return nil }
    return (Self.split(expanded.text), expanded.complete)
  }

  /// Expands `key` as seen from `level`: `$(inherited)` is the level below, other references are
  /// looked up from the top. `budget` bounds the work, so reference cycles end (as incomplete).
  private func expand(_ key: String, level: Int, budget: inout Int) -> Expanded? {
    budget -= 1
    guard budget > 0 else { return Expanded(text: "", complete: false) }
    guard level >= 0 else {
      return builtIn[key].map { Expanded(text: $0, complete: true) }
    }
    guard let raw = levels[level][key] else {
      return expand(key, level: level - 1, budget: &budget)
    }
    let text: String
    switch raw {
    case .string(let value): text = value
    case .list(let items): text = items.map(Self.quoteIfNeeded).joined(separator: " ")
    }
    return substitute(text, key: key, level: level, budget: &budget)
  }

  /// Replaces each `$(NAME)` and `${NAME}` in `text`.
  private func substitute(_ text: String, key: String, level: Int, budget: inout Int) -> Expanded {
    var output = ""
    var complete = true
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      output += rest[..<dollar]
      let afterDollar = rest.index(after: dollar)
      guard afterDollar < rest.endIndex, rest[afterDollar] == "(" || rest[afterDollar] == "{" else {
        output.append("$")
        rest = rest[afterDollar...]
        continue
      }
      let close: Character = rest[afterDollar] == "(" ? ")" : "}"
      let nameStart = rest.index(after: afterDollar)
      guard let end = rest[nameStart...].firstIndex(of: close) else {
        output += rest[dollar...]
        rest = rest[rest.endIndex...]
        break
      }
      let name = String(rest[nameStart..<end])
      rest = rest[rest.index(after: end)...]
      let found: Expanded?
      if name == "inherited" {
        found = expand(key, level: level - 1, budget: &budget) ?? Expanded(text: "", complete: true)
      } else if name.isEmpty || name.contains(":") || name.contains("$") {
        found = nil  // operators such as `:rfc1034identifier` are not evaluated
      } else {
        found = expand(name, level: levels.count - 1, budget: &budget)
      }
      if let found {
        output += found.text
        complete = complete && found.complete
      } else {
        complete = false
      }
    }
    output += rest
    return Expanded(text: output, complete: complete)
  }

  private static func quoteIfNeeded(_ word: String) -> String {
    guard word.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" }) else { return word }
    return "\""
      + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// Splits at unquoted white space; double and single quotes group, a backslash escapes.
  static func split(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
        inWord = true
      } else if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character == " " || character == "\t" || character == "\n" {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }
}

extension BuildSettings {
  /// The value of `key` as written at the highest level that sets it, lists joined by spaces.
  func rawValue(_ key: String) -> String? {
    for level in levels.reversed() {
      switch level[key] {
      case .string(let text): return text
      case .list(let items): return items.joined(separator: " ")
      case nil: continue
      }
    }
    return nil
  }
}
