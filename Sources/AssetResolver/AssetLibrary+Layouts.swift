import AssetIndex
import IconGridSupport
import ImageCore

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
    -> Resolution
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
    return Resolution(
      asset: asset, selection: selection, fullPath: fullPath, pixelWidth: size?.0, pixelHeight: size?.1)
  }

  /// The pixels loading the file a screen gets for a Flutter, React Native or Android
  /// asset holds at its peak (see ``heldPixels(named:for:)``); `nil` when the name does not
  /// resolve, the file is an XML drawable, or the loader cannot tell.
  ///
  /// - Parameters:
  ///   - name: the name code uses.
  ///   - request: the screen.
  ///   - layout: read the root in this layout; `nil` to detect.
  /// - Returns: width × height in pixels, or `nil`.
  public func heldPixels(named name: String, for request: TraitRequest, layout: Layout?) -> Int? {
    guard let resolution = try? resolve(named: name, for: request, layout: layout),
      let winner = resolution.winner,
      LayoutCatalog.imageExtensions.contains(LayoutCatalog.fileExtension(winner.path))
    else { return nil }
    let path = resolution.fullPath
    return try? loader.heldPixels(
      of: ImageLoadRequest(
        path: path, scale: Int(request.scale.rounded(.up)), isVector: CatalogScanner.isVector(path)))
  }

  /// The decoded image a screen gets for a Flutter, React Native or Android asset (see
  /// ``resolve(named:for:layout:)`` for the choice), through the ``cache``.
  ///
  /// - Parameters:
  ///   - name: the asset's name.
  ///   - request: the screen.
  ///   - layout: read the root in this layout; `nil` to detect (always given: without it
  ///     the call is the Apple lookup, ``image(named:for:)``).
  /// - Returns: the pixels and the file they came from.
  /// - Throws: ``ResolveError`` as ``resolve(named:for:layout:)``, or unreadable when the
  ///   file does not decode (an XML drawable never does).
  public func image(named name: String, for request: TraitRequest, layout: Layout?)
    throws(ResolveError)
    -> ResolvedImage
  {
    let resolution = try resolve(named: name, for: request, layout: layout)
    let path = resolution.fullPath
    let load = ImageLoadRequest(
      path: path, scale: Int(request.scale.rounded(.up)), isVector: CatalogScanner.isVector(path))
    do {
      let bitmap = try cache.stampedImage(
        forKey: load.isVector ? CacheKey(path, scale: load.scale) : CacheKey(path),
        load: { () throws -> (Bitmap, FileStamp?) in (try loader.load(load), FileSystem.stamp(path)) })
      return ResolvedImage(bitmap: bitmap, resolution: resolution)
    } catch {
      throw ResolveError(
        name: name, root: root, reason: .unreadable(ImageError.from(error).at(resolution.path)))
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
  /// The choice behind a resolution, as a ``Selection``: the asset's files, and why the
  /// chosen file won (what `--explain` prints).
  ///
  /// A Flutter, React Native or Android resolution carries its rule's choice already. For
  /// an Apple one it is UIKit's: the asset's files in the scale order. The scale order alone decides the explanation's first reason; when the device, the
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
  ///   - resolution: what ``variant(named:for:)`` or ``resolve(named:for:layout:)``
  ///     answered for `request`.
  ///   - request: the request it answered.
  /// - Returns: the asset's files as candidates, and the choice with its reasons.
  public func explanation(of resolution: Resolution, for request: TraitRequest) -> (
    asset: LayoutAsset, selection: Selection
  ) {
    let chosen: Variant
    switch resolution.choice {
    case .layout(let asset, let selection, _): return (asset, selection)
    case .catalog(let variant): chosen = variant
    }
    let asset = catalog.assets.first { asset in
      asset.name == resolution.name && asset.variants.contains { $0.path == chosen.path }
    }
    let variants = asset?.variants ?? [chosen]
    let candidates = variants.map { LayoutCandidate(path: $0.path, scale: Double($0.scale)) }
    var selection = Layout.apple.rule.choose(among: candidates, for: request)
    let actual = variants.firstIndex { $0.path == chosen.path }
    if let actual, actual != selection.chosen {
      selection.explanation.append(
        "the idiom, appearance and slot traits decide among these too (UIKit's full rule): \(chosen.path) is the file"
      )
      selection.chosen = actual
    }
    if request.scale != request.scale.rounded() || request.scale < 1 {
      selection.explanation.insert(
        "UIKit screens have whole scales: \(ScaleText.format(request.scale))x is asked as @\(request.wholeScale)x",
        at: 0)
    }
    return (LayoutAsset(name: resolution.name, layout: .apple, region: "", candidates: candidates), selection)
  }
}
