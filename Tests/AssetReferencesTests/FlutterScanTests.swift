import AssetReferences
import TestSupport
import Testing

/// What the Flutter scan reads from Dart, YAML and JSON.
@Suite("Source references: Flutter Dart, YAML and flutter_gen")
struct FlutterScanTests {
  static func scan(_ files: [(String, String)]) -> FlutterReferences {
    let tree = Tree().text("pubspec.yaml", "name: app\nflutter:\n  assets:\n    - assets/\n")
    for (path, text) in files { tree.text(path, text) }
    return withExtendedLifetime(tree) { FlutterReferences.scan(root: tree.root) }
  }

  static func strict(_ references: FlutterReferences) -> [String] {
    references.uses.filter(\.isStrict).map { "\($0.name)@\($0.line)" + ($0.package.map { "+\($0)" } ?? "") }
  }

  @Test func loadersAreStrictAndCommentsAreNotUses() {
    let references = FlutterScanTests.scan([
      (
        "lib/main.dart",
        """
        // Image.asset('assets/commented.png')
        final a = Image.asset('assets/logo.png');
        final b = const AssetImage("assets/bg.jpg");
        final c = SvgPicture.asset('''assets/icon.svg''');
        final d = rootBundle.loadString('assets/data.json');
        final e = Image.asset('assets/pkg.png', package: 'other');
        final f = 'assets/plain.png';
        /* Image.asset('assets/block.png') /* nested */ */
        final g = MyImage.asset('assets/not_a_loader.png');
        final h = Image.asset(r'assets/raw.png');
        """
      )
    ])
    #expect(
      FlutterScanTests.strict(references) == [
        "assets/logo.png@2", "assets/bg.jpg@3", "assets/icon.svg@4", "assets/data.json@5",
        "assets/pkg.png@6+other", "assets/raw.png@10",
      ])
    let names = references.uses.map(\.name)
    #expect(names.contains("assets/plain.png"))
    #expect(!names.contains("assets/commented.png") && !names.contains("assets/block.png"))
    #expect(references.dartFiles == 1 && references.projects == [""])
  }

  @Test func interpolationsAndConcatenationsArePatterns() {
    let references = FlutterScanTests.scan([
      (
        "lib/fly.dart",
        """
        final a = Image.asset('assets/fly_$id.jpg');
        final b = 'assets/flags/${country.code}.png';
        final c = 'assets/icons/' + name;
        final d = '\\$notATemplate';
        """
      )
    ])
    #expect(
      references.patterns.map(\.pieces) == [
        ["assets/fly_", ".jpg"], ["assets/flags/", ".png"], ["assets/icons/", ""],
      ])
    #expect(references.patterns.map(\.isStrict) == [true, false, false])
    #expect(references.patterns[0].matches("assets/fly_42.jpg"))
    // An escaped `$` is a dollar sign, not a template.
    #expect(references.uses.filter { $0.path == "lib/fly.dart" }.map(\.name) == ["$notATemplate"])
  }

  @Test func flutterGenDeclaresAndMembersUse() {
    let references = FlutterScanTests.scan([
      (
        "lib/gen/assets.gen.dart",
        """
        /// GENERATED CODE - DO NOT MODIFY BY HAND
        /// FlutterGen
        class $AssetsImgGen {
          AssetGenImage get logoBig => const AssetGenImage('assets/img/logo-big.png');
          String get data => 'assets/data.json';
        }
        """
      ),
      ("lib/main.dart", "final w = Assets.img.logoBig.image();\n"),
    ])
    #expect(references.generated == ["lib/gen/assets.gen.dart"])
    #expect(references.generatedMembers["logoBig"] == ["assets/img/logo-big.png"])
    #expect(references.generatedMembers["data"] == ["assets/data.json"])
    #expect(references.members.contains("logoBig"))
    // The generated file's strings are declarations, not uses.
    #expect(!references.uses.map(\.name).contains("assets/img/logo-big.png"))
    #expect(references.dartFiles == 1)
  }

  @Test func flutterGenClassesAndTheChainsThatReachThem() throws {
    let references = FlutterScanTests.scan([
      (
        "lib/gen/assets.gen.dart",
        """
        /// FlutterGen
        class $AssetsImgIconsGen {
          const $AssetsImgIconsGen();
          SvgGenImage get close => const SvgGenImage.vec('assets/img/icons/close.svg');
        }
        class $AssetsImgGen {
          const $AssetsImgGen();
          AssetGenImage get logo32 => const AssetGenImage('assets/img/logo-32.png', size: Size(32, 32));
          $AssetsImgIconsGen get icons => const $AssetsImgIconsGen();
          List<dynamic> get values => [logo32];
        }
        class Assets {
          const Assets._();
          static const String changelog = 'assets/CHANGELOG.md';
          static const $AssetsImgGen img = $AssetsImgGen();
        }
        class AssetGenImage {
          const AssetGenImage(this._assetName, {this.size, this.flavors = const {}});
          final String _assetName;
          String get path => _assetName;
        }
        """
      ),
      (
        "lib/main.dart",
        """
        final a = Assets.img.logo32.image(width: 32);
        final b = gen.Assets.img.icons.close.svg();
        final c = theme.of(context).x;
        """
      ),
    ])
    let classes = Dictionary(uniqueKeysWithValues: references.generatedClasses.map { ($0.name, $0.members) })
    #expect(
      classes["$AssetsImgIconsGen"] == ["close": .asset("assets/img/icons/close.svg", constructed: true)])
    #expect(
      classes["$AssetsImgGen"] == [
        "logo32": .asset("assets/img/logo-32.png", constructed: true), "icons": .nested("$AssetsImgIconsGen"),
      ])
    #expect(
      classes["Assets"] == [
        "changelog": .asset("assets/CHANGELOG.md", constructed: false), "img": .nested("$AssetsImgGen"),
      ])
    // `path => _assetName` and the constructor's parameters are no members with a path.
    #expect(classes["AssetGenImage"] == [:])
    #expect(
      references.chains.map { "\($0.names.joined(separator: "."))@\($0.line)" } == [
        "Assets.img.logo32.image@1", "gen.Assets.img.icons.close.svg@2",
      ])
  }

  @Test func yamlValuesCountButListItemsDoNot() {
    let references = FlutterScanTests.scan([
      (
        "flutter_launcher_icons.yaml",
        "flutter_launcher_icons:\n  image_path: \"./assets/icon.png\" # the source\n  - assets/listed.png\n"
      )
    ])
    let names = references.uses.filter { $0.path == "flutter_launcher_icons.yaml" }.map(\.name)
    #expect(names == ["assets/icon.png"])
  }

  @Test func withoutAPubspecNothingIsRead() {
    let tree = Tree().text("lib/main.dart", "final a = Image.asset('assets/logo.png');\n")
    let references = withExtendedLifetime(tree) { FlutterReferences.scan(root: tree.root) }
    #expect(references.projects.isEmpty && references.uses.isEmpty && references.dartFiles == 0)
  }
}
