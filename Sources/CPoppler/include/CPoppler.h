// Not API. poppler's GLib interface and cairo, for VectorRenderer; poppler.c defines each
// function VectorRenderer calls to open poppler-glib on first use (CLibraryLoader), so a
// process that reads no PDF never maps poppler. The header is found by its path under
// /usr/include, as poppler-glib's pkg-config file would link the library at start-up.
#ifndef ICONGRID_CPOPPLER_SHIM_H
#define ICONGRID_CPOPPLER_SHIM_H

#include <cairo.h>
#include <poppler/glib/poppler.h>

#include "CLibraryLoader.h"

// The library behind these functions (libpoppler-glib.so.8), for icongrid_library_open.
icongrid_library *icongrid_poppler_library(void);

#endif
