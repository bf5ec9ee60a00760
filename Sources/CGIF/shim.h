// Not API. giflib reading from memory: a source and its read callback, in C so that no
// Swift function is a library callback. giflib reports errors as return values (GIF_ERROR
// and the file's Error field); it never jumps or exits.
#ifndef ICONGRID_CGIF_SHIM_H
#define ICONGRID_CGIF_SHIM_H

#include <stddef.h>
#include <string.h>
#include <gif_lib.h>

typedef struct icongrid_gif_source {
  const unsigned char *data;
  size_t size;
  size_t offset;
} icongrid_gif_source;

static int icongrid_gif_read(GifFileType *gif, GifByteType *buffer, int length) {
  icongrid_gif_source *source = (icongrid_gif_source *)gif->UserData;
  size_t left = source->size - source->offset;
  size_t count = length < 0 ? 0 : (size_t)length;
  if (count > left) count = left;
  memcpy(buffer, source->data + source->offset, count);
  source->offset += count;
  return (int)count;
}

/// Opens `source` (which must outlive the file) and reads the screen descriptor.
static inline GifFileType *icongrid_gif_open(icongrid_gif_source *source, int *error) {
  return DGifOpen(source, icongrid_gif_read, error);
}

static const int icongrid_gif_graphics_ext = GRAPHICS_EXT_FUNC_CODE;
static const int icongrid_gif_no_transparent_color = NO_TRANSPARENT_COLOR;

#endif
