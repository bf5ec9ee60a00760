import AssetCheck
import Foundation
import IconGridCLI
import PNGCodec
import Synchronization

/// A folder tree built by a test in a fresh temporary directory, removed on `deinit`.
final class Tree: Sendable {
  let root: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "assetcheck-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    root = base.path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: root)
  }

  func path(_ relative: String) -> String { root + "/" + relative }

  /// A PNG of `width`×`height` filled with `color`, RGBA unless `alpha` is false.
  @discardableResult
  func png(
    _ relative: String, _ width: Int, _ height: Int, color: (UInt8, UInt8, UInt8, UInt8) = (40, 90, 200, 255),
    alpha: Bool = true, compression: Int = 6
  ) throws -> Tree {
    try makeParent(relative)
    let bitmap = Bitmap(width: width, height: height, filling: color)
    try PNGEncoder.write(
      bitmap, to: path(relative),
      options: PNGEncodingOptions(compressionLevel: compression, includeAlpha: alpha))
    return self
  }

  @discardableResult
  func bytes(_ relative: String, _ bytes: [UInt8]) throws -> Tree {
    try makeParent(relative)
    try Data(bytes).write(to: URL(fileURLWithPath: path(relative)))
    return self
  }

  @discardableResult
  func text(_ relative: String, _ text: String) throws -> Tree {
    try bytes(relative, Array(text.utf8))
  }

  /// A copy of a file from the shared test data (`../shared/testdata/<relative>`).
  @discardableResult
  func copy(testData: String, to relative: String) throws -> Tree {
    try makeParent(relative)
    try FileManager.default.copyItem(atPath: Tree.testData(testData), toPath: path(relative))
    return self
  }

  /// A set's `Contents.json` with these slots (`filename`, `idiom`, `scale`, `size` keys).
  @discardableResult
  func contents(_ folder: String, _ images: [[String: String]]) throws -> Tree {
    let object: [String: Any] = ["images": images, "info": ["author": "xcode", "version": 1]]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    return try bytes(folder + "/Contents.json", Array(data))
  }

  private func makeParent(_ relative: String) throws {
    let folder = (path(relative) as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  static func testData(_ relative: String) -> String {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("../shared/testdata").appendingPathComponent(relative).standardized.path
  }

  /// Runs the check over the tree.
  func check(require scales: [Int] = [2], deep: Bool = false) -> CheckReport {
    AssetChecker.check(roots: [root], configuration: CheckConfiguration(requiredScales: scales, deep: deep))
  }
}

extension CheckReport {
  /// The findings of one rule.
  func findings(_ rule: Rule) -> [Finding] { findings.filter { $0.rule == rule } }
}

/// A console whose output and error streams are kept in memory.
final class CapturedConsole: Sendable {
  private let outText = Mutex("")
  private let errText = Mutex("")

  var console: Console {
    Console(
      out: { [self] text in outText.withLock { $0 += text } },
      err: { [self] text in errText.withLock { $0 += text } })
  }

  var out: String { outText.withLock { $0 } }
  var err: String { errText.withLock { $0 } }
}

/// An app icon set's slot.
func slot(_ file: String?, idiom: String, size: String, scale: String) -> [String: String] {
  var slot = ["idiom": idiom, "size": size, "scale": scale]
  if let file { slot["filename"] = file }
  return slot
}

/// An image set's slot.
func slot(_ file: String?, idiom: String = "universal", scale: String?) -> [String: String] {
  var slot = ["idiom": idiom]
  if let scale { slot["scale"] = scale }
  if let file { slot["filename"] = file }
  return slot
}
