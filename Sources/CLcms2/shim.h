// Not API. The pixel-format macros of lcms2, which Swift cannot import.
#ifndef ICONGRID_CLCMS2_SHIM_H
#define ICONGRID_CLCMS2_SHIM_H

#include <lcms2.h>

static const cmsUInt32Number icongrid_lcms_rgba_8 = TYPE_RGBA_8;
static const cmsUInt32Number icongrid_lcms_rgb_8 = TYPE_RGB_8;
static const cmsUInt32Number icongrid_lcms_gray_8 = TYPE_GRAY_8;
static const cmsUInt32Number icongrid_lcms_cmyk_8 = TYPE_CMYK_8;
static const cmsUInt32Number icongrid_lcms_cmyk_8_rev = TYPE_CMYK_8_REV;
static const cmsUInt32Number icongrid_lcms_flags_copy_alpha = cmsFLAGS_COPY_ALPHA;
static const cmsUInt32Number icongrid_lcms_intent_perceptual = INTENT_PERCEPTUAL;

#endif
