// Writes the Swift code blocks of the DocC articles as one Swift file of the DocExampleTests
// target, so every example compiles (and runs) with the tests and the article stays the one
// copy. Run by the DocExamples build-tool plugin on each build:
//
//   DocExampleExtractor OUTPUT.swift ARTICLE.md...
//
// Each ```swift block becomes a closure of `docExamples`, in its own scope, given `root`,
// `folder` and `output` (see DocExample.swift) and a `print` whose lines the test keeps.
// `import` lines go to the top of the file. A `#sourceLocation` points each block back to
// its article, so a compile error names the article's file and line.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Says what went wrong on standard error (through its descriptor: the C `stderr` global is
/// not concurrency-safe to name).
func fail(_ message: String) {
  let bytes = Array(message.utf8)
  _ = write(2, bytes, bytes.count)
}

/// One ```swift block of an article.
struct Block {
  var article: String
  var path: String
  var heading: String
  var firstLine: Int
  var lines: [String]
}

func read(_ path: String) -> String {
  guard let file = fopen(path, "rb") else {
    fail("DocExampleExtractor: cannot read \(path)\n")
    exit(66)
  }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count == 0 { break }
    bytes += buffer[0..<count]
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// `Sources/AssetResolver/AssetResolver.docc/GettingStarted.md` → `AssetResolver/GettingStarted`.
func articleName(_ path: String) -> String {
  let parts = path.split(separator: "/")
  let file = parts.last.map { String($0.dropLast(3)) } ?? path
  let catalog = parts.dropLast().last.map { String($0.split(separator: ".").first ?? $0) } ?? ""
  return catalog + "/" + file
}

func blocks(in path: String) -> [Block] {
  var found: [Block] = []
  var heading = ""
  var current: Block?
  for (index, line) in read(path).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let text = String(line)
    if var block = current {
      if text.trimmingSpaces == "```" {
        found.append(block)
        current = nil
      } else {
        block.lines.append(text)
        current = block
      }
    } else if text.trimmingSpaces == "```swift" {
      current = Block(
        article: articleName(path), path: path, heading: heading, firstLine: index + 2, lines: [])
    } else if text.hasPrefix("#") {
      heading = String(text.drop(while: { $0 == "#" || $0 == " " }))
    }
  }
  return found
}

extension String {
  var trimmingSpaces: String {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }

  /// The text as a Swift string literal.
  var literal: String {
    var out = "\""
    for character in self {
      switch character {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default: out.append(character)
      }
    }
    return out + "\""
  }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  fail("usage: DocExampleExtractor OUTPUT.swift ARTICLE.md...\n")
  exit(64)
}
let all = arguments.dropFirst(2).sorted().flatMap(blocks(in:))
var imports: Set<String> = []
for block in all {
  for line in block.lines where line.hasPrefix("import ") { imports.insert(line) }
}

var output = "// Made by DocExampleExtractor from the DocC articles' Swift code blocks. Do not edit.\n\n"
output += imports.sorted().joined(separator: "\n") + "\n\n"
output += "/// Every Swift code block of the DocC articles, in article order.\n"
output += "let docExamples: [DocExample] = [\n"
for block in all {
  output +=
    "  DocExample(article: \(block.article.literal), heading: \(block.heading.literal), line: \(block.firstLine)) {\n"
  output += "    context in\n"
  output += "    let root = context.root\n    let folder = context.folder\n    let output = context.output\n"
  output += "    _ = (root, folder, output)\n"
  output += "    func print(_ items: Any..., separator: String = \" \", terminator: String = \"\\n\") {\n"
  output += "      context.print(items.map { \"\\($0)\" }.joined(separator: separator) + terminator)\n"
  output += "    }\n"
  output += "    do {\n"
  output += "#sourceLocation(file: \(block.path.literal), line: \(block.firstLine))\n"
  for line in block.lines where !line.hasPrefix("import ") { output += line + "\n" }
  output += "#sourceLocation()\n"
  output += "    }\n  },\n"
}
output += "]\n"

guard let file = fopen(arguments[1], "wb") else {
  fail("DocExampleExtractor: cannot write \(arguments[1])\n")
  exit(74)
}
let bytes = Array(output.utf8)
guard fwrite(bytes, 1, bytes.count, file) == bytes.count, fclose(file) == 0 else {
  fail("DocExampleExtractor: cannot write \(arguments[1])\n")
  exit(74)
}
