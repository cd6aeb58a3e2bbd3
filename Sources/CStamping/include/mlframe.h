#ifndef MLFRAME_H
#define MLFRAME_H

#include <stdint.h>

/// One level of a layer's paint: a grid of `columns`×`rows` tiles of `side`² premultiplied RGBA 8-bit texels,
/// row by row; a NULL tile is transparent, as is everything outside the grid.
typedef struct {
    const uint8_t *const *tiles;
    int columns, rows, side;
    /// Where output pixel x's sample lies, in this level's texels: originX + x × step (the same for y), before
    /// the half texel that bilinear filtering takes off.
    double originX, originY, step;
} MLPaintLevel;

/// An unturned window frame drawn on the host: the paint sampled as a GPU samples a mipmapped texture (bilinear
/// on each level, linear between two levels), laid over the paper inside the page and over the window colour
/// outside it, written as opaque 8-bit pixels.
typedef struct {
    MLPaintLevel levels[2];
    /// 1 or 2 levels; the second counts `secondWeight` of 256.
    int levelCount;
    int secondWeight;
    /// The output: `stride` bytes a row; pixel (x, y) of the frame is at (x − left, y − top).
    uint8_t *pixels;
    int stride;
    int left, top, width;
    /// The page's pixels (their centres inside it), right and bottom exclusive.
    int pageLeft, pageTop, pageRight, pageBottom;
    /// Opaque colours in the output's byte order.
    uint8_t paper[4], window[4];
    /// 1: the output is BGRA.
    int swapRedAndBlue;
    /// 1: the portable code only, not the wider vector code the processor may have (tests compare the two).
    int portableOnly;
} MLFrameJob;

/// Draws rows `firstRow` ..< `endRow` (frame coordinates) of the job; rows may be drawn on several threads at once.
void ml_frame_rows(const MLFrameJob *job, int firstRow, int endRow);

/// Converts `count` premultiplied RGBA16 texels to 8 bits, rounded.
void ml_texels_to_8bit(const uint16_t *source, uint8_t *target, int count);

#endif
