import AssetDiff
import Foundation
import ImageCore
import PNGCodec
import TestSupport
import Testing

@Suite("icongrid diff")
struct DiffCommandTests {
  @Test("JSON: version 1 and a change per line, base or head absent where there is none")
  func json() throws {
    let trees = try EveryClass()
    let result = icongrid("diff", trees.base.root, trees.head.root, "--format", "json")
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    let changes = try #require(object["changes"] as? [[String: Any]])
    #expect(changes.count == 9)
    for change in changes {
      let keys = Set(change.keys)
      #expect(keys.isSubset(of: ["class", "namespace", "name", "variant", "base", "head", "bytes"]))
      #expect(keys.isSuperset(of: ["class", "namespace", "name", "variant", "bytes"]))
    }
    let added = try #require(changes.first { $0["name"] as? String == "new" })
    #expect(added["class"] as? String == "added")
    #expect(added["base"] == nil)
    #expect((added["head"] as? String)?.hasSuffix("/new@2x.png") == true)
    let classes = Set(changes.compactMap { $0["class"] as? String })
    #expect(classes == Set(ChangeClass.allCases.map(\.rawValue)))
  }

  @Test("text and GitHub list the same classes; the sheet is written and linked")
  func textGithubAndSheet() throws {
    let trees = try EveryClass()
    let out = Tree()
    let text = icongrid("diff", trees.base.root, trees.head.root)
    #expect(text.status == 0)
    #expect(text.out.split(separator: "\n").count == 9)
    #expect(text.out.contains("changed\tfiles\tmoved\tuniversal @2x\t"))
    let sheet = out.path("diff.png")
    let github = icongrid("diff", trees.base.root, trees.head.root, "--format", "github", "-o", sheet)
    #expect(github.status == 0, "\(github.err)")
    #expect(github.out.contains("![Before and after](\(sheet))"))
    #expect(github.out.contains("| renamed | `files` | `oldname` → `newname` |"))
    #expect(!github.out.contains("| reencoded |"))
    let bitmap = try PNGDecoder.decode(contentsOf: sheet)
    #expect(bitmap.width == ((16 + 140) * 6 + 16) * 2)
    // The third tile of a changed file marks the differing pixels in red.
    #expect(
      bitmap.pixels.indices.lazy.filter { $0 % 4 == 0 }.contains {
        bitmap.pixels[$0] == 255 && bitmap.pixels[$0 + 1] == 32 && bitmap.pixels[$0 + 2] == 64
      })
  }

  @Test("exit 0 whatever changed; 1 only with --fail-on")
  func failOn() throws {
    let trees = try EveryClass()
    #expect(icongrid("diff", trees.base.root, trees.head.root, "--fail-on", "changed").status == 1)
    #expect(icongrid("diff", trees.base.root, trees.head.root, "--fail-on", "removed").status == 1)
    let base = Tree()
    let head = Tree()
    try icon(base, "a@2x.png", (1, 1, 1), compression: 0)
    try icon(head, "a@2x.png", (1, 1, 1), compression: 9)
    try icon(head, "b@2x.png", (1, 1, 9))
    #expect(icongrid("diff", base.root, base.root, "--fail-on", "changed").status == 0)
    #expect(icongrid("diff", base.root, head.root, "--fail-on", "removed").status == 0)
    #expect(icongrid("diff", base.root, head.root, "--fail-on", "changed").status == 1)
  }

  @Test(
    "usage errors exit 64 naming what is wrong",
    arguments: [
      (["diff", "only-one"], "expected BASE and HEAD, got one folder"),
      (["diff", "a", "b", "--threshold", "lots"], "--threshold expects"),
      (["diff", "a", "b", "--fail-on", "added"], "--fail-on expects changed or removed"),
      (["diff", "a", "b", "--format", "xml"], "unknown format 'xml'"),
      (["diff", "a", "b", "--base", "HEAD"], "with --base, give one ROOT"),
      (["diff", "a", "b", "--scale", "4"], "--scale expects 1, 2 or 3"),
    ])
  func usage(arguments: [String], message: String) {
    let result = icongrid(arguments)
    #expect(result.status == 64)
    #expect(result.err.contains(message), "\(result.err)")
  }

  @Test("a missing folder exits 66; a folder outside git or a bad revision is a usage error")
  func badInputs() throws {
    let tree = Tree()
    try icon(tree, "a@2x.png", (1, 2, 3))
    #expect(icongrid("diff", tree.root, tree.path("nope")).status == 66)
    let outside = icongrid("diff", tree.root, "--base", "HEAD")
    #expect(outside.status == 64)
    #expect(outside.err.contains("\(tree.root): not a git work tree"))
    try git(tree.root, "init", "-q")
    let unknown = icongrid("diff", tree.root, "--base", "no-such-branch")
    #expect(unknown.status == 64)
    #expect(unknown.err.contains("'no-such-branch': no such revision"))
  }

  @Test("--base reads the revision's files with git and leaves the work tree alone")
  func gitBase() throws {
    let repo = Tree("icongrid-diff-git")
    try icon(repo, "Assets/a@2x.png", (200, 0, 0))
    try icon(repo, "Assets/b@2x.png", (0, 200, 0))
    try icon(repo, "other.png", (0, 0, 200))
    try git(repo.root, "init", "-q")
    try git(repo.root, "add", ".")
    try git(repo.root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "icons")
    try icon(repo, "Assets/a@2x.png", (0, 0, 200))
    repo.delete(repo.path("Assets/b@2x.png"))
    let before = try git(repo.root, "status", "--porcelain")
    let result = icongrid("diff", repo.path("Assets"), "--base", "HEAD", "--format", "text")
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n").map {
      $0.split(separator: "\t").prefix(3).joined(separator: " ")
    }
    #expect(lines == ["changed files a", "removed files b"])
    #expect(result.out.contains("HEAD:\(repo.path("Assets"))/b@2x.png"))
    #expect(try git(repo.root, "status", "--porcelain") == before)
  }

  @discardableResult
  func git(_ folder: String, _ arguments: String...) throws -> String {
    String(decoding: try ReferenceTool.output("git", arguments, in: folder), as: UTF8.self)
  }
}
