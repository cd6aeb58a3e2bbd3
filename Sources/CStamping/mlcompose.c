#include "mlcompose.h"

static inline float unit(float value) { return value < 0.0f ? 0.0f : (value > 1.0f ? 1.0f : value); }

static inline float blend(float source, float backdrop, int mode) {
    switch (mode) {
    case 1: return source * backdrop;
    case 2: return source + backdrop - source * backdrop;
    case 3:
        // Hard light with the roles swapped: multiply where the backdrop is dark, screen where it is light.
        return backdrop < 0.5f ? 2.0f * source * backdrop : 1.0f - 2.0f * (1.0f - source) * (1.0f - backdrop);
    default: return source;
    }
}

void ml_compose_layer(uint16_t *backdrop, const uint16_t *source, int pixels, float opacity, int mode) {
    const float scale = 1.0f / 65535.0f;
    for (int index = 0; index < pixels; index++) {
        const uint16_t *s16 = source + 4 * index;
        uint16_t *b16 = backdrop + 4 * index;
        const float sa = s16[3] * scale * opacity;
        // Nothing of the layer here: what is under it stays as it is.
        if (sa <= 0.0f) continue;
        const float ba = b16[3] * scale;
        float out[4];
        for (int channel = 0; channel < 3; channel++) {
            const float s = s16[channel] * scale * opacity;
            const float b = b16[channel] * scale;
            if (mode == 0) {
                out[channel] = s + b * (1.0f - sa);
            } else {
                const float cs = s / sa;
                const float cb = ba > 0.0f ? b / ba : 0.0f;
                out[channel] = s * (1.0f - ba) + b * (1.0f - sa) + sa * ba * unit(blend(cs, cb, mode));
            }
        }
        out[3] = sa + ba * (1.0f - sa);
        for (int channel = 0; channel < 4; channel++) b16[channel] = (uint16_t)(unit(out[channel]) * 65535.0f + 0.5f);
    }
}
