#ifndef MLSTAMP_H
#define MLSTAMP_H

#include <stdint.h>

/// One stamp, as Shaders/stamp.comp reads it: centre (document pixels), cos(angle)/radius, sin(angle)/radius;
/// premultiplied colour × flow; texture slot, stroke index, 1 for a glow halo, radius in tile pixels.
typedef struct {
    float x, y, cosOverRadius, sinOverRadius;
    float red, green, blue, alpha;
    float slot, stroke, halo, radiusPixels;
} MLStamp;

/// One stroke: opacity, 1 to erase, hardness of the procedural round, texture layer (0: round; n: from n − 1);
/// how much the paper's tooth shows (0: none) and the paper's mask layer; 1 to composite by keeping the larger value
/// of each channel instead of "over" (a stroke in progress drawn into its own halo layer; the host's kernel only);
/// one unused.
typedef struct {
    float opacity, erase, hardness, textureLayer;
    float grain, grainLayer, keepsLarger, unused;
} MLStroke;

/// A run of strokes binned into 16×16 cells of 256² tiles, and the tiles' pixels (premultiplied RGBA, 16 bits
/// per channel, row by row) to stamp them into.
typedef struct {
    const MLStamp *stamps;
    const MLStroke *strokes;
    /// Per tile, 256 cells row by row: index of the cell's first entry, number of entries.
    const uint32_t *cells;
    /// Stamp indices, each cell's in stroke order.
    const uint32_t *entries;
    int tileCount;
    /// Per tile: its pixels and the document position of its top-left pixel (x, y).
    uint16_t *const *pixels;
    const float *origins;
    /// Tile pixels per document pixel.
    float scale;
    /// Brush masks: `maskLayers` layers of `maskLevels` levels from 256² down, 8 bits, level after level.
    const uint8_t *masks;
    int maskLayers;
    int maskLevels;
    /// Threads to use (at least 1).
    int threads;
} MLStampJob;

/// Stamps the job's strokes into its tiles: each stroke's body builds up "over" and its glow halo by maximum,
/// then both are composited onto the paint at the stroke's opacity ("over", or destination-out to erase) —
/// the same result as the renderer's compute shader.
void ml_stamp_tiles(const MLStampJob *job);

/// Bytes of one mask layer's mip chain for `levels` levels from 256².
int ml_mask_layer_bytes(int levels);

// Writes levels 1… (down to 1×1) of a `side`×`side` premultiplied RGBA16 tile one after another into `levels`
// (side² × 4 / 3 values are enough), each the rounded 2×2 average of the level before.
void ml_mip_chain_rgba16(const uint16_t *level0, int side, uint16_t *levels);

#endif
