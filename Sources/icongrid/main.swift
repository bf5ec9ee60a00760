import IconGridCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// PDF and SVG renders and HEIF decodes run in a child (unless ICONGRID_ISOLATION=off): this
// binary again, in its hidden mode.
let isolation = IconGridCLI.isolation(
  executable: "/proc/self/exe", environment: getenv("ICONGRID_ISOLATION").map { String(cString: $0) })
exit(
  IconGridCLI.main(
    arguments: Array(CommandLine.arguments.dropFirst()), console: .standard(), isolation: isolation))
