import AssetIndex
import AssetReferences
import IconGridSupport
import ImageCore

extension RootCheck {
  /// Assets the Flutter tool writes into every bundle; code may load them by name.
  static let flutterGeneratedAssets: Set<String> = [
    "AssetManifest.json", "AssetManifest.bin", "AssetManifest.bin.json", "FontManifest.json", "NOTICES.Z",
    "NOTICES",
  ]

  /// `--references` on Flutter: the paths Dart code loads against what each `pubspec.yaml`
  /// bundles.
  ///
  /// Flutter checks nothing at build time: `Image.asset('assets/x.png')` for a file the
  /// pubspec does not declare (or that does not exist) builds, and throws "Unable to load
  /// asset" when drawn (flutter/flutter#11477). So such a literal is an error. flutter_gen's
  /// `assets.gen.dart` declares members; an asset is used by one only when code reads it, and
  /// a use of one whose path is not bundled is `missing-asset` too
  /// (``flutterGenMissingAssets(_:_:)``).
  ///
  /// - Parameter listing: the files of the root.
  /// - Returns: what the Dart code names, for the Android rules (a plugin may look a drawable
  ///   up by a name Dart gives it).
  mutating func flutterReferenceRules(_ listing: SourceFiles) -> FlutterReferences {
    let references = FlutterReferences.scan(listing)
    guard !references.projects.isEmpty else { return references }
    var projects: [String: FlutterBundle] = [:]
    for project in references.projects {
      let path = Finding.join(catalog.root, Finding.join(project, "pubspec.yaml"))
      guard let bytes = try? FileIO.readAll(path, limit: 1 << 22) else { continue }
      let text = String(decoding: bytes, as: UTF8.self)
      // A pubspec that cannot be read is flutter-missing-asset's finding already.
      guard let pubspec = try? PubspecAssets(parsing: text) else { continue }
      projects[project] = FlutterBundle(root: catalog.root, project: project, pubspec: pubspec, text: text)
    }
    guard !projects.isEmpty else { return references }
    let byName = Dictionary(
      projects.values.compactMap { bundle in bundle.name.map { ($0, bundle.project) } },
      uniquingKeysWith: { a, _ in a })

    var missingCount = 0
    for use in references.uses where use.isStrict {
      guard !RootCheck.flutterGeneratedAssets.contains(use.name), !use.name.contains("://"),
        let own = references.project(of: use.path)
      else { continue }
      var key = use.name
      var projectPath = own
      if let package = use.package {
        guard let other = byName[package] else { continue }  // Another package's asset: not in the tree.
        projectPath = other
      } else if use.name.hasPrefix("packages/") {
        let parts = use.name.split(separator: "/", maxSplits: 2)
        guard parts.count == 3, let other = byName[String(parts[1])] else { continue }
        projectPath = other
        key = String(parts[2])
      }
      guard let bundle = projects[projectPath], !bundle.isBundled(key) else { continue }
      missingCount += 1
      let pubspec = Finding.join(projectPath, "pubspec.yaml")
      var message = "line \(use.line) loads the asset '\(use.name)', which \(pubspec) does not bundle"
      if bundle.exists(key) {
        let folder = Paths.parent(of: key)
        message +=
          ": the file exists, but flutter: assets: lists neither it nor \(folder.isEmpty ? "its folder" : folder + "/")"
          + " (a folder entry bundles only the files directly in it); the app builds and the load throws "
          + "\"Unable to load asset\" at run time (flutter/flutter#11477): add - \(folder.isEmpty ? key : folder + "/")"
      } else {
        message +=
          ": no such file; the app builds and the load throws \"Unable to load asset\" at run time "
          + "(flutter/flutter#11477)"
        let candidates = bundle.files.sorted()
        if let same = candidates.first(where: { $0.lowercased() == key.lowercased() }) {
          message += "; '\(same)' differs only in case (asset keys are case-sensitive)"
        } else if let suggestion = Suggestions.nearest(to: key, in: candidates, limit: 1).first {
          message += "; did you mean '\(suggestion)'?"
        }
      }
      add(.missingAsset, use.path, asset: key, message, line: use.line)
    }
    missingCount += flutterGenMissingAssets(references, projects)

    // The strings that name a declared image: `assets/x.png` in its own project,
    // `packages/p/assets/x.png`. Only these are kept (not every translation of an app).
    var wanted: Set<String> = []
    for bundle in projects.values {
      for key in bundle.images {
        wanted.insert(key)
        if let name = bundle.name { wanted.insert("packages/\(name)/\(key)") }
      }
    }
    var literals: Set<String> = []
    for use in references.uses where wanted.contains(use.name) { literals.insert(use.name) }
    let allKeys = projects.values.flatMap { bundle in bundle.images }
    let counting = SourceReferences.Pattern.counting(references.patterns, names: allKeys)
    let distinct = Array(
      Dictionary(counting.map { ($0.pieces, $0) }, uniquingKeysWith: { first, _ in first }).values)
    var generatedUsed: Set<String> = []
    for (member, paths) in references.generatedMembers where references.members.contains(member) {
      generatedUsed.formUnion(paths)
    }
    referencePatterns =
      (referencePatterns ?? [])
      + counting.map {
        CheckReport.Pattern(path: Finding.join(catalog.root, $0.path), line: $0.line, pattern: $0.pattern)
      }
    let judging = references.dartFiles > 0 && references.unreadable.isEmpty
    var counts: [String: Int] = [:]
    var judged = 0
    for project in projects.keys.sorted() {
      let bundle = projects[project]!
      for key in bundle.images.sorted() {
        judged += 1
        let packaged = bundle.name.map { "packages/\($0)/\(key)" }
        if literals.contains(key) || packaged.map(literals.contains) == true {
          counts["literal", default: 0] += 1
        } else if generatedUsed.contains(key) {
          counts["flutter_gen member", default: 0] += 1
        } else if distinct.contains(where: { $0.matches(key) || (packaged.map($0.matches) ?? false) }) {
          counts["pattern", default: 0] += 1
        } else if judging {
          counts["unused", default: 0] += 1
          add(
            .unusedAsset, Finding.join(project, key), asset: key,
            "no Dart code, YAML or JSON under the root names '\(key)' (no literal, flutter_gen member or "
              + "interpolated path matches it), yet \(Finding.join(project, "pubspec.yaml")) bundles it: it ships in "
              + "the app for nothing")
        }
      }
    }
    let read =
      "read \(references.dartFiles) Dart \(references.dartFiles == 1 ? "file" : "files")"
      + (references.generated.isEmpty
        ? "" : " (\(references.generated.count) flutter_gen files read as declarations)")
    if !references.unreadable.isEmpty {
      layoutNotes.append(
        "--references (Flutter): \(references.unreadable.count) files could not be read ("
          + references.unreadable.prefix(5).map(\.path).joined(separator: ", ")
          + "); unused-asset not checked, for an asset named only there would be called unused")
    }
    let tally = ["literal", "flutter_gen member", "pattern", "unused"].compactMap { key in
      counts[key].map { "\($0) \(key == "unused" ? "unused" : "by \(key)")" }
    }
    layoutNotes.append(
      "--references (Flutter): \(read); \(judged) declared images judged"
        + (tally.isEmpty ? "" : ": " + tally.joined(separator: ", "))
        + "; \(missingCount) missing \(missingCount == 1 ? "path" : "paths")"
        + (references.dartFiles == 0
          ? "; unused-asset not checked: no Dart source under the root, and code that is not there may load any "
            + "asset" : ""))
    return references
  }
}

/// What one Flutter project's `pubspec.yaml` bundles.
struct FlutterBundle {
  let root: String
  /// The project folder, relative to the root.
  let project: String
  let pubspec: PubspecAssets
  /// The package's `name:`.
  let name: String?
  /// Every declared file that exists, relative to the project (asset keys).
  var files: Set<String> = []
  /// The declared files that are images (what `unused-asset` judges).
  var images: [String] { files.filter { FlutterCheck.isImage($0) || $0.lowercased().hasSuffix(".svg") } }

  init(root: String, project: String, pubspec: PubspecAssets, text: String) {
    self.root = root
    self.project = project
    self.pubspec = pubspec
    name = text.split(separator: "\n").first { $0.hasPrefix("name:") }.map {
      String(
        $0.dropFirst(5).prefix { $0 != "#" }.trimmingCharacters(in: " \t\r\"'"))
    }
    for entry in pubspec.entries where !entry.hasPrefix("packages/") {
      let cleaned = FlutterCheck.cleaned(entry)
      if cleaned.hasSuffix("/") {
        let folder = String(cleaned.dropLast())
        for file in FileSystem.entryNames(of: full(folder)) where !file.hasPrefix(".") {
          let key = Paths.join(folder, file)
          if !FileSystem.isDirectory(full(key)) { files.insert(key) }
        }
      } else if exists(cleaned) {
        files.insert(cleaned)
      }
    }
  }

  func full(_ key: String) -> String { Finding.join(root, Finding.join(project, key)) }

  /// Whether the file, or a variant of it (`2.0x/name` beside it), exists.
  func exists(_ key: String) -> Bool {
    if isLayoutFile(full(key)) { return true }
    let folder = Paths.parent(of: key)
    let name = Paths.lastComponent(of: key)
    return FileSystem.entryNames(of: full(folder)).contains {
      FlutterPath.ratio(ofFolder: $0) != nil && isLayoutFile(full(Paths.join(Paths.join(folder, $0), name)))
    }
  }

  /// Whether Flutter bundles `key`: an entry declares it and the file (or a variant) exists.
  func isBundled(_ key: String) -> Bool {
    let cleaned = key.hasPrefix("./") ? String(key.dropFirst(2)) : key
    return files.contains(cleaned) || (pubspec.declares(cleaned) && exists(cleaned))
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> Substring {
    let drop: (Character) -> Bool = { set.contains($0) }
    guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else {
      return ""
    }
    return self[first...last]
  }
}
