import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore
import ImageDecoding
import Resampling

/// The tvOS and visionOS parts of `appicon`: layered icons (and tvOS's top shelf images)
/// planned, checked and staged into the same batch as the app icon set.
enum LayeredIconBuilder {
  /// Source numbers of the top shelf files in a plan's sources (the master is 0, explicit
  /// layers 1…).
  static let topShelfSource = 100
  static let topShelfWideSource = 101

  /// One group (the brand assets or the solid image stack), planned and checked.
  struct Group {
    /// Its folder inside the catalog.
    var folder: String
    var entries: [LayeredEntry]
    /// Files (inside the catalog) an earlier run wrote that the new group lacks.
    var stale: [String]
    /// Folders (inside the catalog) the new group lacks, removed when empty.
    var staleFolders: [String]
    /// Files (inside the catalog) this command did not write, left alone.
    var kept: [String]
  }

  /// Whether a file name is one this command writes into a layered group of set `set`.
  static func isOurs(_ file: String, set: String) -> Bool {
    (file.hasPrefix("\(set)-tv-") || file.hasPrefix("\(set)-vision-")) && file.hasSuffix(".png")
  }

  /// Reads a layer or top shelf file: its aspect must be the canvas's (`width` × `height`)
  /// and it must have at least that many pixels (appicon never enlarges); a vector is drawn
  /// at that size.
  ///
  /// `limits` bound the decode and say whether it runs in a child process.
  ///
  /// - Throws: ``MakingError``: `.notFound`, or `.badData` naming the file, its size and the one needed.
  static func loadArt(
    _ path: String, role: String, width: Int, height: Int, limits: DecodingLimits
  ) throws -> Bitmap {
    guard Files.exists(path) else { throw MakingError(.notFound, "no such file (the \(role))", path: path) }
    let image: Bitmap
    do {
      let probe = try ImageDecoder.probe(contentsOf: path, limits: limits)
      if let points = probe.pointSize {
        guard abs(points.width * Double(height) - points.height * Double(width)) < Double(width) * 0.005
        else {
          throw MakingError(
            .badData,
            "the \(role) is a \(points) pt \(probe.format.name); it must have the canvas's aspect, "
              + "\(width) × \(height)", path: path)
        }
        image = try ImageDecoder.decode(
          contentsOf: path, size: .pixels(width: width, height: height), limits: limits
        ).bitmap
      } else {
        image = try ImageDecoder.decode(contentsOf: path, limits: limits).bitmap
      }
    } catch let error as ImageError {
      throw MakingError(.badData, "the \(role) cannot be read: \(error.message)", path: path)
    }
    guard image.width * height == image.height * width else {
      throw MakingError(
        .badData,
        "the \(role) is \(image.width) × \(image.height) px; it must have the canvas's aspect: \(width) × \(height) px "
          + "(or a multiple)", path: path)
    }
    guard image.width >= width else {
      throw MakingError(
        .badData,
        "the \(role) is \(image.width) × \(image.height) px; its largest use is \(width) × \(height) px, and "
          + "appicon never enlarges: give one of at least that size", path: path)
    }
    return image
  }

  /// Plans a group: its entries, what an earlier run left that it lacks, and what others
  /// put there.
  ///
  /// - Throws: ``MakingError/Code/exists`` when the group names images this command did not
  ///   write (without `force`), or the folder is a file.
  static func plan(
    folder: String, entries: [LayeredEntry], catalog: String, setName: String, force: Bool
  ) throws -> Group {
    let root = Paths.join(catalog, folder)
    if Files.exists(root), !FileSystem.isDirectory(root) {
      throw MakingError(.exists, "is a file, not a folder", path: root)
    }
    var files: [String] = []
    var folders: [String] = []
    var pending = [folder]
    while let next = pending.popLast() {
      folders.append(next)
      for name in FileSystem.entryNames(of: Paths.join(catalog, next)).sorted() where !name.hasPrefix(".") {
        let path = next + "/" + name
        if FileSystem.isDirectory(Paths.join(catalog, path)) {
          pending.append(path)
        } else {
          files.append(path)
        }
      }
    }
    var foreignSlots: [String] = []
    for file in files where Paths.lastComponent(of: file) == "Contents.json" {
      let document = try? ContentsDocument(parsing: Files.read(Paths.join(catalog, file)), path: file)
      for image in document?.images ?? [] {
        if let name = image["filename"]?.text, !isOurs(name, set: setName) { foreignSlots.append(name) }
      }
    }
    if !force, !foreignSlots.isEmpty {
      throw MakingError(
        .exists,
        "holds images appicon did not write (its Contents.json files name "
          + "\(foreignSlots.prefix(3).joined(separator: ", "))\(foreignSlots.count > 3 ? "…" : "")); give --force "
          + "to replace its Contents.json files (other files are kept)", path: root)
    }
    let written = Set(entries.map(\.path))
    let kept = files.filter {
      Paths.lastComponent(of: $0) != "Contents.json" && !isOurs(Paths.lastComponent(of: $0), set: setName)
    }
    let newFolders = Set(entries.map { Paths.parent(of: $0.path) })
    // A folder's Contents.json goes with the folder: when the new group lacks the folder and
    // nothing of someone else's is left in it (an earlier run's layer, Xcode's empty Middle).
    let stale = files.filter { file in
      guard !written.contains(file) else { return false }
      if isOurs(Paths.lastComponent(of: file), set: setName) { return true }
      let folder = Paths.parent(of: file) + "/"
      return Paths.lastComponent(of: file) == "Contents.json" && !kept.contains { $0.hasPrefix(folder) }
    }
    let staleFolders = folders.filter { !newFolders.contains($0) }.sorted { $0.count > $1.count }
    return Group(folder: folder, entries: entries, stale: stale, staleFolders: staleFolders, kept: kept)
  }

  /// Draws every image of `group` and stages it, with its `Contents.json` files, in `batch`.
  static func stage(
    _ group: Group, catalog: String, sources: [Int: Bitmap], background: IconBackground,
    batch: inout FileBatch
  ) throws {
    for entry in group.entries {
      let path = Paths.join(catalog, entry.path)
      try batch.makeFolders(Paths.parent(of: path))
      if let contents = entry.contents {
        try batch.stage(Array(contents.rendered().utf8), at: path)
      } else if let (file, art) = entry.image {
        let image = draw(
          art, width: file.pixelWidth, height: file.pixelHeight, sources: sources, background: background)
        try batch.stage(AppIconSetBuilder.encode(image, alpha: !file.isOpaque, path: path), at: path)
      }
    }
    for file in group.stale { batch.remove(Paths.join(catalog, file)) }
    for folder in group.staleFolders { batch.removeFolder(Paths.join(catalog, folder)) }
  }

  /// A layer or top shelf image drawn at `width` × `height` pixels.
  static func draw(
    _ art: LayerArt, width: Int, height: Int, sources: [Int: Bitmap], background: IconBackground
  ) -> Bitmap {
    let ground = (background.red, background.green, background.blue, UInt8(255))
    switch art {
    case .empty:
      return Bitmap(width: width, height: height)
    case .solid:
      return Bitmap(width: width, height: height, filling: ground)
    case .filled(let source, let opaque):
      let sized = Resampler.resize(sources[source]!, width: width, height: height)
      return opaque ? AppIconSetBuilder.flatten(sized, on: background) : sized
    case .fitted(let source, let fraction, let opaque):
      let side = Int((Double(height) * fraction).rounded())
      var icon = Resampler.resize(sources[source]!, width: side, height: side)
      if opaque { icon = AppIconSetBuilder.flatten(icon, on: background) }
      var canvas = Bitmap(width: width, height: height, filling: opaque ? ground : (0, 0, 0, 0))
      let left = (width - side) / 2
      let top = (height - side) / 2
      canvas.pixels.withUnsafeMutableBufferPointer { out in
        icon.pixels.withUnsafeBufferPointer { row in
          for y in 0..<side {
            let from = y * side * 4
            let to = ((top + y) * width + left) * 4
            for offset in 0..<(side * 4) { out[to + offset] = row[from + offset] }
          }
        }
      }
      return canvas
    }
  }
}
