#include "mlcairo.h"

#include <stdlib.h>

int mlcairo_take_pixels(cairo_surface_t *surface, mltext_image *out) {
    cairo_surface_flush(surface);
    int width = cairo_image_surface_get_width(surface);
    int height = cairo_image_surface_get_height(surface);
    uint8_t *pixels = malloc((size_t)width * height * 4);
    if (!pixels) {
        cairo_surface_destroy(surface);
        return -1;
    }
    // Cairo's ARGB32 is premultiplied, native-endian 32-bit words.
    const uint8_t *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            uint32_t argb = row[x];
            uint8_t *pixel = pixels + ((size_t)y * width + x) * 4;
            pixel[0] = (argb >> 16) & 0xff;
            pixel[1] = (argb >> 8) & 0xff;
            pixel[2] = argb & 0xff;
            pixel[3] = argb >> 24;
        }
    }
    cairo_surface_destroy(surface);
    out->width = width;
    out->height = height;
    out->pixels = pixels;
    return 0;
}
