/// A path with its hash computed once: the cache hashes it on every lookup.
package struct CacheKey: Sendable, Hashable {
  /// The file's path.
  package let path: String
  /// The scale a vector file is rendered at; 0 for a file's own pixels.
  package let scale: Int
  /// The hash of `path` and `scale`, for the shard and the table.
  package let hash: Int

  package init(_ path: String, scale: Int = 0) {
    self.path = path
    self.scale = scale
    self.hash = scale == 0 ? path.hashValue : path.hashValue &+ scale &* 0x9E37_79B9
  }

  package static func == (lhs: CacheKey, rhs: CacheKey) -> Bool {
    lhs.hash == rhs.hash && lhs.scale == rhs.scale && lhs.path == rhs.path
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }
}
