import IconGridSupport
import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs the decodes and renders whose libraries cannot be stopped from outside (librsvg,
/// poppler, libheif) in a child process with its own CPU and address-space limits.
///
/// ``ImageDecoder`` sends a PDF, SVG, HEIC or AVIF here when its `DecodingLimits` carry a
/// `ChildProcessIsolation`. The child is that setting's program (for `icongrid`, itself
/// in its hidden `_render` mode), which calls ``serveChild(arguments:)``: it lowers its
/// limits, reads the request and the file's bytes from standard input, decodes in its own
/// process and writes a fixed header and the pixels to standard output. The parent checks
/// the header against what it asked for before it allocates the pixels, and kills a child
/// that outlives the wall-clock deadline. A child killed for its CPU time, or dead of a
/// failed allocation, becomes `ImageError.Code.limitExceeded` naming that budget; any
/// other death, or a reply cut short, `corruptData` naming the library.
///
/// A child serves file after file until one fails (``ChildProcessPool``): it re-arms its
/// CPU limit for each file, and one that was killed, timed out or answered wrongly is never
/// sent another.
///
/// Thread safety: any number of decodes may run at once, each with a child of its own for
/// the time of its exchange.
public enum ChildProcessDecoder {
  /// Whether `format` is decoded in the child when isolation is on: PDF, SVG, HEIC and AVIF.
  ///
  /// - Parameter format: a sniffed format.
  /// - Returns: `true` for the formats whose libraries cannot be bounded from outside.
  public static func isolates(_ format: ImageFormat) -> Bool {
    switch format {
    case .pdf, .svg, .heic, .avif: true
    default: false
    }
  }

  /// Decodes or renders `bytes` (already sniffed as `format`) in a child process.
  static func decode(
    _ bytes: [UInt8], format: ImageFormat, pathExtension: String, size: RenderSize, limits: DecodingLimits,
    box: Int?, isolation: ChildProcessIsolation
  ) throws(ImageError) -> (Bitmap, PointDimensions?, glyph: String?) {
    var inner = limits
    inner.isolation = nil
    let request = ChildProcessWire.Request(
      work: .decode, size: size, box: box, limits: inner, pathExtension: pathExtension, byteCount: bytes.count
    )
    let reply = try run(request, bytes: bytes, isolation: isolation, library: library(of: format))
    return (reply.bitmap, reply.pointSize, reply.glyph)
  }

  /// The library that does the work for `format`, for messages.
  static func library(of format: ImageFormat) -> String {
    switch format {
    case .svg: "librsvg"
    case .pdf: "poppler"
    case .heic, .avif: "libheif"
    default: "the decoder"
    }
  }

  /// What a child answered.
  struct Reply {
    var bitmap: Bitmap
    var pointSize: PointDimensions?
    var glyph: String?
  }

  /// The most memory the requests being served by children may be estimated to take at once
  /// (``estimatedMemory(byteCount:size:box:)``), over the children's own start-up memory (about 13 MiB
  /// each): 96 MiB. A request that would go beyond it waits until earlier ones are
  /// answered, first come, first served; one estimated above it all runs alone. With the
  /// children's start-up memory and a sheet's own, this keeps a whole-tree sheet of
  /// duckduckgo-iOS's 557 PDFs and SVGs within 200 MB (issue 19), where two costly renders
  /// at once had taken it to 212 MiB.
  package static let memoryInFlight = 96 << 20

  /// How many bytes of a library's working memory one byte of input may cost: 64. It is
  /// the worst measured case, a PDF's triangle-mesh shading (`ShadingType` 4: 12 bytes a
  /// vertex in the file; poppler holds each vertex with its colour in about 150 bytes and
  /// cairo each triangle as a mesh patch of about 384 bytes), which took a child from 13 to
  /// 78 MiB for a file of 983 KB. Paths, text and images cost far less per byte, so the
  /// estimate is high for most files and serialises only the large ones.
  static let memoryPerInputByte = 64

  private static let inFlight = AreaBudget(limit: memoryInFlight)

  /// What a request is estimated to cost its child at most: ``memoryPerInputByte`` for
  /// each byte of the file, and four bytes for each pixel of what it draws (a box's area,
  /// or the pixel size asked for; a decode at the file's own size has no known area here,
  /// and the preflight's pixel limits bound it).
  ///
  /// - Parameters:
  ///   - byteCount: the file's size in bytes.
  ///   - size: the size asked for.
  ///   - box: the box it is drawn within, if any.
  /// - Returns: the estimate in bytes.
  package static func estimatedMemory(byteCount: Int, size: RenderSize, box: Int?) -> Int {
    var pixels = 0
    if case .pixels(let width, let height) = size {
      pixels = width * height
    } else if let box {
      pixels = box * box
    }
    return byteCount * memoryPerInputByte + 4 * pixels
  }

  /// Runs an exchange (``exchange(_:bytes:isolation:library:)``) once its estimated memory
  /// fits beside the requests already in flight (``memoryInFlight``).
  static func run(
    _ request: ChildProcessWire.Request, bytes: [UInt8], isolation: ChildProcessIsolation, library: String
  ) throws(ImageError) -> Reply {
    do {
      return try inFlight.withBudget(
        estimatedMemory(byteCount: request.byteCount, size: request.size, box: request.box)
      ) { () throws(ImageError) -> Reply in
        try exchange(request, bytes: bytes, isolation: isolation, library: library)
      }
    } catch let error as ImageError {
      throw error
    } catch {
      throw ImageError(.corruptData, "\(library) in a child process: \(error)")
    }
  }

  /// Takes a child from the pool (or starts one), exchanges the request and the reply, and
  /// gives the child back after a complete, well-formed reply; otherwise waits for it (or
  /// kills it) and turns its end into an error.
  private static func exchange(
    _ request: ChildProcessWire.Request, bytes: [UInt8], isolation: ChildProcessIsolation, library: String
  ) throws(ImageError) -> Reply {
    let child = try ChildProcessPool.take(isolation)
    var exchange = Exchange(
      socket: child.socket, outgoing: [request.encoded(), bytes], request: request,
      deadline: monotonicSeconds() + Double(isolation.wallClockSeconds))
    exchange.run()
    if exchange.isComplete && exchange.allSent && exchange.failure == nil && !exchange.reachedEnd {
      ChildProcessPool.giveBack(child, isolation)
      return try reply(of: exchange)
    }
    close(child.socket)
    // A child that is past its deadline, or whose reply was refused before it ended, is
    // not waited for.
    let killed = !exchange.reachedEnd
    if killed { kill(child.pid, SIGKILL) }
    var status: Int32 = 0
    while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    let budget = "(\(library) in a child process)"
    if exchange.timedOut {
      throw ImageError(
        .limitExceeded, "took more than \(isolation.wallClockSeconds) s of wall-clock time \(budget)")
    }
    if let failure = exchange.failure {
      throw ImageError(.corruptData, "\(library) in a child process: \(failure)")
    }
    if killed {
      throw ImageError(.corruptData, "\(library) in a child process: the exchange with it failed")
    }
    if signal != 0 && signal != 0x7f {
      switch signal {
      case SIGPROF, SIGXCPU, SIGKILL:
        throw ImageError(.limitExceeded, "took more than \(isolation.cpuSeconds) s of CPU \(budget)")
      case SIGSEGV, SIGABRT:
        throw ImageError(
          .limitExceeded,
          "ran out of its \(isolation.addressSpaceBytes >> 20) MB of memory \(budget), ended by signal \(signal)"
        )
      default:
        throw ImageError(.corruptData, "\(library) crashed with signal \(signal) in a child process")
      }
    }
    let exitCode = (status >> 8) & 0xff
    guard exitCode == 0, exchange.header != nil, exchange.isComplete else {
      throw ImageError(
        .corruptData, "\(library) in a child process gave no complete answer (exit status \(exitCode))")
    }
    return try reply(of: exchange)
  }

  /// The image of a complete reply, or the error the child's decoder threw.
  private static func reply(of exchange: Exchange) throws(ImageError) -> Reply {
    guard let header = exchange.header else {
      throw ImageError(.corruptData, "a child process gave no complete answer")
    }
    let texts = exchange.texts
    guard header.succeeded else {
      let code = ImageError.Code.named(texts[0]) ?? .corruptData
      throw ImageError(code, texts[1], underlying: texts[2].isEmpty ? nil : texts[2])
    }
    return Reply(
      bitmap: Bitmap(width: header.width, height: header.height, pixels: exchange.pixels),
      pointSize: header.pointSize, glyph: texts[3].isEmpty ? nil : texts[3])
  }

  /// Starts `isolation`'s program with a socket as its standard input and output; returns
  /// its process id and the parent's end of the socket.
  static func spawn(_ isolation: ChildProcessIsolation) throws(ImageError) -> ChildProcessPool.Child {
    var ends: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
    else {
      throw ImageError(
        .io, "cannot make a socket for a child process", underlying: String(cString: strerror(errno)))
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The child starts with every signal at its default and none blocked, whatever the
    // parent's threads do with theirs (SIGPROF and SIGXCPU must end it).
    var all = sigset_t()
    var none = sigset_t()
    sigfillset(&all)
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let words =
      [isolation.executable] + isolation.arguments + [
        String(isolation.cpuSeconds), String(isolation.addressSpaceBytes),
      ]
    var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // The parent's environment without Swift's crash backtracer: a child that dies of its
    // limits is expected, and its backtrace would cost time and fill standard error.
    var environment: [UnsafeMutablePointer<CChar>?] = [strdup("SWIFT_BACKTRACE=enable=no")]
    var tunables = false
    var entry = environ
    while let variable = entry.pointee {
      if strncmp(variable, "GLIBC_TUNABLES=", 15) == 0 { tunables = true }
      if strncmp(variable, "SWIFT_BACKTRACE=", 16) != 0 { environment.append(strdup(variable)) }
      entry += 1
    }
    if !tunables { environment.append(strdup(childMallocTunables)) }
    environment.append(nil)
    defer { for pointer in environment { free(pointer) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, isolation.executable, &actions, &attributes, &argv, &environment)
    close(ends[1])
    guard result == 0 else {
      close(ends[0])
      throw ImageError(
        .io, "cannot start the child process \(isolation.executable)",
        underlying: String(cString: strerror(result)))
    }
    return ChildProcessPool.Child(pid: pid, socket: ends[0])
  }

  /// glibc's allocator settings for a child, unless the parent's environment sets its own.
  /// glibc raises its mmap threshold each time a large block is freed (up to 32 MiB) and
  /// from then on keeps such blocks in a heap it shrinks only from the top: a pooled child
  /// that once rendered a costly file (a PDF's triangle-mesh shading, 70 MiB) held most of
  /// that while it waited for the next. Fixed thresholds of 128 KiB, glibc's starting
  /// values, map each large block on its own and unmap it when freed.
  static let childMallocTunables =
    "GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072"

  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

/// One exchange with a child over a non-blocking socket: the request is written while the
/// reply is read, in one `poll` loop, so neither side can wait on the other; the reply's
/// header is checked before its pixels are allocated. It ends at the end of the reply (the
/// child then waits for its next request), at the end of the stream, at a refused reply or
/// at the deadline.
struct Exchange {
  let socket: Int32
  var outgoing: [[UInt8]]
  let request: ChildProcessWire.Request
  let deadline: Double

  private var sent = 0
  private var writing = true
  private var incoming: [UInt8] = []
  /// The reply's header, once read and checked.
  private(set) var header: ChildProcessWire.ReplyHeader?
  private(set) var texts: [String] = []
  private(set) var pixels: [UInt8] = []
  private var pixelsRead = 0
  /// Whether the whole reply was read.
  private(set) var isComplete = false
  /// Whether the deadline passed first.
  private(set) var timedOut = false
  /// Whether the child closed its end (it has ended, or is ending).
  private(set) var reachedEnd = false
  /// What was wrong with the reply, if anything.
  private(set) var failure: String?
  /// Whether the whole request was written.
  var allSent: Bool { outgoing.isEmpty }

  init(socket: Int32, outgoing: [[UInt8]], request: ChildProcessWire.Request, deadline: Double) {
    self.socket = socket
    self.outgoing = outgoing.filter { !$0.isEmpty }
    self.request = request
    self.deadline = deadline
  }

  mutating func run() {
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    while true {
      let remaining = deadline - ChildProcessDecoder.monotonicSeconds()
      if remaining <= 0 {
        timedOut = true
        return
      }
      var poller = pollfd(fd: socket, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0)
      let ready = poll(&poller, 1, Int32(min(remaining * 1000 + 1, 60_000)))
      if ready < 0 && errno != EINTR { return }
      guard ready > 0 else { continue }
      if writing && poller.revents & Int16(POLLOUT | POLLERR | POLLHUP) != 0 { write() }
      if poller.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        guard read(), !isComplete else { return }
      }
    }
  }

  /// Writes what the socket takes now; stops writing (the child is gone or done reading)
  /// on an error.
  private mutating func write() {
    guard let chunk = outgoing.first else { return }
    let count = chunk.withUnsafeBytes { buffer in
      send(socket, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
    }
    if count < 0 {
      if errno != EAGAIN && errno != EINTR { writing = false }
      return
    }
    sent += count
    if sent == chunk.count {
      outgoing.removeFirst()
      sent = 0
      if outgoing.isEmpty { writing = false }
    }
  }

  /// Reads what has arrived; returns `false` at the end of the reply (or of the stream).
  private mutating func read() -> Bool {
    if let header, header.succeeded, texts.count == 4, pixelsRead < pixels.count {
      let count = pixels.withUnsafeMutableBytes { buffer in
        recv(socket, buffer.baseAddress! + pixelsRead, buffer.count - pixelsRead, Int32(MSG_DONTWAIT))
      }
      guard count != 0 else {
        reachedEnd = true
        return false
      }
      if count > 0 { pixelsRead += count }
      if pixelsRead == pixels.count { isComplete = true }
      return count > 0 || errno == EAGAIN || errno == EINTR
    }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress!, $0.count, Int32(MSG_DONTWAIT)) }
    guard count != 0 else {
      reachedEnd = true
      return false
    }
    guard count > 0 else { return errno == EAGAIN || errno == EINTR }
    if isComplete {
      failure = "its reply is longer than the image it describes"
      return false
    }
    incoming += buffer[..<count]
    return advance()
  }

  /// Moves what was read into the header, the texts and the pixels as each is complete.
  private mutating func advance() -> Bool {
    if header == nil {
      guard incoming.count >= ChildProcessWire.replyHeaderLength else { return true }
      guard let parsed = ChildProcessWire.ReplyHeader.decoded(incoming) else {
        failure = "its reply does not start with a valid header"
        return false
      }
      if let problem = check(parsed) {
        failure = problem
        return false
      }
      header = parsed
      incoming.removeFirst(ChildProcessWire.replyHeaderLength)
    }
    guard let header else { return true }
    if texts.isEmpty {
      guard incoming.count >= header.textLength else { return true }
      var offset = 0
      for length in header.textLengths {
        texts.append(String(decoding: incoming[offset..<offset + length], as: UTF8.self))
        offset += length
      }
      incoming.removeFirst(offset)
      guard header.succeeded else {
        isComplete = incoming.isEmpty
        return incoming.isEmpty
      }
      pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
    }
    let take = min(incoming.count, pixels.count - pixelsRead)
    pixels.replaceSubrange(pixelsRead..<pixelsRead + take, with: incoming[..<take])
    pixelsRead += take
    incoming.removeFirst(take)
    if !incoming.isEmpty {
      failure = "its reply is longer than the image it describes"
      return false
    }
    if pixelsRead == pixels.count { isComplete = true }
    return true
  }

  /// Why a reply's header is not what was asked for, or `nil` when it is.
  private func check(_ header: ChildProcessWire.ReplyHeader) -> String? {
    guard header.succeeded else { return nil }
    guard header.width > 0, header.height > 0 else { return "its reply has an image without pixels" }
    do {
      try request.limits.check(width: header.width, height: header.height)
    } catch {
      return "its reply's \(header.width)×\(header.height) image is beyond the limits asked for"
    }
    if case .pixels(let width, let height) = request.size, header.pointSize != nil,
      width != header.width || height != header.height
    {
      return "its reply's image is \(header.width)×\(header.height), not the \(width)×\(height) asked for"
    }
    return nil
  }
}

extension ChildProcessDecoder {
  /// Work a test asks of a child instead of a decode, to prove its limits end it.
  package enum TestWork {
    /// Spins without end: the CPU limit (or the wall-clock deadline) ends it.
    case spin
    /// Allocates until an allocation fails and then aborts, as GLib does.
    case exhaustMemory
  }

  /// Runs `work` in a child under `isolation` and throws how it ended, as a decode would.
  ///
  /// - Parameters:
  ///   - work: what the child does.
  ///   - isolation: the child's program and limits.
  ///   - format: the format named in the error (its library).
  /// - Throws: the ``ImageError`` a decode ending that way throws.
  package static func run(
    _ work: TestWork, isolation: ChildProcessIsolation, format: ImageFormat = .svg
  ) throws(ImageError) {
    let request = ChildProcessWire.Request(
      work: work == .spin ? .spinForTesting : .exhaustMemoryForTesting, size: .scale(1), box: nil,
      limits: .default, pathExtension: "", byteCount: 0)
    _ = try run(request, bytes: [], isolation: isolation, library: library(of: format))
  }
}
