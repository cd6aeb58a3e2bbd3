// Smaller levels of a square premultiplied RGBA16 tile, each the 2×2 box average of the one before (what a linear
// blit at exactly half size gives), for a device that would otherwise blit them level by level.
#include "mlstamp.h"

#include <stddef.h>

static inline __attribute__((always_inline)) void ml_half(const uint16_t *source, int side, uint16_t *target) {
    int half = side / 2;
    for (int y = 0; y < half; y++) {
        const uint16_t *top = source + (size_t)(2 * y) * side * 4;
        const uint16_t *bottom = top + (size_t)side * 4;
        uint16_t *out = target + (size_t)y * half * 4;
        for (int x = 0; x < half; x++) {
            for (int c = 0; c < 4; c++) {
                uint32_t sum = (uint32_t)top[8 * x + c] + top[8 * x + 4 + c] + bottom[8 * x + c] + bottom[8 * x + 4 + c];
                out[4 * x + c] = (uint16_t)((sum + 2) >> 2);
            }
        }
    }
}

// Built for AVX-512 and AVX2 as well as the baseline, ml_half inlined into each; the loader picks the version the
// processor runs.
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default"))) void ml_mip_chain_rgba16(
    const uint16_t *level0, int side, uint16_t *levels) {
    const uint16_t *source = level0;
    uint16_t *target = levels;
    for (int size = side; size > 1; size /= 2) {
        ml_half(source, size, target);
        source = target;
        target += (size_t)(size / 2) * (size / 2) * 4;
    }
}
