/* The C side of `Scripts/bench decode`: libpng's simplified API in a plain loop, with the
 * same settings PNGCodec uses (RGBA, PNG_IMAGE_FLAG_16BIT_sRGB), over files read into
 * memory first so that only decoding is timed.
 *
 *   decode_libpng bench SECONDS FILE...   decode every file repeatedly for about SECONDS of
 *                                         CPU time; prints "files=N bytes=B seconds=S rounds=R"
 *   decode_libpng dump DIR FILE...        writes DIR/<basename>.rgba with the decoded pixels
 *                                         (nothing for a file libpng refuses)
 */
#include <png.h>
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
