// Draws IconGrid's demo catalog: 28 home-screen icons at 1x, 2x and 3x, a 1x-only legacy
// icon, and the manifests that list them. Same bytes on every run: nothing here reads the
// clock, a random source or the environment.
//
//   DemoIconGenerator OUTPUT_DIR                       icons and manifests
//   DemoIconGenerator --preview FILE [--scale N]       every icon on one sheet, to review
import Foundation
import ImageCore
import PNGCodec

let usage = """
  usage: DemoIconGenerator OUTPUT_DIR
         DemoIconGenerator --preview FILE [--scale 1|2|3]
  """

/// The file name of an icon at a scale: `mail.png`, `mail@2x.png`, `mail@3x.png`.
func fileName(_ icon: DemoIcon, scale: Int) -> String {
  scale == 1 ? "\(icon.name).png" : "\(icon.name)@\(scale)x.png"
}

/// Level 9 because the files are committed; pHYs records the scale so viewers show each file
/// at its point size.
func encodingOptions(scale: Int) -> PNGEncodingOptions {
  PNGEncodingOptions(compressionLevel: 9, scale: scale, threads: 1)
}

/// Writes every icon at each of its scales, then the three manifests.
func writeCatalog(to directory: String) throws {
  precondition(
    homeScreen.map(\.icon) == demoIcons.map(\.name), "app.plist must list every drawn icon in order")
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  for icon in demoIcons + [legacyIcon] {
    for scale in icon.scales {
      let path = "\(directory)/\(fileName(icon, scale: scale))"
      try PNGEncoder.write(
        icon.render(scale: scale).bitmap(), to: path, options: encodingOptions(scale: scale))
    }
  }
  let manifests = [
    ("app.plist", flatPropertyList(homeScreen)),
    ("app.json", flatJSON(homeScreen)),
    ("grouped.plist", groupedPropertyList(groupedScreen)),
  ]
  for (name, text) in manifests {
    try text.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8)
  }
  let files = (demoIcons + [legacyIcon]).reduce(0) { $0 + $1.scales.count }
  print("wrote \(files) icons and \(manifests.count) manifests to \(directory)")
}

/// Lays every icon, drawn at `scale`, on a light grey sheet, seven to a row, with no text:
/// a quick way to judge the whole set side by side.
func writePreview(to path: String, scale: Int) throws {
  let icons = demoIcons + [legacyIcon]
  let columns = 7
  let gap = 12
  let rows = (icons.count + columns - 1) / columns
  let cell = DemoIcon.points + gap
  var sheet = Canvas(width: gap + columns * cell, height: gap + rows * cell, scale: scale)
  sheet.fill(
    .rect(0, 0, Double(gap + columns * cell), Double(gap + rows * cell)), .solid(Color(hex: 0xE9E9EE)))
  for (index, icon) in icons.enumerated() {
    let x = (gap + (index % columns) * cell) * scale
    let y = (gap + (index / columns) * cell) * scale
    sheet.place(icon.render(scale: scale), atPixelX: x, y: y)
  }
  try PNGEncoder.write(sheet.bitmap(), to: path, options: encodingOptions(scale: scale))
  print("wrote a preview of \(icons.count) icons at \(scale)x to \(path)")
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.count {
  case 1 where !arguments[0].hasPrefix("-"):
    try writeCatalog(to: arguments[0])
  case 2 where arguments[0] == "--preview":
    try writePreview(to: arguments[1], scale: 2)
  case 4
  where arguments[0] == "--preview" && arguments[2] == "--scale" && ["1", "2", "3"].contains(arguments[3]):
    try writePreview(to: arguments[1], scale: Int(arguments[3])!)
  default:
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
  }
} catch {
  FileHandle.standardError.write(Data("DemoIconGenerator: error: \(error)\n".utf8))
  exit(1)
}
