#include "mlpng.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
} reader;

typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
    int failed;
} writer;

typedef struct {
    char *message;
} error_context;

static void on_error(png_structp png, png_const_charp message) {
    error_context *context = png_get_error_ptr(png);
    snprintf(context->message, MLPNG_ERROR_SIZE, "%s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void read_bytes(png_structp png, png_bytep out, png_size_t count) {
    reader *source = png_get_io_ptr(png);
    if (count > source->size - source->offset) png_error(png, "the PNG data ends early (truncated file)");
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

static void write_bytes(png_structp png, png_bytep in, png_size_t count) {
    writer *target = png_get_io_ptr(png);
    if (target->size + count > target->capacity) {
        size_t capacity = target->capacity ? target->capacity * 2 : 65536;
        while (capacity < target->size + count) capacity *= 2;
        unsigned char *grown = realloc(target->data, capacity);
        if (!grown) {
            target->failed = 1;
            png_error(png, "out of memory while encoding the PNG");
        }
        target->data = grown;
        target->capacity = capacity;
    }
    memcpy(target->data + target->size, in, count);
    target->size += count;
}

static void flush_bytes(png_structp png) { (void)png; }

// Opens a reader, applies the limits, reads the header. Returns 0 and fills png/info, or -1 with the error set.
static int begin_read(reader *source, error_context *context, uint32_t max_width, uint32_t max_height,
                      png_structp *png_out, png_infop *info_out) {
    if (source->size < 8 || png_sig_cmp(source->data, 0, 8) != 0) {
        snprintf(context->message, MLPNG_ERROR_SIZE, "not a PNG file (bad signature)");
        return -1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, context, on_error, on_warning);
    if (!png) {
        snprintf(context->message, MLPNG_ERROR_SIZE, "libpng could not start");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(context->message, MLPNG_ERROR_SIZE, "libpng could not start");
        return -1;
    }
    *png_out = png;
    *info_out = info;
    png_set_user_limits(png, max_width, max_height);
    // Bounds the memory of ancillary chunks (zTXt, iCCP...): decompression bombs hide there too.
    png_set_chunk_malloc_max(png, 8 * 1024 * 1024);
    png_set_read_fn(png, source, read_bytes);
    return 0;
}

int mlpng_read_info(const void *data, size_t size, uint32_t max_width, uint32_t max_height, mlpng_info *result,
                    char error[MLPNG_ERROR_SIZE]) {
    reader source = {data, size, 0};
    error_context context = {error};
    png_structp png = NULL;
    png_infop info = NULL;
    if (begin_read(&source, &context, max_width, max_height, &png, &info) != 0) return -1;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_read_info(png, info);
    result->width = png_get_image_width(png, info);
    result->height = png_get_image_height(png, info);
    result->bit_depth = png_get_bit_depth(png, info) == 16 ? 16 : 8;
    int color = png_get_color_type(png, info);
    result->has_alpha = (color & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int mlpng_decode(const void *data, size_t size, uint32_t max_width, uint32_t max_height, int bit_depth, void *pixels,
                 size_t stride, char error[MLPNG_ERROR_SIZE]) {
    reader source = {data, size, 0};
    error_context context = {error};
    png_structp png = NULL;
    png_infop info = NULL;
    // volatile: assigned after setjmp and freed after the longjmp, so it must not live only in a register.
    png_bytep *volatile rows = NULL;
    if (begin_read(&source, &context, max_width, max_height, &png, &info) != 0) return -1;
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_read_info(png, info);
    uint32_t height = png_get_image_height(png, info);
    int color = png_get_color_type(png, info);
    int stored_depth = png_get_bit_depth(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && stored_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (bit_depth == 16) {
        png_set_expand_16(png);
        png_set_swap(png);  // PNG is big-endian; the caller wants native (little-endian) samples.
    } else if (stored_depth == 16) {
        png_set_scale_16(png);
    }
    png_set_filler(png, bit_depth == 16 ? 0xffff : 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    rows = malloc(sizeof(png_bytep) * height);
    if (!rows) png_error(png, "out of memory");
    for (uint32_t row = 0; row < height; row++) rows[row] = (png_bytep)pixels + row * stride;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int mlpng_encode(const void *pixels, uint32_t width, uint32_t height, size_t stride, int bit_depth, int has_alpha,
                 int quick, void **out, size_t *out_size, char error[MLPNG_ERROR_SIZE]) {
    error_context context = {error};
    writer target = {NULL, 0, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    if (!png) {
        snprintf(error, MLPNG_ERROR_SIZE, "libpng could not start");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    // volatile: assigned after setjmp and freed after the longjmp, so it must not live only in a register.
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(rows);
        free(target.data);
        png_destroy_write_struct(&png, &info);
        if (!info) snprintf(error, MLPNG_ERROR_SIZE, "libpng could not start");
        return -1;
    }
    png_set_write_fn(png, &target, write_bytes, flush_bytes);
    png_set_IHDR(png, info, width, height, bit_depth, has_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    // The fastest level, with one filter that suits drawings: for pictures made again and again, such as previews
    // (on the benchmark's 1024² preview six times quicker than the defaults, and no larger).
    if (quick) {
        png_set_compression_level(png, 1);
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    }
    png_write_info(png, info);
    if (bit_depth == 16) png_set_swap(png);
    // Input rows are always RGBA; without alpha the fourth sample is dropped.
    if (!has_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) png_error(png, "out of memory");
    for (uint32_t row = 0; row < height; row++) rows[row] = (png_bytep)pixels + row * stride;
    png_write_image(png, rows);
    png_write_end(png, NULL);
    free(rows);
    png_destroy_write_struct(&png, &info);
    *out = target.data;
    *out_size = target.size;
    return 0;
}

int mlpng_encode_mask(const uint8_t *rows, uint32_t width, uint32_t height, const uint8_t color[3], void **out,
                      size_t *out_size, char error[MLPNG_ERROR_SIZE]) {
    error_context context = {error};
    writer target = {NULL, 0, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    if (!png) {
        snprintf(error, MLPNG_ERROR_SIZE, "libpng could not start");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        free(target.data);
        png_destroy_write_struct(&png, &info);
        if (!info) snprintf(error, MLPNG_ERROR_SIZE, "libpng could not start");
        return -1;
    }
    png_set_write_fn(png, &target, write_bytes, flush_bytes);
    // Two colours, one bit a pixel: transparent, and the colour fully opaque.
    png_set_IHDR(png, info, width, height, 1, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_color palette[2] = {{0, 0, 0}, {color[0], color[1], color[2]}};
    png_set_PLTE(png, info, palette, 2);
    png_byte opacity[1] = {0};
    png_set_tRNS(png, info, opacity, 1, NULL);
    png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    // Flat regions deflate to almost nothing at the fastest level; filters would only cost time.
    png_set_compression_level(png, 1);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_write_info(png, info);
    size_t row_bytes = (width + 7) / 8;
    for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rows + (size_t)y * row_bytes));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out = target.data;
    *out_size = target.size;
    return 0;
}

int mlpng_decode_mask(const void *data, size_t size, uint32_t max_width, uint32_t max_height, uint8_t **rows_out,
                      uint32_t *width_out, uint32_t *height_out, uint8_t color[3], char error[MLPNG_ERROR_SIZE]) {
    reader source = {data, size, 0};
    error_context context = {error};
    png_structp png = NULL;
    png_infop info = NULL;
    // volatile: assigned after setjmp and freed after the longjmp, so they must not live only in registers.
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (begin_read(&source, &context, max_width, max_height, &png, &info) != 0) return -1;
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        free(pixels);
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_read_info(png, info);
    uint32_t width = png_get_image_width(png, info);
    uint32_t height = png_get_image_height(png, info);
    png_colorp palette = NULL;
    int entries = 0;
    png_bytep opacity = NULL;
    int opacities = 0;
    int is_mask = png_get_color_type(png, info) == PNG_COLOR_TYPE_PALETTE && png_get_bit_depth(png, info) == 1 &&
                  png_get_PLTE(png, info, &palette, &entries) && entries == 2 &&
                  png_get_tRNS(png, info, &opacity, &opacities, NULL) && opacities >= 1 && opacity[0] == 0 &&
                  (opacities == 1 || opacity[1] == 255);
    if (!is_mask) {
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    color[0] = palette[1].red;
    color[1] = palette[1].green;
    color[2] = palette[1].blue;
    size_t row_bytes = (width + 7) / 8;
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    // Zeroed: libpng leaves the unused bits of a row's last byte as they were.
    pixels = calloc(row_bytes, height);
    rows = malloc(sizeof(png_bytep) * height);
    if (!pixels || !rows) png_error(png, "out of memory");
    for (uint32_t row = 0; row < height; row++) rows[row] = pixels + row * row_bytes;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    *rows_out = pixels;
    *width_out = width;
    *height_out = height;
    return 1;
}

void mlpng_free(void *bytes) { free(bytes); }

// A PNG written a band of rows at a time to a file descriptor: no whole image in memory.
struct mlpng_stream {
    png_structp png;
    png_infop info;
    int descriptor;
    error_context context;
    char message[MLPNG_ERROR_SIZE];
};

static void write_to_descriptor(png_structp png, png_bytep in, png_size_t count) {
    mlpng_stream *stream = png_get_io_ptr(png);
    size_t done = 0;
    while (done < count) {
        ssize_t written = write(stream->descriptor, in + done, count - done);
        if (written < 0) {
            if (errno == EINTR) continue;
            png_error(png, errno == ENOSPC ? "the disk is full" : strerror(errno));
        }
        done += (size_t)written;
    }
}

static void flush_nothing(png_structp png) { (void)png; }

mlpng_stream *mlpng_stream_begin(int descriptor, uint32_t width, uint32_t height, int bit_depth, int has_alpha,
                                 char error[MLPNG_ERROR_SIZE]) {
    mlpng_stream *stream = calloc(1, sizeof *stream);
    if (!stream) {
        snprintf(error, MLPNG_ERROR_SIZE, "out of memory");
        return NULL;
    }
    stream->descriptor = descriptor;
    stream->context.message = stream->message;
    stream->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &stream->context, on_error, on_warning);
    if (stream->png) stream->info = png_create_info_struct(stream->png);
    if (!stream->png || !stream->info) {
        snprintf(error, MLPNG_ERROR_SIZE, "libpng could not start");
        png_destroy_write_struct(&stream->png, &stream->info);
        free(stream);
        return NULL;
    }
    if (setjmp(png_jmpbuf(stream->png))) {
        snprintf(error, MLPNG_ERROR_SIZE, "%s", stream->message);
        png_destroy_write_struct(&stream->png, &stream->info);
        free(stream);
        return NULL;
    }
    png_set_write_fn(stream->png, stream, write_to_descriptor, flush_nothing);
    png_set_IHDR(stream->png, stream->info, width, height, bit_depth,
                 has_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB_gAMA_and_cHRM(stream->png, stream->info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(stream->png, stream->info);
    if (bit_depth == 16) png_set_swap(stream->png);
    if (!has_alpha) png_set_filler(stream->png, 0, PNG_FILLER_AFTER);
    return stream;
}

int mlpng_stream_rows(mlpng_stream *stream, const void *pixels, uint32_t count, size_t stride,
                      char error[MLPNG_ERROR_SIZE]) {
    if (setjmp(png_jmpbuf(stream->png))) {
        snprintf(error, MLPNG_ERROR_SIZE, "%s", stream->message);
        return -1;
    }
    for (uint32_t row = 0; row < count; row++) png_write_row(stream->png, (png_const_bytep)pixels + row * stride);
    return 0;
}

int mlpng_stream_end(mlpng_stream *stream, char error[MLPNG_ERROR_SIZE]) {
    int result = 0;
    if (setjmp(png_jmpbuf(stream->png))) {
        snprintf(error, MLPNG_ERROR_SIZE, "%s", stream->message);
        result = -1;
    } else {
        png_write_end(stream->png, NULL);
    }
    png_destroy_write_struct(&stream->png, &stream->info);
    free(stream);
    return result;
}
