import IconGridSupport
import ImageCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The idle children of isolated decodes, kept for the next file: a child serves files
/// until one fails, so a run pays a child's start-up (about 22 ms of CPU) once per decode
/// thread rather than once per file.
///
/// A child is taken for one exchange and given back only after a complete, well-formed
/// reply; one that failed, was killed or is past a deadline is never given back. A child
/// given back with bytes still unread, or that has since ended, is found out by
/// ``take(_:)``, which ends it and takes or starts another. At most as many idle children
/// are kept per setting as the machine has processors (the decode threads' count); more
/// are ended when given back. The children end when this process does: their socket
/// reaches its end and they exit.
///
/// Thread safety: the idle lists are guarded by one lock; starting and ending a child
/// happen outside it.
enum ChildProcessPool {
  /// A running child and the parent's end of its socket.
  struct Child {
    let pid: pid_t
    let socket: Int32
  }

  private static let idle = Locked([ChildProcessIsolation: [Child]]())

  /// The most idle children kept for one setting.
  static let maxIdle = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

  /// An idle child of `isolation` that is still waiting for a request, or a new one.
  static func take(_ isolation: ChildProcessIsolation) throws(ImageError) -> Child {
    while let child = idle.withLock({ $0[isolation]?.popLast() }) {
      if isWaiting(child) { return child }
      end(child)
    }
    return try ChildProcessDecoder.spawn(isolation)
  }

  /// Keeps `child`, whose last reply was complete and well-formed, for the next file.
  static func giveBack(_ child: Child, _ isolation: ChildProcessIsolation) {
    let kept = idle.withLock { children -> Bool in
      guard children[isolation, default: []].count < maxIdle else { return false }
      children[isolation, default: []].append(child)
      return true
    }
    if !kept { end(child) }
  }

  /// Whether `child` has nothing to say: it sent no bytes past its reply and has not closed
  /// its end.
  private static func isWaiting(_ child: Child) -> Bool {
    var poller = pollfd(fd: child.socket, events: Int16(POLLIN), revents: 0)
    return poll(&poller, 1, 0) == 0
  }

  /// The process ids of `isolation`'s idle children, the next to be taken last.
  static func idleChildren(_ isolation: ChildProcessIsolation) -> [pid_t] {
    idle.withLock { $0[isolation, default: []].map(\.pid) }
  }

  /// Ends `child`: kills it and reaps it.
  static func end(_ child: Child) {
    close(child.socket)
    kill(child.pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
  }
}

extension ChildProcessDecoder {
  /// The process ids of the children kept for `isolation`'s next files, for tests.
  ///
  /// - Parameter isolation: the setting whose idle children are asked for.
  /// - Returns: their process ids, the next to serve a file last.
  package static func idleChildren(_ isolation: ChildProcessIsolation) -> [pid_t] {
    ChildProcessPool.idleChildren(isolation)
  }
}
