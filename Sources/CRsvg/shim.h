// Not API. librsvg (which brings cairo and GLib), GIO's memory streams and zlib, for
// VectorRenderer; wrappers for what Swift cannot import from them.
#ifndef ICONGRID_CRSVG_SHIM_H
#define ICONGRID_CRSVG_SHIM_H

#include <librsvg/rsvg.h>
#include <gio/gio.h>
#include <cairo.h>
#include <zlib.h>

// gzip framing (window bits 15 + 16): zlib's inflateInit2 is a macro.
static inline int icongrid_rsvg_gunzip_init(z_streamp stream) {
  return inflateInit2(stream, 15 + 16);
}

#endif
