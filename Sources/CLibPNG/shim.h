// Not API. Wrappers for the libpng and zlib macros that Swift cannot import.
#ifndef ICONGRID_CLIBPNG_SHIM_H
#define ICONGRID_CLIBPNG_SHIM_H

#include <png.h>
#include <zlib.h>
#include <string.h>

static inline void icongrid_png_image_init(png_imagep image) {
  memset(image, 0, sizeof(*image));
  image->version = PNG_IMAGE_VERSION;
}

static inline int icongrid_png_image_failed(const png_image *image) {
  return PNG_IMAGE_FAILED(*image);
}

static const png_uint_32 icongrid_png_format_rgba = PNG_FORMAT_RGBA;
static const png_uint_32 icongrid_png_flag_16bit_srgb = PNG_IMAGE_FLAG_16BIT_sRGB;

static inline int icongrid_deflate_init(z_streamp stream, int level, int window_bits,
                                        int mem_level, int strategy) {
  return deflateInit2(stream, level, Z_DEFLATED, window_bits, mem_level, strategy);
}

static inline int icongrid_inflate_init(z_streamp stream, int window_bits) {
  return inflateInit2(stream, window_bits);
}

#endif
