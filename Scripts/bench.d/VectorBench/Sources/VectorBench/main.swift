// The Swift side of `Scripts/bench vector`.
//
//   VectorBench sizes LIST SCALE...        for every file named in LIST (one path a line),
//                                          "PATH SCALE WIDTH HEIGHT" per scale, or
//                                          "PATH error CODE: MESSAGE" when it does not open
//   VectorBench render LIST OUT SCALE...   renders every file at every scale and writes each
//                                          render as OUT/N-SCALEx.png (as the reference
//                                          tools write theirs); prints the counts
//   VectorBench one FILE SCALE OUT.png     renders one file (for viewing, and for the
//                                          hostile files, timed one by one)
import ImageCore
import PNGCodec
import VectorRenderer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

func fail(_ message: String, status: Int32) -> Never {
  let line = Array("VectorBench: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(status)
}

func readLines(_ path: String) -> [String] {
  guard let file = fopen(path, "rb") else { fail("cannot read \(path)", status: 66) }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let got = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    if got == 0 { break }
    bytes.append(contentsOf: chunk[0..<got])
  }
  return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
}

func scales(_ arguments: ArraySlice<String>) -> [Double] {
  arguments.map { argument in
    guard let scale = Double(argument) else { fail("not a scale: \(argument)", status: 64) }
    return scale
  }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: see the header of main.swift", status: 64) }
switch arguments[1] {
case "sizes":
  for path in readLines(arguments[2]) {
    do {
      let image = try VectorImage(contentsOf: path)
      for scale in scales(arguments[3...]) {
        let size = image.pixelSize(scale: scale)
        print("\(path)\t\(scale)\t\(size.width)\t\(size.height)")
      }
    } catch let error as ImageError {
      print("\(path)\terror\t\(error.code): \(error.message)")
    }
  }
case "render":
  guard arguments.count >= 5 else { fail("usage: render LIST OUT SCALE...", status: 64) }
  var renders = 0
  var failures = 0
  for (index, path) in readLines(arguments[2]).enumerated() {
    do {
      let image = try VectorImage(contentsOf: path)
      for scale in scales(arguments[4...]) {
        let bitmap = try image.render(scale: scale)
        try PNGEncoder.write(bitmap, to: "\(arguments[3])/\(index)-\(Int(scale))x.png")
        renders += 1
      }
    } catch {
      failures += 1
      let line = Array("VectorBench: \(error)\n".utf8)
      _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
  }
  print("renders=\(renders) failures=\(failures)")
case "one":
  guard arguments.count == 5, let scale = Double(arguments[3]) else {
    fail("usage: one FILE SCALE OUT.png", status: 64)
  }
  do {
    let bitmap = try VectorImage(contentsOf: arguments[2]).render(scale: scale)
    try PNGEncoder.write(bitmap, to: arguments[4])
    print("ok \(bitmap.width)x\(bitmap.height)")
  } catch let error as ImageError {
    print("error \(error.code): \(error.message)")
  } catch {
    print("error \(error)")
  }
default:
  fail("unknown mode \(arguments[1])", status: 64)
}
