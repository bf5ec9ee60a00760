import AssetIndex
import IconGridSupport

/// The screens launch images are made for, in points (portrait), by idiom and subtype, with
/// the one scale each exists at (`nil`: 1x and 2x). From Apple's launch image sizes and
/// Xcode's `.launchimage` slots.
struct LaunchScreen {
  var points: (width: Int, height: Int)
  var scales: Set<Int>
  var name: String

  /// The last iOS version any device with this screen at `scale` runs: 6 for the 1x
  /// 3.5-inch iPhones (3GS), 9 for the 2x ones (4S) and the 1x iPads (iPad 2, mini); `nil`
  /// when current devices have it.
  func lastIOS(scale: Int) -> Int? {
    switch (name, scale) {
    case ("3.5-inch iPhone", 1): 6
    case ("3.5-inch iPhone", _): 9
    case ("iPad", 1): 9
    default: nil
    }
  }

  /// The screen of a `.launchimage` slot or a loose file's modifiers.
  static func of(idiom: String, subtype: String?) -> LaunchScreen? {
    switch (idiom, subtype) {
    case ("iphone", nil): LaunchScreen(points: (320, 480), scales: [1, 2], name: "3.5-inch iPhone")
    case ("iphone", "retina4"), ("iphone", "568h"):
      LaunchScreen(points: (320, 568), scales: [2], name: "4-inch iPhone (568h)")
    case ("iphone", "667h"): LaunchScreen(points: (375, 667), scales: [2], name: "4.7-inch iPhone (667h)")
    case ("iphone", "736h"):
      LaunchScreen(points: (414, 736), scales: [3], name: "5.5-inch iPhone Plus (736h)")
    case ("iphone", "2436h"), ("iphone", "812h"):
      LaunchScreen(points: (375, 812), scales: [3], name: "iPhone X-class (2436h)")
    case ("iphone", "1792h"): LaunchScreen(points: (414, 896), scales: [2], name: "iPhone XR-class (1792h)")
    case ("iphone", "2688h"):
      LaunchScreen(points: (414, 896), scales: [3], name: "iPhone XS Max-class (2688h)")
    case ("ipad", nil): LaunchScreen(points: (768, 1024), scales: [1, 2], name: "iPad")
    case ("ipad", "1366h"):
      LaunchScreen(points: (1024, 1366), scales: [2], name: "12.9-inch iPad Pro (1366h)")
    case ("tv", _): LaunchScreen(points: (1920, 1080), scales: [1, 2], name: "Apple TV")
    default: nil
    }
  }

  /// The pixel sizes a launch image of this screen may have at `scale`: portrait and
  /// landscape, full screen and (iPad) without the 20-pt status bar.
  func pixelSizes(scale: Int) -> [(Int, Int)] {
    var sizes = [
      (points.width * scale, points.height * scale), (points.height * scale, points.width * scale),
    ]
    if name == "iPad" {
      sizes += [
        (points.width * scale, (points.height - 20) * scale),
        (points.height * scale, (points.width - 20) * scale),
      ]
    }
    return sizes
  }
}

extension RootCheck {
  // MARK: - Launch images

  /// A loose launch image (`Default-568h@2x.png`): each file is one screen at its one
  /// scale, so it is checked for that screen's pixel size, never for other scales; a 3x
  /// image under a 2x name is named as such.
  mutating func launchImageRule(_ asset: Asset, _ variants: [Variant]) {
    let base = asset.baseName
    // The 3.5-inch image: every Retina iPhone that launches the app in a 320×480-pt frame
    // (no launch storyboard) or runs iOS 7 (iPhone 4 and 4S) draws its @2x.
    let infos = (namespacesByAsset[RootCheck.key(of: asset)] ?? []).compactMap(\.info)
    let requirement = requirement(of: asset)
    if !base.contains("-"), let plain = variants.first(where: { $0.idiom != .ipad && $0.scale == 1 }),
      !variants.contains(where: { $0.idiom != .ipad && $0.scale >= 2 }),
      requirement.devices.contains(.iphone),
      !infos.isEmpty,
      infos.allSatisfy({ $0.launchStoryboard == nil && !$0.hasLaunchScreen })
        || (requirement.iOSVersion ?? 99) < 8
    {
      add(
        .missingScale, plain.path, asset: asset.name,
        "no @2x launch image: add \(AssetName(base: base, scale: 2, idiom: plain.idiom, ext: "png").fileName) "
          + "(640×960 px); Retina iPhones launch an app without a launch storyboard in the 3.5-inch frame at 2x "
          + "and show this 320×480 image enlarged")
    }
    // The 4-inch image: without it (and without a launch storyboard) iOS runs the app
    // letterboxed in a 320×480-pt frame on every iPhone of 4 inches or more.
    if !base.contains("-"), variants.contains(where: { $0.idiom != .ipad }),
      requirement.devices.contains(.iphone), !infos.isEmpty,
      infos.allSatisfy({ $0.launchStoryboard == nil && !$0.hasLaunchScreen && $0.launchImages.isEmpty }),
      !(namespacesByAsset[RootCheck.key(of: asset)] ?? []).contains(where: { space in
        space.assets.contains { $0.source == .looseFiles && $0.baseName.hasPrefix(base + "-568h") }
      })
    {
      let file = AssetName(base: base + "-568h", scale: 2, idiom: nil, ext: "png").fileName
      add(
        .missingScale, variants[0].path, asset: asset.name,
        "no \(file) (640×1136 px) and no launch storyboard: iOS runs the app letterboxed in the 3.5-inch "
          + "320×480-pt frame on every iPhone with a 4-inch or larger screen; add it, or a launch storyboard",
        severity: .warning)
    }
    let subtype = ["-568h", "-667h", "-736h", "-2436h", "-812h", "-1792h", "-2688h", "-1366h"].first {
      base.contains($0)
    }.map { String($0.dropFirst()) }
    for variant in variants {
      let idiom =
        variant.idiom == .ipad || base.contains("-Portrait") || base.contains("-Landscape")
        ? "ipad" : "iphone"
      guard let screen = LaunchScreen.of(idiom: subtype == "1366h" ? "ipad" : idiom, subtype: subtype),
        let header = facts[variant.path]?.header
      else { continue }
      let size = (header.width, header.height)
      if screen.pixelSizes(scale: variant.scale).contains(where: { $0 == size }) { continue }
      let file = Paths.lastComponent(of: variant.path)
      if let actual = (1...3).first(where: { scale in screen.pixelSizes(scale: scale).contains { $0 == size }
      }) {
        let renamed = AssetName(
          base: base, scale: actual == 1 ? nil : actual, idiom: variant.idiom, ext: "png")
        add(
          .sizeMismatch, variant.path, asset: asset.name,
          "is \(header.width)×\(header.height) px: the \(screen.name) launch image at \(actual)x, under a @\(variant.scale)x "
            + "name; the device looks for \(renamed.fileName), so rename it")
      } else {
        let expected = screen.pixelSizes(scale: variant.scale)[0]
        add(
          .sizeMismatch, variant.path, asset: asset.name,
          "is \(header.width)×\(header.height) px; the \(screen.name) launch image \(file) must fill the screen: "
            + "\(expected.0)×\(expected.1) px (or its landscape size)")
      }
    }
  }

  /// A `.launchimage` set: a list of fixed slots, one screen and one scale each. A filled
  /// slot must have its screen's pixels; an empty slot for a screen the target runs on
  /// matters only without a launch storyboard (with one, iOS 8 and later never read launch
  /// images).
  mutating func launchImageSetRules(_ asset: Asset, set: CatalogSet) {
    let contents = Paths.join(set.path, "Contents.json")
    let spaces = namespacesByAsset[RootCheck.key(of: asset)] ?? []
    let requirement = requirement(of: asset)
    // Whether the app has a launch screen is known only from an Info.plist in the tree.
    let infos = spaces.compactMap(\.info)
    let native = infos.contains { $0.launchStoryboard != nil || $0.hasLaunchScreen }
    for slot in set.slots {
      let idiom = slot.idiom ?? "iphone"
      guard let screen = LaunchScreen.of(idiom: idiom, subtype: slot.traits.subtype) else { continue }
      let scale = slot.scale ?? 1
      if let filename = slot.filename {
        let path = Paths.join(set.path, filename)
        guard let header = facts[path]?.header else { continue }
        let size = (header.width, header.height)
        guard !screen.pixelSizes(scale: scale).contains(where: { $0 == size }) else { continue }
        let expected = screen.pixelSizes(scale: scale)
        add(
          .sizeMismatch, path, asset: asset.name,
          "is \(header.width)×\(header.height) px; the \(screen.name) \(scale)x launch image slot "
            + "(\(slot.traits)) needs \(expected[slot.traits.orientation == "landscape" ? 1 : 0].0)×"
            + "\(expected[slot.traits.orientation == "landscape" ? 1 : 0].1) px")
        continue
      }
      // An empty slot: only for a screen the target ships to, and only without a launch screen.
      let device: Idiom = idiom == "ipad" ? .ipad : idiom == "tv" ? .tv : .iphone
      guard !infos.isEmpty, !native, requirement.devices.contains(device) else { continue }
      if let last = screen.lastIOS(scale: scale), let iOS = requirement.iOSVersion, iOS > last { continue }
      if device == .iphone, scale == 3, requirement.needs[.iphone]?.contains(where: { $0.scale == 3 }) != true
      {
        continue
      }
      add(
        .missingScale, contents, asset: asset.name,
        "launch image \"\(asset.name)\" has no image for the \(screen.name) at \(scale)x (the \(slot.traits) slot "
          + "is empty) and the app has no launch storyboard: that screen shows the app zoomed or letterboxed",
        severity: .warning)
    }
  }
}

extension RootCheck {
  // MARK: - Icon files (CFBundleIconFiles)

  /// An app whose icon is a list of files (`CFBundleIconFiles`, before asset catalogs): the
  /// home screen picks the file of the pixel size it draws at, and scales the nearest when
  /// the list has none. Each size the app's devices draw is checked for: 120 px (60 pt at
  /// 2x, every iPhone on iOS 7 or later), 180 px (3x: the home screen of a 3x iPhone, which
  /// the system draws at its own scale however the app runs), 152 px (76 pt at 2x, iPads), and the iOS 6 sizes (57, 114, 72, 144 px) for
  /// apps that run there.
  mutating func iconPoolRules() {
    for space in namespaces {
      guard let target = space.target, target.isApplication,
        target.platforms.contains(.ios) || target.platforms.isEmpty,
        let info = space.info, !info.iconFiles.isEmpty,
        !space.assets.contains(where: {
          setsByPath[$0.location]?.kind == .appIconSet
            && $0.baseName == (target.effectiveAppIconName ?? "AppIcon")
        })
      else { continue }
      let files = space.assets.filter { asset in
        asset.source == .looseFiles
          && info.iconFiles.contains { RootCheck.iconListEntry($0, names: asset.baseName) }
      }
      let listedBases = Set(files.map(\.baseName))
      // A listed file the tree does not hold: its size is not known, so the pool is not judged.
      guard
        info.iconFiles.allSatisfy({ entry in
          listedBases.contains { RootCheck.iconListEntry(entry, names: $0) }
        }),
        let first = files.first
      else { continue }
      var sizes: Set<Int> = []
      for asset in files {
        for variant in asset.variants {
          if let header = facts[variant.path]?.header { sizes.insert(header.width) }
        }
      }
      // Findings sit on the list's first file, as Info.plist orders it.
      let anchor = files.first { RootCheck.iconListEntry(info.iconFiles[0], names: $0.baseName) } ?? first
      let requirement = requirement(of: first)
      let iOS = requirement.iOSVersion
      var wanted: [(Int, String)] = []
      if requirement.devices.contains(.iphone) || requirement.devices.isEmpty {
        wanted.append((120, "the 60-pt home-screen icon at 2x, which every iPhone on iOS 7 or later draws"))
        // The home screen is drawn by the system at the screen's own scale: a 3x iPhone draws
        // the icon at 180 px even for an app that itself runs zoomed at 2x.
        wanted.append(
          (
            180,
            "the 60-pt icon at 3x, which the home screen of every iPhone with a 3x screen draws, whether the app "
              + "itself runs natively or zoomed"
          ))
        if (iOS ?? 99) < 7 { wanted.append((114, "the 57-pt icon at 2x of iPhones on iOS 6 or earlier")) }
      }
      if requirement.devices.contains(.ipad) {
        wanted.append((152, "the 76-pt home-screen icon at 2x, which iPads on iOS 7 or later draw"))
        if (iOS ?? 99) < 7 { wanted.append((144, "the 72-pt icon at 2x of iPads on iOS 6 or earlier")) }
      }
      for (pixels, why) in wanted where !sizes.contains(pixels) {
        let have = sizes.sorted().map { "\($0)" }.joined(separator: ", ")
        add(
          .missingScale, anchor.location, asset: anchor.name,
          "the app's icon files (CFBundleIconFile(s): \(info.iconFiles.joined(separator: ", "))) have no "
            + "\(pixels)×\(pixels) px image for \(why); the home screen scales the nearest (\(have) px), blurred",
          severity: .warning)
      }
    }
  }
}
