internal import CFreeType
internal import CHarfBuzz
import IconGridSupport
import ImageCore

/// One FreeType face at the rasterizer's pixel size, owned by a ``FontEngine``.
struct FontFace {
  /// Small integer that names the face in the glyph cache.
  let id: Int
  let handle: FT_Face
  let file: String
  let index: Int
  let family: String
  /// HarfBuzz's view of `handle` (hb-ft): it reads the font's tables and unhinted advances
  /// through the FreeType face, so it is used under the same lock.
  let shaper: OpaquePointer

  var description: String { "\(family) (\(file)\(index == 0 ? "" : "#\(index)"))" }

  /// The glyph for `scalar`, or 0 (the missing-glyph box) when this face has none.
  func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
    UInt32(FT_Get_Char_Index(handle, FT_ULong(scalar.value)))
  }

  /// Whether the face maps `scalar` to a glyph of its own.
  func covers(_ scalar: Unicode.Scalar) -> Bool { glyphIndex(for: scalar) != 0 }
}

/// A rendered glyph: its coverage, where it sits relative to the pen, and how far it moves it.
struct GlyphImage {
  /// Pixels from the pen to the bitmap's left edge.
  var left: Int
  /// Pixels from the baseline up to the bitmap's top row.
  var top: Int
  var width: Int
  var height: Int
  var coverage: [UInt8]

  static let empty = GlyphImage(left: 0, top: 0, width: 0, height: 0, coverage: [])
}

/// Where a ``FontEngine``'s primary face comes from.
enum FontSource: Sendable, Hashable {
  /// A fontconfig family name or alias ("DejaVu Sans", "sans-serif").
  case family(String)
  /// A font file and the index of the face in it (collections hold several).
  case file(String, index: Int)
}

/// The FreeType library, the fontconfig configuration and every face they opened.
///
/// Not thread-safe (FreeType faces are not): ``LabelRasterizer`` keeps it behind a mutex.
final class FontEngine {
  private let library: FT_Library
  private let config: OpaquePointer
  let primary: FontFace
  let pixelSize: Int
  /// Baseline from the top of a line and the line's height, in pixels, from the primary face.
  let ascender: Int
  let lineHeight: Int
  private let requestedFamily: String

  private var faces: [FaceKey: FontFace]
  private var unusableFaces: Set<FaceKey> = []
  private var fallbacks: [FallbackKey: Int?] = [:]
  private var facesByID: [FontFace]
  private var glyphs = GlyphImageStore(limit: FontEngine.glyphCacheLimit)
  var masks = BoundedMaskCache(capacity: 256)
  /// Labels shaped whole, so measuring a label, reading its advances and cutting it shape
  /// it once.
  var labels = ShapedLabelCache(capacity: 8192, glyphLimit: 1 << 17)
  /// The last shortened candidates measured, so the one chosen is not shaped again to be
  /// fitted for drawing.
  var candidates = ShapedLabelCache(capacity: 16, glyphLimit: 4096)
  /// The advances of a character before "…" and of "…" before it (``LabelCuts``).
  var ellipsisPairs: [EllipsisPairKey: (before: Int32, after: Int32)] = [:]
  /// ``ellipsisPairs`` of the one-byte characters without a language hint, by byte.
  var asciiEllipsisPairs = [(before: Int32, after: Int32)?](repeating: nil, count: 128)
  /// The cuts of the last text measured (``cuts(ofText:label:characters:ellipsis:)``).
  var lastCuts: (text: String, cuts: LabelCuts?)?
  /// "…" shaped for each language hint met (``LabelText/languageHint(_:)``: four at most).
  var ellipses: [String?: ShapedLine] = [:]
  /// Labels fitted before they are drawn (``LabelRasterizer/prepare(_:maxWidth:)``).
  var fitted = FittedLabelCache(capacity: 8192, glyphLimit: 1 << 17)
  /// Fittings drawn lately (``preparedLayout(_:maxWidth:)``), for labels drawn again soon.
  var drawn = RecentFittings(capacity: 256)
  /// Whether the primary face has each one-byte character: 1 or 0, -1 before it is asked.
  var primaryASCII = [Int8](repeating: -1, count: 128)
  /// The one HarfBuzz buffer every shaping call reuses (under the engine's lock).
  let buffer: OpaquePointer
  /// Lines shaped so far, so tests can check that a label is not shaped again to be drawn.
  var linesShaped = 0

  /// Labels use a few hundred distinct glyphs at most; the cap only stops a hostile stream of
  /// distinct characters from growing memory without bound.
  private static let glyphCacheLimit = 4096

  private struct FaceKey: Hashable {
    var file: String
    var index: Int
  }

  private struct FallbackKey: Hashable {
    var scalar: UInt32
    var language: String?
  }

  /// Opens FreeType and fontconfig and loads the primary face for `family`.
  ///
  /// - Throws: ``FontError`` when the size is not positive, a library cannot start, or no
  ///   font at all matches.
  convenience init(family: String, pixelSize: Int) throws(FontError) {
    try self.init(source: .family(family), pixelSize: pixelSize)
  }

  /// Opens FreeType and fontconfig and loads the primary face from `source`; characters it
  /// lacks come from the fonts fontconfig prefers for them (for a file, by its family name).
  ///
  /// - Throws: ``FontError`` when the size is not positive, a library cannot start, the file
  ///   cannot be opened as a font, or no font at all matches the family.
  init(source: FontSource, pixelSize: Int) throws(FontError) {
    // Labels are small; the cap bounds the glyph cache (a glyph is up to pixelSize² bytes).
    guard pixelSize > 0, pixelSize <= 512 else {
      throw FontError(code: .invalidSize, reason: "pixel size \(pixelSize) is not in 1...512")
    }
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw FontError(code: .library, reason: "FreeType could not be initialised")
    }
    guard let config = FcInitLoadConfigAndFonts() else {
      FT_Done_FreeType(library)
      throw FontError(code: .library, reason: "fontconfig could not load its configuration")
    }
    let match: Match?
    let family: String
    switch source {
    case .family(let name):
      family = name
      match = Self.bestMatch(config: config, family: name, scalar: nil, language: nil)
    case .file(let path, let index):
      family = Self.familyName(library: library, file: path, index: index) ?? "sans-serif"
      match = Match(file: path, index: index, family: family)
    }
    guard let match, let face = Self.openFace(library: library, match: match, id: 0, pixelSize: pixelSize)
    else {
      FcConfigDestroy(config)
      FT_Done_FreeType(library)
      if case .file(let path, _) = source {
        throw FontError(code: .noFont, reason: "\(path) cannot be opened as a scalable font")
      }
      throw FontError(code: .noFont, reason: "fontconfig found no usable font", family: family)
    }
    guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
      hb_font_destroy(face.shaper)
      FT_Done_Face(face.handle)
      FcConfigDestroy(config)
      FT_Done_FreeType(library)
      throw FontError(code: .library, reason: "HarfBuzz could not allocate a buffer")
    }
    self.buffer = buffer
    self.library = library
    self.config = config
    self.primary = face
    self.pixelSize = pixelSize
    self.requestedFamily = family
    self.faces = [FaceKey(file: face.file, index: face.index): face]
    self.facesByID = [face]
    let metrics = face.handle.pointee.size.pointee.metrics
    // FreeType rounds these outwards to whole pixels for scalable faces; round again anyway so
    // bitmap-only faces cannot leave a fraction.
    let ascender = Int((metrics.ascender + 63) >> 6)
    let descender = Int(metrics.descender >> 6)
    self.ascender = max(ascender, 1)
    self.lineHeight = max(ascender - descender, self.ascender)
  }

  deinit {
    hb_buffer_destroy(buffer)
    for face in facesByID {
      // HarfBuzz's font holds its own reference to the FreeType face: release it first.
      hb_font_destroy(face.shaper)
      FT_Done_Face(face.handle)
    }
    FT_Done_FreeType(library)
    FcConfigDestroy(config)
  }

  // MARK: Faces

  /// A font pattern's file, face index and family name.
  struct Match {
    var file: String
    var index: Int
    var family: String
  }

  /// The best font for `family` (and, when given, one that covers `scalar`), by fontconfig's
  /// own ranking after its usual substitutions (aliases such as "sans-serif", language).
  private static func bestMatch(
    config: OpaquePointer, family: String, scalar: Unicode.Scalar?, language: String?
  ) -> Match? {
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    _ = FcPatternAddString(pattern, icongrid_fc_family, family)
    _ = FcPatternAddBool(pattern, icongrid_fc_scalable, FcBool(FcTrue))
    if let language {
      _ = FcPatternAddString(pattern, icongrid_fc_lang, language)
    }
    if let scalar {
      guard let charset = FcCharSetCreate() else { return nil }
      _ = FcCharSetAddChar(charset, FcChar32(scalar.value))
      // The pattern takes its own reference to the charset.
      _ = FcPatternAddCharSet(pattern, icongrid_fc_charset, charset)
      FcCharSetDestroy(charset)
    }
    guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
    FcDefaultSubstitute(pattern)

    guard let scalar else {
      var result = FcResultMatch
      guard let font = FcFontMatch(config, pattern, &result) else { return nil }
      defer { FcPatternDestroy(font) }
      return match(in: font)
    }
    // FcFontMatch ranks coverage highly but does not promise it, so walk the sorted list and
    // take the first font whose charset really has the character.
    var result = FcResultMatch
    guard let sorted = FcFontSort(config, pattern, FcBool(FcFalse), nil, &result) else { return nil }
    defer { FcFontSetDestroy(sorted) }
    let count = Int(sorted.pointee.nfont)
    for position in 0..<count {
      guard let font = sorted.pointee.fonts[position] else { continue }
      var charset: OpaquePointer?
      guard FcPatternGetCharSet(font, icongrid_fc_charset, 0, &charset) == FcResultMatch,
        let charset, FcCharSetHasChar(charset, FcChar32(scalar.value)) != 0
      else { continue }
      if let found = match(in: font) { return found }
    }
    return nil
  }

  private static func match(in font: OpaquePointer) -> Match? {
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(font, icongrid_fc_file, 0, &file) == FcResultMatch, let file else {
      return nil
    }
    var index: Int32 = 0
    if FcPatternGetInteger(font, icongrid_fc_index, 0, &index) != FcResultMatch { index = 0 }
    var family: UnsafeMutablePointer<FcChar8>?
    let familyName =
      FcPatternGetString(font, icongrid_fc_family, 0, &family) == FcResultMatch
      ? family.map { String(cString: $0) } ?? "?" : "?"
    return Match(file: String(cString: file), index: Int(index), family: familyName)
  }

  private static func openFace(library: FT_Library, match: Match, id: Int, pixelSize: Int) -> FontFace? {
    var handle: FT_Face?
    guard FT_New_Face(library, match.file, FT_Long(match.index), &handle) == 0, let handle else {
      return nil
    }
    // Bitmap-only faces (colour emoji strikes) refuse sizes they lack: skip them rather than
    // draw glyphs at the wrong size.
    guard FT_Set_Pixel_Sizes(handle, 0, FT_UInt(pixelSize)) == 0 else {
      FT_Done_Face(handle)
      return nil
    }
    // hb-ft takes its own reference to the face and reads unhinted advances (its default load
    // flags), so positions are the font's design scaled to the pixel size, in 26.6.
    guard let shaper = hb_ft_font_create_referenced(handle) else {
      FT_Done_Face(handle)
      return nil
    }
    return FontFace(
      id: id, handle: handle, file: match.file, index: match.index, family: match.family, shaper: shaper)
  }

  /// The family name a font file declares, or `nil` when it is not a font FreeType reads.
  private static func familyName(library: FT_Library, file: String, index: Int) -> String? {
    var handle: FT_Face?
    guard FT_New_Face(library, file, FT_Long(index), &handle) == 0, let handle else { return nil }
    defer { FT_Done_Face(handle) }
    return handle.pointee.family_name.map { String(cString: $0) }
  }

  /// The face fontconfig prefers for a character the primary face lacks, or `nil` when no
  /// installed font covers it. Cached per character and language, including misses.
  private func fallbackFace(for scalar: Unicode.Scalar, language: String?) -> FontFace? {
    let key = FallbackKey(scalar: scalar.value, language: language)
    if let known = fallbacks[key] {
      return known.map { facesByID[$0] }
    }
    var chosen: FontFace?
    if let match = Self.bestMatch(
      config: config, family: requestedFamily, scalar: scalar, language: language),
      let face = face(for: match), face.glyphIndex(for: scalar) != 0
    {
      chosen = face
    }
    fallbacks[key] = chosen?.id
    return chosen
  }

  private func face(for match: Match) -> FontFace? {
    let key = FaceKey(file: match.file, index: match.index)
    if let face = faces[key] { return face }
    if unusableFaces.contains(key) { return nil }
    guard let face = Self.openFace(library: library, match: match, id: facesByID.count, pixelSize: pixelSize)
    else {
      unusableFaces.insert(key)
      return nil
    }
    faces[key] = face
    facesByID.append(face)
    return face
  }

  /// The face that draws `scalar`: the primary face when it has the character, else the
  /// fallback fontconfig prefers, else the primary face (which draws its missing-glyph box).
  func face(for scalar: Unicode.Scalar, language: String?) -> FontFace {
    if primary.covers(scalar) { return primary }
    return fallbackFace(for: scalar, language: language) ?? primary
  }

  /// The face with the given ``FontFace/id``.
  func face(id: Int) -> FontFace { facesByID[id] }

  // MARK: Glyphs

  /// The rendered glyph, from the cache when it was drawn before.
  func image(face: FontFace, glyph: UInt32) -> GlyphImage {
    if let image = glyphs[face: face.id, glyph: glyph] { return image }
    let image = Self.render(face: face, glyph: glyph)
    glyphs.insert(image, face: face.id, glyph: glyph)
    return image
  }

  /// Where the rendered glyph's ink starts from the pen and how wide it is, in pixels: what
  /// a line's width needs of ``image(face:glyph:)``, read without copying the image.
  func ink(face: FontFace, glyph: UInt32) -> (left: Int, width: Int) {
    if let ink = glyphs.ink(face: face.id, glyph: glyph) { return ink }
    let image = image(face: face, glyph: glyph)
    return (image.left, image.width)
  }

  private static func render(face: FontFace, glyph: UInt32) -> GlyphImage {
    guard FT_Load_Glyph(face.handle, glyph, icongrid_ft_load_render_light) == 0,
      let slot = face.handle.pointee.glyph
    else { return .empty }
    let bitmap = slot.pointee.bitmap
    let width = Int(bitmap.width)
    let height = Int(bitmap.rows)
    var coverage = [UInt8](repeating: 0, count: width * height)
    if width > 0, height > 0, let buffer = bitmap.buffer {
      let pitch = Int(bitmap.pitch)
      // A negative pitch means rows are stored bottom-up and `buffer` is the bottom row.
      let top = pitch < 0 ? buffer + (-pitch) * (height - 1) : buffer
      let mode = Int(bitmap.pixel_mode)
      let levels = max(Int(bitmap.num_grays) - 1, 1)
      for row in 0..<height {
        let source = top + row * pitch
        for column in 0..<width {
          let value: Int
          switch mode {
          case Int(FT_PIXEL_MODE_MONO.rawValue):
            value = (source[column >> 3] >> (7 - UInt8(column & 7))) & 1 == 0 ? 0 : 255
          case Int(FT_PIXEL_MODE_BGRA.rawValue):
            value = Int(source[column * 4 + 3])
          case Int(FT_PIXEL_MODE_GRAY.rawValue):
            value = Int(source[column]) * 255 / levels
          default:
            value = 0
          }
          coverage[row * width + column] = UInt8(min(value, 255))
        }
      }
    }
    return GlyphImage(
      left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
      width: width, height: height, coverage: coverage)
  }
}

/// Rendered masks by text and width, evicting the oldest entry first (the same few labels
/// recur: a sheet's repeated names, many threads asking for one name).
typealias BoundedMaskCache = FIFOCache<LabelKey, GlyphMask>
