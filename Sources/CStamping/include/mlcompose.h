#ifndef MLCOMPOSE_H
#define MLCOMPOSE_H

#include <stdint.h>

/// Composes one layer's tile onto what is under it, in place: `backdrop` and `source` are `pixels` premultiplied
/// RGBA 16-bit pixels; the source counts at `opacity`; `mode` 0 normal, 1 multiply, 2 screen, 3 overlay — the W3C
/// compositing formulas, as Shaders/layer.frag computes them.
void ml_compose_layer(uint16_t *backdrop, const uint16_t *source, int pixels, float opacity, int mode);

#endif
