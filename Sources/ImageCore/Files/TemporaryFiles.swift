import IconGridSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The temporary files a ``PNGStreamWriter`` writes beside its destination:
/// `.NAME.XXXXXX` in the destination's directory, locked while their writer lives.
///
/// A writer killed with SIGKILL cannot remove its temporary file, but the kernel drops its
/// lock; the next writer to the same destination removes every such file whose lock it
/// can take, so kills leave nothing behind for long and live writers are never disturbed.
///
/// A directory is listed once per ``listingLifetime`` for all the writes into it, not once
/// per write, so writing many files into one folder costs one listing, not one per file.
package enum TemporaryFiles {
  /// How long a directory's listing of temporary files serves later writes: files that
  /// writers in other processes abandon after it are found by the next listing.
  static let listingLifetime = Duration.seconds(10)
  /// The most directories whose listings are kept.
  static let maxListings = 64

  /// The temporary-looking entries of one directory, by the destination name they belong to.
  struct Listing {
    var taken: ContinuousClock.Instant
    var candidates: [String: [String]]
  }

  private static let listings = Locked<[String: Listing]>([:])

  /// Creates and locks a temporary file for `path`; returns its descriptor and path.
  package static func create(for path: String) throws -> (fd: Int32, path: String) {
    let (directory, name) = split(path)
    var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else {
      throw FileIO.systemError("cannot create a file in \(directory)", path: path)
    }
    fchmod(fd, 0o644)
    _ = flock(fd, LOCK_EX)
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    removeAbandoned(for: path, except: temporary)
    return (fd, temporary)
  }

  /// Removes temporary files for `path` left by writers that are gone.
  static func removeAbandoned(for path: String, except keep: String) {
    let (directory, name) = split(path)
    for entryName in candidates(for: name, in: directory) {
      let candidate = "\(directory)/\(entryName)"
      guard candidate != keep else { continue }
      let fd = open(candidate, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
      guard fd >= 0 else { continue }
      // A live writer holds the lock; only a dead writer's file can be locked here.
      if flock(fd, LOCK_EX | LOCK_NB) == 0 { unlink(candidate) }
      close(fd)
    }
  }

  /// The entries of `directory` shaped like a temporary file for `name` (`.NAME.XXXXXX`),
  /// from a listing at most ``listingLifetime`` old; each is handed out once per listing.
  static func candidates(for name: String, in directory: String) -> [String] {
    let now = ContinuousClock.now
    return listings.withLock { listings in
      if let listing = listings[directory], now - listing.taken < listingLifetime {
        return listings[directory]?.candidates.removeValue(forKey: name) ?? []
      }
      if listings.count >= maxListings, let oldest = listings.min(by: { $0.value.taken < $1.value.taken }) {
        listings[oldest.key] = nil
      }
      var listing = Listing(taken: now, candidates: [:])
      for entryName in FileSystem.entryNames(of: directory) {
        guard let owner = destinationName(ofTemporary: entryName) else { continue }
        listing.candidates[owner, default: []].append(entryName)
      }
      let mine = listing.candidates.removeValue(forKey: name) ?? []
      listings[directory] = listing
      return mine
    }
  }

  /// `NAME` for an entry named `.NAME.XXXXXX` (six characters after the last dot), or `nil`.
  static func destinationName(ofTemporary entryName: String) -> String? {
    let utf8 = Array(entryName.utf8)
    guard utf8.count >= 9, utf8.first == UInt8(ascii: "."), utf8[utf8.count - 7] == UInt8(ascii: ".") else {
      return nil
    }
    return String(decoding: utf8[1..<(utf8.count - 7)], as: UTF8.self)
  }

  private static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }
}
