import Foundation
// libFuzzer target: sheet manifests (JSON, XML and binary property lists) from arbitrary
// bytes. Every input must give sheet content or a ManifestError, and accepted content must
// hold only icons that stay inside the assets folder.
import SheetManifest

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  do {
    let content = try Manifest.decode(bytes, path: "fuzz")
    precondition(content.tileCount > 0, "accepted a manifest without items")
    for section in content.sections {
      for tile in section.tiles {
        precondition(!tile.icon.isEmpty && !tile.icon.hasPrefix("/"), "accepted icon '\(tile.icon)'")
        precondition(!tile.icon.split(separator: "/").contains(".."), "accepted icon '\(tile.icon)'")
      }
    }
  } catch {
    precondition(error is ManifestError, "untyped error: \(error)")
    precondition(!String(describing: error).isEmpty)
  }
  return 0
}
