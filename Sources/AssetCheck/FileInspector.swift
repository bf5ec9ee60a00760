import IconGridSupport
import ImageCore
import PNGCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one image file's bytes say, as far as the check asked.
struct FileFacts: Sendable {
  /// The file's length in bytes.
  var byteCount = 0
  /// A cheap fingerprint of the bytes: ``FileInspector/quickHash(_:)`` of the whole file when
  /// it fits in the head read, else of its head and its last ``FileInspector/headLength``
  /// bytes. Equal prints with equal lengths are candidates for byte-identical files (a
  /// CRC of the last chunk alone is not enough: many files end in a `tEXt` timestamp chunk of
  /// fixed length, so the CRC differs and matches by chance, or matches between files whose
  /// images differ).
  var contentPrint: UInt64 = 0
  /// The PNG header, when the probe read one.
  var header: PNGHeader?
  /// Why the file is not a PNG a device can load; `nil` when it is (as far as was read).
  var problem: String?
  /// The raster format the bytes are when they are not PNG but one Apple's ImageIO decodes
  /// (JPEG, WebP, HEIC, AVIF, GIF): inside an asset catalog, actool reads such a file by its
  /// content and ships it.
  var foreignRaster: ImageFormat?
  /// Whether a `tRNS` chunk precedes the image data; `nil` when not looked for.
  var hasTransparencyChunk: Bool?
  /// How many pixels are not fully opaque, for a file with an alpha channel or `tRNS`
  /// whose transparency was asked for (0: an alpha channel every pixel of which is opaque);
  /// `nil` when not looked for or the file has no way to be transparent.
  var translucentPixels: Int?
  /// The lowest alpha of any pixel, measured with ``translucentPixels``.
  var minimumAlpha: UInt8?
  /// What identifies the image's content: with `--deep`, as the request's
  /// ``FileInspector/Digest`` asked; header-only, set for copy candidates only, by
  /// ``RootCheck/rereadCopyCandidates(_:requests:owners:)``: files with equal digests (and
  /// dimensions) have equal bytes. `nil` when not asked for.
  var digest: String?
}

/// Reads what the rules need of a file: by default its first bytes only.
enum FileInspector {
  /// A file to read, and what to read beyond the header.
  struct Request: Sendable {
    /// The path to open (the root joined with the file's relative path).
    var path: String
    /// Where ``path``'s last component starts: the folder is opened once for all its files.
    var nameStart: String.Index
    /// Decode the whole file (`--deep`).
    var decode = false
    /// How to identify the content.
    var digest = Digest.none
    /// Walk the chunks before IDAT for `tRNS`.
    var transparency = false
    /// The limits the file is read and decoded within.
    var limits = DecodingLimits.default
  }

  /// How a file's content is identified for finding copies.
  enum Digest: Sendable {
    /// Not at all.
    case none
    /// With ``Request/decode``: a 64-bit hash of the pixels, fast enough for every file;
    /// equal hashes are confirmed with ``exact``. (Header-only, the check compares the bytes
    /// of copy candidates itself and asks for no digest.)
    case quick
    /// SHA-256 of the decoded pixels (``Bitmap/pixelDigest()``).
    case exact
  }

  /// The folder part of a request's path (`.` for a bare name).
  static func folder(of request: Request) -> Substring {
    request.nameStart == request.path.startIndex
      ? "." : request.path[..<request.path.index(before: request.nameStart)]
  }

  /// Inspects files of one folder, opening the folder once and each file relative to it:
  /// the kernel then resolves one path component per file instead of the whole path.
  static func inspect(folder requests: [Request]) -> [FileFacts] {
    guard let first = requests.first else { return [] }
    let directory = open(String(folder(of: first)), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { if directory >= 0 { close(directory) } }
    // One read buffer for the folder's files.
    let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: readLength, alignment: 8)
    defer { scratch.deallocate() }
    return requests.map { inspect($0, directory: directory, scratch: scratch) }
  }

  /// The header (and, as requested, more) of the file at `request.path`, opened relative to
  /// `directory` when that is a descriptor of its folder.
  static func inspect(
    _ request: Request, directory: Int32 = -1, scratch: UnsafeMutableRawBufferPointer? = nil
  ) -> FileFacts {
    var facts = FileFacts()
    let head: Head
    if request.decode {
      // Decoding needs every byte: one read of the whole file, the header taken from it.
      do {
        let bytes = try FileIO.readAll(request.path, limit: request.limits.maxInputBytes)
        head = Head(bytes: bytes, size: bytes.count, isWhole: true, contentPrint: quickHash(bytes))
      } catch {
        facts.problem = ImageError.from(error).message
        return facts
      }
    } else {
      do {
        if let scratch {
          head = try readHead(request, directory: directory, scratch: scratch)
        } else {
          let own = UnsafeMutableRawBufferPointer.allocate(byteCount: readLength, alignment: 8)
          defer { own.deallocate() }
          head = try readHead(request, directory: directory, scratch: own)
        }
      } catch {
        facts.problem = error.reason
        return facts
      }
    }
    facts.byteCount = head.size
    facts.contentPrint = head.contentPrint
    // The codec reads the bytes: header, chunk list and, for a whole file, IEND.
    let inspection = PNGInspection(head.bytes, isWholeFile: head.isWhole)
    facts.header = inspection.header
    if let problem = inspection.problem {
      facts.problem =
        inspection.header == nil
        ? foreign(inspection).map { "not a PNG: \($0)" } ?? problem.message : problem.message
      if inspection.header == nil, let format = inspection.format,
        [.jpeg, .webp, .heic, .avif, .gif].contains(format)
      {
        facts.foreignRaster = format
      }
      return facts
    }
    guard request.decode || request.transparency || request.digest != .none else { return facts }
    let bytes: [UInt8]
    do {
      bytes =
        head.isWhole
        ? head.bytes : try FileIO.readAll(request.path, limit: request.limits.maxInputBytes)
    } catch {
      facts.problem = ImageError.from(error).message
      return facts
    }
    if request.transparency {
      // A head holds the chunks before IDAT only when IDAT starts in it: inspect it all.
      facts.hasTransparencyChunk =
        head.isWhole
        ? inspection.hasTransparencyChunk : PNGInspection(bytes, isWholeFile: true).hasTransparencyChunk
    }
    // Only a file that can be transparent is decoded to learn whether it is.
    let measureAlpha =
      request.transparency && (facts.header?.colorType.hasAlpha == true || facts.hasTransparencyChunk == true)
    if request.decode || measureAlpha {
      do {
        let bitmap = try PNGDecoder.decode(bytes, limits: request.limits)
        if measureAlpha {
          let measured = alphaCoverage(bitmap)
          facts.translucentPixels = measured.translucent
          facts.minimumAlpha = measured.minimum
        }
        if request.decode {
          switch request.digest {
          case .none: break
          case .quick: facts.digest = String(quickHash(bitmap.pixels), radix: 16)
          case .exact: facts.digest = bitmap.pixelDigest()
          }
        }
      } catch {
        facts.problem = "does not decode: \(ImageError.from(error).message)"
      }
    }
    return facts
  }

  /// How many pixels have an alpha below 255, and the lowest alpha.
  static func alphaCoverage(_ bitmap: Bitmap) -> (translucent: Int, minimum: UInt8) {
    bitmap.pixels.withUnsafeBufferPointer { pixels in
      var count = 0
      var minimum: UInt8 = 255
      for offset in stride(from: 3, to: pixels.count, by: 4) where pixels[offset] != 255 {
        count += 1
        minimum = min(minimum, pixels[offset])
      }
      return (count, minimum)
    }
  }

  /// A 64-bit multiply–xorshift hash over 8-byte words: many times faster than SHA-256, and
  /// only ever used to pick the few files whose SHA-256 is then compared.
  static func quickHash(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { quickHash($0) }
  }

  /// ``quickHash(_:)-([UInt8])`` of bytes in memory.
  static func quickHash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
    var offset = 0
    while offset + 8 <= raw.count {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash >> 32
      offset += 8
    }
    while offset < raw.count {
      hash = (hash ^ UInt64(raw[offset])) &* 0xC4CE_B9FE_1A85_EC53
      offset += 1
    }
    return hash ^ (hash >> 29)
  }

  struct ReadError: Error {
    var reason: String
  }

  /// The first bytes of a file, its length and a fingerprint of its content.
  struct Head {
    /// Up to ``headLength`` bytes from the start.
    var bytes: [UInt8]
    /// The file's length.
    var size: Int
    /// Whether ``bytes`` is the whole file.
    var isWhole: Bool
    /// See ``FileFacts/contentPrint``.
    var contentPrint: UInt64
  }

  /// How much of each file is inspected: one page holds a whole small icon, header and all,
  /// for the cost of reading its first 49 bytes.
  static let headLength = 4096

  /// How much of each file one `read` asks for: a file up to this long comes whole, its tail
  /// for ``FileFacts/contentPrint`` taken from the same buffer, so only a longer one needs
  /// `fstat` and a `pread` of its last ``headLength`` bytes (two of five system calls per
  /// file before, for most theme icons, which are 4 to 16 KiB).
  static let readLength = 16384

  /// Reads the head of a file: `open`, `read` of up to ``readLength`` bytes into `scratch`,
  /// `close`, plus `fstat` and a `pread` of its last ``headLength`` bytes when the file is
  /// longer than ``readLength``. The head is its first ``headLength`` bytes, whatever was
  /// read.
  static func readHead(
    _ request: Request, directory: Int32, scratch: UnsafeMutableRawBufferPointer
  ) throws(ReadError) -> Head {
    let fd =
      directory >= 0
      ? openName(request.path.utf8[request.nameStart...], in: directory)
      : open(request.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw ReadError(reason: errno == ENOENT ? "no such file" : "cannot open: \(FileSystem.errorText())")
    }
    defer { close(fd) }
    let capacity = min(readLength, scratch.count)
    var got = 0
    var failure: Int32 = 0
    while got < capacity {
      let n = read(fd, scratch.baseAddress! + got, capacity - got)
      if n < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      if n == 0 { break }
      got += n
      // A regular file gives less than asked only at its end: skip the read that would
      // return 0, a third of the system calls of a check over small icons.
      if got < capacity { break }
    }
    if failure != 0 {
      errno = failure
      throw ReadError(
        reason: failure == EISDIR ? "is a folder, not a file" : "cannot read: \(FileSystem.errorText())")
    }
    let buffer = UnsafeRawBufferPointer(scratch)
    let bytes = [UInt8](buffer[..<min(got, headLength)])
    let headPrint = quickHash(bytes)
    let size: Int
    if got < capacity {
      size = got
    } else {
      var info = stat()
      guard fstat(fd, &info) == 0 else { throw ReadError(reason: "cannot stat: \(FileSystem.errorText())") }
      size = Int(info.st_size)
    }
    guard size > bytes.count else {
      return Head(bytes: bytes, size: size, isWhole: true, contentPrint: headPrint)
    }
    let tailLength = min(headLength, size - bytes.count)
    if size <= got {
      // The whole file is in the buffer: its tail too.
      let tail = UnsafeRawBufferPointer(rebasing: buffer[(size - tailLength)..<size])
      return Head(bytes: bytes, size: size, isWhole: false, contentPrint: headPrint &* 31 ^ quickHash(tail))
    }
    let tailRead = pread(fd, scratch.baseAddress, tailLength, off_t(size - tailLength))
    // A tail that cannot be read leaves the head's print: the files are compared whole later.
    let print =
      tailRead == tailLength
      ? headPrint &* 31 ^ quickHash(UnsafeRawBufferPointer(rebasing: buffer[..<tailLength])) : headPrint
    return Head(bytes: bytes, size: size, isWhole: false, contentPrint: print)
  }

  /// `openat` of the file `name` of the folder open as `directory`, the name made a C string
  /// on the stack rather than a new `String` for every file.
  static func openName(_ name: Substring.UTF8View, in directory: Int32) -> Int32 {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { buffer in
      var end = 0
      for byte in name {
        buffer[end] = CChar(bitPattern: byte)
        end += 1
      }
      buffer[end] = 0
      return openat(directory, buffer.baseAddress!, O_RDONLY | O_CLOEXEC)
    }
  }

  /// What a file that is not a PNG holds, and what to do about it, when its bytes are of a
  /// format the codec names; `nil` for a damaged PNG (its damage is the message) and for
  /// bytes of no format.
  static func foreign(_ inspection: PNGInspection) -> String? {
    let kind: String
    if let format = inspection.format {
      guard format != .png && format != .cgbi else { return nil }
      kind = format.name
    } else {
      switch inspection.otherContent {
      case .gitLFSPointer:
        return
          "the file is a Git LFS pointer, not the image; fetch the LFS objects before checking (git lfs pull)"
      case .ico: kind = "ICO"
      case .xml: kind = "XML"
      case nil: return nil
      }
    }
    return "the file holds \(kind) data; Xcode's PNG copy step and most tools reject it, so convert it "
      + "to PNG (or give it its real extension)"
  }
}
