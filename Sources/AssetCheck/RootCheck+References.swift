import AssetIndex
import AssetReferences
import IconGridSupport

extension RootCheck {
  /// `--references`: what the tree's sources use against what its name spaces hold.
  ///
  /// The sources of the whole root are read once and their uses pooled: a name any source
  /// uses counts for every name space of the root, and a name is missing only when no name
  /// space (nor any image file of the tree) provides it. So an asset is never called unused
  /// because the code naming it belongs to another target, at the cost of missing an asset
  /// that only another target's code uses.
  ///
  /// With `--target` on an Xcode target, the uses are still pooled over the root (a set some
  /// other source uses is not unused), but only the target's sets are judged and only names
  /// used in files the target compiles or bundles can be missing; Flutter, React Native and
  /// Android uses are left to a run without `--target`. On any other name space it reports
  /// nothing but a note.
  mutating func referenceRules() {
    if let target = configuration.target,
      !namespaces.contains(where: { $0.target != nil && $0.project != nil })
    {
      layoutNotes.append(
        "--references: not checked for --target \(target): it is no Xcode target, so which sources are its "
          + "own is not known; run without --target for missing-asset and unused-asset")
      return
    }
    // One walk of the tree for the four scans.
    let listing = SourceFiles(root: catalog.root)
    let javaScript: JavaScriptReferences
    if configuration.target != nil {
      javaScript = JavaScriptReferences.scan(listing)
    } else {
      let flutter = flutterReferenceRules(listing)
      javaScript = javaScriptReferenceRules(listing)
      androidReferenceRules(listing, flutter: flutter, javaScript: javaScript)
    }
    let references = SourceReferences.scan(listing)
    var known: Set<String> = []
    for asset in catalog.assets {
      known.insert(asset.name)
      known.insert(asset.baseName)
    }
    for set in catalog.sets { known.insert(set.name) }
    for space in catalog.namespaces { for asset in space.assets { known.insert(asset.name) } }

    let judged = assets.filter(isJudged)
    let usage = AssetUsage(references, known: known, judged: judged.map(\.name))
    referencePatterns =
      (referencePatterns ?? [])
      + usage.patterns.map {
        CheckReport.Pattern(path: Finding.join(catalog.root, $0.path), line: $0.line, pattern: $0.pattern)
      }

    var otherTargets = 0
    for missing in usage.missing {
      let use = missing.use
      if configuration.target != nil, !namespaces.contains(where: { $0.builds(use.path) == true }) {
        otherTargets += 1
        continue
      }
      var message: String
      switch use.kind {
      case .literal:
        if let carrier = use.carrier, carrier.isLocal {
          message =
            "line \(use.line) gives \"\(use.name)\" to the local `\(carrier.member)`, which an image initialiser "
            + "takes at line \(carrier.line), and no asset catalog or image file of the tree provides it"
        } else if let carrier = use.carrier, carrier.isParameter {
          message =
            "line \(use.line) gives \"\(use.name)\" by label to `\(carrier.member)`, whose parameter an image "
            + "initialiser takes at \(carrier.path):\(carrier.line), and no asset catalog or image file of the tree "
            + "provides it (the function is declared once under the root)"
        } else if let carrier = use.carrier, carrier.isImplicit {
          message =
            "line \(use.line) gives \"\(use.name)\" to an implicit `.init`, an `Image` by the types its place "
            + "declares (`\(carrier.member)`), and no asset catalog or image file of the tree provides it"
        } else if let carrier = use.carrier, carrier.isRequirement {
          message =
            "line \(use.line) gives \"\(use.name)\" to the constant `\(carrier.member)`, which its type's or "
            + "protocol's code hands to an image initialiser at \(carrier.path):\(carrier.line), and no asset "
            + "catalog or image file of the tree provides it (read as `self`; a protocol's requirement counts "
            + "when every conforming type gives it a constant)"
        } else if let carrier = use.carrier, carrier.isComputed {
          message =
            "line \(use.line) gives \"\(use.name)\" as a result of `\(carrier.member)`, which an image initialiser "
            + "takes through a value of that type at \(carrier.path):\(carrier.line), and no asset catalog or image "
            + "file of the tree provides it (the type is declared once under the root and the receiver is declared "
            + "as that type)"
        } else if let carrier = use.carrier, carrier.isTyped {
          message =
            "line \(use.line) gives \"\(use.name)\" by label to `\(carrier.member)`, which an image initialiser "
            + "takes at \(carrier.path):\(carrier.line), and no asset catalog or image file of the tree provides it "
            + "(the type is declared once under the root and the receiver is declared as that type)"
        } else if let carrier = use.carrier {
          message =
            "line \(use.line) gives \"\(use.name)\" as `\(carrier.member)`, which an image initialiser takes at "
            + "\(carrier.path):\(carrier.line), and no asset catalog or image file of the tree provides it "
            + "(the member is matched by name, declared once under the root)"
        } else {
          message =
            "line \(use.line) names the image \"\(use.name)\", which no asset catalog or image file of the tree provides"
        }
      case .symbol:
        message =
          "line \(use.line) names the generated image symbol .\(use.name), which no image set of the tree produces"
      }
      // A name that reaches the initialiser through a member matched by name only is likely,
      // not certain, to be a missing image.
      var severity: Severity? = use.carrier == nil ? nil : .warning
      if let suggestion = missing.suggestion {
        if missing.differsOnlyInCase {
          // Catalog lookups may find it; a loose file on a case-sensitive disk is not found.
          message += "; \"\(suggestion)\" differs only in case"
          severity = .warning
        } else {
          message += "; did you mean \"\(suggestion)\"?"
        }
      } else {
        message += " (a device shows no image)"
      }
      add(.missingAsset, use.path, asset: use.name, message, severity: severity, line: use.line)
    }

    // System roles: names the build settings give Info.plist (a launch screen's image).
    var systemNames: Set<String> = []
    for space in namespaces {
      systemNames.formUnion(space.target.map { Array($0.generatedInfoKeys.values) } ?? [])
    }

    let readCount =
      "read \(references.codeFiles) Swift/Objective-C \(references.codeFiles == 1 ? "file" : "files") and "
      + "\(references.otherFiles) storyboards, xibs, property lists and strings files"
      + (references.generated.isEmpty
        ? "" : " (\(references.generated.count) generated accessor files read as declarations, not uses)")
    if references.codeFiles == 0 && !judged.isEmpty {
      layoutNotes.append(
        "--references: no Swift or Objective-C source under the root (\(readCount)); unused-asset not checked, "
          + "for code that is not there may use any asset")
    }
    // An unread source stops the verdict. An unread script stops it only where it could name
    // a catalog set (``scriptsNamingCatalogSets(_:)``); the others are named in a note.
    let scripts = scriptsNamingCatalogSets(javaScript)
    let unread = references.unreadable + scripts.blocking
    if !unread.isEmpty {
      let listed = ShortList.text(unread.map { "\($0.path) (\($0.reason))" })
      layoutNotes.append(
        "--references: \(unread.count) files could not be read: \(listed); "
          + "unused-asset not checked, for an asset named only there would be called unused")
    }
    if !scripts.webOnly.isEmpty {
      let listed = ShortList.text(scripts.webOnly.map { "\($0.path) (\($0.reason))" })
      layoutNotes.append(
        "--references: \(scripts.webOnly.count) scripts not read, which no Xcode target of the root bundles and "
          + "no React Native project holds: \(listed); unused-asset is still checked, for a web script "
          + "cannot load an asset catalog image (catalog images are compiled into Assets.car and have no file "
          + "URL; only React Native's bundler or native code such as UIImage(named:) reaches them); whether a "
          + "CocoaPods pod ships them is not known, for podspecs are not read")
    }
    if !scripts.quoted.isEmpty {
      let listed = ShortList.text(scripts.quoted.map { "\($0.path) (\($0.reason))" })
      layoutNotes.append(
        "--references: \(scripts.quoted.count) minified scripts that an Xcode target bundles (or whose "
          + "target is not known) read for their quoted strings only: \(listed); a script the app "
          + "injects can post a name to native code (a WKScriptMessageHandler), so each string counts as a use "
          + "of the set of that name (any case); their code, requires and strings built at run time are not "
          + "read, and pieces over \(JavaScriptReferences.quotedStringLimit) bytes or with a backslash are skipped"
      )
    }
    let judging = references.codeFiles > 0 && unread.isEmpty
    // Names bundled data may give lookups the scan cannot trace; read only when one is.
    let data: (names: Set<String>, note: String?) =
      judging ? bundledDataNames(references, listing: listing) : ([], nil)
    let unknownNames = judging ? unknownNameLookups(references, listing: listing) : UnknownNameLookups()
    var unknownReached = 0
    var counts: [String: Int] = [:]
    var dataNamed: [String] = []
    for asset in judged {
      if let reason = usage.used[asset.name] {
        counts[reason.rawValue, default: 0] += 1
      } else if systemNames.contains(asset.name) {
        counts["system role", default: 0] += 1
      } else if javaScript.strings.contains(asset.name) || scripts.strings.contains(asset.name.lowercased()) {
        // React Native's `{uri: 'name'}` loads a catalog image by name through UIImage; a
        // bundled script's string may reach UIImage(named:) through a message handler.
        counts["JavaScript string", default: 0] += 1
      } else if data.names.contains(asset.name.lowercased())
        || data.names.contains(asset.baseName.lowercased())
      {
        counts["bundled data", default: 0] += 1
        dataNamed.append(asset.name)
      } else if judging {
        counts["unused", default: 0] += 1
        var message =
          "no source, storyboard, property list or build setting under the root uses the image set \"\(asset.name)\""
          + " (no literal, generated symbol, SwiftGen or R.swift member, or run-time pattern matches it); "
        var severity: Severity? = nil
        if case .imageSet(let path) = asset.source, unknownNames.reaches(path) {
          // A lookup of names no file spells may name it: unknown, so a note.
          unknownReached += 1
          severity = .note
          message += "it may still be used: " + unknownNames.reason
        } else {
          message += "it ships in the bundle for nothing"
        }
        add(.unusedAsset, asset.location, asset: asset.name, message, severity: severity)
      }
    }
    if let note = data.note {
      let named = dataNamed.sorted()
      layoutNotes.append(
        note + "; \(named.count) image sets used so"
          + (named.isEmpty
            ? "" : " (" + named.prefix(10).joined(separator: ", ") + (named.count > 10 ? ", …" : "") + ")"))
    }
    if unknownReached > 0 {
      layoutNotes.append(
        "--references: \(unknownReached) of the unused image sets are notes, not warnings: "
          + "\(unknownNames.lookups.count) image \(unknownNames.lookups.count == 1 ? "lookup" : "lookups") may take "
          + "the raw value of a type that no file read declares as a String enum (an enum of a package or a "
          + "framework), and such a raw value may name any set: "
          + unknownNames.list)
    }
    let tally = [
      "literal", "symbol", "pattern", "system role", "JavaScript string", "bundled data", "unused",
    ]
    .compactMap {
      key in
      counts[key].map { "\($0) \(key == "unused" ? "unused" : "by \(key)")" }
    }
    layoutNotes.append(
      "--references: \(readCount); \(judged.count) image sets judged"
        + (tally.isEmpty ? "" : ": " + tally.joined(separator: ", "))
        + "; \(usage.missing.count) missing \(usage.missing.count == 1 ? "name" : "names")"
        + (configuration.target.map {
          otherTargets == 0
            ? ""
            : " (\(otherTargets) in files target \($0) does not build, reported by a run without --target)"
        } ?? ""))
  }

  /// The unread scripts that keep `unused-asset` off for image sets, and the others.
  ///
  /// A catalog image set is compiled into `Assets.car` and has no file URL, so a web page's
  /// script (a `WKWebView`, JavaScriptCore) cannot load it by a path; only React Native's
  /// bundler (`require('./x.png')`, or `{uri: 'name'}` through `UIImage(named:)`) and native
  /// code reach it. So an unread script blocks the verdict when it lies in a React Native
  /// project (``JavaScriptReferences/projects``), when an Xcode target of the root bundles it
  /// (it runs in the app's web views and may post a name to native code, a
  /// `WKScriptMessageHandler`, that looks the image up), or when the root has no Xcode
  /// target, so what ships is not known. The rest (a vendored library's documentation) block
  /// nothing.
  ///
  /// A minified script outside React Native projects whose quoted strings were read
  /// (``JavaScriptReferences/quotedStrings``) blocks nothing: it can name a set only by a
  /// string, and its strings count as uses (`quoted`, lower-cased: catalog lookups ignore
  /// case). In a React Native project it still blocks, for its `require`s are not read.
  private func scriptsNamingCatalogSets(
    _ javaScript: JavaScriptReferences
  ) -> (
    blocking: [SourceReferences.Skipped], webOnly: [SourceReferences.Skipped],
    quoted: [SourceReferences.Skipped], strings: Set<String>
  ) {
    let targets = catalog.namespaces.filter { $0.target != nil && $0.project != nil }
    var blocking: [SourceReferences.Skipped] = []
    var webOnly: [SourceReferences.Skipped] = []
    var quoted: [SourceReferences.Skipped] = []
    var strings: Set<String> = []
    for file in javaScript.unreadable {
      let inProject = javaScript.projects.contains { $0.isEmpty || file.path.hasPrefix($0 + "/") }
      if inProject {
        blocking.append(file)
      } else if targets.isEmpty || targets.contains(where: { $0.builds(file.path) == true }) {
        if let read = javaScript.quotedStrings[file.path] {
          quoted.append(file)
          for text in read { strings.insert(text.lowercased()) }
        } else {
          blocking.append(file)
        }
      } else {
        webOnly.append(file)
      }
    }
    return (blocking, webOnly, quoted, strings)
  }

  /// Whether an asset is one whose use the code decides: an image set of its own (not a
  /// layer of a stack, a sticker, a launch image or an app icon, which the system uses).
  private func isJudged(_ asset: Asset) -> Bool {
    guard case .imageSet(let path) = asset.source, asset.kind == nil || asset.kind == .imageSet else {
      return false
    }
    guard let set = setsByPath[path] else { return false }
    if set.container != nil || set.isPreview { return false }
    return !path.split(separator: "/").contains { $0.hasSuffix(".xcstickers") }
  }
}
