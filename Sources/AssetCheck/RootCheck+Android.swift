import AssetIndex
import AssetResolver
import IconGridSupport

extension RootCheck {
  /// The `res` folders of the root's Android resources, relative to the root, sorted.
  func androidResourceFolders() -> [String] {
    catalog.androidResourceFolders
  }

  /// Android lint's icon checks and the build's resource-name rule over every `res` folder.
  mutating func androidRules() {
    for res in androidResourceFolders() {
      let (folders, resourceFolders) = androidFolders(res)
      let check = AndroidIconCheck(res: res, root: catalog.root, folders: folders)
      for found in check.run() { add(found.rule, found.path, asset: found.asset, found.message) }
      resourceNameRule(res: res, folders: resourceFolders)
      let bitmaps = folders.flatMap { folder, names in
        names.filter(AndroidIconCheck.isDrawable).map { check.join(folder, $0) }
      }
      layoutFiles.formUnion(bitmaps.filter { check.images[$0] != nil })
      layoutAssets.formUnion(
        folders.values.flatMap { $0.filter(AndroidIconCheck.isDrawable).map(AndroidIconCheck.baseName) })
      let densities = AndroidIconCheck.requiredFolders.map { $0.dropFirst("drawable-".count) }
      layoutNotes.append(
        "\(res): Android resources: lint's icon checks; density folders \(densities.joined(separator: ", ")) "
          + "required (lint's default without resConfigs; ldpi and xxxhdpi are not)")
    }
  }

  /// The files of a `res` folder's subfolders: the `drawable*` and `mipmap*` ones, and
  /// those of every file resource type (for the name rule).
  func androidFolders(_ res: String) -> (drawables: [String: [String]], resources: [String: [String]]) {
    let full = Finding.join(catalog.root, res)
    var folders: [String: [String]] = [:]
    var resourceFolders: [String: [String]] = [:]
    for folder in FileSystem.entryNames(of: full).sorted() where FileSystem.isDirectory(full + "/" + folder) {
      let names = FileSystem.entryNames(of: full + "/" + folder).sorted().filter {
        !$0.hasPrefix(".") && !FileSystem.isDirectory(full + "/" + folder + "/" + $0)
      }
      if folder.hasPrefix("drawable") || folder.hasPrefix("mipmap") { folders[folder] = names }
      if RootCheck.fileResourceTypes.contains(String(folder.prefix { $0 != "-" })) {
        resourceFolders[folder] = names
      }
    }
    return (folders, resourceFolders)
  }

  /// The resource folders whose files are resources named by their file names.
  static let fileResourceTypes: Set<String> = [
    "anim", "animator", "color", "drawable", "font", "interpolator", "layout", "menu", "mipmap", "navigation",
    "raw", "transition", "xml",
  ]

  /// Java's reserved words, which the build refuses as resource names.
  static let javaKeywords: Set<String> = [
    "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
    "default", "do", "double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "goto",
    "if", "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "null",
    "package",
    "private", "protected", "public", "return", "short", "static", "strictfp", "super", "switch",
    "synchronized", "this", "throw", "throws", "transient", "true", "try", "void", "volatile", "while",
  ]

  /// android-resource-name: what the Android Gradle plugin's resource merger refuses.
  mutating func resourceNameRule(res: String, folders: [String: [String]]) {
    for folder in folders.keys.sorted() {
      for name in folders[folder]! where !name.hasSuffix("~") {
        let base = AndroidIconCheck.baseName(name)
        let problem: String?
        if let first = base.unicodeScalars.first, !(("a"..."z").contains(first) || first == "_") {
          problem = "starts with \"\(first)\"; a resource name starts with a letter"
        } else if let bad = base.unicodeScalars.first(where: {
          !(("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_")
        }) {
          problem = "has \"\(bad)\"; only lowercase a-z, 0-9 and _ are allowed"
        } else if base.isEmpty {
          problem = "has no name before its extension"
        } else if RootCheck.javaKeywords.contains(base) {
          problem = "is a Java keyword"
        } else {
          problem = nil
        }
        guard let problem else { continue }
        let suggestion = RootCheck.resourceName(base)
        add(
          .androidResourceName, Finding.join(Finding.join(res, folder), name), asset: base,
          "\(name) \(problem): the Android build stops on it; rename it (\(suggestion)\(name.dropFirst(base.count)))"
        )
      }
    }
  }

  /// A name the build accepts, made from `base`: lowercased, other characters as `_`.
  static func resourceName(_ base: String) -> String {
    var name = String(
      base.lowercased().unicodeScalars.map {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" ? Character($0) : "_"
      })
    if let first = name.unicodeScalars.first, !("a"..."z").contains(first) { name = "ic_" + name }
    if name.isEmpty || javaKeywords.contains(name) { name += "_image" }
    return name
  }
}
