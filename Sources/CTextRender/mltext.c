#include "mltext.h"

#include "mlcairo.h"

#include <pango/pangocairo.h>
#include <stdlib.h>
#include <string.h>

static PangoLayout *make_layout(cairo_t *cairo, const char *text, const char *font, double scale, int max_width) {
    PangoLayout *layout = pango_cairo_create_layout(cairo);
    PangoFontDescription *description = pango_font_description_from_string(font);
    pango_font_description_set_absolute_size(description,
                                             pango_font_description_get_size(description) * scale * 96.0 / 72.0);
    pango_layout_set_font_description(layout, description);
    pango_font_description_free(description);
    if (max_width > 0) {
        pango_layout_set_width(layout, max_width * PANGO_SCALE);
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    }
    pango_layout_set_text(layout, text, -1);
    return layout;
}

int mltext_render(const char *text, const char *font, double scale, const double color[4], int max_width,
                  mltext_image *out) {
    memset(out, 0, sizeof *out);
    // Measure on a scratch surface, then draw on one of the right size.
    cairo_surface_t *scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *measure = cairo_create(scratch);
    PangoLayout *layout = make_layout(measure, text, font, scale, max_width);
    int width = 0, height = 0;
    pango_layout_get_pixel_size(layout, &width, &height);
    g_object_unref(layout);
    cairo_destroy(measure);
    cairo_surface_destroy(scratch);
    if (width <= 0 || height <= 0 || width > 16384 || height > 4096) return -1;

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return -1;
    }
    cairo_t *cairo = cairo_create(surface);
    layout = make_layout(cairo, text, font, scale, max_width);
    cairo_set_source_rgba(cairo, color[0], color[1], color[2], color[3]);
    pango_cairo_show_layout(cairo, layout);
    g_object_unref(layout);
    cairo_destroy(cairo);
    return mlcairo_take_pixels(surface, out);
}

void mltext_free(mltext_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}
