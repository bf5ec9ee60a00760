// Not API. HarfBuzz for shaping label text, with its FreeType glue (hb-ft), so HarfBuzz reads
// the FreeType faces the label rasterizer already holds.
#ifndef ICONGRID_CHARFBUZZ_SHIM_H
#define ICONGRID_CHARFBUZZ_SHIM_H

#include <hb.h>
#include <hb-ft.h>

#endif
