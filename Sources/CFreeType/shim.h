// Not API. FreeType and fontconfig for the label rasterizer, plus constants and wrappers for
// the macros Swift cannot import (function-like macros and casts inside #defines).
#ifndef ICONGRID_CFREETYPE_SHIM_H
#define ICONGRID_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>

// Light hinting: vertical-only grid fitting keeps glyph shapes and spacing close to the design,
// which suits small UI labels better than full hinting.
static const FT_Int32 icongrid_ft_load_render_light = FT_LOAD_RENDER | FT_LOAD_TARGET_LIGHT;
static const FT_Int32 icongrid_ft_load_metrics_light = FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT;

static inline int icongrid_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

static const char *const icongrid_fc_family = FC_FAMILY;
static const char *const icongrid_fc_style = FC_STYLE;
static const char *const icongrid_fc_file = FC_FILE;
static const char *const icongrid_fc_index = FC_INDEX;
static const char *const icongrid_fc_charset = FC_CHARSET;
static const char *const icongrid_fc_lang = FC_LANG;
static const char *const icongrid_fc_scalable = FC_SCALABLE;

#endif
