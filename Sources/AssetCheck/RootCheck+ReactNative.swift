import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore

extension RootCheck {
  /// The scales `react-native bundle` keeps for iOS (`filterPlatformAssetScales`).
  static let metroIOSScales: [Double] = [1, 2, 3]

  /// Whether the root's loose files are read by Metro's rules: `--layout react-native`.
  var looseFilesAreMetros: Bool { configuration.layout == .reactNative }

  /// The files Metro's rules read: every loose file with `--layout react-native`, else the
  /// files the index found to be React Native's, and those of JavaScript projects whose
  /// `package.json` names react-native.
  func metroFiles() -> [String] {
    var files = catalog.skipped.filter { $0.reason == .reactNativeAsset }.map(\.path)
    if looseFilesAreMetros {
      files += assets.filter { $0.source == .looseFiles }.flatMap { $0.variants.map(\.path) }
    }
    var verdicts: [String: Bool] = [:]
    for file in catalog.skipped where file.reason == .javascriptProject {
      var folder = Paths.parent(of: file.path)
      while true {
        if let known = verdicts[folder] {
          if known { files.append(file.path) }
          break
        }
        let manifest = Finding.join(catalog.root, Finding.join(folder, "package.json"))
        if isLayoutFile(manifest) {
          let text = (try? FileIO.readAll(manifest, limit: 1 << 22)).map {
            String(decoding: $0, as: UTF8.self)
          }
          let isReactNative = text?.contains("\"react-native\"") == true
          verdicts[folder] = isReactNative
          if isReactNative { files.append(file.path) }
          break
        }
        if folder.isEmpty { break }
        folder = Paths.parent(of: folder)
      }
    }
    return Array(Set(files)).sorted()
  }

  /// Metro's rules: suffixes it does not read, scales an iOS release leaves out, sizes.
  mutating func reactNativeRules() {
    let files = metroFiles()
    guard !files.isEmpty else { return }
    // One Metro asset: a folder, a base name, an extension and a platform.
    var groups: [String: [(path: String, name: MetroName)]] = [:]
    for path in files {
      let name = MetroName(Paths.lastComponent(of: path))
      // React Native's Android release build copies Metro's images into res/drawable-*,
      // where aapt2 refuses bytes that are not the extension's format; iOS reads by content.
      if let head = try? FileIO.readPrefix(Finding.join(catalog.root, path), count: ImageFormat.sniffLength),
        let ext = path.split(separator: ".").last.map(String.init),
        let mismatch = ImageFormat.mismatch(ImageFormat.sniff(head, pathExtension: ext), pathExtension: ext)
      {
        add(
          .unreadable, path, asset: nil,
          "\(mismatch): React Native's Android release build copies it into res/drawable, where aapt2 refuses "
            + "it (iOS decodes it by content); convert it or give it its real extension",
          severity: .warning)
      }
      if let ignored = name.ignoredSuffix {
        add(
          .metroSuffix, path, asset: nil,
          "\(ignored) is not a scale Metro reads (it takes @Nx with a lowercase x and a plain number), so this is a "
            + "separate image, never a variant: rename it to \(RootCheck.metroSpelling(name, ignored))")
      }
      if name.hasScaleSuffix, let dot = name.base.lastIndex(of: "."),
        MetroName.platforms.contains(String(name.base[name.base.index(after: dot)...]))
      {
        let platform = name.base[name.base.index(after: dot)...]
        add(
          .metroSuffix, path, asset: nil,
          "the scale comes after the platform suffix .\(platform), so Metro reads an image named "
            + "\(name.base), not a \(platform) variant: rename it to "
            + "\(name.base[..<dot])@\(ScaleText.format(name.scale))x.\(platform).\(name.fileExtension)")
      }
      let key = [Paths.parent(of: path), name.base, name.fileExtension.lowercased(), name.platform ?? ""]
        .joined(
          separator: "\u{0}")
      groups[key, default: []].append((path, name))
    }
    for key in groups.keys.sorted() {
      let members = groups[key]!.sorted { $0.name.scale < $1.name.scale }
      let asset = Finding.join(Paths.parent(of: members[0].path), members[0].name.base)
      layoutAssets.insert(asset)
      var sized: [(path: String, scale: Double, size: LayoutImage.PixelSize)] = []
      for member in members {
        layoutFiles.insert(member.path)
        if let size = LayoutImage.read(Finding.join(catalog.root, member.path))?.size {
          sized.append((member.path, member.name.scale, size))
        }
      }
      if let reference = sized.first {
        for file in sized.dropFirst() {
          let width = Double(reference.size.width) / reference.scale * file.scale
          let height = Double(reference.size.height) / reference.scale * file.scale
          guard abs(Double(file.size.width) - width) > 1 || abs(Double(file.size.height) - height) > 1 else {
            continue
          }
          add(
            .metroSizeMismatch, file.path, asset: asset,
            "is \(file.size) px; at @\(ScaleText.format(file.scale))x of \(Paths.lastComponent(of: reference.path)) "
              + "(\(reference.size) px at @\(ScaleText.format(reference.scale))x) it should be "
              + "\(Int(width.rounded()))×\(Int(height.rounded())) px (±1): resize it, or fix the other if it is the wrong one"
          )
        }
      }
      let platform = members[0].name.platform
      guard platform == nil || platform == "ios" else { continue }
      let scales = members.map(\.name.scale)
      let kept = RootCheck.metroKept(scales)
      for member in members where !kept.contains(member.name.scale) {
        add(
          .metroDroppedScale, member.path, asset: asset,
          "react-native bundle leaves @\(ScaleText.format(member.name.scale))x out of iOS release builds (it keeps "
            + "@1x, @2x and @3x when there are any): iPhones never load it; fine for Android only, else delete it"
        )
      }
    }
    let source = looseFilesAreMetros ? "--layout react-native" : "a React Native tree"
    layoutNotes.append(
      "Metro assets (\(source)): @Nx names, sizes ±1 px; iOS release builds keep @1x, @2x and @3x "
        + "(else the first scale above 3, else the largest)")
  }

  /// What `filterPlatformAssetScales("ios", scales)` keeps of ascending `scales`.
  static func metroKept(_ scales: [Double]) -> Set<Double> {
    let kept = scales.filter { metroIOSScales.contains($0) }
    if !kept.isEmpty { return Set(kept) }
    if let above = scales.first(where: { $0 > metroIOSScales.last! }) { return [above] }
    return scales.last.map { [$0] } ?? []
  }

  /// The file name with a misspelt scale suffix spelt as Metro reads it (`@2X` → `@2x`).
  static func metroSpelling(_ name: MetroName, _ ignored: String) -> String {
    let fixed = ignored.lowercased().filter { $0 != " " }
    let platform = name.platform.map { "." + $0 } ?? ""
    let ext = name.fileExtension.isEmpty ? "" : "." + name.fileExtension
    let base = name.base.hasSuffix(ignored) ? String(name.base.dropLast(ignored.count)) : name.base
    return base + fixed + platform + ext
  }
}
