/// Values a command line run keeps until the process exits, never freed.
///
/// A run of the binary ends right after its command returns, and the kernel takes back its
/// memory whole; freeing a large index and report piece by piece first cost a check of
/// 10,000 icons about 10 ms of its 280 (the strings, arrays and dictionaries of 10,000 files
/// and 15,000 findings released one by one). The CLI hands them here when it writes to the
/// process's own streams; tests, which run many commands in one process, do not.
package enum ProcessLifetime {
  private static let kept = Locked<[any Sendable]>([])

  /// Keeps `value` alive until the process exits.
  ///
  /// - Parameter value: what would otherwise be freed at the end of the run.
  package static func keep(_ value: some Sendable) {
    kept.withLock { $0.append(value) }
  }

  /// How many values are kept.
  package static var keptCount: Int { kept.withLock { $0.count } }
}
