// Not API. libjpeg reports a fatal error by calling `error_exit`, whose default calls
// exit(); the only way back is longjmp, which must never cross a Swift frame. So every
// libjpeg call that can fail runs inside one of these C functions, each with its own
// setjmp, and reports failure as a return value with libjpeg's message kept in the state.
#ifndef ICONGRID_CJPEG_SHIM_H
#define ICONGRID_CJPEG_SHIM_H

#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

// More scans than this is a denial-of-service pattern (each progressive scan re-reads the
// whole coefficient buffer); real encoders write fewer than 20.
#define ICONGRID_JPEG_MAX_SCANS 500

typedef struct icongrid_jpeg {
  struct jpeg_decompress_struct cinfo;
  struct jpeg_error_mgr error;
  struct jpeg_progress_mgr progress;
  jmp_buf jump;
  int created;
  // The first fatal error's or warning's text, and whether the data ended early.
  char message[JMSG_LENGTH_MAX];
  char warning[JMSG_LENGTH_MAX];
  int warnings;
  int hit_end;
  int too_many_scans;
} icongrid_jpeg;

static void icongrid_jpeg_error_exit(j_common_ptr cinfo) {
  icongrid_jpeg *state = (icongrid_jpeg *)cinfo->client_data;
  if (!state->too_many_scans) (*cinfo->err->format_message)(cinfo, state->message);
  longjmp(state->jump, 1);
}

static void icongrid_jpeg_emit_message(j_common_ptr cinfo, int level) {
  icongrid_jpeg *state = (icongrid_jpeg *)cinfo->client_data;
  if (level >= 0) return;  // trace messages
  if (cinfo->err->msg_code == JWRN_JPEG_EOF) state->hit_end = 1;
  if (state->warnings++ == 0) (*cinfo->err->format_message)(cinfo, state->warning);
}

static void icongrid_jpeg_progress(j_common_ptr cinfo) {
  icongrid_jpeg *state = (icongrid_jpeg *)cinfo->client_data;
  if (state->cinfo.input_scan_number > ICONGRID_JPEG_MAX_SCANS) {
    state->too_many_scans = 1;
    snprintf(state->message, sizeof state->message, "more than %d scans",
             ICONGRID_JPEG_MAX_SCANS);
    longjmp(state->jump, 1);
  }
}

/// Reads the header of `size` bytes at `data` (which must outlive the state), keeping APP1
/// (EXIF) and APP2 (ICC) markers. Returns 0, or -1 with `message` set. Call
/// `icongrid_jpeg_close` in either case.
static inline int icongrid_jpeg_open(icongrid_jpeg *state, const unsigned char *data,
                                     unsigned long size) {
  memset(state, 0, sizeof *state);
  state->cinfo.err = jpeg_std_error(&state->error);
  state->error.error_exit = icongrid_jpeg_error_exit;
  state->error.emit_message = icongrid_jpeg_emit_message;
  state->cinfo.client_data = state;
  if (setjmp(state->jump)) return -1;
  jpeg_create_decompress(&state->cinfo);
  state->created = 1;
  state->progress.progress_monitor = icongrid_jpeg_progress;
  state->cinfo.progress = &state->progress;
  jpeg_mem_src(&state->cinfo, data, size);
  jpeg_save_markers(&state->cinfo, JPEG_APP0 + 1, 0xFFFF);
  jpeg_save_markers(&state->cinfo, JPEG_APP0 + 2, 0xFFFF);
  jpeg_read_header(&state->cinfo, TRUE);
  return 0;
}

/// The embedded ICC profile (APP2 chunks joined), malloc'd, or NULL; free it with `free`.
static inline unsigned char *icongrid_jpeg_icc_profile(icongrid_jpeg *state,
                                                      unsigned int *length) {
  JOCTET *profile = NULL;
  *length = 0;
  if (setjmp(state->jump)) return NULL;
  if (!jpeg_read_icc_profile(&state->cinfo, &profile, length)) return NULL;
  return profile;
}

/// Decodes the image as `color_space` (JCS_EXT_RGBA, JCS_GRAYSCALE or JCS_CMYK) into
/// `output`, `row_bytes` a row, which holds `image_height` rows. Returns 0, or -1 with
/// `message` set.
static inline int icongrid_jpeg_decode(icongrid_jpeg *state, int color_space,
                                       unsigned char *output, size_t row_bytes) {
  if (setjmp(state->jump)) return -1;
  state->cinfo.out_color_space = (J_COLOR_SPACE)color_space;
  jpeg_start_decompress(&state->cinfo);
  while (state->cinfo.output_scanline < state->cinfo.output_height) {
    JSAMPROW row = output + (size_t)state->cinfo.output_scanline * row_bytes;
    if (jpeg_read_scanlines(&state->cinfo, &row, 1) != 1) break;
  }
  jpeg_finish_decompress(&state->cinfo);
  return 0;
}

static inline void icongrid_jpeg_close(icongrid_jpeg *state) {
  if (state->created) jpeg_destroy_decompress(&state->cinfo);
  state->created = 0;
}

static const int icongrid_jcs_ext_rgba = JCS_EXT_RGBA;
static const int icongrid_jcs_grayscale = JCS_GRAYSCALE;
static const int icongrid_jcs_cmyk = JCS_CMYK;
static const int icongrid_jcs_ycck = JCS_YCCK;
static const int icongrid_jcs_rgb = JCS_RGB;

#endif
