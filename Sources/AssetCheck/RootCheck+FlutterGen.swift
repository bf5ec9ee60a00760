import AssetReferences
import IconGridSupport

extension RootCheck {
  /// The methods of flutter_gen's asset classes that load the asset they wrap
  /// (`AssetGenImage.image()` and `.provider()` make an `Image.asset` and an `AssetImage`,
  /// `SvgGenImage.svg()` an `SvgPicture.asset`, `LottieGenImage.lottie()` a `Lottie.asset`,
  /// `RiveGenImage.rive()` a `RiveAnimation.asset`).
  static let flutterGenLoaders: Set<String> = ["image", "provider", "svg", "lottie", "rive"]

  /// The folders, beside a `pubspec.yaml`, that hold tests: `flutter test` and
  /// `flutter drive` run them, and no build of the app includes them.
  static let flutterTestFolders: Set<String> = ["test", "integration_test", "test_driver"]

  /// `missing-asset` at each use of a flutter_gen member (`Assets.img.logo32.image()`) whose
  /// path the bundle does not have.
  ///
  /// flutter_gen writes a member for each file the pubspec's `assets:` entries give when it
  /// runs; the file is not read again at build time. When the file goes (or its entry does)
  /// and the generated file stays, the code still compiles, the Flutter tool bundles only the
  /// files present (a folder entry lists its folder), and the asset bundle throws "Unable to
  /// load asset" for the key it does not hold. A use that loads it (`.image()`, `.svg()`…) is
  /// an error; one that hands the path on (`.path`, the bare member) is a warning, for what
  /// reads the path is not seen; so is a use in a test folder, which no app ships.
  ///
  /// - Parameters:
  ///   - references: what the Dart code holds.
  ///   - projects: each project's bundle, by project folder.
  /// - Returns: how many findings were added.
  mutating func flutterGenMissingAssets(_ references: FlutterReferences, _ projects: [String: FlutterBundle])
    -> Int
  {
    guard !references.generatedClasses.isEmpty else { return 0 }
    let classes = Dictionary(grouping: references.generatedClasses, by: \.name)
    var seen: Set<String> = []
    var count = 0
    for chain in references.chains {
      guard let resolved = resolve(chain, classes, references),
        let project = references.project(of: resolved.generated), let bundle = projects[project]
      else { continue }
      let key = resolved.key
      guard resolved.constructed || key.contains("/"), !key.hasPrefix("packages/"), !key.contains("://"),
        !RootCheck.flutterGeneratedAssets.contains(key), !bundle.isBundled(key),
        seen.insert("\(chain.path)\u{0}\(chain.line)\u{0}\(key)").inserted
      else { continue }
      let loads = resolved.rest.first.map(RootCheck.flutterGenLoaders.contains) ?? false
      let inTests = references.project(of: chain.path).map { own in
        let inside = own.isEmpty ? chain.path : String(chain.path.dropFirst(own.count + 1))
        return RootCheck.flutterTestFolders.contains(String(inside.prefix { $0 != "/" }))
      }
      let testCode = inTests == true
      let written = resolved.member + (resolved.rest.first.map { loads ? ".\($0)()" : ".\($0)" } ?? "")
      let pubspec = Finding.join(project, "pubspec.yaml")
      var message =
        "line \(chain.line) uses \(written), which the flutter_gen file \(resolved.generated) declares for "
        + "'\(key)', but \(pubspec) does not bundle that path"
      message +=
        bundle.exists(key)
        ? " (the file exists, but flutter: assets: no longer lists it or its folder)"
        : " (no such file)"
      message +=
        ": the generated file is older than the assets. Restore the file, or re-run build_runner "
        + "(dart run build_runner build) so the member goes and the compiler shows each use; "
      if testCode {
        message += "this is test code, which no app ships, and the test fails when it loads the asset"
      } else if loads {
        message += "the app builds, and .\(resolved.rest[0])() throws \"Unable to load asset\" when drawn"
      } else {
        message +=
          "the app builds, and whatever reads this path at run time finds no such asset in the bundle "
          + "(what reads it is not seen here)"
      }
      add(
        .missingAsset, chain.path, asset: key, message, severity: loads && !testCode ? nil : .warning,
        line: chain.line)
      count += 1
    }
    return count
  }

  /// The path a member chain reaches through generated classes, with the chain up to the
  /// member and the names after it; `nil` when the chain names no generated class or member,
  /// or when several generated files declare its first class and none is the use's project's.
  private func resolve(
    _ chain: FlutterReferences.MemberChain, _ classes: [String: [FlutterReferences.GeneratedClass]],
    _ references: FlutterReferences
  ) -> (key: String, constructed: Bool, generated: String, member: String, rest: [String])? {
    // `Assets.img.x`, or `gen.Assets.img.x` through an import prefix.
    guard let start = [0, 1].first(where: { $0 < chain.names.count - 1 && classes[chain.names[$0]] != nil }),
      start == 0 || !(chain.names[0].first?.isUppercase ?? true)
    else { return nil }
    let candidates = classes[chain.names[start]] ?? []
    let own = references.project(of: chain.path)
    let local = candidates.filter { references.project(of: $0.path) == own }
    guard var current = local.count == 1 ? local.first : (candidates.count == 1 ? candidates.first : nil)
    else {
      return nil
    }
    for index in (start + 1)..<chain.names.count {
      switch current.members[chain.names[index]] {
      case .asset(let key, let constructed):
        let member = chain.names[start...index].joined(separator: ".")
        return (key, constructed, current.path, member, Array(chain.names[(index + 1)...]))
      case .nested(let name):
        guard let next = classes[name]?.first(where: { $0.path == current.path }) else { return nil }
        current = next
      case nil:
        return nil
      }
    }
    return nil
  }
}
