// Not API. poppler's GLib interface and cairo, for VectorRenderer.
#ifndef ICONGRID_CPOPPLER_SHIM_H
#define ICONGRID_CPOPPLER_SHIM_H

#include <poppler.h>
#include <cairo.h>

#endif
