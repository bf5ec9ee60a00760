import AssetResolver
import ContactSheet
import PNGCodec
import Resampling

/// The icons of a sheet over a tree of any layout: Apple assets through the library's
/// UIKit index, Flutter, React Native and Android assets by their platform's rule at the
/// sheet's scale (Android: the scale as a density, 2 → xhdpi).
///
/// Each asset is one tile. A file drawn for a scale that is not a whole number (Flutter's
/// `1.5x/`, Android's `hdpi`) is resampled to the sheet's scale, so it keeps its size in
/// points. An Android XML drawable is not rendered: when it is an `anydpi-vN` file (an
/// adaptive icon), the tile shows the bitmap a device below API N gets, and the sheet's
/// notes say so; a plain XML drawable (a vector, a shape) is a placeholder with the reason.
struct LayoutSheetSource: SheetDataSource {
  let apple: AssetLibrarySource
  let library: AssetLibrary
  /// The `--layout` override; `nil` to detect.
  let layout: Layout?
  /// What the sheet drew instead of what the rule chose, said once per asset.
  let notes = Locked<[String]>([])

  func assetNames() throws -> [String] {
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

  func icon(named name: String, scale: Int) throws -> SheetIcon {
    if layout == nil || layout == .apple {
      do {
        return try apple.icon(named: name, scale: scale)
      } catch SheetIconError.notFound(let missing) {
        if layout == .apple || library.layoutCatalog(nil).assets(named: name).isEmpty {
          throw SheetIconError.notFound(name: missing)
        }
      }
    }
    var request = SelectionRequest(scale: Double(scale))
    let resolution: LayoutResolution
    do {
      resolution = try library.resolve(named: name, for: request, layout: layout)
    } catch {
      throw Self.sheetError(error, name: name)
    }
    var winner = resolution.winner
    if LayoutCatalog.fileExtension(winner.path) == "xml" {
      guard let level = winner.apiLevel, winner.density == .anyDPI else {
        throw SheetIconError.unreadable(
          name: name, reason: "\(winner.path) is an Android XML drawable (a vector or shape); not rendered")
      }
      request.apiLevel = level - 1
      let older = resolution.asset.choose(for: request)
      guard let bitmapFile = older.winner, LayoutCatalog.fileExtension(bitmapFile.path) != "xml" else {
        throw SheetIconError.unreadable(
          name: name,
          reason: "\(winner.path) is an Android adaptive icon (XML) with no bitmap beside it; not rendered")
      }
      notes.withLock {
        $0.append(
          "\(name): \(winner.path) (XML, API \(level)+) is not rendered; drew \(bitmapFile.path), what API \(level - 1) gets"
        )
      }
      winner = bitmapFile
    }
    let image: (bitmap: Bitmap, resolution: LayoutResolution)
    do {
      image = try library.image(named: name, for: request, layout: layout)
    } catch {
      throw Self.sheetError(error, name: name)
    }
    let chosen = image.resolution.winner
    let fileScale = chosen.density.map { $0.isBucket ? $0.scale : Double(scale) } ?? chosen.scale
    let enlarged = fileScale < Double(scale) - 1e-9
    if fileScale == fileScale.rounded() {
      return SheetIcon(bitmap: image.bitmap, scale: Int(fileScale), isFallback: Int(fileScale) != scale)
    }
    // Resampled to the sheet's scale: its size in points stays the file's.
    let width = max(1, Int((Double(image.bitmap.width) / fileScale * Double(scale)).rounded()))
    let height = max(1, Int((Double(image.bitmap.height) / fileScale * Double(scale)).rounded()))
    if enlarged {
      notes.withLock {
        $0.append(
          "\(name): drew \(chosen.path) (\(chosen.label)), enlarged to \(scale)x as the platform would")
      }
    }
    return SheetIcon(
      bitmap: Resampler.resize(image.bitmap, width: width, height: height), scale: scale, isFallback: false)
  }

  static func sheetError(_ error: ResolveError, name: String) -> SheetIconError {
    switch error.reason {
    case .notFound: .notFound(name: name)
    case .unreadable(let underlying): .unreadable(name: name, reason: underlying.message)
    default: .unreadable(name: name, reason: error.description)
    }
  }
}
