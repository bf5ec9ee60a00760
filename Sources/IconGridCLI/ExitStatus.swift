/// Exit statuses, from BSD's sysexits where one fits.
public enum ExitStatus {
  /// Everything went well.
  public static let success: Int32 = 0
  /// The command ran and found problems (missing assets, check findings, not found).
  public static let findings: Int32 = 1
  /// The command line is wrong.
  public static let usage: Int32 = 64
  /// An input exists but its data is bad.
  public static let dataError: Int32 = 65
  /// An input does not exist.
  public static let noInput: Int32 = 66
  /// An output could not be written.
  public static let ioError: Int32 = 74
}
