// Not API. librsvg 2.54's functions VectorRenderer calls, declared here from its public
// headers, plus zlib's gzip framing; rsvg.c defines each one to open librsvg on first use
// (CLibraryLoader), so a process that reads no SVG never maps librsvg.
//
// librsvg's own header cannot be included: its pkg-config file (through GIO's) passes
// -pthread, a flag SwiftPM refuses with a warning on every build. The include paths come
// from `cairo-gobject` (CCairo) instead; the declarations below are the ABI of librsvg
// ≥ 2.52 (RsvgRectangle and RsvgLength are plain C structs, the functions take and return
// what is written here).
#ifndef ICONGRID_CRSVG_SHIM_H
#define ICONGRID_CRSVG_SHIM_H

#include <cairo.h>
#include <gio/gio.h>
#include <glib-object.h>
#include <zlib.h>

// A GObject instance; only its address is used.
typedef struct _RsvgHandle {
  GObject parent;
  gpointer _abi_padding[16];
} RsvgHandle;

typedef enum {
  RSVG_HANDLE_FLAGS_NONE = 0,
  RSVG_HANDLE_FLAG_UNLIMITED = 1 << 0,
  RSVG_HANDLE_FLAG_KEEP_IMAGE_DATA = 1 << 1
} RsvgHandleFlags;

typedef struct {
  double x;
  double y;
  double width;
  double height;
} RsvgRectangle;

typedef enum {
  RSVG_UNIT_PERCENT,
  RSVG_UNIT_PX,
  RSVG_UNIT_EM,
  RSVG_UNIT_EX,
  RSVG_UNIT_IN,
  RSVG_UNIT_CM,
  RSVG_UNIT_MM,
  RSVG_UNIT_PT,
  RSVG_UNIT_PC
} RsvgUnit;

typedef struct {
  double length;
  RsvgUnit unit;
} RsvgLength;

RsvgHandle *rsvg_handle_new_from_stream_sync(GInputStream *input_stream, GFile *base_file,
                                             RsvgHandleFlags flags, GCancellable *cancellable,
                                             GError **error);
void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
gboolean rsvg_handle_has_sub(RsvgHandle *handle, const char *id);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width,
                                          RsvgLength *out_width, gboolean *out_has_height,
                                          RsvgLength *out_height, gboolean *out_has_viewbox,
                                          RsvgRectangle *out_viewbox);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *out_width,
                                                  gdouble *out_height);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr,
                                     const RsvgRectangle *viewport, GError **error);
gboolean rsvg_handle_render_element(RsvgHandle *handle, cairo_t *cr, const char *id,
                                    const RsvgRectangle *element_viewport, GError **error);
gboolean rsvg_handle_get_geometry_for_element(RsvgHandle *handle, const char *id,
                                              RsvgRectangle *out_ink_rect,
                                              RsvgRectangle *out_logical_rect, GError **error);

// gzip framing (window bits 15 + 16): zlib's inflateInit2 is a macro.
static inline int icongrid_rsvg_gunzip_init(z_streamp stream) {
  return inflateInit2(stream, 15 + 16);
}

// zlib or gzip framing, detected (window bits 15 + 32): a PDF's FlateDecode streams.
static inline int icongrid_rsvg_inflate_init(z_streamp stream) {
  return inflateInit2(stream, 15 + 32);
}

#include "CLibraryLoader.h"

// The library behind these functions (librsvg-2.so.2), for icongrid_library_open.
icongrid_library *icongrid_rsvg_library(void);

#endif
