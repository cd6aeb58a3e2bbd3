#ifndef MLCAIRO_H
#define MLCAIRO_H

#include <cairo.h>

#include "mltext.h"

/// Copies a Cairo ARGB32 surface into `out` as premultiplied RGBA bytes and destroys the surface. Returns 0, or -1
/// when memory runs out.
int mlcairo_take_pixels(cairo_surface_t *surface, mltext_image *out);

#endif
