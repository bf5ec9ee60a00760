extension Asset {
  /// Why no app loads this asset by its name (`UIImage(named:)`, `NSImage(named:)`,
  /// `Image(_:)`), or `nil` when one can.
  ///
  /// Some sets of a catalog are indexed for the check and the sheets although the compiled
  /// bundle answers no name request with them:
  /// - a launch image set: the build writes its images as loose `LaunchImage-…png` files that
  ///   the system shows at launch;
  /// - a sticker or sticker sequence: Messages shows it from the sticker pack;
  /// - Game Center art (leaderboards, leaderboard sets, the dashboard image): it goes to Game
  ///   Center, not to a name the app's code asks for;
  /// - a layer of an image stack: only the whole stack is loaded by its name, never one layer;
  /// - a set with no image file: the build makes nothing of it.
  ///
  /// `resolve --list` lists only the assets for which this is `nil` and says what it left out.
  public var whyNotLoadableByName: String? {
    guard case .imageSet(let path) = source else {
      return variants.isEmpty ? "a set with no image file: the build makes nothing of it" : nil
    }
    let folders = path.split(separator: "/")
    func inside(_ kinds: SetKind...) -> Bool {
      folders.dropLast().contains { folder in kinds.contains { folder.hasSuffix("." + $0.rawValue) } }
    }
    if kind == .launchImage {
      return "a launch image set: the build writes it as LaunchImage-*.png files the system shows at launch"
    }
    if kind == .sticker || kind == .stickerSequence || inside(.stickerPack) {
      return "a sticker: Messages shows it from its sticker pack"
    }
    if inside(.gameCenterLeaderboard, .gameCenterLeaderboardSet, .gameCenterDashboardImage) {
      return "Game Center art: it goes to Game Center, not to a name the app asks for"
    }
    if inside(.imageStackLayer, .solidImageStackLayer) {
      return "a layer of an image stack: only the whole stack is loaded by its name, never one layer"
    }
    return variants.isEmpty ? "a set with no image file: the build makes nothing of it" : nil
  }
}
