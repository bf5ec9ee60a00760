import AssetIndex
import AssetReferences
import IconGridSupport

extension RootCheck {
  /// Name prefixes of the drawables that AndroidX, Material Components, Google Play
  /// services, ExoPlayer and other common libraries put in an app's `R` from their AARs.
  static let libraryDrawablePrefixes = [
    "abc_", "mtrl_", "m3_", "design_", "material_", "common_google_", "googleg_", "exo_", "notification_",
    "preference_", "avd_", "btn_checkbox_", "btn_radio_", "tooltip_", "fui_", "com_facebook_", "ic_mtrl_",
    "quantum_", "navigation_empty_icon", "test_",
  ]

  /// `--references` on Android: `R.drawable.x`, `@drawable/x` and `getIdentifier` against
  /// the drawables and mipmaps of the tree's `res` folders.
  ///
  /// A name the tree does not hold is rarely a missing image on a device: aapt2 refuses an
  /// unknown `@drawable/x` when it links, and javac or kotlinc an unknown `R.drawable.x`, so
  /// the build stops, unless a library dependency (an AAR, which is not in the tree) brings
  /// the name. Hence a warning, a note for the prefixes of common libraries, and an error only
  /// where no library can help: a name in another letter case than the tree's resource, as
  /// resource names are lower case in every AAR.
  ///
  /// - Parameters:
  ///   - listing: the files of the root.
  ///   - flutter: what Dart code names: a Flutter plugin may look a drawable up by a
  ///   string Dart gives it (`AndroidInitializationSettings('@mipmap/ic_launcher')`, a
  ///   notification's `icon: 'ic_stat_notify'`).
  ///   - javaScript: what JavaScript and TypeScript code names: a React Native app names
  ///   drawables by string (`{uri: 'ic_launcher'}`, a notification's `smallIcon`).
  mutating func androidReferenceRules(
    _ listing: SourceFiles, flutter: FlutterReferences, javaScript: JavaScriptReferences
  ) {
    let resFolders = androidResourceFolders()
    guard !resFolders.isEmpty else { return }
    let references = AndroidReferences.scan(listing)
    // `type/name` → the files of the resource, relative to the root.
    var resources: [String: [String]] = [:]
    for res in resFolders {
      let (folders, _) = androidFolders(res)
      for (folder, names) in folders {
        let type = String(folder.prefix { $0 != "-" })
        for name in names where AndroidIconCheck.isDrawable(name) {
          resources[type + "/" + AndroidIconCheck.baseName(name), default: []].append(
            Finding.join(Finding.join(res, folder), name))
        }
      }
    }
    let known = Set(resources.keys).union(references.declared)
    var lowerKnown: [String: String] = [:]
    for key in known.sorted() where lowerKnown[key.lowercased()] == nil { lowerKnown[key.lowercased()] = key }

    var missingCount = 0
    for use in references.uses where use.form != .keep {
      let key = use.type + "/" + use.name
      guard !known.contains(key) else { continue }
      missingCount += 1
      let written =
        switch use.form {
        case .code: "R.\(use.type).\(use.name)"
        case .xml, .keep: "@\(use.type)/\(use.name)"
        case .identifier: "getIdentifier(\"\(use.name)\", \"\(use.type)\", …)"
        }
      let otherType = (use.type == "drawable" ? "mipmap" : "drawable") + "/" + use.name
      var message =
        "line \(use.line) names \(written), but no res folder of the tree has a \(use.type) \"\(use.name)\""
      var severity = Severity.warning
      if let other = lowerKnown[key.lowercased()], other != key {
        severity = .error
        message +=
          "; \(other) differs only in case, and resource names are lower case (in every library too), so "
          + (use.form == .identifier
            ? "the lookup returns 0 and loading it throws Resources.NotFoundException"
            : "\(use.form == .code ? "the compiler" : "aapt2") stops the build")
      } else if known.contains(otherType) {
        message +=
          "; the tree has it as \(otherType): write \(use.form == .code ? "R." + otherType.replacingOccurrences(of: "/", with: ".") : "@" + otherType)"
      } else {
        let external = references.hasExternalDependencies(forFile: use.path)
        let failure =
          use.form == .identifier
          ? "the lookup returns 0 at run time and loading it throws Resources.NotFoundException (or shows nothing)"
          : "\(use.form == .code ? "javac or kotlinc" : "aapt2") stops the build (resource not found)"
        if RootCheck.libraryDrawablePrefixes.contains(where: { use.name.hasPrefix($0) }) {
          severity = .note
          message +=
            "; its prefix is that of a library's drawables (AndroidX, Material, Play services…), which an AAR "
            + "dependency brings; if none does, \(failure)"
        } else if external == false {
          message += "; its module's build script declares no library from outside the tree, so \(failure)"
        } else {
          severity = .note
          message +=
            external == true
            ? "; its module depends on libraries outside the tree, whose AARs may bring it; if none does, \(failure)"
            : "; the tree has no build script for its module, so whether a library (AAR) brings it is not known; "
              + "if none does, \(failure)"
        }
        if let suggestion = Suggestions.nearest(to: key, in: known.sorted(), limit: 1).first {
          message += "; did you mean \(suggestion)?"
        }
      }
      add(.missingAsset, use.path, asset: key, message, severity: severity, line: use.line)
    }

    let usedKeys = Set(references.uses.map { $0.type + "/" + $0.name })
    let resourceNames = resources.keys.sorted().map(name(of:))
    let counting = SourceReferences.Pattern.counting(references.patterns, names: resourceNames)
    let distinct = Array(
      Dictionary(counting.map { ($0.pieces, $0) }, uniquingKeysWith: { first, _ in first }).values)
    referencePatterns =
      (referencePatterns ?? [])
      + counting.map {
        CheckReport.Pattern(path: Finding.join(catalog.root, $0.path), line: $0.line, pattern: $0.pattern)
      }
    // Of the Dart and JavaScript strings (`@drawable/x` read as `drawable/x`), only those that
    // are a resource's key or name are kept: they are tens of thousands in an app with
    // translations, and a set of them all hashed each twice.
    var wanted: Set<String> = []
    for key in resources.keys {
      wanted.insert(key)
      wanted.insert(name(of: key))
    }
    func named(by strings: some Sequence<String>) -> Set<String> {
      var found: Set<String> = []
      for text in strings {
        let string = Self.androidReference(text).map { $0 + "/" + $1 } ?? text
        if wanted.contains(string) { found.insert(string) }
      }
      return found
    }
    let dartStrings = named(by: flutter.uses.lazy.map(\.name))
    let scriptStrings = named(by: javaScript.strings)
    // JavaScript is read now: only a file it could not read (minified, too large) hides a use.
    let judging =
      references.codeFiles > 0 && references.unreadable.isEmpty && javaScript.unreadable.isEmpty
      && flutter.unreadable.isEmpty
    var counts: [String: Int] = [:]
    for key in resources.keys.sorted() {
      let name = name(of: key)
      if usedKeys.contains(key) {
        counts["reference", default: 0] += 1
      } else if dartStrings.contains(key) || dartStrings.contains(name) {
        counts["Dart string", default: 0] += 1
      } else if scriptStrings.contains(key) || scriptStrings.contains(name) {
        counts["JavaScript string", default: 0] += 1
      } else if references.strings.contains(name)
        || (references.looksUpComputedNames && RootCheck.hasStringPrefix(name, in: references.strings))
      {
        counts["string", default: 0] += 1
      } else if distinct.contains(where: { $0.matches(name) }) {
        counts["pattern", default: 0] += 1
      } else if judging {
        counts["unused", default: 0] += 1
        let files = resources[key]!.sorted()
        add(
          .unusedAsset, files[0], asset: key,
          "no Kotlin, Java, resource XML or manifest under the root names \(key) (no R.\(key.replacingOccurrences(of: "/", with: ".")), "
            + "@\(key), tools:keep, string or run-time pattern matches it), as lint's UnusedResources would say"
            + (files.count > 1
              ? " (\(files.count) files: \(files.map { Paths.parent(of: $0).split(separator: "/").last.map(String.init) ?? "" }.joined(separator: ", ")))"
              : "")
            + "; it ships in the APK unless shrinkResources removes it")
      }
    }
    let read =
      "read \(references.codeFiles) Kotlin/Java \(references.codeFiles == 1 ? "file" : "files") and "
      + "\(references.xmlFiles) resource XML files and manifests"
    if !javaScript.unreadable.isEmpty && references.codeFiles > 0 {
      layoutNotes.append(
        "--references (Android): \(javaScript.unreadable.count) JavaScript/TypeScript files not read ("
          + javaScript.unreadable.prefix(3).map { "\($0.path) (\($0.reason))" }.joined(separator: ", ")
          + "); unused-asset not checked, for a React Native app may name a drawable there")
    }
    if !references.unreadable.isEmpty {
      layoutNotes.append(
        "--references (Android): \(references.unreadable.count) files could not be read ("
          + references.unreadable.prefix(5).map(\.path).joined(separator: ", ")
          + "); unused-asset not checked, for a drawable named only there would be called unused")
    }
    let tally = ["reference", "Dart string", "JavaScript string", "string", "pattern", "unused"].compactMap {
      key in
      counts[key].map { "\($0) \(key == "unused" ? "unused" : "by \(key)")" }
    }
    layoutNotes.append(
      "--references (Android): \(read); \(resources.count) drawables and mipmaps judged"
        + (tally.isEmpty ? "" : ": " + tally.joined(separator: ", "))
        + "; \(missingCount) missing \(missingCount == 1 ? "name" : "names")"
        + (references.codeFiles == 0
          ? "; unused-asset not checked: no Kotlin or Java source under the root, and code that is not there may "
            + "name any drawable" : ""))
  }

  /// `@drawable/x` or `@mipmap/x` in a string → (`drawable`, `x`).
  static func androidReference(_ text: String) -> (String, String)? {
    // Most strings do not start with `@`: answered without building a prefix.
    guard text.utf8.first == UInt8(ascii: "@") else { return nil }
    for type in ["drawable", "mipmap"] where text.hasPrefix("@" + type + "/") {
      return (type, String(text.dropFirst(type.count + 2)))
    }
    return nil
  }

  /// Whether a string of at least three characters starts `name`: a prefix that code may
  /// complete at run time before `getIdentifier`.
  static func hasStringPrefix(_ name: String, in strings: Set<String>) -> Bool {
    var prefix = ""
    for character in name {
      prefix.append(character)
      if prefix.count >= 3 && strings.contains(prefix) { return true }
    }
    return false
  }

  private func name(of key: String) -> String {
    key.firstIndex(of: "/").map { String(key[key.index(after: $0)...]) } ?? key
  }
}
