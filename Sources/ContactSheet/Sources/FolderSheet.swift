import AssetIndex
import AssetResolver
import IconGridSupport
import SheetManifest

/// A sheet of every asset of a folder, from one index of it: what `icongrid sheet FOLDER`
/// draws.
///
/// The folder is indexed once. Apple assets resolve by UIKit's rule, Flutter, React Native
/// and Android ones by their platform's (``AssetTreeSource``). When the folder holds several
/// Apple name spaces (an app and its widget, two catalogs no project ties together), each
/// gets a section of its own, resolved in its own name space, so that a name both provide
/// is drawn twice rather than as an ambiguous placeholder; a target that builds for no iOS
/// device (a Mac or watch app) is drawn as its own device sees it. The other layouts'
/// assets follow in one more section.
///
/// ```swift
/// let folder = try FolderSheet(root: "MyApp", library: AssetLibrary(root: "MyApp", loader: FormatLoader()))
/// let content = folder.content()
/// let layout = try SheetLayout(content: content, options: SheetLayoutOptions())
/// let summary = try SheetRenderer(content: content, layout: layout, dataSource: folder.dataSource, labels: labels)
///   .write(to: "MyApp.png")
/// ```
public struct FolderSheet: Sendable {
  /// One section of a sheet split by name space.
  public struct Section: Sendable, Hashable {
    /// The header row: a target's name, a catalog's path, or what the other assets are.
    public var title: String
    /// The name space's identifier; `nil` for the Flutter, React Native and Android section.
    public var namespace: String?
    /// `target`, `catalog`, `files`, or the layouts of the other section (`flutter`).
    public var kind: String
    /// The asset names of the section, sorted, each once.
    public var names: [String]
    /// The device the section is drawn for when it chose one (a Mac or watch target);
    /// `nil` for the sheet's own.
    public var device: Idiom? = nil
  }

  /// What one section's tiles came to once drawn.
  public struct SectionSummary: Sendable, Hashable {
    /// The section.
    public var section: Section
    /// Its tiles drawn as placeholders (no file, or none that can be read).
    public var missing: [String]
    /// Its tiles drawn from another scale's file.
    public var fallbacks: [String]
  }

  /// The library the folder was indexed into.
  public let library: AssetLibrary
  /// The sections, top to bottom; empty when the sheet is not split (one name space, a
  /// target chosen, or `splitByNamespace` off).
  public var sections: [Section] { split?.parts ?? [] }
  /// Where the tiles of ``content(labelledBy:)`` resolve.
  public var dataSource: any SheetDataSource { split?.source ?? flat }

  let flat: AssetTreeSource
  let split: NamespaceSections?

  /// Reads a folder for a sheet.
  ///
  /// - Parameters:
  ///   - library: the folder's library (its name space, if it is confined to one, is the
  ///     sheet's); give it `ImageDecoding`'s `FormatLoader` to draw every format.
  ///   - traits: the device and traits icons are drawn for; the scale is the sheet's.
  ///   - layout: read the whole folder in this layout; `nil` to detect each part's.
  ///   - splitByNamespace: give each Apple name space a section of its own when there are
  ///     several and the library is not confined to one.
  /// - Throws: ``ResolveError`` when a name space of the index cannot be confined to.
  public init(
    library: AssetLibrary, traits: TraitRequest = TraitRequest(scale: 1), layout: Layout? = nil,
    splitByNamespace: Bool = true
  ) throws(ResolveError) {
    self.library = library
    flat = AssetTreeSource(library: library, traits: traits, layout: layout)
    split =
      splitByNamespace && library.namespace == nil
      ? try NamespaceSections.make(flat: flat, traits: traits) : nil
  }

  /// The sheet's tiles: a titled section per name space when split, else every asset name
  /// in one untitled section.
  ///
  /// - Parameter label: what labels say; `nil` for each asset's own name.
  /// - Returns: the content, empty when the folder has no assets.
  public func content(labelledBy label: SheetLabelSource? = nil) -> SheetContent {
    if let split { return split.content(labelledBy: label) }
    let content = SheetContent(assetNames: (try? flat.assetNames()) ?? [])
    return label.map { content.labelled(by: $0) } ?? content
  }

  /// What was drawn otherwise than the sheet asked (another device's file, an adaptive
  /// icon's bitmap, an enlarged density), sorted; read after rendering.
  public var notes: [String] {
    let sections =
      split?.source.sources.compactMap { ($0 as? OtherDeviceSource)?.notes.withLock { $0 } } ?? []
    return (flat.notes + sections.joined()).sorted()
  }

  /// Each section's placeholders and fallbacks, from the renderer's summary; empty when the
  /// sheet is not split.
  ///
  /// - Parameter summary: what the renderer reported.
  /// - Returns: one summary per section, in sheet order.
  public func sectionSummaries(_ summary: SheetSummary) -> [SectionSummary] {
    split?.summaries(summary) ?? []
  }
}
