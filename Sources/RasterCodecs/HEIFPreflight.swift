import ImageCore

/// The budgets a HEIF file must meet before libheif reads it, checked on its boxes.
///
/// libheif 1.15 builds every item and grid while it reads the container, before the
/// primary image's size can be asked: a grid of 16,385 tiles costs over a minute there, a
/// grid of 7,744 small tiles 29 s, and a coded stream larger than its `ispe` is decoded at
/// the coded size (1.6 GB for 16,384² under a 64² `ispe`). These checks read the `meta`
/// box alone (``HEIFBoxes``) and refuse such files in microseconds.
enum HEIFPreflight {
  /// The most items a file may declare: an iPhone photo has about 60 (48 tiles, a
  /// thumbnail, Exif, depth and gain maps).
  static let maxItems = 2_048
  /// The most tiles a grid may have: 1,024 tiles of 256² fill the 32-megapixel limit; each
  /// tile costs libheif a decoder set-up of about 4 ms.
  static let maxGridTiles = 1_024
  /// HEVC codes whole coding blocks (up to 64 pixels), so a coded size may exceed the
  /// `ispe` size by less than this.
  static let codedSlack = 64

  /// Checks the boxes of `buffer` against the budgets and `limits`.
  ///
  /// - Throws: ``ImageError/Code/limitExceeded`` naming the budget: too many items, too many
  ///   tiles in a grid, a grid, tile or coded stream beyond the pixel limits, tiles that
  ///   add up to more pixels than the limits; ``ImageError/Code/corruptData`` when a coded
  ///   stream is larger than the `ispe` size it is declared under.
  static func check(
    _ buffer: UnsafeBufferPointer<UInt8>, format: ImageFormat, limits: DecodingLimits
  ) throws(ImageError) {
    let boxes = HEIFBoxes(buffer, itemLimit: maxItems)
    let name = format.name
    guard boxes.declaredItems <= maxItems else {
      throw ImageError(
        .limitExceeded,
        "\(name) file declares \(boxes.declaredItems) items; the budget is \(maxItems) items (HEIFPreflight.maxItems)"
      )
    }
    for item in boxes.items.values {
      if let size = item.declared, ["hvc1", "av01", "grid"].contains(item.type) {
        try limits.checkRaster(width: size.width, height: size.height, format: format)
      }
      if let coded = item.coded {
        try limits.checkRaster(width: coded.width, height: coded.height, format: format)
        if let declared = item.declared,
          coded.width >= declared.width + codedSlack || coded.height >= declared.height + codedSlack
        {
          throw ImageError(
            .corruptData,
            "\(name) image codes \(coded.width)×\(coded.height) pixels but its header (ispe) says \(declared.width)×\(declared.height); the file is damaged"
          )
        }
      }
      try checkGrid(item, in: boxes, format: format, limits: limits)
    }
  }

  private static func checkGrid(
    _ item: HEIFBoxes.Item, in boxes: HEIFBoxes, format: ImageFormat, limits: DecodingLimits
  ) throws(ImageError) {
    let name = format.name
    let declaredTiles = item.grid.map { $0.rows * $0.columns } ?? 0
    let tiles = max(declaredTiles, item.derivedFrom)
    guard tiles <= maxGridTiles else {
      throw ImageError(
        .limitExceeded,
        "\(name) grid has \(tiles) tiles; the budget is \(maxGridTiles) tiles (HEIFPreflight.maxGridTiles)")
    }
    if let grid = item.grid {
      try limits.checkRaster(width: grid.width, height: grid.height, format: format)
    }
    var pixels = 0
    for tile in item.tiles {
      guard let size = boxes.items[tile]?.declared else { continue }
      try limits.checkRaster(width: size.width, height: size.height, format: format)
      pixels += size.width * size.height
      guard pixels <= limits.maxPixels else {
        throw ImageError(
          .limitExceeded,
          "\(name) grid's tiles hold more than \(limits.maxPixels) pixels together; raise the decoding limits to read it"
        )
      }
    }
  }
}
