/// The font a sheet's labels are drawn in: a family fontconfig looks up, or a font file.
///
/// Either way, a character the font lacks is drawn with the font fontconfig prefers for it
/// (Chinese, Arabic, Devanagari…), and every label is shaped (HarfBuzz) and ordered for
/// right-to-left scripts (FriBidi).
///
/// ```swift
/// let sans = LabelFont.family("Noto Sans")
/// let brand = LabelFont.file("/srv/fonts/Brand-Regular.otf")
/// ```
public struct LabelFont: Sendable, Hashable, CustomStringConvertible {
  let source: FontSource

  /// fontconfig's default sans-serif font.
  public static let systemDefault = LabelFont(source: .family("sans-serif"))

  /// The font fontconfig picks for `name`.
  ///
  /// - Parameter name: a family name or alias, such as "DejaVu Sans", "Noto Sans" or "serif";
  ///   an unknown family gets fontconfig's substitute.
  /// - Returns: the font, found when a renderer is created.
  public static func family(_ name: String) -> LabelFont {
    LabelFont(source: .family(name))
  }

  /// The face at `faceIndex` in the font file at `path` (TrueType, OpenType or a collection).
  ///
  /// - Parameters:
  ///   - path: the font file.
  ///   - faceIndex: which face of a collection (`.ttc`); 0 for a single font.
  /// - Returns: the font, opened when a renderer is created.
  public static func file(_ path: String, faceIndex: Int = 0) -> LabelFont {
    LabelFont(source: .file(path, index: faceIndex))
  }

  /// The family, or the file (and face index), as given.
  public var description: String {
    switch source {
    case .family(let name): name
    case .file(let path, let index): index == 0 ? path : "\(path)#\(index)"
    }
  }
}

extension SheetRenderer {
  /// Creates a renderer that draws the tiles' labels, the title and section headers in
  /// `labelFont`.
  ///
  /// Labels are `layout.options.fontSize` points (× the scale, in pixels); the title and
  /// headers a quarter bigger. Shortened labels stay distinct: when two names would shorten
  /// alike, they are cut in the middle to show where they differ.
  ///
  /// - Parameters:
  ///   - content: the tiles.
  ///   - layout: where they go, and the scale.
  ///   - style: colours, and whether tiles show their labels.
  ///   - dataSource: where the icons come from.
  ///   - labelFont: the font of every text on the sheet.
  /// - Throws: ``FontError`` when the font cannot be found or opened.
  public init(
    content: SheetContent, layout: SheetLayout, style: SheetStyle = .init(), dataSource: any SheetDataSource,
    labelFont: LabelFont
  ) throws(FontError) {
    let scale = layout.options.scale
    let labels = try LabelRasterizer(font: labelFont, pixelSize: layout.options.fontSize * scale)
    let headings = try LabelRasterizer(
      font: labelFont, pixelSize: (layout.options.fontSize * scale * 5 + 2) / 4)
    self.init(
      content: content, layout: layout, style: style, dataSource: dataSource, labels: labels,
      headings: headings)
  }
}
