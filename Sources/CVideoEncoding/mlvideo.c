// GStreamer behind four functions: its GObject properties and varargs calls cannot be reached from Swift.
#include "mlvideo.h"

#include <gst/app/gstappsrc.h>
#include <gst/gst.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mlvideo {
    GstElement *pipeline;
    GstElement *source;
    int width;
    int height;
    int fps;
    guint64 frames;
};

static void set_error(char *error, size_t size, const char *what, GError *cause) {
    if (error && size > 0) snprintf(error, size, "%s%s%s", what, cause ? ": " : "", cause ? cause->message : "");
}

/// The first error (or the end of stream, when `until_eos`) the pipeline's bus holds, waiting up to `timeout`.
/// Returns 0 when nothing failed.
static int check_bus(mlvideo *video, gboolean until_eos, GstClockTime timeout, char *error, size_t size) {
    GstBus *bus = gst_element_get_bus(video->pipeline);
    int result = 0;
    for (;;) {
        GstMessage *message = gst_bus_timed_pop_filtered(
            bus, until_eos ? timeout : 0, GST_MESSAGE_ERROR | (until_eos ? GST_MESSAGE_EOS : 0));
        if (!message) {
            if (until_eos) {
                set_error(error, size, "the video did not finish in time", NULL);
                result = -1;
            }
            break;
        }
        if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR) {
            GError *cause = NULL;
            gchar *debug = NULL;
            gst_message_parse_error(message, &cause, &debug);
            set_error(error, size, GST_OBJECT_NAME(GST_MESSAGE_SRC(message)), cause);
            g_clear_error(&cause);
            g_free(debug);
            result = -1;
        }
        gboolean done = GST_MESSAGE_TYPE(message) == GST_MESSAGE_EOS || result != 0;
        gst_message_unref(message);
        if (done) break;
    }
    gst_object_unref(bus);
    return result;
}

/// Sets property `name` from text, parsed as its type says (no varargs whose types must match exactly).
static void set(GstElement *element, const char *name, const char *value) {
    gst_util_set_object_arg(G_OBJECT(element), name, value);
}

static GstElement *make(const char *factory, const char *name, char *error, size_t size) {
    GstElement *element = gst_element_factory_make(factory, name);
    if (!element) {
        char what[160];
        snprintf(what, sizeof what, "GStreamer has no %s element (is its plugin package installed?)", factory);
        set_error(error, size, what, NULL);
    }
    return element;
}

mlvideo *mlvideo_open(const char *path, int width, int height, int fps, mlvideo_format format, char *error,
                      size_t error_size) {
    GError *init_error = NULL;
    if (!gst_init_check(NULL, NULL, &init_error)) {
        set_error(error, error_size, "GStreamer cannot start", init_error);
        g_clear_error(&init_error);
        return NULL;
    }
    const int webm = format == MLVIDEO_WEBM_VP8;
    GstElement *elements[5] = {
        make("appsrc", "frames", error, error_size),
        make("videoconvert", NULL, error, error_size),
        make(webm ? "vp8enc" : "x264enc", NULL, error, error_size),
        make(webm ? "webmmux" : "mp4mux", NULL, error, error_size),
        make("filesink", NULL, error, error_size),
    };
    for (int i = 0; i < 5; i++) {
        if (elements[i]) continue;
        for (int j = 0; j < 5; j++)
            if (elements[j]) gst_object_unref(elements[j]);
        return NULL;
    }
    GstElement *source = elements[0], *encoder = elements[2], *sink = elements[4];
    GstCaps *caps = gst_caps_new_simple("video/x-raw", "format", G_TYPE_STRING, "RGBA", "width", G_TYPE_INT, width,
                                        "height", G_TYPE_INT, height, "framerate", GST_TYPE_FRACTION, fps, 1, NULL);
    // Frames are made as fast as they can be and wait for the encoder, none dropped; time comes from their numbers.
    g_object_set(source, "caps", caps, NULL);
    gst_caps_unref(caps);
    set(source, "format", "time");
    set(source, "block", "true");
    char bytes[32];
    snprintf(bytes, sizeof bytes, "%llu", (unsigned long long)width * height * 4 * 4);
    set(source, "max-bytes", bytes);
    if (webm) {
        // Quality-bound, quick: about real time at 1080p on two cores; a drawing's frames change little.
        char threads[16];
        snprintf(threads, sizeof threads, "%u", g_get_num_processors());
        set(encoder, "deadline", "1");
        set(encoder, "cpu-used", "8");
        set(encoder, "end-usage", "cq");
        set(encoder, "cq-level", "12");
        set(encoder, "target-bitrate", "16000000");
        set(encoder, "threads", threads);
        set(encoder, "keyframe-max-dist", "120");
    } else {
        set(encoder, "speed-preset", "veryfast");
        set(encoder, "pass", "qual");
        set(encoder, "quantizer", "20");
        set(encoder, "key-int-max", "120");
    }
    g_object_set(sink, "location", path, NULL);
    GstElement *pipeline = gst_pipeline_new("time-lapse");
    gst_bin_add_many(GST_BIN(pipeline), elements[0], elements[1], elements[2], elements[3], elements[4], NULL);
    mlvideo *video = calloc(1, sizeof *video);
    video->pipeline = pipeline;
    video->source = source;
    video->width = width;
    video->height = height;
    video->fps = fps;
    if (!gst_element_link_many(elements[0], elements[1], elements[2], elements[3], elements[4], NULL)) {
        set_error(error, error_size, "GStreamer cannot link the encoding pipeline", NULL);
        mlvideo_discard(video);
        return NULL;
    }
    if (gst_element_set_state(pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE) {
        if (check_bus(video, FALSE, 0, error, error_size) == 0)
            set_error(error, error_size, "GStreamer cannot start the encoding pipeline", NULL);
        mlvideo_discard(video);
        return NULL;
    }
    return video;
}

int mlvideo_push(mlvideo *video, const uint8_t *rgba, size_t stride, char *error, size_t error_size) {
    const size_t row = (size_t)video->width * 4;
    GstBuffer *buffer = gst_buffer_new_allocate(NULL, row * video->height, NULL);
    GstMapInfo map;
    if (!buffer || !gst_buffer_map(buffer, &map, GST_MAP_WRITE)) {
        if (buffer) gst_buffer_unref(buffer);
        set_error(error, error_size, "no memory for a frame", NULL);
        return -1;
    }
    for (int y = 0; y < video->height; y++) memcpy(map.data + row * y, rgba + stride * y, row);
    gst_buffer_unmap(buffer, &map);
    GST_BUFFER_PTS(buffer) = gst_util_uint64_scale(video->frames, GST_SECOND, video->fps);
    GST_BUFFER_DURATION(buffer) = gst_util_uint64_scale(1, GST_SECOND, video->fps);
    video->frames++;
    // Takes the buffer.
    if (gst_app_src_push_buffer(GST_APP_SRC(video->source), buffer) != GST_FLOW_OK) {
        if (check_bus(video, FALSE, 0, error, error_size) == 0)
            set_error(error, error_size, "the encoder stopped taking frames", NULL);
        return -1;
    }
    return check_bus(video, FALSE, 0, error, error_size);
}

int mlvideo_finish(mlvideo *video, char *error, size_t error_size) {
    int result = -1;
    if (gst_app_src_end_of_stream(GST_APP_SRC(video->source)) == GST_FLOW_OK)
        result = check_bus(video, TRUE, 120 * GST_SECOND, error, error_size);
    else if (check_bus(video, FALSE, 0, error, error_size) == 0)
        set_error(error, error_size, "the encoder stopped taking frames", NULL);
    mlvideo_discard(video);
    return result;
}

void mlvideo_discard(mlvideo *video) {
    if (!video) return;
    gst_element_set_state(video->pipeline, GST_STATE_NULL);
    gst_object_unref(video->pipeline);
    free(video);
}
