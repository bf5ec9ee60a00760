import IconGridSupport
import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension ChildProcessDecoder {
  /// The child's side: lowers this process's limits, then reads requests from standard
  /// input one after another, decodes or renders each here and writes its reply to
  /// standard output, until its input ends.
  ///
  /// A program that offers isolation calls this from its child mode (`icongrid _render`)
  /// and exits with what it returns. The limits are set before any input is read:
  /// `RLIMIT_AS`, `RLIMIT_NOFILE` (16, every descriptor past standard error closed first)
  /// and `RLIMIT_CORE` (0). A sanitizer build leaves `RLIMIT_AS` unset: its runtime's
  /// shadow memory alone is terabytes of address space
  /// (`SanitizerHooks.runtimePresent`). Before each file a profiling timer
  /// (`ITIMER_PROF`, which counts the CPU time of all the process's threads) is armed for
  /// exactly the CPU seconds, and disarmed after it, so each file gets its own budget and
  /// `SIGPROF` ends a child past it. `RLIMIT_CPU`'s soft limit is set with it, a second
  /// beyond the timer (it counts whole seconds), in case the timer cannot be armed.
  ///
  /// - Parameter arguments: the CPU seconds and the address-space bytes, as the parent's
  ///   `ChildProcessIsolation` appends them.
  /// - Returns: the exit status: 0 when the input ends between requests (an error is a
  ///   reply too), 64 for bad arguments, 65 for a request that cannot be read, 74 when a
  ///   reply cannot be written.
  public static func serveChild(arguments: [String]) -> Int32 {
    guard arguments.count == 2, let cpu = Int(arguments[0]), let memory = Int(arguments[1]), cpu > 0,
      memory > 0
    else { return 64 }
    closeDescriptors(from: 3)
    setLimit(RLIMIT_CORE, soft: 0, hard: 0)
    if !SanitizerHooks.runtimePresent {
      setLimit(RLIMIT_AS, soft: rlim_t(memory), hard: rlim_t(memory))
    }
    setLimit(RLIMIT_NOFILE, soft: 16, hard: 16)

    while true {
      guard let head = readExactly(ChildProcessWire.requestHeaderLength, endAllowed: true) else { return 65 }
      if head.isEmpty { return 0 }
      guard let (request, extensionLength) = ChildProcessWire.Request.decoded(head),
        let ext = readExactly(extensionLength), let bytes = readExactly(request.byteCount)
      else { return 65 }
      armCPULimit(seconds: cpu)
      defer { disarmCPUTimer() }
      let result: Result<DecodedImage, ImageError>
      switch request.work {
      case .decode:
        result = Result { () throws(ImageError) in
          try ImageDecoder.decode(
            bytes, pathExtension: String(decoding: ext, as: UTF8.self), size: request.size,
            limits: request.limits,
            drawnWithin: request.box)
        }
      case .spinForTesting:
        spin()
      case .exhaustMemoryForTesting:
        exhaustMemory()
      }
      guard writeAll(ChildProcessWire.reply(result)) else { return 74 }
    }
  }

  /// Arms `ITIMER_PROF` to fire after `seconds` more of this process's CPU time, and sets
  /// `RLIMIT_CPU`'s soft limit (whole seconds) to the CPU time used so far, rounded up,
  /// plus `seconds` and one, leaving the hard limit as it is.
  private static func armCPULimit(seconds: Int) {
    var timer = itimerval(it_interval: timeval(), it_value: timeval(tv_sec: seconds, tv_usec: 0))
    _ = setitimer(__itimer_which_t(ITIMER_PROF.rawValue), &timer, nil)
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    let micros =
      (Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec)) * 1_000_000 + Int(usage.ru_utime.tv_usec)
      + Int(usage.ru_stime.tv_usec)
    let used = (micros + 999_999) / 1_000_000
    var limit = rlimit()
    getrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
    limit.rlim_cur = min(rlim_t(used + seconds + 1), limit.rlim_max)
    _ = setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
  }

  /// Stops the profiling timer between files, so writing a reply and waiting for the next
  /// request spend none of the next file's budget.
  private static func disarmCPUTimer() {
    var timer = itimerval()
    _ = setitimer(__itimer_which_t(ITIMER_PROF.rawValue), &timer, nil)
  }

  private static func setLimit(_ resource: __rlimit_resource, soft: rlim_t, hard: rlim_t) {
    var limit = rlimit(rlim_cur: soft, rlim_max: hard)
    _ = setrlimit(__rlimit_resource_t(resource.rawValue), &limit)
  }

  /// Closes every descriptor from `first` on, so the child reaches nothing the parent had
  /// open (a descriptor opened without `O_CLOEXEC` by another thread is inherited).
  private static func closeDescriptors(from first: Int32) {
    closefrom(first)
  }

  /// Reads `count` bytes of standard input; `nil` when it ends first, or an empty array
  /// when it ends before the first byte and `endAllowed`.
  private static func readExactly(_ count: Int, endAllowed: Bool = false) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress! + done, count - done) }
      if got < 0 && errno == EINTR { continue }
      if got == 0 && done == 0 && endAllowed { return [] }
      guard got > 0 else { return nil }
      done += got
    }
    return bytes
  }

  private static func writeAll(_ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
      let wrote = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + done, bytes.count - done) }
      if wrote < 0 && errno == EINTR { continue }
      guard wrote > 0 else { return false }
      done += wrote
    }
    return true
  }

  /// Busy work the optimiser cannot remove, without end.
  private static func spin() -> Never {
    var state: UInt64 = 1
    while true {
      state = state &* 6_364_136_223_846_793_005 &+ 1
      if state == 0 { print(state) }
    }
  }

  /// Allocates and touches memory until an allocation fails, then aborts, as GLib's
  /// `g_malloc` does.
  private static func exhaustMemory() -> Never {
    while true {
      guard let block = malloc(16 << 20) else { abort() }
      memset(block, 1, 16 << 20)
    }
  }
}
