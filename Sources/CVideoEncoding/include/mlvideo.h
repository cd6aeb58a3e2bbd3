#ifndef MLVIDEO_H
#define MLVIDEO_H

#include <stddef.h>
#include <stdint.h>

/// A video being encoded by GStreamer: frames pushed in, a file written by the pipeline's sink.
typedef struct mlvideo mlvideo;

/// Which container and codec.
typedef enum {
    MLVIDEO_MP4_H264 = 0,
    MLVIDEO_WEBM_VP8 = 1,
} mlvideo_format;

/// Starts encoding `width`×`height` RGBA8 frames (both even) at `fps` into a new file at `path` in `format`.
/// Returns the encoder, or NULL with the reason in `error`.
mlvideo *mlvideo_open(const char *path, int width, int height, int fps, mlvideo_format format, char *error,
                      size_t error_size);

/// Encodes one frame: `height` rows of `width` straight-alpha RGBA8 pixels, `stride` bytes apart. Returns 0, or -1
/// with the reason in `error` (the pipeline failed: a full disk, a missing plugin).
int mlvideo_push(mlvideo *video, const uint8_t *rgba, size_t stride, char *error, size_t error_size);

/// Ends the stream and waits until the file is complete. Returns 0, or -1 with the reason in `error`. Frees the
/// encoder either way.
int mlvideo_finish(mlvideo *video, char *error, size_t error_size);

/// Stops at once and frees the encoder; what was written is incomplete (the caller removes it).
void mlvideo_discard(mlvideo *video);

#endif
