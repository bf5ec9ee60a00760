// Not API. libheif's functions RasterCodecs calls, each opening libheif on first use
// (CLibraryLoader), so a process that reads no HEIF or AVIF file never maps libheif and its
// codecs. The declarations come from libheif's header, so the compiler checks each signature.
#include "CHeif.h"

#include "CLibraryLoader.h"

static icongrid_library heif = ICONGRID_LIBRARY("libheif.so.1", "libheif1");

icongrid_library *icongrid_heif_library(void) { return &heif; }

// The real function, from a library already opened by heif_context_alloc.
#define REAL(name) ((__typeof__(&name))icongrid_library_require(&heif, #name))

struct heif_context *heif_context_alloc(void) {
  __typeof__(&heif_context_alloc) real =
      (__typeof__(&heif_context_alloc))icongrid_library_symbol(&heif, "heif_context_alloc");
  return real ? real() : NULL;  // RasterCodecs reports a NULL context as a decoding failure.
}

void heif_context_free(struct heif_context *context) { REAL(heif_context_free)(context); }

struct heif_error heif_context_get_primary_image_handle(struct heif_context *context,
                                                        struct heif_image_handle **handle) {
  return REAL(heif_context_get_primary_image_handle)(context, handle);
}

struct heif_error heif_context_read_from_memory_without_copy(
    struct heif_context *context, const void *memory, size_t size,
    const struct heif_reading_options *options) {
  return REAL(heif_context_read_from_memory_without_copy)(context, memory, size, options);
}

void heif_context_set_max_decoding_threads(struct heif_context *context, int threads) {
  REAL(heif_context_set_max_decoding_threads)(context, threads);
}

void heif_context_set_maximum_image_size_limit(struct heif_context *context, int width) {
  REAL(heif_context_set_maximum_image_size_limit)(context, width);
}

struct heif_error heif_decode_image(const struct heif_image_handle *handle,
                                    struct heif_image **image, enum heif_colorspace colorspace,
                                    enum heif_chroma chroma,
                                    const struct heif_decoding_options *options) {
  return REAL(heif_decode_image)(handle, image, colorspace, chroma, options);
}

struct heif_decoding_options *heif_decoding_options_alloc(void) {
  return REAL(heif_decoding_options_alloc)();
}

void heif_decoding_options_free(struct heif_decoding_options *options) {
  REAL(heif_decoding_options_free)(options);
}

int heif_image_get_width(const struct heif_image *image, enum heif_channel channel) {
  return REAL(heif_image_get_width)(image, channel);
}

int heif_image_get_height(const struct heif_image *image, enum heif_channel channel) {
  return REAL(heif_image_get_height)(image, channel);
}

const uint8_t *heif_image_get_plane_readonly(const struct heif_image *image,
                                             enum heif_channel channel, int *stride) {
  return REAL(heif_image_get_plane_readonly)(image, channel, stride);
}

int heif_image_is_premultiplied_alpha(struct heif_image *image) {
  return REAL(heif_image_is_premultiplied_alpha)(image);
}

void heif_image_release(const struct heif_image *image) { REAL(heif_image_release)(image); }

enum heif_color_profile_type heif_image_handle_get_color_profile_type(
    const struct heif_image_handle *handle) {
  return REAL(heif_image_handle_get_color_profile_type)(handle);
}

struct heif_error heif_image_handle_get_raw_color_profile(const struct heif_image_handle *handle,
                                                          void *data) {
  return REAL(heif_image_handle_get_raw_color_profile)(handle, data);
}

size_t heif_image_handle_get_raw_color_profile_size(const struct heif_image_handle *handle) {
  return REAL(heif_image_handle_get_raw_color_profile_size)(handle);
}

int heif_image_handle_get_width(const struct heif_image_handle *handle) {
  return REAL(heif_image_handle_get_width)(handle);
}

int heif_image_handle_get_height(const struct heif_image_handle *handle) {
  return REAL(heif_image_handle_get_height)(handle);
}

int heif_image_handle_has_alpha_channel(const struct heif_image_handle *handle) {
  return REAL(heif_image_handle_has_alpha_channel)(handle);
}

void heif_image_handle_release(const struct heif_image_handle *handle) {
  REAL(heif_image_handle_release)(handle);
}

int heif_image_handle_get_number_of_thumbnails(const struct heif_image_handle *handle) {
  return REAL(heif_image_handle_get_number_of_thumbnails)(handle);
}

int heif_image_handle_get_list_of_thumbnail_IDs(const struct heif_image_handle *handle,
                                                heif_item_id *ids, int count) {
  return REAL(heif_image_handle_get_list_of_thumbnail_IDs)(handle, ids, count);
}

struct heif_error heif_image_handle_get_thumbnail(const struct heif_image_handle *main_image_handle,
                                                  heif_item_id thumbnail_id,
                                                  struct heif_image_handle **out_thumbnail_handle) {
  return REAL(heif_image_handle_get_thumbnail)(main_image_handle, thumbnail_id,
                                               out_thumbnail_handle);
}
