import AssetIndex
import AssetResolver

/// A sheet's icons from an `AssetLibrary`: the scale rule, catalogs and the decoded-image
/// cache of the resolver, so sheets and services resolve names the same way.
///
/// ```swift
/// let library = try AssetLibrary(root: "Assets/Demo")
/// let renderer = SheetRenderer(content: content, layout: layout, dataSource: AssetLibrarySource(library))
/// ```
public struct AssetLibrarySource: SheetDataSource {
  /// The library icons are resolved in.
  public let library: AssetLibrary
  /// The device and traits icons are resolved for; each icon takes the sheet's scale.
  public let traits: TraitRequest
  /// The paths of the sets whose images are templates (drawn tinted), from the index.
  private let templateSets: Set<String>
  /// The image stacks among its assets, each drawn as one tile.
  private let stacks: ImageStacks

  /// Creates a data source over `library`.
  ///
  /// - Parameters:
  ///   - library: where icons resolve.
  ///   - traits: the device, appearance and gamut to draw (its scale is replaced by the
  ///     sheet's); by default a generic iOS screen with default traits.
  public init(_ library: AssetLibrary, traits: TraitRequest = TraitRequest(scale: 1)) {
    self.library = library
    self.traits = traits
    self.templateSets = Set(
      library.catalog.sets.lazy.filter { $0.properties.isTemplate || $0.kind == .symbolSet }.map(\.path))
    self.stacks = ImageStacks(assets: Self.assets(of: library), root: library.root)
  }

  /// The icon by the resolver's scale rule and trait fallback; names never leave the
  /// library's root. An icon of a template set (`template-rendering-intent: template`) or a
  /// symbol set is marked ``SheetIcon/isTemplate``. A set with no variant for the device
  /// asked (a tvOS Top Shelf image on an iOS sheet, an iPhone launch image in a tvOS target)
  /// is drawn from the first device it has, and the icon says which
  /// (``SheetIcon/drawnFor``): a placeholder only where no file exists.
  ///
  /// - Parameters:
  ///   - name: the asset name.
  ///   - scale: the sheet's scale.
  /// - Returns: the decoded icon.
  /// - Throws: ``SheetIconError/notFound(name:)`` when no asset has the name;
  ///   ``SheetIconError/unreadable(name:reason:)`` when its file cannot be read or the name is
  ///   ambiguous.
  public func icon(named name: String, scale: Int) throws -> SheetIcon {
    var request = traits
    request.scale = Double(scale)
    if let layers = stacks.layers[name] {
      var icons: [SheetIcon] = []
      for layer in layers {
        do {
          icons.append(try icon(named: layer, request: request, otherDeviceAllowed: true))
        } catch SheetIconError.notFound {
          continue  // A layer without a file: the stack is drawn without it.
        }
      }
      guard let stack = ImageStacks.composite(icons) else { throw SheetIconError.notFound(name: name) }
      return stack
    }
    return try icon(named: name, request: request, otherDeviceAllowed: true)
  }

  /// The assets of `library`'s name space (or of its whole index).
  static func assets(of library: AssetLibrary) -> [Asset] {
    let catalog = library.catalog
    return library.namespace.flatMap { catalog.namespace($0)?.assets } ?? catalog.assets
  }

  private func icon(named name: String, request: TraitRequest, otherDeviceAllowed: Bool) throws -> SheetIcon {
    do {
      let image = try library.image(named: name, for: request)
      let path = image.resolution.path
      let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
      return SheetIcon(
        bitmap: image.bitmap, scale: Int(image.resolution.scale), isFallback: image.resolution.isFallback,
        isTemplate: !templateSets.isEmpty && templateSets.contains(folder))
    } catch let error as ResolveError {
      let reason: String
      switch error.reason {
      case .notFound: throw SheetIconError.notFound(name: name)
      case .noMatchingVariant(let asked, let devices):
        guard !devices.isEmpty else { throw SheetIconError.notFound(name: name) }
        if otherDeviceAllowed, let device = devices.first {
          var other = request
          other.idiom = device
          var icon = try self.icon(named: name, request: other, otherDeviceAllowed: false)
          icon.drawnFor = device.rawValue
          return icon
        }
        reason =
          "no variant for \(asked.idiom.map(\.rawValue) ?? "a generic iOS screen"); it has variants for "
          + devices.map(\.rawValue).joined(separator: ", ")
      case .unreadable(let underlying): reason = underlying.message
      default: reason = error.description
      }
      throw SheetIconError.unreadable(name: name, reason: reason)
    }
  }

  /// The pixels decoding the file the resolver chooses for `name` holds, from its header:
  /// the reduced size of a large JPEG or WebP the library's loader decodes reduced, the
  /// file's own size otherwise.
  ///
  /// - Parameters:
  ///   - name: the asset name.
  ///   - scale: the sheet's scale.
  /// - Returns: width × height in pixels, or `nil` when the name does not resolve or the
  ///   header cannot be read (the decode then reports why).
  public func pixelArea(named name: String, scale: Int) -> Int? {
    var request = traits
    request.scale = Double(scale)
    return library.heldPixels(named: name, for: request)
  }

  /// Every asset name of the library's index (or of its name space), sorted, each once.
  ///
  /// A name that several name spaces provide appears once; its tile reports the
  /// ambiguity unless the library is confined to one name space (`icongrid sheet` draws a
  /// section per name space, each from a library confined to it). The layers of an image
  /// stack are listed once, under the stack's name, and drawn composited, back layer first.
  ///
  /// - Returns: the names, sorted, each once.
  /// - Throws: nothing: the names come from the index the library already holds (the
  ///   protocol lets other sources fail).
  public func assetNames() throws -> [String] {
    ImageStacks.sheetNames(Self.assets(of: library))
  }
}
