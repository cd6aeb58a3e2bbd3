#ifndef MLEXPAND_H
#define MLEXPAND_H

#include <stdint.h>

/// The layouts Shaders/expand.comp reads (std430): strokes laid out on the host, turned into stamps on the device.

/// A stroke: its brush's numbers, a transform's placement, where its samples' columns, curve table and copies lie,
/// where its stamps go and how many fit there (see Shaders/expand.comp for the flags). The samples: `sampleCount`
/// xs, ys (float bits) and times (µs after the base time) from word `sampleBase`; the 16-bit columns (pressure,
/// tilt x and y, rotation, presence as SampleColumns keeps them) from half `...Base`, or 0xFFFFFFFF where no sample
/// has that value (the presence then the same for all: `presence`).
typedef struct {
    double baseSize, step, tiltToSize;
    double a, b, c, d, tx, ty, sizeScale, largestStretch;
    double forceOnTap;
    uint32_t sampleBase, sampleCount, baseTimeLow, baseTimeHigh;
    uint32_t pressureBase, tiltXBase, tiltYBase, rotationBase;
    uint32_t presenceBase, presence, outputBase, capacity;
    uint32_t curveBase, curveCount, copyBase, copyCount;
    uint32_t flags, chartletCount, seedLow, seedHigh;
    float forceSensitive, flow, fixedAngle, coreScale;
    float red, green, blue, alpha;
    float coreRed, coreGreen, coreBlue, coreAlpha;
    uint32_t layer, coreLayer;
} MLExpandStroke;

/// A symmetry's copy: mirrored across the horizontal line through the centre when `mirrored`, then turned.
typedef struct {
    double centerX, centerY, cosine, sine, turn;
    uint32_t mirrored, unused;
} MLSymmetryCopy;

/// A stamp as the device writes it: nine floats, the texture slot and the layer (MaLiangCore's Stamp).
typedef struct {
    float x, y, size, angle, red, green, blue, alpha, flow;
    uint32_t slot, layer, unused;
} MLMadeStamp;

/// A chunk of consecutive slots (16, 32 or 64) of one stroke's room (Shaders/chunks.comp): the stroke's index in the
/// batch, the chunk's first slot and the stroke's first.
typedef struct {
    uint32_t stroke, first, strokeFirst, unused;
} MLStampChunk;

#endif
