/// Colours and what to draw besides the icons.
public struct SheetStyle: Sendable, Hashable {
  /// The sheet's background; an opaque one makes an RGB PNG (smaller, faster).
  public var background: SheetColor
  /// The colour of labels, headers and the title.
  public var labelColor: SheetColor
  /// Whether tiles show their names.
  public var showLabels: Bool
  /// The colour template images are drawn in; `nil` for the label colour.
  public var tint: SheetColor?

  /// Creates a style: by default black-ish labels on white.
  ///
  /// - Parameters:
  ///   - background: the sheet's background; an opaque one makes an RGB PNG.
  ///   - labelColor: the colour of labels, headers and the title.
  ///   - showLabels: whether tiles show their names.
  ///   - tint: the colour template images are drawn in; `nil` for `labelColor`.
  public init(
    background: SheetColor = .white, labelColor: SheetColor = .label, showLabels: Bool = true,
    tint: SheetColor? = nil
  ) {
    self.background = background
    self.labelColor = labelColor
    self.showLabels = showLabels
    self.tint = tint
  }

  /// The colour template images are drawn in: ``tint``, or the label colour.
  public var templateColor: SheetColor { tint ?? labelColor }
}

/// What a rendered sheet holds: its size and what could not be drawn as asked.
public struct SheetSummary: Sendable, Hashable {
  /// Width in pixels.
  public var widthPixels: Int
  /// Height in pixels.
  public var heightPixels: Int
  /// Pixels per point.
  public var scale: Int
  /// Tiles drawn, placeholders included.
  public var tiles: Int
  /// Sections (titled or not).
  public var sections: Int
  /// Icons with no file, each once, in sheet order; their tiles are placeholders.
  public var missing: [String]
  /// Icons whose file could not be decoded, each once, in sheet order.
  public var unreadable: [String]
  /// Icons drawn from a file of another scale, each once, in sheet order.
  public var fallbacks: [String]
  /// Icons drawn from another device's file (the tile's blue tag), each once, in sheet order.
  public var drawnFor: [OtherDevice] = []

  /// An icon drawn from the file of a device other than the sheet's.
  public struct OtherDevice: Sendable, Hashable {
    /// The icon's name.
    public var icon: String
    /// The device whose file was drawn: `tv`, `mac`, `watch`, …
    public var device: String
  }
}
