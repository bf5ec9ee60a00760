import AssetDiff
import Foundation
import ImageCore
import PNGCodec
import TestSupport

/// A 20 × 20 PNG of one colour with an optional pixel of another, at `relative` in `tree`.
@discardableResult
func icon(
  _ tree: Tree, _ relative: String, _ color: (UInt8, UInt8, UInt8), dot: (Int, Int)? = nil, size: Int = 20,
  compression: Int = 6
) throws -> Tree {
  var bitmap = Bitmap(width: size, height: size, filling: (color.0, color.1, color.2, 255))
  if let dot {
    let offset = (dot.1 * size + dot.0) * 4
    bitmap.pixels[offset] = 255 &- color.0
    bitmap.pixels[offset + 1] = 255 &- color.1
  }
  tree.makeFolders(for: relative)
  try PNGEncoder.write(
    bitmap, to: tree.path(relative), options: PNGEncodingOptions(compressionLevel: compression))
  return tree
}

/// An image set with a 2x universal slot and, when `dark` is given, a 2x dark slot.
func imageSet(_ tree: Tree, _ folder: String, file: String, dark: String? = nil) {
  var images = [#"{"idiom": "universal", "scale": "2x", "filename": "\#(file)"}"#]
  if let dark {
    images.append(
      #"{"idiom": "universal", "scale": "2x", "filename": "\#(dark)", "appearances": [{"appearance": "luminosity", "value": "dark"}]}"#
    )
  }
  tree.text(folder + "/Contents.json", #"{"images": [\#(images.joined(separator: ", "))], "info": {}}"#)
}

/// Two trees with one change of every class, and a few files that did not change.
struct EveryClass {
  let base = Tree("icongrid-diff-base")
  let head = Tree("icongrid-diff-head")

  init() throws {
    for tree in [base, head] {
      try icon(tree, "same@2x.png", (10, 10, 10))
      try icon(tree, "same.png", (10, 10, 10), size: 10)
    }
    try icon(base, "recolour@2x.png", (200, 0, 0))
    try icon(head, "recolour@2x.png", (0, 0, 200))
    try icon(base, "moved@2x.png", (0, 120, 0), dot: (3, 3))
    try icon(head, "moved@2x.png", (0, 120, 0), dot: (4, 3))
    try icon(base, "reencoded@2x.png", (50, 60, 70), compression: 0)
    try icon(head, "reencoded@2x.png", (50, 60, 70), compression: 9)
    try icon(head, "new@2x.png", (1, 2, 3))
    try icon(base, "gone@2x.png", (4, 5, 6))
    try icon(base, "oldname@2x.png", (7, 8, 9))
    try icon(head, "newname@2x.png", (7, 8, 9))
    for tree in [base, head] { try icon(tree, "grows@2x.png", (90, 90, 0)) }
    try icon(head, "grows@3x.png", (90, 90, 0), size: 30)
    for tree in [base, head] { try icon(tree, "shrinks@2x.png", (0, 90, 90)) }
    try icon(base, "shrinks.png", (0, 90, 90), size: 10)
    for tree in [base, head] {
      try icon(tree, "Icons.xcassets/mode.imageset/mode.png", (120, 120, 120))
    }
    imageSet(base, "Icons.xcassets/mode.imageset", file: "mode.png")
    try icon(head, "Icons.xcassets/mode.imageset/mode-dark.png", (20, 20, 20))
    imageSet(head, "Icons.xcassets/mode.imageset", file: "mode.png", dark: "mode-dark.png")
  }
}
