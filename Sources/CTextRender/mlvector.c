#include "mlvector.h"

#include <string.h>

#include "mlcairo.h"

int mlvector_render(const mlvector_op *ops, int count, double units, int pixels, mltext_image *out) {
    memset(out, 0, sizeof *out);
    if (pixels <= 0 || pixels > 4096 || units <= 0) return -1;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixels, pixels);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return -1;
    }
    cairo_t *cairo = cairo_create(surface);
    cairo_scale(cairo, pixels / units, pixels / units);
    cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND);
    for (int i = 0; i < count; i++) {
        const mlvector_op *op = &ops[i];
        switch (op->kind) {
        case MLVECTOR_MOVE: cairo_move_to(cairo, op->x, op->y); break;
        case MLVECTOR_LINE: cairo_line_to(cairo, op->x, op->y); break;
        case MLVECTOR_ARC: cairo_arc(cairo, op->x, op->y, op->r, op->a0, op->a1); break;
        case MLVECTOR_CLOSE: cairo_close_path(cairo); break;
        case MLVECTOR_STROKE:
            cairo_set_source_rgba(cairo, op->rgba[0], op->rgba[1], op->rgba[2], op->rgba[3]);
            cairo_set_line_width(cairo, op->width);
            cairo_stroke(cairo);
            break;
        case MLVECTOR_FILL:
            cairo_set_source_rgba(cairo, op->rgba[0], op->rgba[1], op->rgba[2], op->rgba[3]);
            cairo_fill(cairo);
            break;
        }
    }
    cairo_destroy(cairo);
    return mlcairo_take_pixels(surface, out);
}
