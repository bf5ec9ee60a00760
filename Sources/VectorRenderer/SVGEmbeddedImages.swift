import ImageCore

/// The images an SVG embeds as `data:` URLs, which librsvg decodes (through gdk-pixbuf)
/// at whatever size their headers state: a 1.5 MB SVG embedding a 20,000 × 20,000 PNG of
/// zeros took `rsvg-convert` 12 s and 2.7 GB to draw at 64 × 64.
///
/// Each one's header is read from the first bytes of its data (``ImageFormat`` sniffs it
/// and reads its size), and the document is refused before librsvg parses it when any
/// image, or all of them together, have more pixels than one render may have.
enum SVGEmbeddedImages {
  /// Throws unless every `data:` image of `text` has a readable size and all of them
  /// together are within ``VectorLimits/maxPixels`` and ``VectorLimits/maxSide``.
  ///
  /// - Throws: ``ImageError/Code/limitExceeded`` for too many pixels,
  ///   ``ImageError/Code/unsupported`` for an embedded SVG (which the preflight cannot
  ///   see into) or an image whose size its first 64 KiB do not state.
  static func check(_ text: [UInt8], limits: VectorLimits) throws {
    let marker = Array("data:".utf8)
    var total = 0
    var index = 0
    while index + marker.count <= text.count {
      guard text[index] == marker[0], text[index..<(index + marker.count)].elementsEqual(marker),
        index > 0, isOpening(text[index - 1])
      else {
        index += 1
        continue
      }
      let closing = text[index - 1] == UInt8(ascii: "(") ? UInt8(ascii: ")") : text[index - 1]
      let end = text[index...].firstIndex(of: closing) ?? text.count
      let url = text[index..<end]
      index = end
      guard let comma = url.firstIndex(of: UInt8(ascii: ",")) else { continue }
      let mediaType = String(decoding: url[..<comma], as: UTF8.self).lowercased()
      guard mediaType.hasPrefix("data:image/") else { continue }
      let payload = url[(comma + 1)...]
      let head =
        mediaType.hasSuffix(";base64")
        ? base64Head(payload, count: ImageFormat.sizeHeadLength)
        : percentHead(payload, count: ImageFormat.sizeHeadLength)
      let format = ImageFormat.sniff(head)
      if format == .svg || mediaType.hasPrefix("data:image/svg") || head.starts(with: [0x1F, 0x8B]) {
        throw ImageError(
          .unsupported,
          "the SVG embeds another SVG as a data: image, which IconGrid does not check; inline its elements instead"
        )
      }
      guard let size = ImageFormat.pixelSize(ofHead: head, format: format) else {
        throw ImageError(
          .unsupported,
          "the SVG embeds \(format?.description ?? "a data: image of no format IconGrid knows") whose size its first \(ImageFormat.sizeHeadLength) bytes do not state"
        )
      }
      guard size.width <= limits.maxSide && size.height <= limits.maxSide else {
        throw ImageError(
          .limitExceeded,
          "the SVG embeds a \(size.width)×\(size.height) image, more than \(limits.maxSide) pixels on a side")
      }
      total = min(Int.max / 2, total + size.width * size.height)
      guard total <= limits.maxPixels else {
        throw ImageError(
          .limitExceeded,
          "the SVG embeds images of more than \(limits.maxPixels) pixels in all (the last is \(size.width)×\(size.height))"
        )
      }
    }
  }

  /// Whether a `data:` URL can start after this byte: a quote or `url(`.
  private static func isOpening(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "(")
  }

  /// The first `count` bytes that base64 text decodes to, spaces skipped.
  static func base64Head(_ text: ArraySlice<UInt8>, count: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(min(count, text.count))
    var buffer: UInt32 = 0
    var bits = 0
    for byte in text {
      let value: UInt8
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
      case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
      case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
      case UInt8(ascii: "="): return out
      default: continue
      }
      buffer = buffer << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
        if out.count >= count { return out }
      }
    }
    return out
  }

  /// The first `count` bytes of percent-encoded text.
  private static func percentHead(_ text: ArraySlice<UInt8>, count: Int) -> [UInt8] {
    var out: [UInt8] = []
    var index = text.startIndex
    func hex(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
      default: return nil
      }
    }
    while index < text.endIndex && out.count < count {
      if text[index] == UInt8(ascii: "%"), index + 2 < text.endIndex, let high = hex(text[index + 1]),
        let low = hex(text[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(text[index])
        index += 1
      }
    }
    return out
  }
}
