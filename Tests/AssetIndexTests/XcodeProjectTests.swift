import AssetIndex
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where the project fixtures are: ours beside this file, the real trees in `../shared/testdata/real`.
private enum ProjectFixtures {
  static let ours = TestPaths.inPackage("Tests/AssetIndexTests/Fixtures/Projects")
  static let multi = ours + "/Multi/Multi.xcodeproj"
  static let real = TestPaths.testData("real")

  /// The resources of a target as `kind path` lines, with `(sync)` and `[localization]` marks.
  static func lines(_ target: XcodeTarget) -> [String] {
    target.resources.map { resource in
      "\(resource.kind) \(resource.path)" + (resource.isFromSynchronizedFolder ? " (sync)" : "")
        + (resource.localization.map { " [\($0)]" } ?? "")
    }
  }
}

@Suite struct XcodeProjectTests {
  private func multi() throws -> XcodeProject {
    try XcodeProject(contentsOf: ProjectFixtures.multi)
  }

  @Test func nativeTargetsInProjectOrderAndAggregatesApart() throws {
    let project = try multi()
    #expect(project.targets.map(\.name) == ["App", "Widget", "Watch"])
    #expect(project.otherTargetNames == ["Lint"])
    #expect(project.path == ProjectFixtures.multi)
    #expect(project.projectDirectory == ProjectFixtures.ours + "/Multi")
    #expect(project.target(named: "Widget")?.productType == "com.apple.product-type.app-extension")
    #expect(project.target(named: "Lint") == nil)
  }

  @Test func resourcesPhaseGroupsVariantsAndSynchronizedFolder() throws {
    let app = try #require(try multi().target(named: "App"))
    #expect(
      ProjectFixtures.lines(app) == [
        "assetCatalog App/Assets.xcassets",
        // The group "Images" has a display name; only its path counts. "./logo@2x.png" loses "./".
        "file App/Images/logo.png",
        "file App/Images/logo@2x.png",
        // A variant group: each localization's file.
        "file App/en.lproj/welcome.png [en]",
        "file App/fr.lproj/welcome.png [fr]",
        // SOURCE_ROOT: the parent group's path "App" does not apply.
        "assetCatalog Shared/Shared.xcassets",
        "folderReference App/Sounds",
        // Outside the project directory: ".." only where it really climbs out.
        "file ../Outside/outside.png",
        // Synchronized folder "Synced": Extra/skip.png and the Base hidden.png are exceptions,
        // .hidden.png is hidden, notes.txt and Code.swift are not assets, Docs.docc is a package.
        "assetCatalog Synced/Badges.xcassets (sync)",
        "iconDocument Synced/Brand.icon (sync)",
        "file Synced/Extra/keep.png (sync)",
        "file Synced/Strings/Base.lproj/title.png (sync) [Base]",
        "file Synced/Strings/de.lproj/title.png (sync) [de]",
        "folderReference Synced/Templates (sync)",
        "file Synced/photo.JPG (sync)",
      ])
    // BUILT_PRODUCTS_DIR is a build product, not a file of the repository.
    #expect(app.unlocatedResources == ["Generated.bundle"])
    #expect(
      app.assetCatalogs.map(\.path) == [
        "App/Assets.xcassets", "Shared/Shared.xcassets", "Synced/Badges.xcassets",
      ])
  }

  @Test func membershipExceptionOfAnotherTargetAddsTheItem() throws {
    let project = try multi()
    let widget = try #require(project.target(named: "Widget"))
    // The Widget does not own "Synced"; its exception set names the one item it gets.
    #expect(
      ProjectFixtures.lines(widget) == [
        "assetCatalog Widget/Assets.xcassets", "assetCatalog Shared/Shared.xcassets",
        "assetCatalog Synced/Badges.xcassets (sync)",
      ])
    let watch = try #require(project.target(named: "Watch"))
    // A group path with a space, and a reference without a file type found by its extension.
    #expect(ProjectFixtures.lines(watch) == ["assetCatalog Watch App/Assets.xcassets"])
  }

  @Test func sameCatalogNameInThreeTargetsStaysThreeResources() throws {
    let project = try multi()
    let names = project.targets.map { target in
      target.assetCatalogs.filter { $0.path.hasSuffix("/Assets.xcassets") }.map(\.path)
    }
    #expect(names == [["App/Assets.xcassets"], ["Widget/Assets.xcassets"], ["Watch App/Assets.xcassets"]])
  }

  @Test func appSettingsFromReleaseWithInheritedListsAndVariables() throws {
    let app = try #require(try multi().target(named: "App"))
    #expect(app.configurationName == "Release")
    // "$(ICON_BASE)" is the project's Release value, not Debug's; the [sdk=macosx*] variant is ignored.
    #expect(app.appIconName == "AppIcon")
    #expect(app.alternateAppIconNames == ["Dark Icon", "Classic", "Pride"])
    #expect(app.includesAllAppIcons)
    #expect(app.platforms == [.ios])
    #expect(app.supportsMacCatalyst)
    #expect(app.deploymentTargets == [.ios: "15.0"])  // MACOSX_… is set but macOS is not a platform
    #expect(app.deviceFamilies == [1, 2, 6])
    #expect(app.unresolvedSettings.isEmpty)
    #expect(app.configurationFiles.isEmpty)
  }

  @Test func supportedPlatformsOverSdkRoot() throws {
    let widget = try #require(try multi().target(named: "Widget"))
    #expect(widget.platforms == [.ios, .visionos])
    #expect(widget.deploymentTargets == [.ios: "15.0", .visionos: "1.0"])
    #expect(widget.deviceFamilies == [1, 2, 7])
    #expect(widget.appIconName == nil)
    #expect(widget.alternateAppIconNames == ["Classic"])  // inherited from the project
    #expect(!widget.includesAllAppIcons)
  }

  @Test func firstConfigurationWhenNoReleaseAndUnknownVariablesKeptRaw() throws {
    let watch = try #require(try multi().target(named: "Watch"))
    #expect(watch.configurationName == "Debug")
    #expect(watch.appIconName == "WatchIcon")  // "${TARGET_NAME}Icon"
    #expect(watch.platforms == [.watchos])
    #expect(watch.deploymentTargets == [.watchos: "10.0"])
    #expect(watch.deviceFamilies == [4])
    #expect(watch.alternateAppIconNames.isEmpty)
    #expect(
      watch.unresolvedSettings == ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "$(UNDEFINED_SUFFIX)Alt"])
    #expect(watch.configurationFiles == ["Watch.xcconfig"])
  }

  /// What each target compiles or bundles: its Sources phase, its resources and whatever its
  /// synchronized folders give it, exceptions taken away (or, for another target, added).
  @Test func whatATargetBuilds() throws {
    let project = try XcodeProject(contentsOf: ProjectFixtures.multi)
    let app = try #require(project.targets.first { $0.name == "App" })
    let widget = try #require(project.targets.first { $0.name == "Widget" })
    #expect(app.sourceFiles.count == 1)
    #expect(app.sourceFiles.first?.hasSuffix("main.swift") == true)
    #expect(app.builds(try #require(app.sourceFiles.first)))
    #expect(app.builds("Synced/Code.swift"))
    #expect(app.builds("Synced/Badges.xcassets/Contents.json"))
    #expect(!app.builds("Synced/Extra/skip.png"))
    #expect(!app.builds("Synced/Strings/Base.lproj/hidden.png"))
    #expect(app.builds("Synced/Strings/Base.lproj/title.png"))
    #expect(!app.builds("Elsewhere/Code.swift"))
    #expect(widget.sourceFiles.isEmpty)
    #expect(widget.builds("Synced/Badges.xcassets/Contents.json"))
    #expect(!widget.builds("Synced/Code.swift"))
  }

  @Test func aTrailingSlashAndARelativePathWork() throws {
    let project = try XcodeProject(contentsOf: ProjectFixtures.multi + "/")
    #expect(project.projectDirectory == ProjectFixtures.ours + "/Multi")
    #expect(project.targets.count == 3)
  }

  @Test func platformNames() {
    #expect(ApplePlatform(sdk: "iphonesimulator") == .ios)
    #expect(ApplePlatform(sdk: "macosx14.2") == .macos)
    #expect(ApplePlatform(sdk: "appletvos") == .tvos)
    #expect(ApplePlatform(sdk: "xrsimulator") == .visionos)
    #expect(ApplePlatform(sdk: "watchos") == .watchos)
    #expect(ApplePlatform(sdk: "auto") == nil)
    #expect(ApplePlatform.visionos.deploymentTargetSetting == "XROS_DEPLOYMENT_TARGET")
  }
}

@Suite struct XcodeProjectFindTests {
  @Test func findsProjectsButNotInsideProjectsCatalogsOrHiddenFolders() throws {
    let tree = Tree()
    for project in [
      "A.xcodeproj", "sub/B.xcodeproj", "A.xcodeproj/Inner.xcodeproj", "Assets.xcassets/C.xcodeproj",
      ".hidden/D.xcodeproj", "sub/deeper/E.xcodeproj",
    ] {
      tree.text(project + "/project.pbxproj", "{}")
    }
    tree.text("NoFile.xcodeproj/readme.txt", "")
    #expect(
      XcodeProject.find(in: tree.root) == [
        tree.path("A.xcodeproj"), tree.path("sub/B.xcodeproj"), tree.path("sub/deeper/E.xcodeproj"),
      ])
    #expect(XcodeProject.find(in: tree.path("A.xcodeproj")) == [tree.path("A.xcodeproj")])
    #expect(XcodeProject.find(in: tree.path("missing")).isEmpty)
  }

  @Test func linkLoopsAreNotFollowed() throws {
    let tree = Tree()
    tree.text("real/P.xcodeproj/project.pbxproj", "{}")
    tree.link("real/loop", to: "..")
    #expect(XcodeProject.find(in: tree.root) == [tree.path("real/P.xcodeproj")])
  }

  @Test(.needsSharedData, .tags(.sharedData)) func findsEveryRealProject() throws {
    let root = ProjectFixtures.real + "/GitHawkApp-GitHawk"
    let found = XcodeProject.find(in: root).map { String($0.dropFirst(root.count + 1)) }
    #expect(
      found == [
        "Freetime.xcodeproj", "Local Pods/DateAgo/DateAgo.xcodeproj",
        "Local Pods/GitHubAPI/GitHubAPI.xcodeproj",
        "Local Pods/GitHubAPI/Pods/Pods.xcodeproj", "Local Pods/GitHubSession/GitHubSession.xcodeproj",
        "Local Pods/StringHelpers/StringHelpers.xcodeproj",
        "Local Pods/SwipeCellKit/Example/MailExample.xcodeproj",
        "Local Pods/SwipeCellKit/SwipeCellKit.xcodeproj", "Pods/Pods.xcodeproj",
      ])
  }
}

/// Broken and hostile project files: each gives a `ProjectError` naming the file.
@Suite struct XcodeProjectHostileTests {
  /// Writes `text` as `P.xcodeproj/project.pbxproj` and reads it.
  private func read(_ text: String, in tree: Tree = Tree()) -> Result<XcodeProject, ProjectError> {
    tree.text("P.xcodeproj/project.pbxproj", text)
    return Result { () throws(ProjectError) in try XcodeProject(contentsOf: tree.path("P.xcodeproj")) }
  }

  private func reason(_ result: Result<XcodeProject, ProjectError>) -> ProjectError.Reason? {
    if case .failure(let error) = result { return error.reason }
    return nil
  }

  /// A minimal project around `objects` (PBXProject `R`, main group `G`), with `targets`.
  private func project(_ objects: String, targets: String = "") -> String {
    """
    // !$*UTF8*$!
    { archiveVersion = 1; objectVersion = 56; objects = {
      R = { isa = PBXProject; mainGroup = G; targets = ( \(targets) ); };
      \(objects)
    }; rootObject = R; }
    """
  }

  @Test func errorsNameTheFileAndTheReason() throws {
    let tree = Tree()
    let result = read("not a plist at all", in: tree)
    guard case .failure(let error) = result else {
      Issue.record("garbage was read as a project")
      return
    }
    #expect(error.file == tree.path("P.xcodeproj/project.pbxproj"))
    #expect(
      error.description.hasPrefix(
        tree.path("P.xcodeproj/project.pbxproj") + ": not an old-style property list"))
  }

  @Test(arguments: [
    "", "garbage", "\"just a string\"", "( a, b )", "<?xml version=\"1.0\"?><plist><dict/></plist>",
    "bplist00\u{1}\u{2}", "{ a = \"unterminated; }", "{ a = b; /* unterminated comment",
    "{" + String(repeating: "a = {", count: 100_000),
  ])
  func notAPropertyList(_ text: String) {
    guard case .notAPropertyList = reason(read(text)) else {
      Issue.record("\(text.prefix(40)) was not refused as a property list")
      return
    }
  }

  @Test func deepNestingIsRefusedWithoutCrashing() {
    let deep =
      "{ a = " + String(repeating: "(", count: 200_000) + String(repeating: ")", count: 200_000) + "; }"
    #expect(reason(read(deep)) != nil)
  }

  @Test func notUTF8() {
    let tree = Tree()
    tree.makeFolders(for: "P.xcodeproj/project.pbxproj")
    let bytes: [UInt8] = Array("{ a = ".utf8) + [0xFF, 0xFE] + Array("; }".utf8)
    #expect(
      FileManager.default.createFile(atPath: tree.path("P.xcodeproj/project.pbxproj"), contents: Data(bytes)))
    #expect(
      throws: ProjectError(
        file: tree.path("P.xcodeproj/project.pbxproj"),
        reason: .notAPropertyList("the file is not UTF-8 text"))
    ) {
      try XcodeProject(contentsOf: tree.path("P.xcodeproj"))
    }
  }

  @Test(arguments: [
    ("{ }", "it has no \"objects\" dictionary"),
    ("{ objects = { }; }", "it has no \"rootObject\""),
    ("{ objects = { R = { isa = PBXGroup; }; }; rootObject = R; }", "its root object R is not a PBXProject"),
    ("{ objects = { R = { isa = PBXProject; }; }; rootObject = R; }", "the project has no main group"),
  ])
  func notAProject(_ text: String, _ why: String) {
    #expect(reason(read(text)) == .malformed(why))
  }

  @Test func missingFileFolderAndFifo() throws {
    let tree = Tree()
    #expect(
      throws: ProjectError(
        file: tree.path("None.xcodeproj/project.pbxproj"), reason: .unreadable("no such file"))
    ) {
      try XcodeProject(contentsOf: tree.path("None.xcodeproj"))
    }
    tree.text("Dir.xcodeproj/project.pbxproj/inner", "")
    #expect(
      throws: ProjectError(
        file: tree.path("Dir.xcodeproj/project.pbxproj"), reason: .unreadable("it is not a regular file"))
    ) {
      try XcodeProject(contentsOf: tree.path("Dir.xcodeproj"))
    }
    // A FIFO would block a plain read forever.
    tree.makeFolders(for: "Fifo.xcodeproj/project.pbxproj")
    #expect(mkfifo(tree.path("Fifo.xcodeproj/project.pbxproj"), 0o644) == 0)
    #expect(
      throws: ProjectError(
        file: tree.path("Fifo.xcodeproj/project.pbxproj"), reason: .unreadable("it is not a regular file"))
    ) {
      try XcodeProject(contentsOf: tree.path("Fifo.xcodeproj"))
    }
  }

  @Test func tooLargeIsRefusedBeforeReading() throws {
    let tree = Tree()
    tree.text("Big.xcodeproj/project.pbxproj", "{")
    let size = 33 << 20
    // A sparse file: the size is there, the bytes are never written (nor read).
    #expect(truncate(tree.path("Big.xcodeproj/project.pbxproj"), off_t(size)) == 0)
    #expect(
      throws: ProjectError(
        file: tree.path("Big.xcodeproj/project.pbxproj"), reason: .tooLarge(bytes: size, limit: 32 << 20))
    ) {
      try XcodeProject(contentsOf: tree.path("Big.xcodeproj"))
    }
  }

  @Test func aCycleInTheGroupTreeIsAnError() {
    let text = project(
      """
      G = { isa = PBXGroup; children = ( A ); sourceTree = "<group>"; };
      A = { isa = PBXGroup; name = Loop; children = ( B ); path = a; sourceTree = "<group>"; };
      B = { isa = PBXGroup; children = ( A ); path = b; sourceTree = "<group>"; };
      """)
    #expect(
      reason(read(text)) == .malformed("the group tree has a cycle: group \"Loop\" (A) contains itself"))
  }

  @Test func loopsOutsideTheTreeAndDanglingReferencesEnd() throws {
    // Orphan groups X and Y contain each other and are used as a resource; references point
    // nowhere; a setting refers to itself through another.
    let text = project(
      """
      G = { isa = PBXGroup; children = ( F, Missing ); sourceTree = "<group>"; };
      F = { isa = PBXFileReference; path = f.png; sourceTree = "<group>"; };
      X = { isa = PBXGroup; children = ( Y, F ); path = x; sourceTree = "<group>"; };
      Y = { isa = PBXGroup; children = ( X ); sourceTree = "<group>"; };
      T = { isa = PBXNativeTarget; name = T; buildPhases = ( P, Nowhere ); buildConfigurationList = L;
            fileSystemSynchronizedGroups = ( Nothing ); };
      P = { isa = PBXResourcesBuildPhase; files = ( B1, B2, B3 ); };
      B1 = { isa = PBXBuildFile; fileRef = X; };
      B2 = { isa = PBXBuildFile; fileRef = Gone; };
      B3 = { isa = PBXBuildFile; };
      L = { isa = XCConfigurationList; buildConfigurations = ( C ); };
      C = { isa = XCBuildConfiguration; name = Release; buildSettings = {
            ASSETCATALOG_COMPILER_APPICON_NAME = "$(A)"; A = "$(B)"; B = "$(A)$(A)"; }; };
      """, targets: "T, Absent")
    let project = try read(text).get()
    let target = try #require(project.targets.first)
    #expect(project.targets.count == 1)
    #expect(ProjectFixtures.lines(target) == ["file f.png"])
    #expect(target.appIconName == nil)
    #expect(target.unresolvedSettings == ["ASSETCATALOG_COMPILER_APPICON_NAME": "$(A)"])
  }

  /// A main group with a chain of `depth` nested groups ending in `leaf.png`, a resource of T.
  private func chain(_ depth: Int) -> String {
    var objects = "G = { isa = PBXGroup; children = ( N0 ); sourceTree = \"<group>\"; };\n"
    for index in 0..<depth {
      objects +=
        "N\(index) = { isa = PBXGroup; children = ( N\(index + 1) ); path = d; sourceTree = \"<group>\"; };\n"
    }
    objects += "N\(depth) = { isa = PBXFileReference; path = leaf.png; sourceTree = \"<group>\"; };\n"
    objects += """
      T = { isa = PBXNativeTarget; name = T; buildPhases = ( P ); };
      P = { isa = PBXResourcesBuildPhase; files = ( B ); };
      B = { isa = PBXBuildFile; fileRef = N0; };
      """
    return project(objects, targets: "T")
  }

  @Test func deepGroupsWithinTheLimitResolve() throws {
    let project = try read(chain(200)).get()
    let resource = try #require(project.targets.first?.resources.first)
    #expect(resource.path == Array(repeating: "d", count: 200).joined(separator: "/") + "/leaf.png")
  }

  @Test func groupsNestedBeyondTheLimitAreAnError() {
    #expect(reason(read(chain(300))) == .malformed("groups are nested more than 256 deep"))
  }

  @Test func synchronizedFolderExceptionsForFoldersAndOtherPhasesAndLinkLoops() throws {
    let tree = Tree()
    for file in ["Art/a.png", "Art/b.png", "Art/Sub/c.png", "Art/Sub/d.png"] { tree.text(file, "") }
    tree.link("Art/loop", to: "..")
    let text = project(
      """
      G = { isa = PBXGroup; children = ( S ); sourceTree = "<group>"; };
      S = { isa = PBXFileSystemSynchronizedRootGroup; exceptions = ( E1, E2 ); path = Art; sourceTree = "<group>"; };
      E1 = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ( Sub ); target = T; };
      E2 = { isa = PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet; buildPhase = C;
             membershipExceptions = ( b.png ); };
      T = { isa = PBXNativeTarget; name = T; buildPhases = ( C ); fileSystemSynchronizedGroups = ( S ); };
      C = { isa = PBXCopyFilesBuildPhase; dstSubfolderSpec = 7; files = ( ); };
      """, targets: "T")
    let target = try #require(try read(text, in: tree).get().targets.first)
    // Sub/ is excepted as a folder; b.png is copied by the Copy Files phase, not as a resource.
    #expect(ProjectFixtures.lines(target) == ["file Art/a.png (sync)"])
  }

  @Test func absoluteReferencesAreMadeRelativeToTheProjectDirectory() throws {
    let tree = Tree()
    let text = project(
      """
      G = { isa = PBXGroup; children = ( In, Out, Sdk ); sourceTree = "<group>"; };
      In = { isa = PBXFileReference; path = "\(tree.root)/Art/in.png"; sourceTree = "<absolute>"; };
      Out = { isa = PBXFileReference; path = "/elsewhere/out.png"; sourceTree = "<absolute>"; };
      Sdk = { isa = PBXFileReference; name = UIKit.framework; path = System/Library/UIKit.framework; sourceTree = SDKROOT; };
      T = { isa = PBXNativeTarget; name = T; buildPhases = ( P ); };
      P = { isa = PBXResourcesBuildPhase; files = ( B1, B2, B3 ); };
      B1 = { isa = PBXBuildFile; fileRef = In; };
      B2 = { isa = PBXBuildFile; fileRef = Out; };
      B3 = { isa = PBXBuildFile; fileRef = Sdk; };
      """, targets: "T")
    let target = try #require(try read(text, in: tree).get().targets.first)
    let climb = Array(repeating: "..", count: tree.root.split(separator: "/").count).joined(separator: "/")
    #expect(ProjectFixtures.lines(target) == ["file Art/in.png", "file \(climb)/elsewhere/out.png"])
    #expect(target.unlocatedResources == ["UIKit.framework"])
  }
}

/// Facts read from the real projects' `project.pbxproj` files by hand.
@Suite struct RealXcodeProjectTests {
  private func read(_ relative: String) throws -> XcodeProject {
    try XcodeProject(contentsOf: ProjectFixtures.real + "/" + relative)
  }

  @Test(.needsSharedData, .tags(.sharedData)) func everyRealProjectReadsAndItsCatalogsExist() throws {
    let projects = XcodeProject.find(in: ProjectFixtures.real)
    #expect(projects.count == 13)
    for path in projects {
      let project = try XcodeProject(contentsOf: path)
      for target in project.targets {
        for catalog in target.assetCatalogs {
          var isFolder: ObjCBool = false
          let exists = FileManager.default.fileExists(
            atPath: project.projectDirectory + "/" + catalog.path, isDirectory: &isFolder)
          #expect(exists && isFolder.boolValue, "\(path): \(target.name): \(catalog.path)")
        }
      }
    }
  }

  @Test(.needsSharedData, .tags(.sharedData)) func gitHawk() throws {
    let project = try read("GitHawkApp-GitHawk/Freetime.xcodeproj")
    #expect(
      project.targets.map(\.name) == [
        "Freetime", "FreetimeTests", "FreetimeWatch", "FreetimeWatch Extension",
      ])
    let app = try #require(project.target(named: "Freetime"))
    #expect(app.platforms == [.ios])
    #expect(app.deploymentTargets == [.ios: "11.0"])
    #expect(app.deviceFamilies == [1, 2])
    #expect(app.appIconName == "AppIcon")
    #expect(app.assetCatalogs.map(\.path) == ["Resources/Assets.xcassets"])
    #expect(app.resources.contains(ProjectResource(path: "Settings.bundle", kind: .folderReference)))
    #expect(
      app.configurationFiles == ["Pods/Target Support Files/Pods-Freetime/Pods-Freetime.release.xcconfig"])
    let watch = try #require(project.target(named: "FreetimeWatch"))
    #expect(watch.productType == "com.apple.product-type.application.watchapp2")
    #expect(watch.platforms == [.watchos])
    #expect(watch.deploymentTargets == [.watchos: "4.3"])
    #expect(watch.appIconName == "AppIcon")
    #expect(watch.assetCatalogs.map(\.path) == ["FreetimeWatch/Assets.xcassets"])
    let extensionTarget = try #require(project.target(named: "FreetimeWatch Extension"))
    #expect(extensionTarget.productType == "com.apple.product-type.watchkit2-extension")
    #expect(extensionTarget.appIconName == nil)
    #expect(extensionTarget.assetCatalogs.map(\.path) == ["FreetimeWatch Extension/Assets.xcassets"])

    let pods = try read("GitHawkApp-GitHawk/Pods/Pods.xcodeproj")
    #expect(pods.otherTargetNames == ["Crashlytics", "Fabric", "SwiftLint"])
    #expect(
      pods.target(named: "DropdownTitleView")?.assetCatalogs.map(\.path) == [
        "DropdownTitleView/Source/Assets.xcassets"
      ])
    #expect(pods.target(named: "Alamofire-watchOS")?.platforms == [.watchos])
  }

  @Test(.needsSharedData, .tags(.sharedData)) func duckDuckGo() throws {
    let project = try read("duckduckgo-iOS/DuckDuckGo-iOS.xcodeproj")
    #expect(project.targets.count == 15)
    let app = try #require(project.target(named: "DuckDuckGo"))
    #expect(app.appIconName == "AppIcon")  // Release; the Alpha configurations use DDG-AppIcon-Alpha
    #expect(
      app.alternateAppIconNames == [
        "AppIcon-Yellow", "AppIcon-Blue", "AppIcon-Purple", "AppIcon-Green", "AppIcon-Black",
      ])
    #expect(app.includesAllAppIcons)
    #expect(app.platforms == [.ios])
    #expect(app.deploymentTargets == [.ios: "15.0"])
    #expect(app.assetCatalogs.count == 24)
    #expect(app.assetCatalogs.contains { $0.path == "DuckDuckGo/AlternateAppIcons.xcassets" })
    #expect(app.assetCatalogs.contains { $0.path == "Widgets/WidgetsShared.xcassets" })
    let action = try #require(project.target(named: "OpenAction"))
    #expect(action.productType == "com.apple.product-type.app-extension")
    #expect(action.appIconName == "ActionIcons")
    #expect(action.assetCatalogs.map(\.path) == ["OpenAction/ActionIcons.xcassets"])
    let widgets = try #require(project.target(named: "WidgetsExtension"))
    #expect(widgets.appIconName == nil)
    #expect(
      widgets.assetCatalogs.map(\.path) == [
        "DuckDuckGo/Assets.xcassets", "Widgets/WidgetsShared.xcassets", "Widgets/Assets.xcassets",
      ])
  }

  @Test(.needsSharedData, .tags(.sharedData)) func homeAssistant() throws {
    let project = try read("home-assistant-iOS/HomeAssistant.xcodeproj")
    #expect(project.otherTargetNames == ["Codegen"])
    let app = try #require(project.target(named: "App"))
    // The name is "AppIcon${BUNDLE_ID_SUFFIX}", the suffix lives in an .xcconfig: not guessed.
    #expect(app.appIconName == nil)
    #expect(app.unresolvedSettings == ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon${BUNDLE_ID_SUFFIX}"])
    #expect(app.configurationFiles == ["Configuration/HomeAssistant.release.xcconfig"])
    #expect(app.includesAllAppIcons)
    #expect(app.supportsMacCatalyst)
    #expect(
      ProjectFixtures.lines(app).filter { !$0.hasPrefix("file ") } == [
        "iconDocument Sources/App/Resources/AppIcon.dev.icon (sync)",
        "iconDocument Sources/App/Resources/AppIcon.icon (sync)",
        "assetCatalog Sources/App/Resources/Assets.xcassets (sync)",
        "folderReference Sources/App/Resources/gallery.ckcomplication (sync)",
        "assetCatalog Sources/Shared/Assets/Colors.xcassets (sync)",
        "assetCatalog Sources/Shared/Assets/SharedAssets.xcassets (sync)",
      ])
    let watch = try #require(project.target(named: "WatchApp"))
    #expect(watch.platforms == [.watchos])
    #expect(
      watch.unresolvedSettings == ["ASSETCATALOG_COMPILER_APPICON_NAME": "WatchIcon${BUNDLE_ID_SUFFIX}"])
    #expect(
      watch.assetCatalogs.map(\.path) == [
        "Sources/Shared/Assets/Colors.xcassets", "Sources/Shared/Assets/SharedAssets.xcassets",
        "Sources/WatchApp/Assets.xcassets",
      ])
    // The widget does not own Sources/App/Resources; an exception set gives it Assets.xcassets.
    let widgets = try #require(project.target(named: "Extensions-Widgets"))
    #expect(widgets.deploymentTargets == [.ios: "17.0"])
    #expect(
      widgets.assetCatalogs.map(\.path) == [
        "Sources/App/Resources/Assets.xcassets", "Sources/Extensions/Widgets/Resources/Assets.xcassets",
        "Sources/Shared/Assets/Colors.xcassets", "Sources/Shared/Assets/SharedAssets.xcassets",
      ])
    #expect(
      project.target(named: "Extensions-WatchWidgets")?.assetCatalogs.map(\.path) == [
        "Sources/WatchWidgets/Assets.xcassets"
      ])
    #expect(project.target(named: "Launcher")?.platforms == [.macos])
  }

  @Test(.needsSharedData, .tags(.sharedData)) func netNewsWire() throws {
    let project = try read("Ranchero-Software-NetNewsWire/NetNewsWire.xcodeproj")
    let mac = try #require(project.target(named: "NetNewsWire"))
    // Every setting is in .xcconfig files (anchored in the synchronized "xcconfig" folder).
    #expect(mac.platforms.isEmpty)
    #expect(mac.appIconName == nil)
    #expect(
      mac.configurationFiles == [
        "xcconfig/NetNewsWire_project_release.xcconfig", "xcconfig/NetNewsWire_macapp_target.xcconfig",
      ])
    #expect(mac.assetCatalogs.map(\.path) == ["Mac/Resources/Assets.xcassets"])
    #expect(mac.assetCatalogs.allSatisfy { $0.isFromSynchronizedFolder })
    let iOS = try #require(project.target(named: "NetNewsWire-iOS"))
    #expect(iOS.assetCatalogs.map(\.path) == ["iOS/Resources/Assets.xcassets"])
    // Additive exception: the iOS share extension gets the iOS catalog, not the rest of iOS/.
    let share = try #require(project.target(named: "NetNewsWire iOS Share Extension"))
    #expect(share.assetCatalogs.map(\.path) == ["iOS/Resources/Assets.xcassets"])
    let widget = try #require(project.target(named: "NetNewsWire iOS Widget Extension"))
    #expect(widget.assetCatalogs.map(\.path) == ["Widget/Assets.xcassets"])
    // The Mac app excludes SafariExtension/ToolbarItemIcon.pdf; "Subscribe to Feed" adds it.
    #expect(!mac.resources.contains { $0.path == "Mac/SafariExtension/ToolbarItemIcon.pdf" })
    #expect(
      project.target(named: "Subscribe to Feed")?.resources.map(\.path) == [
        "Mac/SafariExtension/ToolbarItemIcon.pdf"
      ])
  }

  @Test(.needsSharedData, .tags(.sharedData)) func flutterRunner() throws {
    let project = try read("RatelHub-rflutter_alert/example/ios/Runner.xcodeproj")
    let runner = try #require(project.targets.first)
    #expect(project.targets.map(\.name) == ["Runner"])
    #expect(runner.appIconName == "AppIcon")
    #expect(runner.platforms == [.ios])
    #expect(runner.deploymentTargets == [.ios: "11.0"])
    #expect(
      ProjectFixtures.lines(runner) == [
        "file Runner/Base.lproj/LaunchScreen.storyboard [Base]", "file Flutter/AppFrameworkInfo.plist",
        "file Flutter/Debug.xcconfig", "assetCatalog Runner/Assets.xcassets",
        "file Runner/Base.lproj/Main.storyboard [Base]",
      ])
  }
}
