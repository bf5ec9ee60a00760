import IconGridCLI
import TestSupport

extension CapturedConsole {
  /// A console that writes into this capture, for in-process runs of `IconGridCLI.main`.
  var console: Console {
    Console(out: { [self] text in appendOut(text) }, err: { [self] text in appendErr(text) })
  }
}
