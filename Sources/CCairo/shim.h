// Not API. cairo, GLib, GObject and GIO (memory streams) and zlib: what VectorRenderer draws
// with and feeds librsvg and poppler through; its include paths and libraries come from
// cairo-gobject's pkg-config file; CRsvg and CPoppler link GIO and zlib by name.
#ifndef ICONGRID_CCAIRO_SHIM_H
#define ICONGRID_CCAIRO_SHIM_H

#include <cairo.h>
#include <gio/gio.h>
#include <glib-object.h>
#include <zlib.h>

#endif
