import ImageCore
import Testing

@testable import IconGridCLI

/// `ICONGRID_ISOLATION`: child processes for PDF, SVG and HEIF work unless it is `off`.
@Suite("icongrid's isolation switch")
struct IsolationSwitchTests {
  @Test(
    "unset, on or anything but off: the binary itself in its hidden mode, with the default limits",
    arguments: [nil, "on", "", "OFF", "1"])
  func onByDefault(value: String?) {
    let setting = IconGridCLI.isolation(executable: "/proc/self/exe", environment: value)
    #expect(setting == ChildProcessIsolation(executable: "/proc/self/exe", arguments: ["_render"]))
    #expect(setting?.arguments == [IconGridCLI.childMode])
  }

  @Test("off: decodes stay in process")
  func off() {
    #expect(IconGridCLI.isolation(executable: "/proc/self/exe", environment: "off") == nil)
  }
}
