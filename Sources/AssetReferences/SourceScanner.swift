import IconGridSupport
import ImageCore

extension SourceReferences {
  /// The kinds of file the scan reads, by extension.
  static let codeExtensions: Set<String> = ["swift", "m", "mm", "h"]
  static let interfaceExtensions: Set<String> = ["storyboard", "xib"]
  /// Property lists and localized strings: their values mark what they name as used.
  static let dataExtensions: Set<String> = ["plist", "strings", "stringsdict", "xcstrings"]
  static let imageExtensions: Set<String> = [
    "png", "jpg", "jpeg", "pdf", "gif", "heic", "webp", "svg", "icns", "tiff", "tif", "bmp", "ico",
  ]
  /// Folder extensions not entered: their content is not source.
  static let opaqueFolderExtensions: Set<String> = [
    "xcassets", "xcstickers", "xcodeproj", "xcworkspace", "framework", "xcframework", "app", "lproj-disabled",
  ]
  /// The largest source file read, in bytes; a larger one is unreadable.
  static let sizeLimit = 64 << 20
  static let depthLimit = 32
  static let fileLimit = 500_000

  /// Reads every Swift, Objective-C, storyboard, xib, property list and localized strings file
  /// (`.strings`, `.stringsdict`, `.xcstrings`) under `root`.
  ///
  /// Hidden folders, `Pods`, `Carthage`, build output, `node_modules` and the insides of
  /// catalogs and project packages are not entered. Files are read in parallel; a file that
  /// cannot be read is listed in ``unreadable``, never guessed at.
  ///
  /// - Parameter root: the folder to read.
  /// - Returns: every use, pattern and member identifier found.
  /// - Complexity: O(bytes of the files read).
  public static func scan(root: String) -> SourceReferences {
    scan(SourceFiles(root: root))
  }

  /// Reads the Swift, Objective-C, storyboard, xib, property list and localized strings files
  /// of a listing, as ``scan(root:)`` does.
  ///
  /// - Parameter listing: the files of the root, listed once for every scan.
  /// - Returns: every use, pattern and member identifier found.
  public static func scan(_ listing: SourceFiles) -> SourceReferences {
    let root = listing.root
    var result = SourceReferences(root: root)
    var imageFiles: Set<String> = []
    let files = listing.files { path, fileExtension in
      if imageExtensions.contains(fileExtension) {
        imageFiles.insert(LiteralName.normalised(Paths.lastComponent(of: path)))
        return false
      }
      return codeExtensions.contains(fileExtension) || interfaceExtensions.contains(fileExtension)
        || dataExtensions.contains(fileExtension)
    }
    result.imageFiles = imageFiles
    let scanned = Parallel.map(files) { path in FileScan.read(path, root: root) }
    var firstUses: [Int] = []
    firstUses.reserveCapacity(scanned.count)
    for file in scanned {
      firstUses.append(result.uses.count)
      switch file.outcome {
      case .read(let isCode):
        if isCode { result.codeFiles += 1 } else { result.otherFiles += 1 }
      case .generated: result.generated.append(file.path)
      case .skipped(let reason): result.unreadable.append(Skipped(path: file.path, reason: reason))
      }
      result.uses += file.uses
      result.patterns += file.patterns
      result.lookups += file.lookups
      result.members.formUnion(file.members)
      result.declared.formUnion(file.declared)
    }
    result.resolveCarriers(zip(scanned, firstUses).map { (scan: $0, firstUse: $1) })
    result.traceLookups()
    result.resolveRawValues(scanned)
    return result
  }
}

/// What one file gave.
struct FileScan: Sendable {
  enum Outcome: Sendable {
    case read(isCode: Bool)
    case generated
    case skipped(String)
  }

  var path: String
  var outcome: Outcome = .read(isCode: true)
  var uses: [SourceReferences.Use] = []
  var patterns: [SourceReferences.Pattern] = []
  var lookups: [SourceReferences.Lookup] = []
  var members: Set<String> = []
  var declared: Set<String> = []
  /// Swift's properties and constants that may carry an image name, and their takers.
  var carriers = CarrierScan()
  /// `String` enums, declared types and returned raw values, for lookups of a raw value.
  var rawValues = RawValueScan()

  static func read(_ path: String, root: String) -> FileScan {
    var scan = FileScan(path: path)
    let bytes: [UInt8]
    do {
      bytes = try FileIO.readAll(Paths.join(root, path), limit: SourceReferences.sizeLimit)
    } catch {
      scan.outcome = .skipped("unreadable")
      return scan
    }
    let fileExtension = Paths.fileExtension(of: path).lowercased()
    switch fileExtension {
    case "plist", "stringsdict":
      StringsScan.scanPropertyList(bytes, into: &scan)
      return scan
    case "strings":
      StringsScan.scanStrings(bytes, into: &scan)
      return scan
    case "xcstrings":
      StringsScan.scanCatalog(bytes, into: &scan)
      return scan
    default: break
    }
    let text = UTF8Text.bytes(bytes)
    switch fileExtension {
    case "storyboard", "xib":
      scan.outcome = .read(isCode: false)
      InterfaceScan.scan(text, into: &scan)
    default:
      if GeneratedFile.isGenerated(path: path, text: text) {
        scan.outcome = .generated
        CodeScan.scan(text, swift: fileExtension == "swift", declarationsOnly: true, into: &scan)
      } else {
        CodeScan.scan(text, swift: fileExtension == "swift", declarationsOnly: false, into: &scan)
      }
    }
    return scan
  }
}

/// Source text as UTF-8 bytes: UTF-16 files (with a byte-order mark) are converted.
enum UTF8Text {
  static func bytes(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= 2 else { return bytes }
    let little = bytes[0] == 0xFF && bytes[1] == 0xFE
    let big = bytes[0] == 0xFE && bytes[1] == 0xFF
    guard little || big else { return bytes }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = 2
    while index + 1 < bytes.count {
      units.append(
        little
          ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
          : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
      index += 2
    }
    return Array(String(decoding: units, as: UTF16.self).utf8)
  }
}

/// SwiftGen's and R.swift's output, and Xcode's own symbol file when it is checked in.
enum GeneratedFile {
  static func isGenerated(path: String, text: [UInt8]) -> Bool {
    let name = Paths.lastComponent(of: path)
    if name == "R.generated.swift" || name == "GeneratedAssetSymbols.swift" { return true }
    // A byte search: the head is never decoded into a String.
    let head = text.prefix(2048)
    return ["Generated using SwiftGen", "Generated by R.swift", "generated by R.swift"].contains {
      TextBytes.occurs(Array($0.utf8), in: head)
    }
  }
}

/// Literal names as an image initialiser takes them.
enum LiteralName {
  /// `icon@2x~ipad.png` → `icon`: the extension, the idiom and the scale suffix dropped.
  static func normalised(_ text: String) -> String {
    var name = Substring(text)
    if let dot = name.lastIndex(of: "."),
      SourceReferences.imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    {
      name = name[..<dot]
    }
    for idiom in ["~iphone", "~ipad"] where name.hasSuffix(idiom) { name = name.dropLast(idiom.count) }
    for scale in ["@1x", "@2x", "@3x"] where name.hasSuffix(scale) { name = name.dropLast(scale.count) }
    return String(name)
  }
}
