import AssetIndex
import AssetResolver
import Testing

/// The four platforms' rules, asked the same questions: where they disagree, every rule's
/// answer is asserted.
@Suite struct LayoutRuleTests {
  /// (scales, request, UIKit, Flutter, Metro, Android)
  static let disagreements: [([Double], Double, Double, Double, Double, Double)] = [
    ([1, 3], 2, 3, 1, 3, 3),
    ([1, 3], 1.25, 3, 3, 3, 1),
    ([1, 1.5, 2, 3, 4], 3.5, 4, 3, 4, 4),
    // Flutter below 2.0 always takes the upper neighbour; Android prefers to shrink xxhdpi.
    ([1, 2], 1.1, 2, 2, 2, 1),
    // Nothing high enough: all take the largest.
    ([1, 2], 3, 2, 2, 2, 2),
    // Between 2 and 3 at 2.625 (a 420 dpi phone): Flutter above the midpoint takes 3,
    // Android's (2·320 − 420)·480 = 105600 < 176400 takes 3 too.
    ([2, 3], 2.625, 3, 3, 3, 3),
    // At 2.4: Flutter's midpoint 2.5 is not passed, so 2; Android (640 − 384)·480 =
    // 122880 < 147456 takes 3.
    ([2, 3], 2.4, 3, 2, 3, 3),
    // At 2.2: Android (640 − 352)·480 = 138240 > 123904 takes 2.
    ([2, 3], 2.2, 3, 2, 3, 2),
    // Only lower files: UIKit and every other rule take the nearest (the largest).
    ([1, 1.5], 2, 1.5, 1.5, 1.5, 1.5),
  ]

  @Test(arguments: disagreements)
  func everyRuleAnswers(_ row: ([Double], Double, Double, Double, Double, Double)) {
    let (scales, request, uikit, flutter, metro, android) = row
    #expect(Layout.apple.rule.chosenScale(among: scales, at: request) == uikit)
    #expect(Layout.flutter.rule.chosenScale(among: scales, at: request) == flutter)
    #expect(Layout.reactNative.rule.chosenScale(among: scales, at: request) == metro)
    #expect(Layout.android.rule.chosenScale(among: scales, at: request) == android)
  }

  @Test func flutterMidpointTrapIsExplained() {
    let candidates = [
      LayoutCandidate.flutter(FlutterPath("a/close.png")), .flutter(FlutterPath("a/3.0x/close.png")),
    ]
    let selection = Layout.flutter.rule.choose(among: candidates, for: TraitRequest(scale: 2))
    #expect(selection.winner?.path == "a/close.png")
    #expect(selection.enlargement == 2)
    #expect(selection.explanation.first?.contains("midpoint 2") == true)
    #expect(selection.explanation.last?.contains("enlarged 2×") == true)
  }

  @Test func flutterExplicitOneXBeatsTheMainFile() {
    let candidates = [
      LayoutCandidate.flutter(FlutterPath("a/close.png")), .flutter(FlutterPath("a/1.0x/close.png")),
      .flutter(FlutterPath("a/2.0x/close.png")),
    ]
    let selection = Layout.flutter.rule.choose(among: candidates, for: TraitRequest(scale: 1))
    #expect(selection.winner?.path == "a/1.0x/close.png")
    #expect(selection.standing[0] == .outranked("an explicit 1.0x/ file is preferred to the main file"))
  }

  @Test func metroPlatformSuffixAndReleaseBundle() {
    let files = ["a.png", "a@2x.png", "a@2x.ios.png", "a@3x.android.png", "a@4x.png"]
    let candidates = files.map { LayoutCandidate.metro(path: $0, name: MetroName($0)) }
    let ios = Layout.reactNative.rule.choose(among: candidates, for: TraitRequest(scale: 2))
    #expect(ios.winner?.path == "a@2x.ios.png")
    #expect(ios.standing[3] == .excluded("for .android, not .ios"))
    // Once a .ios file exists, iOS uses the .ios files only (Metro's asset map keys by
    // platform): the generic 4x file is not a candidate there.
    let at3 = Layout.reactNative.rule.choose(among: candidates, for: TraitRequest(scale: 3))
    #expect(at3.winner?.path == "a@2x.ios.png")
    #expect(at3.standing[4] == .excluded("a .ios file exists, so Metro uses only the .ios files"))
    let release = Layout.reactNative.rule.choose(
      among: candidates, for: TraitRequest(scale: 3, releaseBundle: true))
    // The 4x file is dropped from the bundle, so the largest kept one (2x) is enlarged.
    #expect(release.winner?.path == "a@2x.ios.png")
    #expect(release.enlargement == 1.5)
    let android = Layout.reactNative.rule.choose(
      among: candidates, for: TraitRequest(scale: 3, platform: "android"))
    #expect(android.winner?.path == "a@3x.android.png")
    let only4 = [LayoutCandidate.metro(path: "b@4x.png", name: MetroName("b@4x.png"))]
    #expect(
      Layout.reactNative.rule.choose(among: only4, for: TraitRequest(scale: 2, releaseBundle: true))
        .winner?
        .path == "b@4x.png")
  }

  @Test func androidAnyDPINoDPIAndConfigurations() throws {
    let paths = [
      "res/drawable-hdpi/a.png", "res/drawable-xxhdpi/a.png", "res/drawable-night-xxhdpi/a.png",
      "res/drawable-anydpi-v24/a.xml",
    ]
    let candidates = try paths.map { LayoutCandidate.android(try AndroidResourcePath($0)) }
    let any = Layout.android.rule.choose(among: candidates, for: TraitRequest(density: .xhdpi))
    #expect(any.winner?.path == "res/drawable-anydpi-v24/a.xml")
    #expect(any.standing[2] == .excluded("for another configuration (night)"))
    let old = Layout.android.rule.choose(
      among: candidates, for: TraitRequest(scale: 2, density: .xhdpi, apiLevel: 21))
    #expect(old.winner?.path == "res/drawable-xxhdpi/a.png")
    #expect(old.standing[3] == .excluded("for API 24 and later; the device has API 21"))

    // nodpi counts as 0xFFFF: it loses to a bucket at or above the request, and beats one
    // far below it.
    let nodpi = try ["res/drawable-nodpi/b.png", "res/drawable-xxhdpi/b.png"].map {
      LayoutCandidate.android(try AndroidResourcePath($0))
    }
    #expect(Layout.android.rule.choose(among: nodpi, for: TraitRequest(density: .xhdpi)).chosen == 1)
    let lowAndNone = try ["res/drawable-nodpi/c.png", "res/drawable/c.png"].map {
      LayoutCandidate.android(try AndroidResourcePath($0))
    }
    #expect(
      Layout.android.rule.choose(among: lowAndNone, for: TraitRequest(density: .xxhdpi)).chosen == 0)
  }

  @Test func androidVersionBreaksADensityTie() throws {
    let candidates = try ["res/drawable-hdpi/a.png", "res/drawable-hdpi-v21/a.png"].map {
      LayoutCandidate.android(try AndroidResourcePath($0))
    }
    #expect(Layout.android.rule.choose(among: candidates, for: TraitRequest(scale: 1.5)).chosen == 1)
  }

  @Test func androidExplanationShowsTheArithmetic() {
    let candidates = [
      LayoutCandidate(path: "mdpi/a.png", scale: 1, density: .mdpi),
      LayoutCandidate(path: "xxhdpi/a.png", scale: 3, density: .xxhdpi),
    ]
    let selection = Layout.android.rule.choose(among: candidates, for: TraitRequest(scale: 1.25))
    #expect(selection.winner?.path == "mdpi/a.png")
    #expect(selection.explanation.first?.contains("(2·160 − 200)·480 = 57600 is above 200² = 40000") == true)
  }

  @Test func noCandidatesChooseNothing() {
    for layout in Layout.allCases {
      #expect(layout.rule.choose(among: [], for: TraitRequest(scale: 2)).chosen == nil)
    }
  }
}
