#ifndef MLVECTOR_H
#define MLVECTOR_H

#include "mltext.h"

/// One step of a vector picture, in units of a square box (the toolbar's icons use 40).
typedef enum {
    MLVECTOR_MOVE,    ///< start a path at (x, y)
    MLVECTOR_LINE,    ///< a line to (x, y)
    MLVECTOR_ARC,     ///< an arc about (x, y) of radius r, clockwise from angle a0 to a1 (radians)
    MLVECTOR_CLOSE,   ///< close the path
    MLVECTOR_STROKE,  ///< stroke the path, `width` units wide, in `rgba`; rounded joins and caps
    MLVECTOR_FILL     ///< fill the path in `rgba`
} mlvector_kind;

typedef struct {
    mlvector_kind kind;
    double x, y, r, a0, a1;
    double width;
    double rgba[4];
} mlvector_op;

/// Draws `ops` (a box of `units` × `units`) antialiased into a square of `pixels` × `pixels`: premultiplied RGBA8.
/// Returns 0 and fills `out` (free its pixels with mltext_free), or -1.
int mlvector_render(const mlvector_op *ops, int count, double units, int pixels, mltext_image *out);

#endif
