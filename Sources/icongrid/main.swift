import IconGridCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

exit(IconGridCLI.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard()))
