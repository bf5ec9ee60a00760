import AssetIndex
import AssetResolver
import Foundation
import IconGridSupport
import ImageCore
import Resampling
import VectorRenderer

/// The icons of a sheet over a tree of any layout: Apple assets through the library's
/// UIKit index, Flutter, React Native and Android assets by their platform's rule at the
/// sheet's scale (Android: the scale as a density, 2 → xhdpi).
///
/// Each asset is one tile. A file drawn for a scale that is not a whole number (Flutter's
/// `1.5x/`, Android's `hdpi`) is resampled to the sheet's scale, so it keeps its size in
/// points. An XML drawable (a vector, a shape, a layer-list, a ripple at rest (empty when it
/// has only its mask), a selector, an animation-list's first frame, a `<bitmap>`, an
/// `<adaptive-icon>`) is drawn through `AndroidDrawable` at the sheet's scale, with
/// `@color/` and `@dimen/` references from the res folder's `values/` files and the files its items and
/// layers name (`@drawable/x`, `@mipmap/x`) found in the tree at the sheet's density
/// (`AndroidResourceFinder`). An adaptive icon is drawn as a launcher shows it: its 108 dp
/// background and foreground layers, the inner 72 dp masked by a circle. When an
/// `anydpi-vN` file cannot be drawn, the tile shows the bitmap a device below API N gets and
/// the sheet's notes say why; what cannot be drawn otherwise is a placeholder with the
/// reason. A nine-patch is drawn without its border of marks.
///
/// ```swift
/// let library = try AssetLibrary(root: "android_app", loader: FormatLoader())
/// let source = AssetTreeSource(library: library)
/// let icon = try source.icon(named: "drawable/ic_launcher", scale: 2)  // xhdpi
/// ```
public struct AssetTreeSource: SheetDataSource {
  let apple: AssetLibrarySource
  /// The library icons resolve in.
  public let library: AssetLibrary
  /// The layout the whole tree is read in; `nil` to detect each part's.
  public let layout: Layout?
  /// What the sheet drew instead of what the rule chose, said once per asset.
  let drawnNotes = Locked<[String]>([])
  /// Each res folder's colours, read once.
  let colorTables = Locked<[String: AndroidColorTable]>([:])

  /// Creates a source over `library`.
  ///
  /// - Parameters:
  ///   - library: where icons resolve; give it `ImageDecoding`'s `FormatLoader` to draw every
  ///     format.
  ///   - traits: the device and traits Apple assets are drawn for (the scale is the sheet's).
  ///   - layout: read the whole tree in this layout; `nil` to detect each part's.
  public init(library: AssetLibrary, traits: TraitRequest = TraitRequest(scale: 1), layout: Layout? = nil) {
    self.apple = AssetLibrarySource(library, traits: traits)
    self.library = library
    self.layout = layout
  }

  /// What was drawn otherwise than the platform's rule chose (an adaptive icon's bitmap, an
  /// enlarged density, a selector's default item), one sentence per asset, in drawing order.
  public var notes: [String] { drawnNotes.withLock { $0 } }

  /// The box a drawable without a size of its own (a shape without `<size>`) is drawn in:
  /// the sheet's default icon box, in points.
  static let sizelessBox = PointSize(width: 60, height: 60)

  /// Every asset name: the Apple index's and the other layouts', sorted, each once.
  ///
  /// - Returns: the names.
  /// - Throws: nothing the index has not already read.
  public func assetNames() throws -> [String] {
    let names = (layout == nil || layout == .apple ? try apple.assetNames() : []) + layoutAssetNames()
    var unique: [String] = []
    for name in names.sorted() where name != unique.last { unique.append(name) }
    return unique
  }

  /// The names of the Flutter, React Native and Android assets (none when the tree is read
  /// as Apple's), qualified by region where two regions share a name; unsorted.
  func layoutAssetNames() -> [String] {
    guard layout != .apple else { return [] }
    let assets = library.layoutCatalog(layout).assets
    var count: [String: Int] = [:]
    for asset in assets { count[asset.name, default: 0] += 1 }
    return assets.map { count[$0.name, default: 0] > 1 ? $0.qualifiedName : $0.name }
  }

  /// The icon by its platform's rule at the sheet's scale.
  ///
  /// - Parameters:
  ///   - name: an Apple asset name, or a Flutter, React Native or Android one.
  ///   - scale: the sheet's scale.
  /// - Returns: the icon, resampled to the sheet's scale when its file is drawn for another.
  /// - Throws: ``SheetIconError`` when no file exists or it cannot be drawn.
  public func icon(named name: String, scale: Int) throws -> SheetIcon {
    if layout == nil || layout == .apple {
      do {
        let icon = try apple.icon(named: name, scale: scale)
        if let device = icon.drawnFor {
          let asked = apple.traits.idiom?.rawValue ?? "iOS"
          drawnNotes.withLock { $0.append("\(name) has no \(asked) variant; drew its \(device) one") }
        }
        return icon
      } catch SheetIconError.notFound(let missing) {
        if layout == .apple || library.layoutCatalog(nil).assets(named: name).isEmpty {
          throw SheetIconError.notFound(name: missing)
        }
      }
    }
    var request = TraitRequest(scale: Double(scale))
    let resolution: Resolution
    do {
      resolution = try library.resolve(named: name, for: request, layout: layout)
    } catch {
      throw Self.sheetError(error, name: name)
    }
    // A layout rule's resolution always has its chosen file.
    guard var winner = resolution.winner, let asset = resolution.asset else {
      throw SheetIconError.notFound(name: name)
    }
    if LayoutCatalog.fileExtension(winner.path) == "xml" {
      guard let level = winner.apiLevel, winner.density == .anyDPI else {
        return try drawableIcon(resolution, name: name, scale: scale, depth: 0)
      }
      // What API level+ devices get (an adaptive icon); else what older ones get.
      let failure: String
      do {
        return try drawableIcon(resolution, name: name, scale: scale, depth: 0)
      } catch SheetIconError.unreadable(_, let reason) {
        failure = reason
      }
      request.apiLevel = level - 1
      let older = asset.choose(for: request)
      guard let bitmapFile = older.winner, LayoutCatalog.fileExtension(bitmapFile.path) != "xml" else {
        throw SheetIconError.unreadable(name: name, reason: "\(failure); no bitmap beside it")
      }
      drawnNotes.withLock {
        $0.append(
          "\(name): \(winner.path) (XML, API \(level)+) is not drawn (\(failure)); drew \(bitmapFile.path), what API \(level - 1) gets"
        )
      }
      winner = bitmapFile
    }
    let image: ResolvedImage
    let chosen: LayoutCandidate
    do {
      image = try library.image(named: name, for: request, layout: layout)
      chosen = image.resolution.winner ?? winner
    } catch {
      throw Self.sheetError(error, name: name)
    }
    let fileScale = chosen.density.map { $0.isBucket ? $0.scale : Double(scale) } ?? chosen.scale
    let enlarged = fileScale < Double(scale) - 1e-9
    // A nine-patch's 1-px border holds its stretch and padding marks, which Android never draws.
    let bitmap =
      chosen.path.lowercased().hasSuffix(".9.png") ? Self.ninePatchContent(image.bitmap) : image.bitmap
    if fileScale == fileScale.rounded() {
      return SheetIcon(bitmap: bitmap, scale: Int(fileScale), isFallback: Int(fileScale) != scale)
    }
    // Resampled to the sheet's scale: its size in points stays the file's.
    let width = max(1, Int((Double(bitmap.width) / fileScale * Double(scale)).rounded()))
    let height = max(1, Int((Double(bitmap.height) / fileScale * Double(scale)).rounded()))
    if enlarged {
      drawnNotes.withLock {
        $0.append(
          "\(name): drew \(chosen.path) (\(chosen.label)), enlarged to \(scale)x as the platform would")
      }
    }
    return SheetIcon(
      bitmap: Resampler.resize(bitmap, width: width, height: height), scale: scale, isFallback: false)
  }

  /// The pixels decoding the file `name` resolves to holds, from its header, by the same
  /// rule as ``icon(named:scale:)``: an Apple asset's through ``AssetLibrarySource``; a
  /// Flutter, React Native or Android file's (the density's file the rule chooses) through
  /// the library's loader.
  ///
  /// - Parameters:
  ///   - name: an Apple asset name, or a Flutter, React Native or Android one.
  ///   - scale: the sheet's scale.
  /// - Returns: width × height in pixels, or `nil` for an XML drawable, a name that does not
  ///   resolve, or a header that cannot be read; the renderer then weighs one icon box.
  public func pixelArea(named name: String, scale: Int) -> Int? {
    if layout == nil || layout == .apple, let area = apple.pixelArea(named: name, scale: scale) {
      return area
    }
    guard layout != .apple else { return nil }
    return library.heldPixels(named: name, for: TraitRequest(scale: Double(scale)), layout: layout)
  }

  /// A nine-patch without its 1-px border of marks; the bitmap as it is when it has no
  /// content inside the border.
  static func ninePatchContent(_ bitmap: Bitmap) -> Bitmap {
    guard bitmap.width > 2 && bitmap.height > 2 else { return bitmap }
    let width = bitmap.width - 2
    let height = bitmap.height - 2
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for row in 1...height {
      let start = (row * bitmap.width + 1) * 4
      pixels += bitmap.pixels[start..<(start + width * 4)]
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// An Android XML drawable drawn at `scale`; a selector's default drawable is resolved
  /// by name and drawn in its place (up to 4 selectors deep).
  private func drawableIcon(_ resolution: Resolution, name: String, scale: Int, depth: Int) throws
    -> SheetIcon
  {
    let file = resolution.path
    do {
      let drawable = try AndroidDrawable(
        contentsOf: resolution.fullPath, colors: colorTable(forDrawable: resolution.fullPath))
      for warning in drawable.warnings {
        drawnNotes.withLock {
          $0.append("\(name): \(warning.replacingOccurrences(of: resolution.fullPath, with: file))")
        }
      }
      if let reference = drawable.reference {
        return try referencedIcon(
          reference, from: file, kind: drawable.kind, name: name, scale: scale, depth: depth)
      }
      let finder = AndroidResourceFinder(
        library: library, layout: layout, scale: scale, colors: { colorTable(forDrawable: $0) },
        note: { note in drawnNotes.withLock { $0.append("\(name): \(note)") } })
      let image = try drawable.image(boxSize: Self.sizelessBox, resolve: finder.resource)
      // A <bitmap> takes its file's size, which only drawing it finds.
      if drawable.pointSize == nil && image.pointSize == Self.sizelessBox {
        drawnNotes.withLock {
          $0.append(
            "\(name): \(file) (a <\(drawable.kind)>) has no size of its own; drawn at the \(Int(Self.sizelessBox.width)) pt icon box"
          )
        }
      }
      let bitmap = try image.render(scale: Double(scale))
      return SheetIcon(bitmap: bitmap, scale: scale, isFallback: false)
    } catch let error as ImageError {
      throw SheetIconError.unreadable(name: name, reason: "\(file): \(error.reason)")
    }
  }

  /// The icon a selector's default item, or an animation-list's first frame, names
  /// (`@drawable/x`, `@mipmap/x`).
  private func referencedIcon(
    _ reference: String, from file: String, kind: String, name: String, scale: Int, depth: Int
  )
    throws
    -> SheetIcon
  {
    let what =
      kind == "animation-list" ? "an <animation-list> whose first frame" : "a selector whose default item"
    let parts = reference.dropFirst().split(separator: "/", maxSplits: 1)
    guard reference.hasPrefix("@"), parts.count == 2, ["drawable", "mipmap"].contains(parts[0]), depth < 4
    else {
      throw SheetIconError.unreadable(
        name: name, reason: "\(file) is \(what) is \(reference), which is not drawn")
    }
    // Android trees' asset names carry their folder type ("drawable/x"); others do not.
    var found: (name: String, resolution: Resolution)?
    for target in ["\(parts[0])/\(parts[1])", String(parts[1])] where found == nil {
      if let resolution = try? library.resolve(
        named: target, for: TraitRequest(scale: Double(scale)), layout: layout)
      {
        found = (target, resolution)
      }
    }
    guard let (target, resolution) = found else {
      throw SheetIconError.unreadable(
        name: name, reason: "\(file) is \(what) \(reference) is not in the tree")
    }
    drawnNotes.withLock {
      let drew =
        kind == "animation-list"
        ? "an <animation-list>; drew its first frame" : "a selector; drew its default item"
      $0.append("\(name): \(file) is \(drew), \(resolution.path)")
    }
    if LayoutCatalog.fileExtension(resolution.path) == "xml" {
      return try drawableIcon(resolution, name: name, scale: scale, depth: depth + 1)
    }
    return try icon(named: target, scale: scale)
  }

  /// The colours of the res folder a drawable is in (`res/drawable-x/a.xml` → `res/values/*.xml`),
  /// read once per folder; a values file that cannot be read is skipped.
  func colorTable(forDrawable path: String) -> AndroidColorTable {
    let res = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent()
    if let cached = colorTables.withLock({ $0[res.path] }) { return cached }
    var table = AndroidColorTable()
    let values = res.appendingPathComponent("values")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: values.path)) ?? []
    for file in files.sorted() where file.hasSuffix(".xml") {
      let filePath = values.appendingPathComponent(file).path
      guard let data = FileManager.default.contents(atPath: filePath),
        let colors = try? AndroidColorTable(bytes: Array(data), path: filePath)
      else { continue }
      table.merge(colors)
    }
    colorTables.withLock { $0[res.path] = table }
    return table
  }

  static func sheetError(_ error: ResolveError, name: String) -> SheetIconError {
    switch error.reason {
    case .notFound: .notFound(name: name)
    case .unreadable(let underlying): .unreadable(name: name, reason: underlying.message)
    default: .unreadable(name: name, reason: error.description)
    }
  }
}
