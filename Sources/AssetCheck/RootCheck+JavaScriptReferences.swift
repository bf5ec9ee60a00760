import AssetIndex
import AssetReferences
import IconGridSupport

extension RootCheck {
  /// `--references` on React Native: the images JavaScript and TypeScript code requires,
  /// resolved as Metro resolves them, against the tree's Metro images.
  ///
  /// Metro resolves `require('./x.png')` and `import x from './x.png'` relative to the
  /// requiring file, taking `x.png` or any of `x@1x`, `x@1.5x`, `x@2x`, `x@3x`, `x@4x.png`
  /// (`assetResolutions`; older versions also `x.ios.png`, `x.android.png`), looked up in its
  /// own file map, where names compare exactly. A path no file satisfies stops the bundle
  /// ("Unable to resolve module"), so it is an error; a case-only mismatch too, which a
  /// case-insensitive macOS disk hides from every tool but Metro until a Linux CI or Android
  /// build meets it. A require whose path Babel cannot fold to one string is refused when
  /// bundling app code ("Invalid call at line N"): an error, and its pattern is listed.
  /// Metro bundles only what the app's entry reaches, and tests, stories, scripts and
  /// configuration files are run by Jest, Storybook or Node, which resolve differently: in
  /// those (``isOutsideAppBundle(_:)``) both findings are warnings.
  ///
  /// - Parameter listing: the files of the root.
  /// - Returns: what the code names, for the Android rules (`{uri: 'ic_launcher'}`).
  mutating func javaScriptReferenceRules(_ listing: SourceFiles) -> JavaScriptReferences {
    let references = JavaScriptReferences.scan(listing)
    let metro = metroFiles().filter(JavaScriptReferences.isImage)
    guard !references.projects.isEmpty || !metro.isEmpty else { return references }
    guard references.codeFiles > 0 else {
      if !metro.isEmpty {
        layoutNotes.append(
          "--references (React Native): no JavaScript or TypeScript source under the root; unused-asset not "
            + "checked for its \(metro.count) Metro image files, for code that is not there may require any")
      }
      return references
    }
    // One Metro image: its folder, base name and extension (the scales and platforms of one).
    var images: [String: [String]] = [:]
    for file in metro {
      let name = MetroName(Paths.lastComponent(of: file))
      images[Paths.join(Paths.parent(of: file), name.base + "." + name.fileExtension), default: []].append(
        file)
    }
    var listings: [String: [String]] = [:]
    func entries(_ folder: String) -> [String] {
      if let known = listings[folder] { return known }
      let names = FileSystem.entryNames(of: Finding.join(catalog.root, folder)).filter { !$0.hasPrefix(".") }
      listings[folder] = names
      return names
    }

    var used: [String: String] = [:]
    var missingCount = 0
    var unresolved = 0
    for use in references.requires {
      // A relative path, or the paths an alias of the project's configuration makes of it.
      var candidates: [String] = []
      var via: JavaScriptAlias?
      if use.specifier.hasPrefix("./") || use.specifier.hasPrefix("../") {
        candidates = JavaScriptAlias.join(Paths.parent(of: use.path), use.specifier).map { [$0] } ?? []
      } else {
        for alias in references.aliases {
          if !alias.prefix.isEmpty, use.specifier.hasPrefix(alias.prefix) {
            let rest = String(use.specifier.dropFirst(alias.prefix.count))
            if let path = JavaScriptAlias.join(alias.folder, rest) {
              candidates.append(path)
              via = via ?? alias
            }
          } else if alias.prefix.isEmpty, let first = use.specifier.split(separator: "/").first,
            use.specifier.contains("/"),
            FileSystem.isDirectory(Finding.join(catalog.root, Paths.join(alias.folder, String(first)))),
            let path = JavaScriptAlias.join(alias.folder, use.specifier)
          {
            // module-resolver's root rewrites a path whose first folder it finds there.
            candidates.append(path)
            via = via ?? alias
          }
        }
      }
      guard !candidates.isEmpty else {
        // A package's image, or an alias of a configuration not read: the images whose path
        // ends with it count as used; whether it resolves is not known.
        unresolved += 1
        let tail = use.specifier.split(separator: "/").drop { $0 == "@" || $0 == "~" || $0.hasPrefix("@") }
        let suffix = "/" + tail.joined(separator: "/")
        for key in images.keys where ("/" + key).hasSuffix(suffix) || ("/" + key).hasSuffix(unscaled(suffix))
        {
          used[key] = used[key] ?? "unresolved path"
        }
        continue
      }
      let resolved = candidates[0]
      let folder = Paths.parent(of: resolved)
      let wanted = MetroName(Paths.lastComponent(of: resolved))
      let names = entries(folder)
      if let hit = candidates.first(where: { candidate in
        entries(Paths.parent(of: candidate)).contains {
          RootCheck.metroSatisfies($0, MetroName(Paths.lastComponent(of: candidate)))
        }
      }) {
        let name = MetroName(Paths.lastComponent(of: hit))
        used[Paths.join(Paths.parent(of: hit), name.base + "." + name.fileExtension)] =
          via == nil ? "require" : "alias"
        continue
      }
      missingCount += 1
      var message =
        "line \(use.line) requires '\(use.specifier)', which no file satisfies: Metro looks for "
        + "\(Paths.lastComponent(of: resolved)) or its @1x/@1.5x/@2x/@3x/@4x variants in "
        + "\(folder.isEmpty ? "the root" : folder + "/")"
        + (via.map {
          " (through \($0.prefix.isEmpty ? "the root" : "the alias " + $0.prefix) of \($0.source))"
        } ?? "")
        + " and stops the bundle with \"Unable to resolve module\""
      if let same = names.first(where: { RootCheck.metroSatisfies($0.lowercased(), wanted.lowercased) }) {
        message +=
          "; '\(same)' differs only in case: Metro compares names exactly, so the bundle fails on Linux CI and in "
          + "Android builds even where a case-insensitive macOS disk lets other tools find the file"
      } else if !FileSystem.isDirectory(Finding.join(catalog.root, folder)) {
        message += "; the folder does not exist"
      } else {
        let candidates = Set(
          names.map(MetroName.init).filter { JavaScriptReferences.isImage($0.fileName) }.map {
            $0.base + "." + $0.fileExtension
          })
        if let suggestion = Suggestions.nearest(
          to: wanted.base + "." + wanted.fileExtension, in: candidates.sorted(), limit: 1
        ).first {
          message += "; did you mean '\(suggestion)'?"
        }
      }
      let outside = RootCheck.isOutsideAppBundle(use.path)
      if outside { message += RootCheck.outsideAppBundleReason }
      add(
        .missingAsset, use.path, asset: use.specifier, message, severity: outside ? .warning : .error,
        line: use.line)
    }
    for pattern in references.dynamicRequires {
      missingCount += 1
      add(
        .missingAsset, pattern.path, asset: pattern.pattern,
        "line \(pattern.line) requires an image by a path built at run time (\(pattern.pattern)): Metro must "
          + "fold a require's path to one string when bundling, and refuses this in app code (\"Invalid call at "
          + "line \(pattern.line)\"); require each image with its own literal and pick among them at run time"
          + (RootCheck.isOutsideAppBundle(pattern.path) ? RootCheck.outsideAppBundleReason : ""),
        severity: RootCheck.isOutsideAppBundle(pattern.path) ? .warning : .error, line: pattern.line)
    }
    for config in references.configPaths {
      guard let resolved = JavaScriptAlias.join(Paths.parent(of: config.path), config.specifier) else {
        continue
      }
      let name = MetroName(Paths.lastComponent(of: resolved))
      let key = Paths.join(Paths.parent(of: resolved), name.base + "." + name.fileExtension)
      used[key] = used[key] ?? "app config"
    }
    let patterns = references.dynamicRequires.map { pattern in
      var resolved = pattern
      resolved.pieces[0] =
        JavaScriptAlias.join(Paths.parent(of: pattern.path), pattern.pieces[0]) ?? pattern.pieces[0]
      return resolved
    }
    referencePatterns =
      (referencePatterns ?? [])
      + references.dynamicRequires.map {
        CheckReport.Pattern(path: Finding.join(catalog.root, $0.path), line: $0.line, pattern: $0.pattern)
      }

    let judging = references.unreadable.isEmpty
    var counts: [String: Int] = [:]
    for key in images.keys.sorted() {
      if let reason = used[key] {
        counts[reason, default: 0] += 1
      } else if patterns.contains(where: { $0.matches(key) }) {
        counts["pattern", default: 0] += 1
      } else if images[key]!.contains(where: { references.strings.contains(Paths.lastComponent(of: $0)) }) {
        // A script reads it by name (a generator's template, a native bridge), not Metro.
        counts["file name", default: 0] += 1
      } else if judging {
        counts["unused", default: 0] += 1
        let files = images[key]!.sorted()
        add(
          .unusedAsset, files[0], asset: key,
          "no JavaScript or TypeScript file under the root requires or imports '\(key)' (nor an app.json or a string names its file), "
            + "and Metro bundles only the images a require or import names: it never reaches the app"
            + (files.count > 1 ? " (\(files.count) files: its scales and platforms)" : ""))
      }
    }
    if !references.unreadable.isEmpty {
      let listed = ShortList.text(references.unreadable.map { "\($0.path) (\($0.reason))" })
      layoutNotes.append(
        "--references (React Native): \(references.unreadable.count) JavaScript/TypeScript files not read: \(listed)"
          + "; unused-asset not checked, for an image required only there would be called unused")
    }
    let tally = ["require", "alias", "unresolved path", "app config", "pattern", "file name", "unused"]
      .compactMap { key in
        counts[key].map { "\($0) \(key == "unused" ? "unused" : "by \(key)")" }
      }
    layoutNotes.append(
      "--references (React Native): read \(references.codeFiles) JavaScript/TypeScript "
        + "\(references.codeFiles == 1 ? "file" : "files") (\(references.requires.count) image "
        + "\(references.requires.count == 1 ? "require or import" : "requires and imports"); node_modules, Pods, build, dist, web-build and coverage "
        + "folders are libraries or build output, not read); \(images.count) Metro images judged"
        + (tally.isEmpty ? "" : ": " + tally.joined(separator: ", "))
        + "; \(missingCount) missing \(missingCount == 1 ? "path" : "paths")"
        + (unresolved > 0
          ? "; \(unresolved) image \(unresolved == 1 ? "path is" : "paths are") neither relative nor under an alias "
            + "the configuration gives (a package's image?), not checked for missing" : ""))
    return references
  }

  /// `x@2x.png` → `x.png`: the name an alias path may write without its scale.
  private func unscaled(_ path: String) -> String {
    let name = MetroName(Paths.lastComponent(of: path))
    return Paths.join(Paths.parent(of: path), name.base + "." + name.fileExtension)
  }

  /// Whether Metro takes the file `entry` for the require of `wanted`: the same file, or
  /// (for a name without a scale) a scale or platform variant of it.
  static func metroSatisfies(_ entry: String, _ wanted: MetroName) -> Bool {
    if entry == wanted.fileName { return true }
    guard !wanted.hasScaleSuffix, wanted.platform == nil else { return false }
    let name = MetroName(entry)
    return name.base == wanted.base && name.fileExtension == wanted.fileExtension && name.ignoredSuffix == nil
  }
  /// Whether a JavaScript file is, by its name or folder, a test, story, script or tool
  /// configuration (`__tests__/`, `*.test.js`, `*.stories.tsx`, `scripts/`, `jest.config.js`):
  /// code the app's bundle does not include unless the app imports it.
  static func isOutsideAppBundle(_ path: String) -> Bool {
    let folders: Set<String> = [
      "__tests__", "__mocks__", "test", "tests", "e2e", "scripts", "storybook", ".storybook", "stories",
    ]
    if Paths.parent(of: path).split(separator: "/").contains(where: { folders.contains(String($0)) }) {
      return true
    }
    let name = Paths.lastComponent(of: path).lowercased()
    let markers = [".test.", ".spec.", ".stories.", ".story.", ".config.", ".e2e."]
    return markers.contains { name.contains($0) } || name.hasPrefix("jest.")
  }

  /// Why a finding in such a file is a warning.
  static let outsideAppBundleReason =
    " (a warning, not an error: this file is named like a test, story, script or configuration, which "
    + "Metro bundles only if the app imports it)"
}

extension MetroName {
  /// The name in lower case, read again.
  fileprivate var lowercased: MetroName { MetroName(fileName.lowercased()) }
}
