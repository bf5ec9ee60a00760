import AssetCheck
import Testing

@Suite("Scales a target requires")
struct ScaleRequirementTests {
  @Test func aModernIPhoneAndIPadAppNeeds2xAnd3xAndIPadImages2x() throws {
    let need = try #require(
      ScaleRequirement.forTarget(
        "App", platforms: ["ios"], deploymentTargets: ["ios": "15.0"], deviceFamilies: [1, 2]))
    #expect(need.scales == [2, 3])
    #expect(need.iPadScales == [2])
    #expect(need.reason == "target App: iPhone on iOS 15, iPad on iOS 15")
  }

  @Test func oldDeploymentTargetsStillReach1xDevices() throws {
    let phone = try #require(
      ScaleRequirement.forTarget(
        "A", platforms: ["ios"], deploymentTargets: ["ios": "6.1"], deviceFamilies: [1]))
    #expect(phone.scales == [1, 2, 3])
    let pad = try #require(
      ScaleRequirement.forTarget(
        "B", platforms: ["ios"], deploymentTargets: ["ios": "9.3"], deviceFamilies: [2]))
    #expect(pad.scales == [1, 2])
    #expect(pad.iPadScales == [1, 2])
    let modernPad = try #require(
      ScaleRequirement.forTarget(
        "C", platforms: ["ios"], deploymentTargets: ["ios": "10.0"], deviceFamilies: [2]))
    #expect(modernPad.scales == [2])
  }

  @Test func otherPlatforms() throws {
    let mac = try #require(
      ScaleRequirement.forTarget("M", platforms: ["macos"], deploymentTargets: [:], deviceFamilies: []))
    #expect(mac.scales == [1, 2])
    let watch = try #require(
      ScaleRequirement.forTarget("W", platforms: ["watchos"], deploymentTargets: [:], deviceFamilies: [4]))
    #expect(watch.scales == [2])
    let tv = try #require(
      ScaleRequirement.forTarget("T", platforms: ["tvos"], deploymentTargets: [:], deviceFamilies: [3]))
    #expect(tv.scales == [1, 2])
    let both = try #require(
      ScaleRequirement.forTarget(
        "U", platforms: ["ios", "macos"], deploymentTargets: ["ios": "17.0"], deviceFamilies: [1]))
    #expect(both.scales == [1, 2, 3])
    #expect(ScaleRequirement.forTarget("X", platforms: [], deploymentTargets: [:], deviceFamilies: []) == nil)
  }

  @Test func givenScalesAreSortedAndIPadKeepsThoseUpTo2() {
    let need = ScaleRequirement(scales: [3, 2, 3], reason: "given with --require")
    #expect(need.scales == [2, 3])
    #expect(need.iPadScales == [2])
  }
}
