import AssetIndex
import IconGridSupport
import ImageCore
import PNGCodec
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The resolver a service holds: a root's index, the scale rule and a bounded image cache.
///
/// ```swift
/// let library = try AssetLibrary(root: "/srv/icons", cache: ImageCache(costLimit: 64 << 20))
/// let answer = try library.image(named: "mail", scale: 3)
/// // answer.bitmap: the pixels; answer.resolution.scale: the scale of the file chosen
/// ```
///
/// Thread safety: every method may be called from any thread at once. The index is an
/// immutable snapshot that ``refresh()`` replaces; a lookup sees either the old or the new
/// one, never a mix. Images are decoded once and served from the ``cache``; a cached
/// image is returned without touching the file system.
///
/// Names are asset names (`mail`, `tabs/home`, `Icons/mail`), optionally with `.png`,
/// a pinned `@Nx` or `~idiom`. Only indexed files are ever opened, so `..`, absolute
/// paths and symbolic links that lead outside the root resolve to "not found".
public final class AssetLibrary: Sendable {
  /// The root folder, as given.
  public let root: String
  /// The cache decoded images go to (it may be shared between libraries).
  public let cache: ImageCache
  /// The name space lookups are confined to (see ``AssetCatalog/namespaces``); `nil`
  /// for all of them, where a name several name spaces provide is ambiguous.
  public let namespace: String?

  let canonicalRoot: String
  let loader: any ImageLoading
  /// Readers take the lane of their thread, so lookups on different threads do not
  /// contend for one lock; ``refresh()`` swaps the snapshot in every lane.
  private let lanes: [Locked<Snapshot>]
  private let laneShift: Int
  private let pixelSizes = Locked<[CacheKey: PixelSize]>([:])
  private let refreshing = Locked<Void>(())
  /// The root read by layout, per `--layout` override, built on first use (see `AssetLibrary+Layouts`).
  let layoutCatalogs = Locked<[Layout?: LayoutCatalog]>([:])

  /// Indexes `root` and creates a library over it.
  ///
  /// Concurrent lookups spread over 16 copies of the index (lanes), which suits a service.
  ///
  /// - Parameters:
  ///   - root: the folder to index.
  ///   - cache: where decoded images are kept.
  ///   - limits: what a decoded file may be; larger files are refused, not decoded.
  ///   - decode: decodes the file at a path; by default `PNGDecoder` with `limits`.
  ///   - namespace: the identifier of one name space to resolve in (a target's name, a
  ///     catalog's path); `nil` for every name space of the root.
  ///   - loader: reads sizes and pixels of every format, vectors at the scale asked for
  ///     (see ``ImageLoading``); when given, `decode` and `limits` are not used.
  /// - Throws: ``ResolveError`` with ``ResolveError/Reason/rootUnreadable(_:)`` when
  ///   `root` is not a folder, ``ResolveError/Reason/unknownNamespace(available:)`` when
  ///   the index has no name space `namespace`.
  public convenience init(
    root: String, cache: ImageCache = ImageCache(), limits: DecodingLimits = .default,
    decode: (@Sendable (String) throws -> Bitmap)? = nil, namespace: String? = nil,
    loader: (any ImageLoading)? = nil
  ) throws {
    try self.init(
      root: root, cache: cache, limits: limits, decode: decode, namespace: namespace, lookupLanes: 16,
      loader: loader)
  }

  /// Indexes `root` and creates a library over it, with `lookupLanes` copies of the index.
  ///
  /// - Parameters:
  ///   - lookupLanes: copies of the index that concurrent lookups spread over, rounded up
  ///     to a power of two, 1 to 64. Threads in different lanes never touch the same
  ///     memory; each lane costs one copy of the index (about 300 bytes an asset). 16
  ///     suits a service; a tool that looks up from one thread wants 1.
  package convenience init(
    root: String, cache: ImageCache = ImageCache(), limits: DecodingLimits = .default,
    decode: (@Sendable (String) throws -> Bitmap)? = nil, namespace: String? = nil, lookupLanes: Int,
    loader: (any ImageLoading)? = nil
  ) throws {
    guard FileSystem.isDirectory(root), let canonical = FileSystem.realPath(root) else {
      throw ResolveError(name: "", root: root, reason: .rootUnreadable("no such folder"))
    }
    let wanted = max(1, min(64, lookupLanes))
    try self.init(
      root: root, canonicalRoot: canonical, cache: cache,
      loader: loader ?? PNGLoader(limits: limits, decode: decode),
      catalog: AssetCatalog(root: canonical), namespace: namespace,
      laneCount: wanted == 1 ? 1 : 1 << (64 - UInt64(wanted - 1).leadingZeroBitCount))
  }

  private init(
    root: String, canonicalRoot: String, cache: ImageCache, loader: any ImageLoading, catalog: AssetCatalog,
    namespace: String?, laneCount: Int
  ) throws(ResolveError) {
    if let namespace { try ResolveError.requireNamespace(namespace, in: [catalog], roots: [root]) }
    self.root = root
    self.cache = cache
    self.canonicalRoot = canonicalRoot
    self.loader = loader
    self.namespace = namespace
    // A snapshot per lane: a lookup retains its snapshot, and one object shared by every
    // thread would make each lookup bounce that object's reference count between cores.
    let scope = Snapshot.Scope(catalog: catalog, namespace: namespace)
    self.lanes = (0..<laneCount).map { _ in Locked(Snapshot(scope)) }
    self.laneShift = 64 - laneCount.trailingZeroBitCount
  }

  /// A library over the same index, cache and loader, confined to one name space: the
  /// root is not indexed again.
  ///
  /// ```swift
  /// let widget = try library.confined(to: "Widget")
  /// let icon = try widget.image(named: "AppIcon", scale: 2)  // the widget's, not ambiguous
  /// ```
  ///
  /// - Parameter namespace: the identifier of a name space of the index (a target's name,
  ///   a catalog's path).
  /// - Returns: the confined library; it sees this library's index until either is
  ///   refreshed.
  /// - Throws: ``ResolveError`` with ``ResolveError/Reason/unknownNamespace(available:)``
  ///   when the index has no such name space.
  public func confined(to namespace: String) throws(ResolveError) -> AssetLibrary {
    try AssetLibrary(
      root: root, canonicalRoot: canonicalRoot, cache: cache, loader: loader, catalog: catalog,
      namespace: namespace, laneCount: lanes.count)
  }

  /// The current index (the root in it is the canonical path).
  public var catalog: AssetCatalog {
    lane().withLock { $0.catalog }
  }

  /// The file a device of `idiom` at `scale` gets for `name`, with its size read from the
  /// PNG header (once per file; ``refresh()`` forgets the sizes).
  ///
  /// - Parameters:
  ///   - name: the asset name, optionally with `.png`, a pinned `@Nx` or `~idiom`.
  ///   - scale: the screen's scale, 1 or more (smaller values count as 1).
  ///   - idiom: the device family; `nil` takes generic files first.
  /// - Returns: the chosen file and its size in pixels.
  /// - Throws: ``ResolveError``: not found (with suggestions), ambiguous, no variant for the
  ///   scale and idiom, or the header is unreadable.
  public func variant(named name: String, scale: Int = 1, idiom: Idiom? = nil) throws -> Resolution {
    try variant(named: name, for: TraitRequest(scale: Double(scale), idiom: idiom))
  }

  /// The file a screen with `request`'s scale, device and traits gets for `name`, with its
  /// size read from the PNG header (once per file; ``refresh()`` forgets the sizes).
  ///
  /// Traits fall back as UIKit's do: a dark request with no dark slot gets the default one,
  /// a P3 request the sRGB one. Any device may be asked for (`watch`, `mac`, `tv`…); a set
  /// with no slot for it throws, naming the devices it has.
  ///
  /// ```swift
  /// let dark = try library.variant(named: "AppIcon", for: TraitRequest(scale: 2, idiom: .iphone, appearance: .dark))
  /// print(dark.variant.traits)  // iphone 60x60 @2x dark
  /// ```
  ///
  /// - Parameters:
  ///   - name: the asset name, optionally with `.png`, a pinned `@Nx` or `~idiom`.
  ///   - request: the scale, device and traits asked for.
  /// - Returns: the chosen file and its size in pixels.
  /// - Throws: ``ResolveError``: not found (with suggestions), ambiguous, no variant for the
  ///   request (with the devices the asset has), or the header is unreadable.
  public func variant(named name: String, for request: TraitRequest) throws -> Resolution {
    let found = try find(name, request: request)
    let load = found.variant.loadRequest(requestedScale: found.requestedScale)
    let key = found.variant.cacheKey(for: load)
    if let size = pixelSizes.withLock({ $0[key] }) {
      return Resolution(
        name: found.name, variant: found.variant, requestedScale: found.requestedScale,
        pixelWidth: size.width, pixelHeight: size.height)
    }
    let size: PixelSize
    do {
      try checkInside(load.path, name: name)
      let pixels = try loader.pixelSize(of: load)
      size = PixelSize(width: pixels.width, height: pixels.height)
    } catch let error as ResolveError {
      throw error
    } catch {
      throw ResolveError(
        name: name, root: root, reason: .unreadable(ImageError.from(error).at(found.variant.path)))
    }
    pixelSizes.withLock { $0[key] = size }
    return Resolution(
      name: found.name, variant: found.variant, requestedScale: found.requestedScale,
      pixelWidth: size.width, pixelHeight: size.height)
  }

  /// The pixels loading the file a screen with `request`'s traits gets for `name` holds
  /// at its peak, from the loader (a header read: a JPEG drawn small by `FormatLoader`
  /// holds its reduced size); `nil` when the name does not resolve or the loader cannot
  /// tell (the load then reports why).
  ///
  /// ```swift
  /// let held = library.heldPixels(named: "photo", for: TraitRequest(scale: 2))
  /// ```
  ///
  /// - Parameters:
  ///   - name: the asset name.
  ///   - request: the scale, device and traits asked for.
  /// - Returns: width × height in pixels, or `nil`.
  public func heldPixels(named name: String, for request: TraitRequest) -> Int? {
    guard let found = try? find(name, request: request) else { return nil }
    let load = found.variant.loadRequest(requestedScale: found.requestedScale)
    guard (try? checkInside(load.path, name: name)) != nil else { return nil }
    return try? loader.heldPixels(of: load)
  }

  /// The decoded image a device of `idiom` at `scale` gets for `name`, from the cache
  /// when it is there.
  ///
  /// - Parameters:
  ///   - name: the asset name, optionally with `.png`, a pinned `@Nx` or `~idiom`.
  ///   - scale: the screen's scale, 1 or more (smaller values count as 1).
  ///   - idiom: the device family; `nil` takes generic files first.
  /// - Returns: the pixels and the file they came from.
  /// - Throws: ``ResolveError``: not found (with suggestions), ambiguous, no variant for the
  ///   scale and idiom, or the file does not decode.
  /// - Complexity: a cached image costs two hash lookups and no system call.
  public func image(named name: String, scale: Int = 1, idiom: Idiom? = nil) throws -> ResolvedImage {
    try image(named: name, for: TraitRequest(scale: Double(scale), idiom: idiom))
  }

  /// The decoded image a screen with `request`'s scale, device and traits gets for
  /// `name`, from the cache when it is there (see ``variant(named:for:)`` for the choice).
  ///
  /// - Parameters:
  ///   - name: the asset name, optionally with `.png`, a pinned `@Nx` or `~idiom`.
  ///   - request: the scale, device and traits asked for.
  /// - Returns: the pixels and the file they came from.
  /// - Throws: ``ResolveError``: not found, ambiguous, no variant for the request, or the
  ///   file does not decode.
  /// - Complexity: a cached image with default traits costs two hash lookups and no system
  ///   call; other traits add a pass over the asset's variants.
  public func image(named name: String, for request: TraitRequest) throws -> ResolvedImage {
    let found = try find(name, request: request)
    let variant = found.variant
    let load = variant.loadRequest(requestedScale: found.requestedScale)
    let bitmap: Bitmap
    do {
      bitmap = try cache.stampedImage(
        forKey: variant.cacheKey(for: load),
        load: { () throws -> (Bitmap, FileStamp?) in
          try checkInside(variant.fullPath, name: name)
          let stamp = FileSystem.stamp(variant.fullPath)
          return (try loader.load(load), stamp)
        })
    } catch let error as ResolveError {
      throw error
    } catch {
      throw ResolveError(name: name, root: root, reason: .unreadable(ImageError.from(error).at(variant.path)))
    }
    let resolution = Resolution(
      name: found.name, variant: variant, requestedScale: found.requestedScale,
      pixelWidth: bitmap.width, pixelHeight: bitmap.height)
    return ResolvedImage(bitmap: bitmap, resolution: resolution)
  }

  /// Indexes the root again and drops cached images whose file changed size or
  /// modification time (or vanished).
  ///
  /// Lookups running meanwhile keep answering from the previous index.
  public func refresh() {
    refreshing.withLock { _ in
      let scope = Snapshot.Scope(catalog: AssetCatalog(root: canonicalRoot), namespace: namespace)
      for lane in lanes {
        let snapshot = Snapshot(scope)
        lane.withLock { $0 = snapshot }
      }
      pixelSizes.withLock { $0 = [:] }
      layoutCatalogs.withLock { $0 = [:] }
      for (key, stamp) in cache.stamps() where FileSystem.isInside(key.path, root: canonicalRoot) {
        if FileSystem.stamp(key.path) != stamp { cache.removeValue(forKey: key, ifStamp: stamp) }
      }
    }
  }

  // MARK: - Lookup

  private struct Found {
    var name: String
    var variant: Variant
    var requestedScale: Int
  }

  private func lane() -> Locked<Snapshot> {
    let thread = UInt64(pthreadID())
    return lanes[Int(truncatingIfNeeded: (thread &* 0x9E37_79B9_7F4A_7C15) >> UInt64(laneShift))]
  }

  private func find(_ name: String, request: TraitRequest) throws -> Found {
    var request = request
    request.scale = max(1, request.scale)
    let answer = lane().withLock { (snapshot) -> Snapshot.Answer in
      snapshot.lookup(name, request: request)
    }
    switch answer {
    case .found(let assetName, let variant, let requestedScale):
      return Found(name: assetName, variant: variant, requestedScale: requestedScale)
    case .noVariant(let asked, let asset):
      throw ResolveError(
        name: name, root: root, reason: .noMatchingVariant(request: asked, devices: asset.devices))
    case .ambiguous(let assets):
      let catalog = self.catalog
      let candidates = assets.flatMap { asset in
        let spaces = namespace.map { [$0] } ?? catalog.namespaces(of: asset).map(\.id)
        return spaces.map { ResolveError.Candidate(name: asset.name, namespace: $0, path: asset.location) }
      }
      throw ResolveError(
        name: name, root: root,
        reason: .ambiguous(
          candidates: candidates.sorted { ($0.namespace, $0.path) < ($1.namespace, $1.path) }))
    case .missing:
      let key = AssetName(parsing: name).base
      let suggestions = lane().withLock { $0.suggestions(for: key) }
      throw ResolveError(name: name, root: root, reason: .notFound(suggestions: suggestions))
    }
  }

  /// A file is opened only when its real path lies inside the root (a link may have
  /// been swapped in since the index was built).
  private func checkInside(_ path: String, name: String) throws {
    guard let real = FileSystem.realPath(path), FileSystem.isInside(real, root: canonicalRoot) else {
      throw ResolveError(
        name: name, root: root, reason: .notFound(suggestions: []))
    }
  }
}

private struct PixelSize: Sendable {
  var width: Int
  var height: Int
}

/// An immutable index as lookups see it: the catalog plus flat tables, so a lookup
/// copies one variant and nothing else.
///
/// `@unchecked Sendable` is safe: the tables are allocated and filled in `init`, only
/// read afterwards, and freed in `deinit` when no thread can hold the snapshot. They are
/// raw buffers rather than arrays so that reading them never touches a shared reference
/// count (which would make threads contend for one cache line).
private final class Snapshot: @unchecked Sendable {
  enum Answer {
    case found(name: String, variant: Variant, requestedScale: Int)
    case noVariant(request: TraitRequest, asset: Asset)
    case ambiguous([Asset])
    case missing
  }

  let catalog: AssetCatalog
  /// The assets lookups see: the catalog's, or one name space's.
  let scope: [Asset]
  /// Per asset of `scope`, 9 entries (scales 1…3 × generic, iphone, ipad): an index into
  /// `variants`, or -1.
  private let choices: UnsafeMutableBufferPointer<Int32>
  /// Every variant of every asset, asset by asset.
  private let variants: UnsafeMutableBufferPointer<Variant>
  /// An open-addressing table from a key's hash to the key's index (-1 for an empty slot).
  private let table: UnsafeMutableBufferPointer<Int32>
  /// Each key's `hashValue`, to skip string comparisons of other keys.
  private let hashes: UnsafeMutableBufferPointer<Int>
  /// Each key: a name a request may use.
  private let keys: UnsafeMutableBufferPointer<String>
  /// Per key, the index in `scope` of the asset it means, or `-(n + 1)` for the n-th
  /// entry of `ambiguities`.
  private let targets: UnsafeMutableBufferPointer<Int32>
  /// Per key, whether it is a loose file's base name rather than the asset's own name.
  private let isAlias: UnsafeMutableBufferPointer<Bool>
  /// Per asset of `scope`, its name (a lane's own copy).
  private let names: UnsafeMutableBufferPointer<String>
  /// The candidates of each ambiguous key, as indices in `scope`.
  private let ambiguities: [[Int]]

  /// What every lane's snapshot is built from, worked out once per index: the assets a
  /// lookup sees, their names, and UIKit's choice for each default-trait request.
  struct Scope {
    let catalog: AssetCatalog
    let assets: [Asset]
    let lookup: NameLookup
    /// Per asset, ``Asset/defaultChoices``.
    let choices: [[Int]]

    init(catalog: AssetCatalog, namespace: String?) {
      self.catalog = catalog
      if let namespace {
        assets = catalog.namespace(namespace)?.assets ?? []
        lookup = NameLookup(assets)
      } else {
        assets = catalog.assets
        lookup = catalog.lookup
      }
      choices = assets.map(\.defaultChoices)
    }
  }

  init(_ prepared: Scope) {
    self.catalog = prepared.catalog
    let scope = prepared.assets
    let lookup = prepared.lookup
    self.scope = scope
    var choices: [Int32] = []
    var variants: [Variant] = []
    choices.reserveCapacity(scope.count * 9)
    for (asset, assetChoices) in zip(scope, prepared.choices) {
      let base = Int32(variants.count)
      for choice in assetChoices { choices.append(choice < 0 ? -1 : base + Int32(choice)) }
      variants += asset.variants.map { $0.unshared() }
    }
    self.choices = .allocate(capacity: choices.count)
    _ = self.choices.initialize(from: choices)
    self.variants = .allocate(capacity: variants.count)
    _ = self.variants.initialize(from: variants)
    let keyCount = lookup.keys.count
    var capacity = 16
    while capacity < keyCount * 2 { capacity <<= 1 }
    table = .allocate(capacity: capacity)
    table.initialize(repeating: -1)
    hashes = .allocate(capacity: keyCount)
    keys = .allocate(capacity: keyCount)
    targets = .allocate(capacity: keyCount)
    isAlias = .allocate(capacity: keyCount)
    names = .allocate(capacity: scope.count)
    // Fresh strings, like the variants': a lane never shares a reference count with another.
    func fresh(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
    _ = names.initialize(from: scope.lazy.map { fresh($0.name) })
    var ambiguities: [[Int]] = []
    for (index, key) in lookup.keys.enumerated() {
      (keys.baseAddress! + index).initialize(to: fresh(key))
      let matches = lookup.matches(key)
      if matches.count == 1 {
        targets[index] = Int32(matches[0])
      } else {
        ambiguities.append(matches)
        targets[index] = -Int32(ambiguities.count)
      }
      isAlias[index] = scope[matches[0]].name != key
      let hash = key.hashValue
      hashes[index] = hash
      var slot = hash & (capacity - 1)
      while table[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
      table[slot] = Int32(index)
    }
    self.ambiguities = ambiguities
  }

  deinit {
    choices.deallocate()
    variants.deinitialize().deallocate()
    table.deallocate()
    hashes.deallocate()
    keys.deinitialize().deallocate()
    targets.deallocate()
    isAlias.deallocate()
    names.deinitialize().deallocate()
  }

  /// The index of the key `name`, probing the table.
  private func keyIndex(_ name: String) -> Int? {
    let hash = name.hashValue
    let mask = table.count - 1
    var slot = hash & mask
    while true {
      let index = Int(table[slot])
      if index < 0 { return nil }
      if hashes[index] == hash, keys[index] == name { return index }
      slot = (slot + 1) & mask
    }
  }

  func lookup(_ name: String, request: TraitRequest) -> Answer {
    let scale = request.wholeScale
    let fileIdiom = request.idiom?.fileIdiom
    if scale <= 3, request.hasDefaultTraits, request.idiom == nil || fileIdiom != nil, Snapshot.isPlain(name)
    {
      // Most requests are a bare asset name at scale 1…3 with default traits: no parsing,
      // no new strings.
      guard let key = keyIndex(name) else { return .missing }
      let index = Int(targets[key])
      guard index >= 0 else { return .ambiguous(ambiguities[-index - 1].map { scope[$0] }) }
      let column: Int
      switch fileIdiom {
      case nil: column = 0
      case .iphone: column = 1
      case .ipad: column = 2
      default: column = 0
      }
      let choice = Int(choices[index * 9 + (scale - 1) * 3 + column])
      guard choice >= 0 else { return .noVariant(request: request, asset: scope[index]) }
      return .found(
        name: isAlias[key] ? names[index] : name, variant: variants[choice], requestedScale: scale)
    }
    // A name that is itself an asset's is that asset, before its suffixes are read: UIKit
    // looks a catalog name up whole ("logo.pdf", "star@3x"), and the index names a loose
    // "badge.svg@2x.png" "badge.svg".
    let parsed =
      Snapshot.isPlain(name) || keyIndex(name) != nil ? AssetName(base: name) : AssetName(parsing: name)
    guard parsed.ext == "png", let key = keyIndex(parsed.base) else { return .missing }
    let index = Int(targets[key])
    guard index >= 0 else { return .ambiguous(ambiguities[-index - 1].map { scope[$0] }) }
    let asset = scope[index]
    var asked = request
    if let pinned = parsed.scale { asked.scale = Double(pinned) }
    if let pinned = parsed.idiom { asked.idiom = pinned }
    guard
      let choice = ScaleRule.choose(
        in: asset.variants, request: asked, pinnedScale: parsed.scale != nil, pinnedIdiom: parsed.idiom != nil
      )
    else { return .noVariant(request: asked, asset: asset) }
    return .found(name: asset.name, variant: asset.variants[choice], requestedScale: asked.wholeScale)
  }

  /// Names close to `name` among the keys lookups see.
  func suggestions(for name: String) -> [String] {
    Suggestions.nearest(to: name, in: (0..<keys.count).lazy.map { self.keys[$0] }, limit: 3)
  }

  /// Whether `name` has no `@`, `~` or `.`, so it is an asset name as it stands.
  private static func isPlain(_ name: String) -> Bool {
    let scan = name.utf8.withContiguousStorageIfAvailable { bytes in
      !bytes.contains { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: ".") }
    }
    return scan ?? !name.utf8.contains {
      $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: ".")
    }
  }
}

/// The calling thread's identity as a number.
private func pthreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
