// The CPU stamping kernel: the same arithmetic as Shaders/stamp.comp, laid out for the host's vector unit. Each
// 16×16 cell is held as planes of floats (paint, the stroke's body, its halo); a stamp touches only the rows it
// reaches, each row whole: its 16 lanes are one AVX-512 vector or two AVX2 ones, and the inner loops are branch-free
// so the compiler turns them into SIMD. (Rows cut into 8-pixel spans cost more in bookkeeping than they saved.)

#include "mlstamp.h"

#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>

enum { TILE = 256, CELL = 16, CELLS_PER_SIDE = TILE / CELL, PIXELS = CELL * CELL };

typedef struct {
    float red[PIXELS], green[PIXELS], blue[PIXELS], alpha[PIXELS];
} Planes;

typedef struct {
    const MLStampJob *job;
    /// Next unit of work (a row of cells of one tile), shared by the threads.
    int next;
    int units;
} Work;

int ml_mask_layer_bytes(int levels) {
    int bytes = 0;
    for (int level = 0; level < levels; level++) bytes += (TILE >> level) * (TILE >> level);
    return bytes;
}

// The kernel's functions are inlined into the worker, so that they are built for each of its targets.
#define KERNEL static inline __attribute__((always_inline))

KERNEL float clamp01(float value) { return value < 0 ? 0 : (value > 1 ? 1 : value); }

KERNEL void clearPlanes(Planes *planes) { memset(planes, 0, sizeof(Planes)); }

/// paint = wet × opacity over paint (or paint × (1 − wet alpha × opacity) to erase).
KERNEL void composite(Planes *restrict paint, const Planes *restrict wet, float opacity, bool erase) {
    if (erase) {
        for (int i = 0; i < PIXELS; i++) {
            float keep = 1 - wet->alpha[i] * opacity;
            paint->red[i] *= keep;
            paint->green[i] *= keep;
            paint->blue[i] *= keep;
            paint->alpha[i] *= keep;
        }
        return;
    }
    for (int i = 0; i < PIXELS; i++) {
        float keep = 1 - wet->alpha[i] * opacity;
        paint->red[i] = wet->red[i] * opacity + paint->red[i] * keep;
        paint->green[i] = wet->green[i] * opacity + paint->green[i] * keep;
        paint->blue[i] = wet->blue[i] * opacity + paint->blue[i] * keep;
        paint->alpha[i] = wet->alpha[i] * opacity + paint->alpha[i] * keep;
    }
}

/// paint = the larger of paint and wet, channel by channel (a glow's halo built up across submissions).
KERNEL void keepLarger(Planes *restrict paint, const Planes *restrict wet) {
    for (int i = 0; i < PIXELS; i++) {
        paint->red[i] = fmaxf(paint->red[i], wet->red[i]);
        paint->green[i] = fmaxf(paint->green[i], wet->green[i]);
        paint->blue[i] = fmaxf(paint->blue[i], wet->blue[i]);
        paint->alpha[i] = fmaxf(paint->alpha[i], wet->alpha[i]);
    }
}

/// Composites a stroke's built-up halo or body onto the paint as the stroke says.
KERNEL void compositeStroke(Planes *restrict paint, const Planes *restrict wet, const MLStroke *stroke) {
    if (stroke->keepsLarger > 0.5f) {
        keepLarger(paint, wet);
    } else {
        composite(paint, wet, stroke->opacity, stroke->erase > 0.5f);
    }
}

/// Bilinear sample of one mask level at (u, v) in 0…1, clamped to the edge, as a sampler with linear filtering.
KERNEL float bilinear(const uint8_t *level, int size, float u, float v) {
    float x = u * size - 0.5f, y = v * size - 0.5f;
    float fx = floorf(x), fy = floorf(y);
    float wx = x - fx, wy = y - fy;
    int x0 = (int)fx, y0 = (int)fy;
    int x1 = x0 + 1, y1 = y0 + 1;
    x0 = x0 < 0 ? 0 : (x0 >= size ? size - 1 : x0);
    x1 = x1 < 0 ? 0 : (x1 >= size ? size - 1 : x1);
    y0 = y0 < 0 ? 0 : (y0 >= size ? size - 1 : y0);
    y1 = y1 < 0 ? 0 : (y1 >= size ? size - 1 : y1);
    float top = level[y0 * size + x0] * (1 - wx) + level[y0 * size + x1] * wx;
    float bottom = level[y1 * size + x0] * (1 - wx) + level[y1 * size + x1] * wx;
    return (top * (1 - wy) + bottom * wy) / 255.0f;
}

/// Trilinear sample of mask `layer` at level of detail `lod`.
KERNEL float sampleMask(const MLStampJob *job, int layer, float u, float v, float lod) {
    int last = job->maskLevels - 1;
    if (lod > last) lod = last;
    int level0 = (int)floorf(lod);
    float weight = lod - level0;
    int level1 = level0 < last ? level0 + 1 : level0;
    const uint8_t *chain = job->masks + (size_t)layer * ml_mask_layer_bytes(job->maskLevels);
    int offset0 = ml_mask_layer_bytes(level0), offset1 = ml_mask_layer_bytes(level1);
    float near = bilinear(chain + offset0, TILE >> level0, u, v);
    if (weight == 0) return near;
    return near * (1 - weight) + bilinear(chain + offset1, TILE >> level1, u, v) * weight;
}

/// The paper's tooth at a document position: bilinear between texel centres of the level 0 of mask `layer`, one
/// texel a document pixel, repeating every 256 — as Shaders/stamp.frag and stamp.comp sample it.
static float paperTooth(const MLStampJob *job, int layer, float x, float y) {
    const uint8_t *texels = job->masks + (size_t)layer * ml_mask_layer_bytes(job->maskLevels);
    float tx = x - 0.5f, ty = y - 0.5f;
    float lowX = floorf(tx), lowY = floorf(ty);
    float fx = tx - lowX, fy = ty - lowY;
    int ix = (int)lowX, iy = (int)lowY;
    float a = texels[(iy & 255) * 256 + (ix & 255)], b = texels[(iy & 255) * 256 + ((ix + 1) & 255)];
    float c = texels[((iy + 1) & 255) * 256 + (ix & 255)], d = texels[((iy + 1) & 255) * 256 + ((ix + 1) & 255)];
    float top = a * (1 - fx) + b * fx, bottom = c * (1 - fx) + d * fx;
    return (top * (1 - fy) + bottom * fy) / 255.0f;
}

/// Adds one stamp to a cell's body or halo. `columnX`/`rowY` are the document positions of the cell's pixel
/// centres; (`cellX`, `cellY`) is the cell's top-left in tile pixels.
KERNEL void stampCell(
    const MLStampJob *job, const MLStamp *stamp, const MLStroke *stroke, const float *columnX, const float *rowY,
    float originX, float originY, int cellX, int cellY, Planes *restrict body, Planes *restrict halo) {
    float scale = job->scale;
    float radiusPixels = stamp->radiusPixels;
    bool textured = stroke->textureLayer > 0.5f;
    // How far paint reaches from the centre, in tile pixels: the rotated square of a texture, or the disc and
    // its antialiased rim (under a pixel wider).
    float reach = textured ? radiusPixels * 1.4144f + 1.5f : radiusPixels + 1;
    float centreX = (stamp->x - originX) * scale - cellX;
    float centreY = (stamp->y - originY) * scale - cellY;
    int firstRow = (int)floorf(centreY - reach), lastRow = (int)ceilf(centreY + reach);
    if (firstRow < 0) firstRow = 0;
    if (lastRow > CELL - 1) lastRow = CELL - 1;
    if (firstRow > lastRow) return;

    float cosine = stamp->cosOverRadius, sine = stamp->sinOverRadius;
    float red = stamp->red, green = stamp->green, blue = stamp->blue, alpha = stamp->alpha;
    bool isHalo = stamp->halo > 0.5f;
    Planes *restrict target = isHalo ? halo : body;
    float rim = radiusPixels > 0.5f ? radiusPixels : 0.5f;
    float knee = clamp01(stroke->hardness);
    float softness = knee >= 1 ? 0 : 1 / (1 - knee);
    int layer = 0;
    float lod = 0;
    float grain = clamp01(stroke->grain);
    int grainLayer = (int)nearbyintf(stroke->grainLayer);
    if (grainLayer < 0 || grainLayer >= job->maskLayers) grain = 0;
    if (textured) {
        layer = (int)nearbyintf(stroke->textureLayer - 1 + stamp->slot);
        layer = layer < 0 ? 0 : (layer >= job->maskLayers ? job->maskLayers - 1 : layer);
        float diameter = 2 * radiusPixels > 1e-3f ? 2 * radiusPixels : 1e-3f;
        lod = log2f((float)TILE / diameter);
        if (lod < 0) lod = 0;
    }

    for (int row = firstRow; row <= lastRow; row++) {
        float dy = rowY[row] - stamp->y;
        // The row's chord of the disc (a texture's square is not clipped further).
        float rowOffset = (float)row + 0.5f - centreY;
        float half = textured ? reach : sqrtf(fmaxf(reach * reach - rowOffset * rowOffset, 0));
        if (ceilf(centreX + half) < 0 || floorf(centreX - half) > CELL - 1) continue;
        int base = row * CELL;
        float mask[CELL];
        if (textured) {
            for (int lane = 0; lane < CELL; lane++) {
                float dx = columnX[lane] - stamp->x;
                float u = (cosine * dx + sine * dy) * 0.5f + 0.5f;
                float v = (cosine * dy - sine * dx) * 0.5f + 0.5f;
                bool inside = u >= 0 && u <= 1 && v >= 0 && v <= 1;
                mask[lane] = inside ? sampleMask(job, layer, u, v, lod) : 0;
            }
        } else {
            for (int lane = 0; lane < CELL; lane++) {
                float dx = columnX[lane] - stamp->x;
                float localX = cosine * dx + sine * dy;
                float localY = cosine * dy - sine * dx;
                float distance = sqrtf(localX * localX + localY * localY);
                float edge = clamp01((1 - distance) * rim + 0.5f);
                float falloff = knee >= 1 ? 1 : clamp01((1 - distance) * softness);
                mask[lane] = edge * falloff;
            }
        }
        if (grain > 0) {
            for (int lane = 0; lane < CELL; lane++) {
                float tooth = paperTooth(job, grainLayer, columnX[lane], rowY[row]);
                mask[lane] *= 1 - grain * (1 - tooth);
            }
        }
        if (isHalo) {
            for (int lane = 0; lane < CELL; lane++) {
                int i = base + lane;
                target->red[i] = fmaxf(target->red[i], red * mask[lane]);
                target->green[i] = fmaxf(target->green[i], green * mask[lane]);
                target->blue[i] = fmaxf(target->blue[i], blue * mask[lane]);
                target->alpha[i] = fmaxf(target->alpha[i], alpha * mask[lane]);
            }
        } else {
            for (int lane = 0; lane < CELL; lane++) {
                int i = base + lane;
                float a = alpha * mask[lane];
                float keep = 1 - a;
                target->red[i] = red * mask[lane] + target->red[i] * keep;
                target->green[i] = green * mask[lane] + target->green[i] * keep;
                target->blue[i] = blue * mask[lane] + target->blue[i] * keep;
                target->alpha[i] = a + target->alpha[i] * keep;
            }
        }
    }
}

/// Runs one cell's list: its pixels are read once, every stroke's stamps build up and are composited in order,
/// and the pixels are written once.
KERNEL void runCell(const MLStampJob *job, int tile, int cell, Planes *paint, Planes *body, Planes *halo) {
    uint32_t first = job->cells[((size_t)tile * CELLS_PER_SIDE * CELLS_PER_SIDE + cell) * 2];
    uint32_t count = job->cells[((size_t)tile * CELLS_PER_SIDE * CELLS_PER_SIDE + cell) * 2 + 1];
    if (count == 0) return;
    int cellX = (cell % CELLS_PER_SIDE) * CELL, cellY = (cell / CELLS_PER_SIDE) * CELL;
    float originX = job->origins[tile * 2], originY = job->origins[tile * 2 + 1];
    uint16_t *pixels = job->pixels[tile];
    float columnX[CELL], rowY[CELL];
    for (int i = 0; i < CELL; i++) {
        columnX[i] = originX + ((float)(cellX + i) + 0.5f) / job->scale;
        rowY[i] = originY + ((float)(cellY + i) + 0.5f) / job->scale;
    }
    for (int row = 0; row < CELL; row++) {
        const uint16_t *source = pixels + ((size_t)(cellY + row) * TILE + cellX) * 4;
        for (int column = 0; column < CELL; column++) {
            int i = row * CELL + column;
            paint->red[i] = source[column * 4] / 65535.0f;
            paint->green[i] = source[column * 4 + 1] / 65535.0f;
            paint->blue[i] = source[column * 4 + 2] / 65535.0f;
            paint->alpha[i] = source[column * 4 + 3] / 65535.0f;
        }
    }
    clearPlanes(body);
    clearPlanes(halo);
    bool bodyUsed = false, haloUsed = false;
    uint32_t current = (uint32_t)job->stamps[job->entries[first]].stroke;
    for (uint32_t entry = first; entry < first + count; entry++) {
        const MLStamp *stamp = &job->stamps[job->entries[entry]];
        uint32_t strokeIndex = (uint32_t)stamp->stroke;
        if (strokeIndex != current) {
            const MLStroke *done = &job->strokes[current];
            if (haloUsed) compositeStroke(paint, halo, done);
            if (bodyUsed) compositeStroke(paint, body, done);
            if (haloUsed) clearPlanes(halo);
            if (bodyUsed) clearPlanes(body);
            bodyUsed = haloUsed = false;
            current = strokeIndex;
        }
        stampCell(
            job, stamp, &job->strokes[current], columnX, rowY, originX, originY, cellX, cellY, body, halo);
        if (stamp->halo > 0.5f) haloUsed = true; else bodyUsed = true;
    }
    const MLStroke *last = &job->strokes[current];
    if (haloUsed) compositeStroke(paint, halo, last);
    if (bodyUsed) compositeStroke(paint, body, last);
    for (int row = 0; row < CELL; row++) {
        uint16_t *target = pixels + ((size_t)(cellY + row) * TILE + cellX) * 4;
        for (int column = 0; column < CELL; column++) {
            int i = row * CELL + column;
            target[column * 4] = (uint16_t)(clamp01(paint->red[i]) * 65535.0f + 0.5f);
            target[column * 4 + 1] = (uint16_t)(clamp01(paint->green[i]) * 65535.0f + 0.5f);
            target[column * 4 + 2] = (uint16_t)(clamp01(paint->blue[i]) * 65535.0f + 0.5f);
            target[column * 4 + 3] = (uint16_t)(clamp01(paint->alpha[i]) * 65535.0f + 0.5f);
        }
    }
}

// Everything above is inlined here, and this is built for AVX2 as well as the baseline; the loader picks the
// version the processor runs.
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default"))) static void *worker(void *argument) {
    Work *work = argument;
    Planes paint, body, halo;
    for (;;) {
        int unit = __atomic_fetch_add(&work->next, 1, __ATOMIC_RELAXED);
        if (unit >= work->units) break;
        int tile = unit / CELLS_PER_SIDE, cellRow = unit % CELLS_PER_SIDE;
        for (int column = 0; column < CELLS_PER_SIDE; column++) {
            runCell(work->job, tile, cellRow * CELLS_PER_SIDE + column, &paint, &body, &halo);
        }
    }
    return NULL;
}

void ml_stamp_tiles(const MLStampJob *job) {
    Work work = {.job = job, .next = 0, .units = job->tileCount * CELLS_PER_SIDE};
    enum { MAXIMUM_THREADS = 64 };
    pthread_t helpers[MAXIMUM_THREADS];
    int helperCount = job->threads - 1;
    if (helperCount > MAXIMUM_THREADS) helperCount = MAXIMUM_THREADS;
    if (helperCount > work.units - 1) helperCount = work.units - 1;
    int started = 0;
    for (; started < helperCount; started++) {
        if (pthread_create(&helpers[started], NULL, worker, &work) != 0) break;
    }
    worker(&work);  // this thread works too; if no helper started, it does everything
    for (int index = 0; index < started; index++) pthread_join(helpers[index], NULL);
}
