import IconGridCLI
import Synchronization

/// A console whose standard output and error are collected in memory, for in-process runs
/// of `IconGridCLI.main`.
final class CapturedConsole: Sendable {
  private let outText = Mutex("")
  private let errText = Mutex("")

  var console: Console {
    Console(
      out: { text in self.outText.withLock { $0 += text } },
      err: { text in self.errText.withLock { $0 += text } })
  }
  var out: String { outText.withLock { $0 } }
  var err: String { errText.withLock { $0 } }
}
