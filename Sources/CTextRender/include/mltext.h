#ifndef MLTEXT_H
#define MLTEXT_H

#include <stdint.h>

/// A line of text rendered by Pango and Cairo: premultiplied RGBA8 rows, `width` × `height` pixels.
typedef struct {
    int width;
    int height;
    uint8_t *pixels;
} mltext_image;

/// Renders UTF-8 `text` in `font` (a Pango description such as "Sans 11") at `scale` (buffer pixels per point
/// and logical pixel), in straight-alpha RGBA `color`, ellipsized to `max_width` pixels when positive. Returns 0 and
/// fills `out` (free its pixels with mltext_free), or -1.
int mltext_render(const char *text, const char *font, double scale, const double color[4], int max_width,
                  mltext_image *out);

void mltext_free(mltext_image *image);

#endif
