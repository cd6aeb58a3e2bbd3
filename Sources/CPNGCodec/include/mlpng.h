// PNG decoding and encoding through libpng. libpng reports errors with longjmp, which Swift cannot survive, so
// every libpng call happens here, behind setjmp; Swift sees only return codes and messages.
#ifndef MLPNG_H
#define MLPNG_H

#include <stddef.h>
#include <stdint.h>

#define MLPNG_ERROR_SIZE 256

typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;  // 8 or 16 as stored (palette and low-bit images report 8)
    int has_alpha;  // an alpha channel or transparency chunk
} mlpng_info;

// Reads the header. Refuses images wider or taller than the limits before any pixel is decoded.
int mlpng_read_info(const void *data, size_t size, uint32_t max_width, uint32_t max_height, mlpng_info *info,
                    char error[MLPNG_ERROR_SIZE]);

// Decodes into straight-alpha RGBA rows of `bit_depth` (8, or 16 in native byte order), `stride` bytes apart.
int mlpng_decode(const void *data, size_t size, uint32_t max_width, uint32_t max_height, int bit_depth, void *pixels,
                 size_t stride, char error[MLPNG_ERROR_SIZE]);

// Encodes RGBA rows (written without alpha when has_alpha is 0) of `bit_depth` (8, or 16 in native byte order), tagged sRGB.
// With `quick`, the fastest compression (a larger file). On success *out holds malloc'd bytes for mlpng_free.
int mlpng_encode(const void *pixels, uint32_t width, uint32_t height, size_t stride, int bit_depth, int has_alpha, int quick,
                 void **out, size_t *out_size, char error[MLPNG_ERROR_SIZE]);

// A PNG of one colour over transparency, one bit a pixel: `rows` ((width + 7) / 8 bytes each, the leftmost pixel in
// a byte's highest bit) set where the colour is.
int mlpng_encode_mask(const uint8_t *rows, uint32_t width, uint32_t height, const uint8_t color[3], void **out,
                      size_t *out_size, char error[MLPNG_ERROR_SIZE]);

// Reads a PNG of the kind mlpng_encode_mask writes (one bit a pixel, a palette of two: the first colour fully
// transparent, the second opaque) into malloc'd rows as mlpng_encode_mask takes them, for mlpng_free, and its colour.
// Returns 1 when the PNG is of that kind, 0 when it is another (nothing decoded), -1 with a message on failure.
int mlpng_decode_mask(const void *data, size_t size, uint32_t max_width, uint32_t max_height, uint8_t **rows,
                      uint32_t *width, uint32_t *height, uint8_t color[3], char error[MLPNG_ERROR_SIZE]);

void mlpng_free(void *bytes);

// A PNG written a band of rows at a time to a file descriptor (left open), so no whole image is held in memory.
typedef struct mlpng_stream mlpng_stream;

// Starts a PNG of width × height: RGBA input rows of `bit_depth` (8, or 16 in native byte order); alpha written only
// when has_alpha. Returns NULL with a message on failure.
mlpng_stream *mlpng_stream_begin(int descriptor, uint32_t width, uint32_t height, int bit_depth, int has_alpha,
                                 char error[MLPNG_ERROR_SIZE]);

// Writes `count` rows, `stride` bytes apart. On failure the stream must still be ended.
int mlpng_stream_rows(mlpng_stream *stream, const void *pixels, uint32_t count, size_t stride,
                      char error[MLPNG_ERROR_SIZE]);

// Finishes the file (fails when rows are missing or a write failed) and frees the stream either way.
int mlpng_stream_end(mlpng_stream *stream, char error[MLPNG_ERROR_SIZE]);

#endif
