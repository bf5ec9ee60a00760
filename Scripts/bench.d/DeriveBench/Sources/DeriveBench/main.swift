// The Swift side of `Scripts/bench derive`: Resampling on PNG files, as the other tools run.
//
//   DeriveBench resize SIZE OUTDIR [--kernel K] [--linear] FILE...
//       shrinks every FILE to SIZE × SIZE and writes OUTDIR/<same name>; K is automatic
//       (default), area, quadratic, compensated:S or lanczos:N. Two threads; not timed.
//   DeriveBench batch THREADS OUTDIR SIZE,SIZE… LISTFILE
//       the timed batch: reads every path listed in LISTFILE (one a line), decodes it,
//       shrinks it to each SIZE with the automatic kernel, encodes each result and writes it
//       to OUTDIR/SIZE/<name> (in memory, then one write: see save); THREADS workers
//       take files in turn. Prints "seconds=…" (wall time, reading the list excluded).
import Dispatch
import ImageCore
import PNGCodec
import Resampling
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

func fail(_ message: String, status: Int32) -> Never {
  let line = Array("DeriveBench: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(status)
}

func usage() -> Never {
  fail(
    "usage: DeriveBench resize SIZE OUTDIR [--kernel K] [--linear] FILE... | "
      + "DeriveBench batch THREADS OUTDIR SIZE,SIZE... LISTFILE", status: 64)
}

func wallSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func baseName(_ path: String) -> String {
  String(path.split(separator: "/").last ?? Substring(path))
}

func kernel(_ text: String) -> ResampleOptions.Kernel {
  let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
  switch (parts.first ?? "", parts.count > 1 ? parts[1] : nil) {
  case ("automatic", nil): return .automatic
  case ("area", nil): return .area
  case ("quadratic", nil): return .quadraticArea
  case ("compensated", let s?): if let s = Double(s) { return .compensatedArea(strength: s) }
  case ("lanczos", let n?): if let n = Int(n) { return .lanczos(lobes: n) }
  default: break
  }
  fail("unknown kernel '\(text)' (automatic, area, quadratic, compensated:S, lanczos:N)", status: 64)
}

/// Runs `work` for indices 0..<count on `threads` workers that take the next index in turn.
func forEach(count: Int, threads: Int, _ work: @escaping @Sendable (Int) -> Void) {
  let next = Atomic<Int>(0)
  DispatchQueue.concurrentPerform(iterations: max(1, threads)) { _ in
    while true {
      let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
      if index >= count { return }
      work(index)
    }
  }
}

/// Encodes `bitmap` in memory and writes it with one `write`, as the other tools write their
/// files. (`PNGEncoder.write` makes a temporary file and lists the destination folder for
/// abandoned ones on every call, which costs O(files in the folder) per file: quadratic
/// over a batch written into one folder.)
func save(_ bitmap: Bitmap, to path: String) throws {
  let bytes = try PNGEncoder.encode(bitmap)
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  guard fd >= 0 else { fail("cannot write \(path)", status: 74) }
  defer { close(fd) }
  let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  guard written == bytes.count else { fail("cannot write \(path)", status: 74) }
}

func shrink(_ path: String, to size: Int, options: ResampleOptions, into folder: String) {
  do {
    let source = try PNGDecoder.decode(contentsOf: path)
    let out = Resampler.resize(source, width: size, height: size, options: options)
    try save(out, to: folder + "/" + baseName(path))
  } catch {
    fail("\(path): \(error)", status: 65)
  }
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { usage() }
arguments.removeFirst()
switch command {
case "resize":
  guard arguments.count >= 2, let size = Int(arguments[0]), size > 0 else { usage() }
  let folder = arguments[1]
  var options = ResampleOptions()
  var files: [String] = []
  var index = 2
  while index < arguments.count {
    switch arguments[index] {
    case "--kernel" where index + 1 < arguments.count:
      options.kernel = kernel(arguments[index + 1])
      index += 1
    case "--linear": options.colorSpace = .linear
    default: files.append(arguments[index])
    }
    index += 1
  }
  let chosen = options
  let paths = files
  forEach(count: paths.count, threads: 2) { shrink(paths[$0], to: size, options: chosen, into: folder) }
case "batch":
  guard arguments.count == 4, let threads = Int(arguments[0]), threads > 0 else { usage() }
  let folder = arguments[1]
  let sizes = arguments[2].split(separator: ",").compactMap { Int($0) }
  guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { usage() }
  guard let list = fopen(arguments[3], "r") else { fail("cannot read \(arguments[3])", status: 66) }
  var paths: [String] = []
  var line: UnsafeMutablePointer<CChar>?
  var capacity = 0
  while getline(&line, &capacity, list) > 0, let line {
    let text = String(cString: line).split(separator: "\n").first.map(String.init) ?? ""
    if !text.isEmpty { paths.append(text) }
  }
  fclose(list)
  let files = paths
  let start = wallSeconds()
  forEach(count: files.count, threads: threads) { index in
    do {
      let source = try PNGDecoder.decode(contentsOf: files[index])
      for size in sizes {
        let out = Resampler.resize(source, width: size, height: size)
        try save(out, to: "\(folder)/\(size)/\(baseName(files[index]))")
      }
    } catch {
      fail("\(files[index]): \(error)", status: 65)
    }
  }
  print("seconds=\(wallSeconds() - start)")
default:
  usage()
}
