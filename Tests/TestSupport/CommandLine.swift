import IconGridCLI

extension CapturedConsole {
  /// A console that writes into this capture, for in-process runs of `IconGridCLI.main`.
  package var console: Console {
    Console(out: { [self] text in appendOut(text) }, err: { [self] text in appendErr(text) })
  }
}

/// Runs `icongrid ARGUMENTS` in-process, as the executable would (parse, run, exit status),
/// and returns the status and what it printed. The one command-line runner of the tests.
///
/// - Parameter arguments: the arguments after the program name.
/// - Returns: the exit status, standard output and standard error.
package func icongrid(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
  let captured = CapturedConsole()
  let status = IconGridCLI.main(arguments: arguments, console: captured.console)
  return (status, captured.out, captured.err)
}

/// Runs `icongrid ARGUMENTS` in-process; see ``icongrid(_:)-([String])``.
///
/// - Parameter arguments: the arguments after the program name.
/// - Returns: the exit status, standard output and standard error.
package func icongrid(_ arguments: String...) -> (status: Int32, out: String, err: String) {
  icongrid(arguments)
}
