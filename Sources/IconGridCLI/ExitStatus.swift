/// Exit statuses, from BSD's sysexits where one fits.
package enum ExitStatus {
  /// Everything went well.
  package static let success: Int32 = 0
  /// The command ran and found problems (missing assets, check findings, not found).
  package static let findings: Int32 = 1
  /// The command line is wrong.
  package static let usage: Int32 = 64
  /// An input exists but its data is bad.
  package static let dataError: Int32 = 65
  /// An input does not exist.
  package static let noInput: Int32 = 66
  /// An output could not be written.
  package static let ioError: Int32 = 74
}
