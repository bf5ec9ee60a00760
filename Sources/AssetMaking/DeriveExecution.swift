import AssetIndex
import AssetResolver
import IconGridSupport
import ImageCore
import ImageDecoding
import PNGCodec
import Resampling

/// What ``DerivePlan/execute(options:)`` did.
public struct DeriveResult: Sendable, Hashable {
  /// The steps whose files were written, in plan order.
  public var made: [DeriveStep]
  /// The `Contents.json` files that were rewritten, relative to their root.
  public var contentsFiles: [String]
}

extension DerivePlan {
  /// Makes every step whose status is ``DeriveStep/Status/make``: decodes its source,
  /// shrinks it in premultiplied alpha (sRGB, or linear light with `options.linear`) to the
  /// target's pixel size, and writes it with its slot in `Contents.json` for an image set
  /// (as a PNG beside the other densities, in a density folder made if missing, for an
  /// Android drawable).
  ///
  /// Everything is written as one change: each file to a temporary file beside its
  /// destination, and only when all are written are they renamed into place; a failure
  /// before then (a read-only folder, a source that does not decode) leaves every file as
  /// it was (a density folder made for the change is removed again). A `Contents.json` keeps every other key, slot and the key order; a new slot is
  /// a copy of its source slot (every trait kept) with its own scale and file name, placed
  /// beside the group's other scales.
  ///
  /// - Parameter options: `linear` and `limits` are read; `force` was applied when planning.
  /// - Returns: what was written.
  /// - Throws: ``MakingError``: `.badData` for a source or `Contents.json` that cannot be
  ///   read, `.io` when a file cannot be written; nothing has changed then.
  public func execute(options: DeriveOptions) throws -> DeriveResult {
    let work = makeable
    var batch = FileBatch()
    var documents: [String: (root: String, document: ContentsDocument, traits: [SlotTraits?])] = [:]
    var order: [String] = []
    do {
      for step in work {
        let source = Paths.join(step.root, step.source ?? "")
        guard let width = step.targetWidth, let height = step.targetHeight else { continue }
        let image: Bitmap
        let isVector = ["pdf", "svg"].contains(Paths.fileExtension(of: source))
        do {
          // A vector is drawn at the target size; a raster decoded at its own and shrunk.
          image = try ImageDecoder.decode(
            contentsOf: source, size: .pixels(width: width, height: height), limits: options.limits
          ).bitmap
        } catch {
          throw MakingError(.badData, "cannot decode the source: \(error.message)", path: source)
        }
        let resampling = ResampleOptions(colorSpace: options.linear ? .linear : .sRGB)
        let small = Resampler.resize(image, width: width, height: height, options: resampling)
        let header = isVector ? nil : try? PNGHeader.probe(contentsOf: source)
        // A PNG keeps its alpha channel or its lack of one; JPEG has none; WebP may.
        let alpha = header?.colorType.hasAlpha ?? !["jpg", "jpeg"].contains(Paths.fileExtension(of: source))
        let encoding = PNGEncodingOptions(includeAlpha: alpha, threads: 1)
        let bytes: [UInt8]
        do {
          bytes = try PNGEncoder.encode(small, options: encoding)
        } catch {
          throw MakingError(.io, "cannot encode: \(error)", path: Paths.join(step.root, step.target))
        }
        if step.placement == .androidResource {
          // IconMissingDensityFolder: the density folder itself may be what is missing.
          try batch.makeFolders(FileBatch.parent(Paths.join(step.root, step.target)))
        }
        try batch.stage(bytes, at: Paths.join(step.root, step.target))
        guard case .imageSet(let contents, _) = step.placement, let traits = step.slotTraits else { continue }
        let key = Paths.join(step.root, contents)
        if documents[key] == nil {
          documents[key] = try DerivePlan.load(key, root: step.root)
          order.append(key)
        }
        var loaded = documents[key]!
        DerivePlan.place(
          Paths.lastComponent(of: step.target), traits: traits,
          source: step.source.map { Paths.lastComponent(of: $0) },
          in: &loaded.document, slots: &loaded.traits)
        documents[key] = loaded
      }
      for key in order {
        try batch.stage(Array(documents[key]!.document.rendered().utf8), at: key)
      }
      try batch.commit()
    } catch {
      batch.discard()
      throw error
    }
    return DeriveResult(
      made: work, contentsFiles: order.map { key in String(key.dropFirst(documents[key]!.root.count + 1)) })
  }

  /// The document and each image's traits, in file order.
  static func load(_ path: String, root: String) throws -> (
    root: String, document: ContentsDocument, traits: [SlotTraits?]
  ) {
    let bytes = try Files.read(path)
    let document = try ContentsDocument(parsing: bytes, path: path)
    guard case .success(let file) = ContentsFile.decode(bytes) else {
      throw MakingError(.badData, "is not a Contents.json Xcode can read; fix it first", path: path)
    }
    let images = file.images ?? []
    return (root, document, images.map { $0.traits })
  }

  /// Puts `file` in the slot of `traits`: the empty slot with those traits when there is one,
  /// else a copy of the source's slot with its scale and file name, after the group's lower
  /// scales.
  static func place(
    _ file: String, traits: SlotTraits, source: String?, in document: inout ContentsDocument,
    slots: inout [SlotTraits?]
  ) {
    guard var images = document.images else { return }
    func normalised(_ traits: SlotTraits?) -> SlotTraits? {
      guard var traits else { return nil }
      if traits.idiom == nil { traits.idiom = "universal" }
      return traits
    }
    func group(_ traits: SlotTraits?) -> SlotTraits? {
      guard var traits = normalised(traits) else { return nil }
      traits.scale = nil
      return traits
    }
    let wanted = normalised(traits)
    if let index = slots.indices.first(where: { normalised(slots[$0]) == wanted }) {
      images[index].set("filename", .string(file))
      document.images = images
      return
    }
    let family = group(traits)
    let sourceIndex = images.indices.first { index in
      group(slots[index]) == family && images[index]["filename"]?.text == source
    }
    var slot: ContentsDocument.Value =
      sourceIndex.map { images[$0] } ?? .object([("idiom", .string(traits.idiom ?? "universal"))])
    slot.set("filename", .string(file))
    slot.set("scale", .string("\(traits.scale ?? 1)x"))
    let lower = slots.indices.last { index in
      group(slots[index]) == family && (slots[index]?.scale ?? 1) < (traits.scale ?? 1)
    }
    let higher = slots.indices.first { index in
      group(slots[index]) == family && (slots[index]?.scale ?? 1) > (traits.scale ?? 1)
    }
    let position = lower.map { $0 + 1 } ?? higher ?? images.count
    images.insert(slot, at: position)
    slots.insert(traits, at: position)
    document.images = images
  }
}
