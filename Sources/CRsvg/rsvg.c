// Not API. The librsvg functions VectorRenderer calls, each opening librsvg on first use
// (CLibraryLoader), checked against the declarations in CRsvg.h.
#include "CRsvg.h"

#include "CLibraryLoader.h"

static icongrid_library rsvg = ICONGRID_LIBRARY("librsvg-2.so.2", "librsvg2-2");

icongrid_library *icongrid_rsvg_library(void) { return &rsvg; }

// The real function, from a library already opened by rsvg_handle_new_from_stream_sync.
#define REAL(name) ((__typeof__(&name))icongrid_library_require(&rsvg, #name))

RsvgHandle *rsvg_handle_new_from_stream_sync(GInputStream *input_stream, GFile *base_file,
                                             RsvgHandleFlags flags, GCancellable *cancellable,
                                             GError **error) {
  __typeof__(&rsvg_handle_new_from_stream_sync) real =
      (__typeof__(&rsvg_handle_new_from_stream_sync))icongrid_library_symbol(
          &rsvg, "rsvg_handle_new_from_stream_sync");
  if (!real) {
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "cannot load librsvg: %s",
                icongrid_library_error(&rsvg));
    return NULL;
  }
  return real(input_stream, base_file, flags, cancellable, error);
}

void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi) { REAL(rsvg_handle_set_dpi)(handle, dpi); }

gboolean rsvg_handle_has_sub(RsvgHandle *handle, const char *id) {
  return REAL(rsvg_handle_has_sub)(handle, id);
}

void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width,
                                          RsvgLength *out_width, gboolean *out_has_height,
                                          RsvgLength *out_height, gboolean *out_has_viewbox,
                                          RsvgRectangle *out_viewbox) {
  REAL(rsvg_handle_get_intrinsic_dimensions)
  (handle, out_has_width, out_width, out_has_height, out_height, out_has_viewbox, out_viewbox);
}

gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *out_width,
                                                  gdouble *out_height) {
  return REAL(rsvg_handle_get_intrinsic_size_in_pixels)(handle, out_width, out_height);
}

gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr,
                                     const RsvgRectangle *viewport, GError **error) {
  return REAL(rsvg_handle_render_document)(handle, cr, viewport, error);
}

gboolean rsvg_handle_render_element(RsvgHandle *handle, cairo_t *cr, const char *id,
                                    const RsvgRectangle *element_viewport, GError **error) {
  return REAL(rsvg_handle_render_element)(handle, cr, id, element_viewport, error);
}

gboolean rsvg_handle_get_geometry_for_element(RsvgHandle *handle, const char *id,
                                              RsvgRectangle *out_ink_rect,
                                              RsvgRectangle *out_logical_rect, GError **error) {
  return REAL(rsvg_handle_get_geometry_for_element)(handle, id, out_ink_rect, out_logical_rect,
                                                     error);
}
