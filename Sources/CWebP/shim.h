// Not API. libwebp's decoding and demuxing headers (still images, the ICCP chunk, and the
// first frame of animated files). libwebp reports every error as a return value.
#ifndef ICONGRID_CWEBP_SHIM_H
#define ICONGRID_CWEBP_SHIM_H

#include <webp/decode.h>
#include <webp/demux.h>


#endif
