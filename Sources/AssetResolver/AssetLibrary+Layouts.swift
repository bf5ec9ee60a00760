import AssetIndex
import IconGridSupport
import ImageCore

/// A Flutter, React Native or Android asset resolved by its platform's rule.
public struct LayoutResolution: Sendable {
  /// The asset and all its files.
  public var asset: LayoutAsset
  /// The rule's choice and its reasons.
  public var selection: Selection
  /// The chosen file's path from the file system root (the library's canonical root joined
  /// with the file's path).
  public var fullPath: String
  /// The chosen file's width in pixels, as the library's loader reads it; `nil` for an
  /// Android XML drawable or a format the loader does not read.
  public var pixelWidth: Int?
  /// The chosen file's height in pixels; `nil` for an Android XML drawable.
  public var pixelHeight: Int?

  /// The chosen file.
  public var winner: LayoutCandidate { selection.winner! }
}

extension AssetLibrary {
  /// The root read by layout (detected, or all in `layout`), built once and kept until
  /// ``refresh()``.
  ///
  /// - Parameter layout: read the whole root in this layout; `nil` to detect each part's.
  /// - Returns: the regions and the non-Apple assets.
  public func layoutCatalog(_ layout: Layout? = nil) -> LayoutCatalog {
    if let cached = layoutCatalogs.withLock({ $0[layout] }) { return cached }
    let built = LayoutCatalog(root: canonicalRoot, layout: layout)
    layoutCatalogs.withLock { $0[layout] = built }
    return built
  }

  /// The file a screen gets for a Flutter, React Native or Android asset, by its
  /// platform's rule, with the reasons.
  ///
  /// Apple assets are not looked up here: ``variant(named:for:)`` resolves them.
  ///
  /// - Parameters:
  ///   - name: the name code uses (`assets/images/close.png`, `drawable/ic_launcher`), or
  ///     qualified by its region (`app/src/main/res:drawable/ic_launcher`).
  ///   - request: the screen.
  ///   - layout: read the root in this layout; `nil` to detect.
  /// - Returns: the asset, the choice and the chosen file's size.
  /// - Throws: ``ResolveError``: not found (with suggestions), ambiguous (several regions
  ///   have the name), no file for the request, or the chosen PNG's header is unreadable.
  public func resolve(named name: String, for request: TraitRequest, layout: Layout? = nil)
    throws(ResolveError)
    -> LayoutResolution
  {
    let catalog = layoutCatalog(layout)
    let matches = catalog.assets(named: name)
    guard let asset = matches.first else {
      let names = catalog.assets.map(\.name)
      throw ResolveError(
        name: name, root: root,
        reason: .notFound(suggestions: closestNames(to: name, in: names)))
    }
    guard matches.count == 1 else {
      throw ResolveError(
        name: name, root: root,
        reason: .ambiguous(
          candidates: matches.map {
            ResolveError.Candidate(name: $0.qualifiedName, namespace: $0.region, path: $0.qualifiedName)
          }))
    }
    let selection = asset.choose(for: request)
    guard let winner = selection.winner else {
      throw ResolveError(
        name: name, root: root,
        reason: .noMatchingVariant(
          request: TraitRequest(scale: Double(request.wholeScale)), devices: []))
    }
    let fullPath = Paths.join(canonicalRoot, winner.path)
    var size: (Int, Int)?
    if LayoutCatalog.imageExtensions.contains(LayoutCatalog.fileExtension(winner.path)) {
      do {
        let pixels = try loader.pixelSize(of: ImageLoadRequest(path: fullPath, scale: 1, isVector: false))
        size = (pixels.width, pixels.height)
      } catch  where LayoutCatalog.fileExtension(winner.path) == "png" {
        throw ResolveError(
          name: name, root: root, reason: .unreadable(ImageError.from(error).at(winner.path)))
      } catch {
        // A JPEG, WebP or GIF the loader does not read (the default one reads PNG only):
        // chosen all the same, its size unknown.
        size = nil
      }
    }
    return LayoutResolution(
      asset: asset, selection: selection, fullPath: fullPath, pixelWidth: size?.0, pixelHeight: size?.1)
  }

  /// The decoded image a screen gets for a Flutter, React Native or Android asset (see
  /// ``resolve(named:for:layout:)`` for the choice), through the ``cache``.
  ///
  /// - Parameters:
  ///   - name: the asset's name.
  ///   - request: the screen.
  ///   - layout: read the root in this layout; `nil` to detect (always given: without it
  ///     the call is the Apple lookup, ``image(named:for:)``).
  /// - Returns: the pixels and the resolution.
  /// - Throws: ``ResolveError`` as ``resolve(named:for:layout:)``, or unreadable when the
  ///   file does not decode (an XML drawable never does).
  public func image(named name: String, for request: TraitRequest, layout: Layout?)
    throws(ResolveError)
    -> (bitmap: Bitmap, resolution: LayoutResolution)
  {
    let resolution = try resolve(named: name, for: request, layout: layout)
    let path = resolution.fullPath
    let load = ImageLoadRequest(
      path: path, scale: Int(request.scale.rounded(.up)), isVector: CatalogScanner.isVector(path))
    do {
      let bitmap = try cache.stampedImage(
        forKey: load.isVector ? CacheKey(path, scale: load.scale) : CacheKey(path),
        load: { () throws -> (Bitmap, FileStamp?) in (try loader.load(load), FileSystem.stamp(path)) })
      return (bitmap, resolution)
    } catch {
      throw ResolveError(
        name: name, root: root, reason: .unreadable(ImageError.from(error).at(resolution.winner.path)))
    }
  }

  private func closestNames(to name: String, in names: [String]) -> [String] {
    let lowered = name.lowercased()
    let hits = names.filter {
      $0.lowercased().contains(lowered) || lowered.contains(Paths.lastComponent(of: $0).lowercased())
    }
    return Array(Set(hits)).sorted().prefix(3).map { $0 }
  }
}

extension AssetLibrary {
  /// UIKit's choice for an asset this library resolved, as a ``Selection``: the asset's
  /// files in the scale order, and why the chosen file won (what `--explain` prints).
  ///
  /// The scale order alone decides the explanation's first reason; when the device, the
  /// appearance or the slot's other traits made the full rule choose another file of the
  /// asset, a last reason says so and that file is the one chosen. A request whose scale
  /// is not whole says first that UIKit asks for ``TraitRequest/wholeScale``.
  ///
  /// ```swift
  /// let request = TraitRequest(scale: 2)
  /// let (asset, selection) = library.explanation(of: try library.variant(named: "mail", for: request), for: request)
  /// print(asset.candidates.count, selection.explanation)
  /// ```
  ///
  /// - Parameters:
  ///   - resolved: what ``variant(named:for:)`` answered for `request`.
  ///   - request: the request it answered.
  /// - Returns: the asset's files as candidates, and the choice with its reasons.
  public func explanation(of resolved: ResolvedVariant, for request: TraitRequest) -> (
    asset: LayoutAsset, selection: Selection
  ) {
    let asset = catalog.assets.first { asset in
      asset.name == resolved.name && asset.variants.contains { $0.path == resolved.variant.path }
    }
    let variants = asset?.variants ?? [resolved.variant]
    let candidates = variants.map { LayoutCandidate(path: $0.path, scale: Double($0.scale)) }
    var selection = Layout.apple.rule.choose(among: candidates, for: request)
    let actual = variants.firstIndex { $0.path == resolved.variant.path }
    if let actual, actual != selection.chosen {
      selection.explanation.append(
        "the idiom, appearance and slot traits decide among these too (UIKit's full rule): \(resolved.variant.path) is the file"
      )
      selection.chosen = actual
    }
    if request.scale != request.scale.rounded() || request.scale < 1 {
      selection.explanation.insert(
        "UIKit screens have whole scales: \(ScaleText.format(request.scale))x is asked as @\(request.wholeScale)x",
        at: 0)
    }
    return (LayoutAsset(name: resolved.name, layout: .apple, region: "", candidates: candidates), selection)
  }
}
