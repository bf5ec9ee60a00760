// Not API. Opens a shared library the first time one of its functions is called, so a
// process that never reads a HEIF, SVG or PDF file never maps libheif, librsvg or poppler
// (about 12 MB of a PNG-only sheet's peak memory, with their dependencies and start-up).
//
// The C modules CHeif, CRsvg and CPoppler define each function Swift calls under the
// library's own name; the definition looks the real function up here and calls it. The
// library is opened once per process (thread-safe), never closed.
#ifndef ICONGRID_LIBRARY_LOADER_H
#define ICONGRID_LIBRARY_LOADER_H

#include <pthread.h>

typedef struct {
  const char *soname;
  // The Debian package that installs `soname`, for the error that says what to install.
  const char *package;
  pthread_mutex_t lock;
  int tried;
  void *handle;
  char error[512];
} icongrid_library;

#define ICONGRID_LIBRARY(name, package) {name, package, PTHREAD_MUTEX_INITIALIZER, 0, 0, {0}}

// Opens `library` now unless it is open already: NULL when it is open, otherwise why it cannot
// be (the dynamic loader's words). Swift calls this before a library's first function, so a
// missing library is a typed error rather than a NULL from deep inside a decoder.
const char *icongrid_library_open(icongrid_library *library);

// The library's file name, as dlopen is given it (its soname).
static inline const char *icongrid_library_soname(const icongrid_library *library) {
  return library->soname;
}

// The Debian package that installs the library.
static inline const char *icongrid_library_package(const icongrid_library *library) {
  return library->package;
}

// The address of `symbol` in `library`, opening it on first use; NULL when the library cannot
// be opened (icongrid_library_error says why). A library that opens but lacks the symbol is
// not the version the package was built against: the process stops with a message.
void *icongrid_library_symbol(icongrid_library *library, const char *symbol);

// Like icongrid_library_symbol, for a function only called after the library opened.
void *icongrid_library_require(icongrid_library *library, const char *symbol);

// Why the library could not be opened ("" when it could, or was not tried).
const char *icongrid_library_error(icongrid_library *library);

#endif
