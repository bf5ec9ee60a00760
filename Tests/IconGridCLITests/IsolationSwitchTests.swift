import ImageCore
import Testing

@testable import IconGridCLI

/// `ICONGRID_ISOLATION`: child processes for PDF, SVG and HEIF work only when it is `on`.
@Suite("icongrid's isolation switch")
struct IsolationSwitchTests {
  @Test("unset, off or anything but on: decodes stay in process", arguments: [nil, "off", "", "ON", "1"])
  func offByDefault(value: String?) {
    #expect(IconGridCLI.isolation(executable: "/proc/self/exe", environment: value) == nil)
  }

  @Test("on: the binary itself in its hidden mode, with the default limits")
  func on() {
    let setting = IconGridCLI.isolation(executable: "/proc/self/exe", environment: "on")
    #expect(setting == ChildProcessIsolation(executable: "/proc/self/exe", arguments: ["_render"]))
    #expect(setting?.arguments == [IconGridCLI.childMode])
  }
}
