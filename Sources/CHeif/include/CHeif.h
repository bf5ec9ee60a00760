// Not API. libheif's C API (HEIC through libde265, AVIF through dav1d or libaom); libheif
// reports every error as a returned `struct heif_error`.
#ifndef ICONGRID_CHEIF_SHIM_H
#define ICONGRID_CHEIF_SHIM_H

#include <libheif/heif.h>

#include "CLibraryLoader.h"

// The library behind these functions (libheif.so.1), for icongrid_library_open.
icongrid_library *icongrid_heif_library(void);

#endif
