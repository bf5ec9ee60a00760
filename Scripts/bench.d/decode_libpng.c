/* The C side of `Scripts/bench decode`: libpng's simplified API in a plain loop, with the
 * same settings PNGCodec uses (RGBA, PNG_IMAGE_FLAG_16BIT_sRGB), over files read into
 * memory first so that only decoding is timed.
 *
 *   decode_libpng bench SECONDS FILE...   decode every file repeatedly for about SECONDS of
 *                                         CPU time; prints "files=N bytes=B seconds=S rounds=R"
 *   decode_libpng dump DIR FILE...        writes DIR/<basename>.rgba with the decoded pixels
 *                                         (nothing for a file libpng refuses)
 *
 * libpng's simplified API corrupts Adam7 16-bit files when it reduces them to 8 bits
 * (pnggroup/libpng#853, present in 1.6.51-1.6.58 and in Debian's security backports). For
 * the reference pixels of `dump`, such a file is first rewritten without interlacing by
 * libpng's classic API (read with interlace handling, written back with every chunk it
 * kept), so the simplified API then decodes the same image by its unaffected path.
 */
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct input {
  const char *path;
  unsigned char *bytes;
  size_t length;
};

static int read_file(const char *path, struct input *in) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) return 0;
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  in->path = path;
  in->bytes = malloc(size > 0 ? (size_t)size : 1);
  in->length = fread(in->bytes, 1, (size_t)size, file);
  fclose(file);
  return 1;
}

/* Decodes one file; returns the pixel buffer (caller frees) or NULL when libpng refuses. */
static unsigned char *decode(const struct input *in, size_t *out_size) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, in->bytes, in->length)) return NULL;
  image.format = PNG_FORMAT_RGBA;
  image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
  size_t size = PNG_IMAGE_SIZE(image);
  unsigned char *pixels = malloc(size);
  if (pixels == NULL || !png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
    free(pixels);
    png_image_free(&image);
    return NULL;
  }
  *out_size = size;
  return pixels;
}

/* CPU time of this thread: other processes on a shared machine then cost less noise. */
struct sink {
  unsigned char *bytes;
  size_t length, capacity;
};

static void sink_write(png_structp png, png_bytep data, size_t length) {
  struct sink *sink = png_get_io_ptr(png);
  if (sink->length + length > sink->capacity) {
    sink->capacity = (sink->length + length) * 2;
    unsigned char *grown = realloc(sink->bytes, sink->capacity);
    if (grown == NULL) png_error(png, "out of memory");
    sink->bytes = grown;
  }
  memcpy(sink->bytes + sink->length, data, length);
  sink->length += length;
}

static void sink_flush(png_structp png) { (void)png; }

struct source {
  const unsigned char *bytes;
  size_t length, offset;
};

static void source_read(png_structp png, png_bytep data, size_t length) {
  struct source *source = png_get_io_ptr(png);
  if (source->offset + length > source->length) png_error(png, "read past the end");
  memcpy(data, source->bytes + source->offset, length);
  source->offset += length;
}

/* Rewrites an Adam7 16-bit PNG without interlacing; returns 0 when libpng refuses it. */
static int flatten(struct input *in) {
  png_structp reader = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png_create_info_struct(reader);
  png_structp writer = NULL;
  struct sink sink = {NULL, 0, 0};
  struct source source = {in->bytes, in->length, 0};
  if (setjmp(png_jmpbuf(reader))) {
    png_destroy_read_struct(&reader, &info, NULL);
    return 0;
  }
  png_set_read_fn(reader, &source, source_read);
  png_read_png(reader, info, PNG_TRANSFORM_IDENTITY, NULL);
  writer = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  if (setjmp(png_jmpbuf(writer))) {
    png_destroy_write_struct(&writer, NULL);
    png_destroy_read_struct(&reader, &info, NULL);
    free(sink.bytes);
    return 0;
  }
  png_uint_32 width, height;
  int depth, color, interlace, compression, filter;
  png_get_IHDR(reader, info, &width, &height, &depth, &color, &interlace, &compression, &filter);
  png_set_IHDR(writer, info, width, height, depth, color, PNG_INTERLACE_NONE, compression, filter);
  png_set_write_fn(writer, &sink, sink_write, sink_flush);
  png_write_png(writer, info, PNG_TRANSFORM_IDENTITY, NULL);
  png_destroy_write_struct(&writer, NULL);
  png_destroy_read_struct(&reader, &info, NULL);
  free(in->bytes);
  in->bytes = sink.bytes;
  in->length = sink.length;
  return 1;
}

static int is_interlaced_16bit(const struct input *in) {
  return in->length > 28 && in->bytes[24] == 16 && in->bytes[28] == 1;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int bench(double seconds, struct input *inputs, int count) {
  long files = 0, rounds = 0;
  double bytes = 0;
  double start = now(), elapsed = 0;
  do {
    for (int i = 0; i < count; i++) {
      size_t size = 0;
      unsigned char *pixels = decode(&inputs[i], &size);
      if (pixels == NULL) {
        fprintf(stderr, "decode_libpng: %s: libpng refused it\n", inputs[i].path);
        return 1;
      }
      free(pixels);
      files++;
      bytes += (double)size;
    }
    rounds++;
    elapsed = now() - start;
  } while (elapsed < seconds);
  printf("files=%ld bytes=%.0f seconds=%.6f rounds=%ld\n", files, bytes, elapsed, rounds);
  return 0;
}

static int dump(const char *directory, struct input *inputs, int count) {
  for (int i = 0; i < count; i++) {
    if (is_interlaced_16bit(&inputs[i]) && !flatten(&inputs[i])) continue;
    size_t size = 0;
    unsigned char *pixels = decode(&inputs[i], &size);
    if (pixels == NULL) continue;
    const char *slash = strrchr(inputs[i].path, '/');
    const char *name = slash ? slash + 1 : inputs[i].path;
    char out[4096];
    snprintf(out, sizeof out, "%s/%s.rgba", directory, name);
    FILE *file = fopen(out, "wb");
    if (file == NULL || fwrite(pixels, 1, size, file) != size) {
      fprintf(stderr, "decode_libpng: cannot write %s\n", out);
      return 1;
    }
    fclose(file);
    free(pixels);
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: decode_libpng bench SECONDS FILE... | dump DIR FILE...\n");
    return 64;
  }
  int count = argc - 3;
  struct input *inputs = calloc((size_t)count, sizeof *inputs);
  for (int i = 0; i < count; i++) {
    if (!read_file(argv[i + 3], &inputs[i])) {
      fprintf(stderr, "decode_libpng: cannot read %s\n", argv[i + 3]);
      return 66;
    }
  }
  if (strcmp(argv[1], "bench") == 0) return bench(atof(argv[2]), inputs, count);
  if (strcmp(argv[1], "dump") == 0) return dump(argv[2], inputs, count);
  fprintf(stderr, "decode_libpng: unknown mode %s\n", argv[1]);
  return 64;
}
