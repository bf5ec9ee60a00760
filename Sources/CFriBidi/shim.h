// Not API. FriBidi for the embedding levels of label text (the Unicode bidirectional
// algorithm), plus the paragraph-direction constant its headers define as a macro of macros.
#ifndef ICONGRID_CFRIBIDI_SHIM_H
#define ICONGRID_CFRIBIDI_SHIM_H

#include <fribidi.h>

// "Other neutral": the paragraph takes the direction of its first strong character, and is
// left to right when it has none (rules P2 and P3).
static const FriBidiParType icongrid_fribidi_par_auto = FRIBIDI_PAR_ON;

static inline int icongrid_fribidi_is_rtl(FriBidiParType direction) {
  return FRIBIDI_IS_RTL(direction) ? 1 : 0;
}

#endif
