/// An Apple operating system a target builds for.
public enum ApplePlatform: String, Sendable, Hashable, CaseIterable {
  /// iOS and iPadOS (`iphoneos`).
  case ios
  /// macOS (`macosx`).
  case macos
  /// watchOS (`watchos`).
  case watchos
  /// tvOS (`appletvos`).
  case tvos
  /// visionOS (`xros`).
  case visionos

  /// The platform of an SDK or platform name as build settings write it.
  ///
  /// Simulator names map to their device platform: `iphonesimulator` is iOS.
  ///
  /// - Parameter sdk: A value of `SDKROOT` or a word of `SUPPORTED_PLATFORMS`, such as
  ///   `iphoneos`, `watchsimulator` or `macosx14.0`.
  /// - Returns: The platform, or `nil` for a name that is none of these (`auto`, `driverkit`).
  public init?(sdk: String) {
    let name = sdk.lowercased()
    let table: [(String, ApplePlatform)] = [
      ("iphoneos", .ios), ("iphonesimulator", .ios), ("macosx", .macos), ("watchos", .watchos),
      ("watchsimulator", .watchos), ("appletvos", .tvos), ("appletvsimulator", .tvos), ("xros", .visionos),
      ("xrsimulator", .visionos),
    ]
    guard let match = table.first(where: { name.hasPrefix($0.0) }) else { return nil }
    self = match.1
  }

  /// The build setting that holds this platform's deployment target.
  public var deploymentTargetSetting: String {
    switch self {
    case .ios: "IPHONEOS_DEPLOYMENT_TARGET"
    case .macos: "MACOSX_DEPLOYMENT_TARGET"
    case .watchos: "WATCHOS_DEPLOYMENT_TARGET"
    case .tvos: "TVOS_DEPLOYMENT_TARGET"
    case .visionos: "XROS_DEPLOYMENT_TARGET"
    }
  }
}
