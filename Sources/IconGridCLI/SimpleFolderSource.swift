import ContactSheet
import Foundation
import PNGCodec

/// A sheet data source over one folder of loose PNGs (`name.png`, `name@2x.png`, …), by the
/// scale rule. The CLI's stand-in until the asset resolver's library backs
/// ``SheetCommand/makeDataSource(assetsRoot:)``.
struct SimpleFolderSource: SheetDataSource {
  let root: String

  func icon(named name: String, scale: Int) throws -> SheetIcon {
    let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
    for candidate in Self.order(for: scale) {
      let suffixes = candidate == 1 ? ["", "@1x"] : ["@\(candidate)x"]
      for suffix in suffixes {
        let path = "\(root)/\(base)\(suffix).png"
        guard FileManager.default.fileExists(atPath: path) else { continue }
        do {
          let bitmap = try PNGDecoder.decode(contentsOf: path)
          return SheetIcon(bitmap: bitmap, scale: candidate, isFallback: candidate != scale)
        } catch {
          throw SheetIconError.unreadable(name: name, reason: PNGError.from(error).description)
        }
      }
    }
    throw SheetIconError.notFound(name: name)
  }

  func assetNames() throws -> [String] {
    let files = try FileManager.default.contentsOfDirectory(atPath: root)
    var names = Set<String>()
    for file in files where file.hasSuffix(".png") && !file.hasPrefix(".") {
      var base = String(file.dropLast(4))
      if let tilde = base.lastIndex(of: "~") { base = String(base[..<tilde]) }
      if let at = base.range(of: "@", options: .backwards),
        base[at.upperBound...].range(of: #"^[0-9]+x$"#, options: .regularExpression) != nil
      {
        base = String(base[..<at.lowerBound])
      }
      if !base.isEmpty { names.insert(base) }
    }
    return names.sorted()
  }

  /// Exact scale first, then the nearest higher, then the nearest lower.
  static func order(for scale: Int) -> [Int] {
    let higher = (1...3).filter { $0 > scale }
    let lower = (1...3).filter { $0 < scale }.reversed()
    return [scale] + higher + lower
  }
}
