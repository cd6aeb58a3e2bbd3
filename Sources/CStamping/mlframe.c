// A window frame between whole zooms, drawn on the host for CPU devices: drawing it through the rasteriser costs
// about 6 ns a pixel there, sampling it here a fraction of that. Fixed point throughout: texels are 8 bits,
// filter weights 8 bits (as GPU samplers keep them).
#include "mlframe.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/// Which texels an output column (or row) mixes: `index` and `index + 1`, the second by `weight` of 256.
typedef struct {
    int index;
    uint32_t weight;
} Tap;

static Tap tap(double position) {
    double shifted = position - 0.5;
    double whole = floor(shifted);
    Tap result;
    // Beyond any grid (a page is at most 65,536 texels across), a texel is as transparent as the next.
    if (whole < -1e6) whole = -1e6;
    if (whole > 1e6) whole = 1e6;
    result.index = (int)whole;
    result.weight = (uint32_t)lrint((shifted - floor(shifted)) * 256.0);
    if (result.weight == 256) {
        result.index += 1;
        result.weight = 0;
    }
    return result;
}

static int floorDivide(int value, int divisor) {
    return value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor);
}

/// Tile row `row` of `level`'s tile at grid column `tileColumn`, or NULL where there is none.
static const uint8_t *tileRow(const MLPaintLevel *level, int row, int tileColumn) {
    if (row < 0 || row >= level->rows * level->side || tileColumn < 0 || tileColumn >= level->columns) return NULL;
    const int side = level->side;
    const uint8_t *tile = level->tiles[(row / side) * level->columns + tileColumn];
    return tile ? tile + (size_t)(row % side) * side * 4 : NULL;
}

/// Texel rows `row` and `row + 1` of `level` mixed, the second by `weight` of 256, between columns `first` ..<
/// `first + count`, written to `out` as texel × 256.
__attribute__((target_clones("arch=x86-64-v3", "default"))) static void mixRows(
    const MLPaintLevel *level, int row, uint32_t weight, int first, int count, uint16_t *out) {
    const int side = level->side;
    const uint16_t upper = (uint16_t)(256 - weight);
    const uint16_t lower = (uint16_t)weight;
    int column = first;
    const int end = first + count;
    while (column < end) {
        const int tileColumn = floorDivide(column, side);
        const int tileEnd = (tileColumn + 1) * side;
        const int stop = tileEnd < end ? tileEnd : end;
        const int offset = (column - tileColumn * side) * 4;
        const uint8_t *top = upper ? tileRow(level, row, tileColumn) : NULL;
        const uint8_t *bottom = lower ? tileRow(level, row + 1, tileColumn) : NULL;
        uint16_t *target = out + (size_t)(column - first) * 4;
        const int values = (stop - column) * 4;
        if (top && bottom) {
            top += offset;
            bottom += offset;
            // Two passes: each vectorises as 16-bit lanes (one pass of both does not).
            for (int index = 0; index < values; index++) target[index] = (uint16_t)(top[index] * upper);
            for (int index = 0; index < values; index++) target[index] += (uint16_t)(bottom[index] * lower);
        } else if (top || bottom) {
            const uint8_t *source = (top ? top : bottom) + offset;
            const uint16_t scale = top ? upper : lower;
            for (int index = 0; index < values; index++) target[index] = (uint16_t)(source[index] * scale);
        } else {
            memset(target, 0, sizeof(uint16_t) * (size_t)values);
        }
        column = stop;
    }
}

typedef uint16_t Lanes __attribute__((vector_size(16)));
typedef uint32_t WideLanes __attribute__((vector_size(32)));
typedef uint8_t Bytes __attribute__((vector_size(8)));

/// The high 16 bits of each lane's product: `value` × `scale` / 65536 (a single instruction where there is one).
static inline Lanes multiplyHigh(Lanes value, Lanes scale) {
    const WideLanes product = __builtin_convertvector(value, WideLanes) * __builtin_convertvector(scale, WideLanes);
    return __builtin_convertvector(product >> 16, Lanes);
}

/// Each output column's filter on one level: the weights of texels `index` and `index + 1` of the row (of 65,536,
/// in the lanes of each) and `index`.
typedef struct {
    Lanes *weights;
    int *indices;
} ColumnFilters;

/// A row's texels `index` and `index + 1` (16 bits: texel × 256) mixed: the first four lanes, texel × 256.
static inline Lanes mixColumns(const uint16_t *row, const ColumnFilters *filters, int x) {
    Lanes pair;
    memcpy(&pair, row + (size_t)filters->indices[x] * 4, sizeof pair);
    const Lanes mixed = multiplyHigh(pair, filters->weights[x]);
    return mixed + __builtin_shufflevector(mixed, mixed, 4, 5, 6, 7, 0, 1, 2, 3);
}

/// Lays `color` (the first four lanes: texel × 256, premultiplied, in the output's order) over the opaque
/// `background` (8 bits a lane) and writes the pixel.
static inline void writeOver(uint8_t *out, Lanes color, Lanes background) {
    color = (color + 128) >> 8;
    const uint16_t alpha = color[3] > 255 ? 255 : color[3];
    Lanes under = background * (uint16_t)(255 - alpha) + 128;
    under = (under + (under >> 8)) >> 8;
    Lanes value = color + under;
    const Lanes full = {255, 255, 255, 255, 255, 255, 255, 255};
    const Lanes above = (Lanes)(value > full);
    value = (value & ~above) | (full & above);
    value[3] = 255;
    const Bytes bytes = __builtin_convertvector(value, Bytes);
    memcpy(out, &bytes, 4);
}

/// The weights of the two levels, of 65,536.
static inline uint16_t levelWeight(const MLFrameJob *job, int level) {
    const int weight = level == 0 ? 256 - job->secondWeight : job->secondWeight;
    return (uint16_t)(weight >= 256 ? 65535 : weight << 8);
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Four columns' texel pairs mixed, as texel × 256: columns x, x + 2 in the low 128 bits, x + 1, x + 3 in the high.
__attribute__((target("avx2"))) static inline __m256i mixFourColumns(
    const uint16_t *row, const ColumnFilters *filters, int x) {
    const int *indices = filters->indices + x;
    const __m256i first = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(row + (size_t)indices[0] * 4))),
        _mm_loadu_si128((const __m128i *)(row + (size_t)indices[1] * 4)), 1);
    const __m256i second = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(row + (size_t)indices[2] * 4))),
        _mm_loadu_si128((const __m128i *)(row + (size_t)indices[3] * 4)), 1);
    const __m256i mixedFirst = _mm256_mulhi_epu16(first, _mm256_loadu_si256((const __m256i *)(filters->weights + x)));
    const __m256i mixedSecond =
        _mm256_mulhi_epu16(second, _mm256_loadu_si256((const __m256i *)(filters->weights + x + 2)));
    return _mm256_add_epi16(
        _mm256_unpacklo_epi64(mixedFirst, mixedSecond), _mm256_unpackhi_epi64(mixedFirst, mixedSecond));
}

/// Output columns `first` ..< `end` of one row, four at a time (AVX2); returns where it stopped.
__attribute__((target("avx2"))) static int writeFourColumnsAtATime(
    const MLFrameJob *job, uint8_t *out, int first, int end, const ColumnFilters *columns, uint16_t *const *rows,
    Lanes background) {
    const __m256i under = _mm256_broadcastq_epi64((__m128i)background);
    const __m256i half = _mm256_set1_epi16(128);
    const __m256i full = _mm256_set1_epi16(255);
    const __m256i opaque = _mm256_set1_epi32((int)0xFF000000u);
    // Packing leaves columns x, x + 2, x + 1, x + 3 in dwords 0, 1, 4, 5.
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 3, 6, 7);
    const __m256i nearScale = _mm256_set1_epi16((short)levelWeight(job, 0));
    const __m256i farScale = _mm256_set1_epi16((short)levelWeight(job, 1));
    int x = first;
    for (; x + 3 < end; x += 4) {
        __m256i color = mixFourColumns(rows[0], &columns[0], x);
        if (job->levelCount == 2) {
            color = _mm256_add_epi16(
                _mm256_mulhi_epu16(color, nearScale),
                _mm256_mulhi_epu16(mixFourColumns(rows[1], &columns[1], x), farScale));
        }
        color = _mm256_min_epu16(_mm256_srli_epi16(_mm256_add_epi16(color, half), 8), full);
        if (job->swapRedAndBlue) {
            color = _mm256_shufflehi_epi16(
                _mm256_shufflelo_epi16(color, _MM_SHUFFLE(3, 0, 1, 2)), _MM_SHUFFLE(3, 0, 1, 2));
        }
        const __m256i alpha = _mm256_shufflehi_epi16(
            _mm256_shufflelo_epi16(color, _MM_SHUFFLE(3, 3, 3, 3)), _MM_SHUFFLE(3, 3, 3, 3));
        __m256i behind = _mm256_add_epi16(_mm256_mullo_epi16(under, _mm256_sub_epi16(full, alpha)), half);
        behind = _mm256_srli_epi16(_mm256_add_epi16(behind, _mm256_srli_epi16(behind, 8)), 8);
        const __m256i packed = _mm256_packus_epi16(_mm256_add_epi16(color, behind), _mm256_setzero_si256());
        const __m256i pixels = _mm256_or_si256(_mm256_permutevar8x32_epi32(packed, order), opaque);
        _mm_storeu_si128((__m128i *)(out + 4 * x), _mm256_castsi256_si128(pixels));
    }
    return x;
}
#endif

/// Output columns `first` ..< `end` of one row over `background`.
static void writeColumns(
    const MLFrameJob *job, uint8_t *out, int first, int end, const ColumnFilters *columns, uint16_t *const *rows,
    Lanes background) {
#if defined(__x86_64__)
    if (!job->portableOnly && __builtin_cpu_supports("avx2")) {
        first = writeFourColumnsAtATime(job, out, first, end, columns, rows, background);
    }
#endif
    const Lanes nearScale = {levelWeight(job, 0), levelWeight(job, 0), levelWeight(job, 0), levelWeight(job, 0)};
    const Lanes farScale = {levelWeight(job, 1), levelWeight(job, 1), levelWeight(job, 1), levelWeight(job, 1)};
    for (int x = first; x < end; x++) {
        Lanes color = mixColumns(rows[0], &columns[0], x);
        if (job->levelCount == 2) {
            color = multiplyHigh(color, nearScale) + multiplyHigh(mixColumns(rows[1], &columns[1], x), farScale);
        }
        if (job->swapRedAndBlue) color = __builtin_shufflevector(color, color, 2, 1, 0, 3, 4, 5, 6, 7);
        writeOver(out + 4 * x, color, background);
    }
}

void ml_frame_rows(const MLFrameJob *job, int firstRow, int endRow) {
    const int width = job->width;
    const int levels = job->levelCount;
    ColumnFilters columns[2] = {{NULL, NULL}, {NULL, NULL}};
    uint16_t *rowBuffers[2] = {NULL, NULL};
    int spanFirst[2] = {0, 0};
    int spanCount[2] = {0, 0};
    const size_t columnCount = (size_t)(width > 0 ? width : 1);
    for (int level = 0; level < levels; level++) {
        const MLPaintLevel *paint = &job->levels[level];
        columns[level].weights = aligned_alloc(32, (sizeof(Lanes) * columnCount + 31) / 32 * 32);
        columns[level].indices = malloc(sizeof(int) * columnCount);
        for (int x = 0; x < width; x++) {
            const Tap column = tap(paint->originX + (job->left + x + 0.5) * paint->step);
            const uint16_t right = (uint16_t)(column.weight << 8);
            const uint16_t left = (uint16_t)(column.weight == 0 ? 65535 : (256 - column.weight) << 8);
            const Lanes weights = {left, left, left, left, right, right, right, right};
            columns[level].weights[x] = weights;
            columns[level].indices[x] = column.index;
        }
        spanFirst[level] = width > 0 ? columns[level].indices[0] : 0;
        spanCount[level] = width > 0 ? columns[level].indices[width - 1] + 2 - spanFirst[level] : 0;
        for (int x = 0; x < width; x++) columns[level].indices[x] -= spanFirst[level];
        rowBuffers[level] = malloc(sizeof(uint16_t) * 4 * (size_t)(spanCount[level] > 0 ? spanCount[level] : 1));
    }
    const Lanes paper = {job->paper[0], job->paper[1], job->paper[2], 255, 0, 0, 0, 0};
    const Lanes window = {job->window[0], job->window[1], job->window[2], 255, 0, 0, 0, 0};
    // The page's columns within the output.
    int pageFirst = job->pageLeft - job->left;
    int pageEnd = job->pageRight - job->left;
    pageFirst = pageFirst < 0 ? 0 : (pageFirst > width ? width : pageFirst);
    pageEnd = pageEnd < pageFirst ? pageFirst : (pageEnd > width ? width : pageEnd);
    for (int y = firstRow; y < endRow; y++) {
        uint8_t *out = job->pixels + (size_t)(y - job->top) * job->stride;
        for (int level = 0; level < levels; level++) {
            const MLPaintLevel *paint = &job->levels[level];
            const Tap rows = tap(paint->originY + (y + 0.5) * paint->step);
            mixRows(paint, rows.index, rows.weight, spanFirst[level], spanCount[level], rowBuffers[level]);
        }
        if (y >= job->pageTop && y < job->pageBottom) {
            writeColumns(job, out, 0, pageFirst, columns, rowBuffers, window);
            writeColumns(job, out, pageFirst, pageEnd, columns, rowBuffers, paper);
            writeColumns(job, out, pageEnd, width, columns, rowBuffers, window);
        } else {
            writeColumns(job, out, 0, width, columns, rowBuffers, window);
        }
    }
    for (int level = 0; level < levels; level++) {
        free(columns[level].weights);
        free(columns[level].indices);
        free(rowBuffers[level]);
    }
}

void ml_texels_to_8bit(const uint16_t *source, uint8_t *target, int count) {
    for (int index = 0; index < 4 * count; index++) {
        target[index] = (uint8_t)(((uint32_t)source[index] * 255 + 32767) / 65535);
    }
}
