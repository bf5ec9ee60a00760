// Times opening and rendering SVG or PDF files at 1024 × 1024 through VectorImage, until
// the image or its typed error, one line per file (README's "Hostile vector files").
// Not part of any target. Build it against an optimised VectorRenderer:
//
//   swift build -c release --target VectorRenderer
//   R=.build/release
//   swiftc -O time-vector.swift -o /tmp/time-vector -I $R/Modules -I Sources/CRsvg \
//     -I Sources/CPoppler -I Sources/CLibPNG \
//     $(pkg-config --cflags-only-I cairo-gobject poppler-glib libpng | sed 's/-I/-Xcc -I/g') \
//     $R/VectorRenderer.build/*.o $R/PNGCodec.build/*.o $R/IconGridSupport.build/*.o \
//     $(pkg-config --libs cairo-gobject poppler-glib libpng) -lrsvg-2 -lgio-2.0 -lz
//   /tmp/time-vector OUT/*.svg        # OUT from make.py
import Foundation
import ImageCore
import VectorRenderer

let files = CommandLine.arguments.dropFirst()
for path in files {
  let start = Date()
  var outcome = "rendered"
  var opened = 0.0
  do {
    let image = try VectorImage(contentsOf: path)
    opened = Date().timeIntervalSince(start)
    _ = try image.render(width: 1024, height: 1024)
  } catch let error as ImageError {
    outcome = "\(error.code): \(error.reason.prefix(60))"
  } catch {
    outcome = "\(error)"
  }
  print(
    String(
      format: "%-28@ %.3f s (open %.3f) %@", (path as NSString).lastPathComponent,
      Date().timeIntervalSince(start), opened, outcome))
}
