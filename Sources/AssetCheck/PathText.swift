// MARK: - Helpers

func join(_ folder: String, _ name: String) -> String {
  folder.isEmpty ? name : folder + "/" + name
}

func lastComponent(_ path: String) -> String {
  path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
}

/// `text` with the last occurrence of `target` replaced.
func replacingLast(_ target: String, in text: String, with replacement: String) -> String {
  guard !target.isEmpty, text.count >= target.count else { return text }
  var index = text.endIndex
  while index > text.startIndex {
    index = text.index(before: index)
    if text[index...].hasPrefix(target) {
      return String(text[..<index]) + replacement + text[text.index(index, offsetBy: target.count)...]
    }
  }
  return text
}

func parent(_ path: String) -> String {
  path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
}

func fileExtension(_ path: String) -> String {
  let name = lastComponent(path)
  return name.lastIndex(of: ".").map { name[$0...].lowercased() } ?? ""
}

/// `60`, `83.5`, `66.7`: integers plain, others to one decimal.
func number(_ value: Double) -> String {
  if abs(value - value.rounded()) < 0.001 { return String(Int(value.rounded())) }
  return String((value * 10).rounded() / 10)
}
