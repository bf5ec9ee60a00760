// Not API. The poppler-glib functions VectorRenderer calls, each opening poppler-glib on
// first use (CLibraryLoader); poppler's header declares them, so the compiler checks each
// signature.
#include "CPoppler.h"

#include "CLibraryLoader.h"

static icongrid_library poppler = ICONGRID_LIBRARY("libpoppler-glib.so.8", "libpoppler-glib8");

icongrid_library *icongrid_poppler_library(void) { return &poppler; }

// The real function, from a library already opened by poppler_document_new_from_bytes.
#define REAL(name) ((__typeof__(&name))icongrid_library_require(&poppler, #name))

PopplerDocument *poppler_document_new_from_bytes(GBytes *bytes, const char *password,
                                                 GError **error) {
  __typeof__(&poppler_document_new_from_bytes) real =
      (__typeof__(&poppler_document_new_from_bytes))icongrid_library_symbol(
          &poppler, "poppler_document_new_from_bytes");
  if (!real) {
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "cannot load poppler: %s",
                icongrid_library_error(&poppler));
    return NULL;
  }
  return real(bytes, password, error);
}

int poppler_document_get_n_pages(PopplerDocument *document) {
  return REAL(poppler_document_get_n_pages)(document);
}

PopplerPage *poppler_document_get_page(PopplerDocument *document, int index) {
  return REAL(poppler_document_get_page)(document, index);
}

void poppler_page_get_size(PopplerPage *page, double *width, double *height) {
  REAL(poppler_page_get_size)(page, width, height);
}

void poppler_page_render(PopplerPage *page, cairo_t *cairo) {
  REAL(poppler_page_render)(page, cairo);
}
