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

/// "Normal" is "over": every value, alpha too, is source + backdrop × (1 − source alpha). Branch-free, value by
/// value, so the compiler makes it SIMD; where the layer has nothing, the backdrop comes back exactly.
static inline void composeOver(uint16_t *restrict backdrop, const uint16_t *restrict source, int pixels, float opacity) {
    const float scale = 1.0f / 65535.0f;
    const float sourceScale = scale * opacity;
    for (int index = 0; index < pixels; index++) {
        const float keep = 1.0f - source[4 * index + 3] * sourceScale;
        for (int channel = 0; channel < 4; channel++) {
            const float value = source[4 * index + channel] * sourceScale + backdrop[4 * index + channel] * scale * keep;
            backdrop[4 * index + channel] = (uint16_t)(unit(value) * 65535.0f + 0.5f);
        }
    }
}

// Built for AVX-512 and AVX2 as well as the baseline; the loader picks the version the processor runs.
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default"))) void ml_compose_layer(
    uint16_t *backdrop, const uint16_t *source, int pixels, float opacity, int mode) {
    if (mode == 0) {
        composeOver(backdrop, source, pixels, opacity);
        return;
    }
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
            const float cs = s / sa;
            const float cb = ba > 0.0f ? b / ba : 0.0f;
            out[channel] = s * (1.0f - ba) + b * (1.0f - sa) + sa * ba * unit(blend(cs, cb, mode));
        }
        out[3] = sa + ba * (1.0f - sa);
        for (int channel = 0; channel < 4; channel++) b16[channel] = (uint16_t)(unit(out[channel]) * 65535.0f + 0.5f);
    }
}
