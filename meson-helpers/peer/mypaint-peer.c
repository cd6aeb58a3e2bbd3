// The peer benchmark: libmypaint replaying a stylus recording with a round brush, the way an interactive program
// drives it (one atomic block per input event), so its covered megapixels per second can be set beside ours.
//
// usage: mypaint-peer TRACE RADIUS [SECONDS]
// Prints one line: "libmypaint radius R: N dabs/s, M Mpx/s covered (D dabs × P passes, S s)".

#include <errno.h>
#include <math.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <mypaint-brush.h>
#include <mypaint-fixed-tiled-surface.h>

typedef struct {
    double time, x, y, pressure;
} Event;

static Event *events;
static size_t eventCount;

static long dabCount;
static double coveredPixels;
static MyPaintSurfaceDrawDabFunction libraryDrawDab;

// Counts each dab and its area on the way to the library's own dab drawing.
static int countingDrawDab(
    MyPaintSurface *surface, float x, float y, float radius, float r, float g, float b, float opaque, float hardness,
    float eraser, float aspect, float angle, float lockAlpha, float colorize) {
    dabCount += 1;
    coveredPixels += M_PI * radius * radius;
    return libraryDrawDab(surface, x, y, radius, r, g, b, opaque, hardness, eraser, aspect, angle, lockAlpha, colorize);
}

static void readTrace(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) {
        fprintf(stderr, "mypaint-peer: cannot open %s: %s\n", path, strerror(errno));
        exit(1);
    }
    size_t capacity = 4096;
    events = malloc(capacity * sizeof(Event));
    Event event;
    while (fscanf(file, "%lf %lf %lf %lf", &event.time, &event.x, &event.y, &event.pressure) == 4) {
        if (eventCount == capacity) {
            capacity *= 2;
            events = realloc(events, capacity * sizeof(Event));
        }
        events[eventCount++] = event;
    }
    fclose(file);
    if (eventCount == 0) {
        fprintf(stderr, "mypaint-peer: %s holds no events\n", path);
        exit(1);
    }
}

static double now(void) {
    struct timespec clock;
    clock_gettime(CLOCK_MONOTONIC, &clock);
    return clock.tv_sec + clock.tv_nsec / 1e9;
}

// One replay of the whole recording; returns its wall time.
static double replay(MyPaintBrush *brush, MyPaintSurface *surface) {
    mypaint_brush_reset(brush);
    mypaint_brush_new_stroke(brush);
    double start = now();
    double previous = events[0].time;
    for (size_t index = 0; index < eventCount; index++) {
        const Event *event = &events[index];
        MyPaintRectangle changed;
        mypaint_surface_begin_atomic(surface);
        mypaint_brush_stroke_to(brush, surface, event->x, event->y, event->pressure, 0, 0, event->time - previous);
        mypaint_surface_end_atomic(surface, &changed);
        previous = event->time;
    }
    return now() - start;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: mypaint-peer TRACE RADIUS [SECONDS]\n");
        return 2;
    }
    readTrace(argv[1]);
    double radius = atof(argv[2]);
    double minimumSeconds = argc > 3 ? atof(argv[3]) : 1;
    if (!(radius > 0 && radius <= 512) || !(minimumSeconds > 0)) {
        fprintf(stderr, "mypaint-peer: RADIUS must be in (0, 512] and SECONDS above 0\n");
        return 2;
    }

    // The same page as ours: the recording's extent plus the radius on each side.
    MyPaintFixedTiledSurface *tiled = mypaint_fixed_tiled_surface_new(816 + 2 * (int)radius, 623 + 2 * (int)radius);
    MyPaintSurface *surface = mypaint_fixed_tiled_surface_interface(tiled);
    libraryDrawDab = surface->draw_dab;
    surface->draw_dab = countingDrawDab;

    // A round brush of fixed size: two dabs per radius (the library's default spacing), hardness 0.6, black.
    MyPaintBrush *brush = mypaint_brush_new();
    mypaint_brush_from_defaults(brush);
    mypaint_brush_set_base_value(brush, MYPAINT_BRUSH_SETTING_RADIUS_LOGARITHMIC, logf(radius));
    mypaint_brush_set_base_value(brush, MYPAINT_BRUSH_SETTING_HARDNESS, 0.6f);
    mypaint_brush_set_base_value(brush, MYPAINT_BRUSH_SETTING_OPAQUE, 1);
    mypaint_brush_set_base_value(brush, MYPAINT_BRUSH_SETTING_DABS_PER_ACTUAL_RADIUS, 2);
    mypaint_brush_set_base_value(brush, MYPAINT_BRUSH_SETTING_COLOR_V, 0);

    replay(brush, surface);  // warm-up: tiles allocated, caches filled
    dabCount = 0;
    coveredPixels = 0;
    double seconds = 0;
    int passes = 0;
    do {
        seconds += replay(brush, surface);
        passes += 1;
    } while (seconds < minimumSeconds);
    printf(
        "libmypaint radius %3.0f: %8.0f dabs/s, %7.1f Mpx/s covered (%ld dabs × %d passes, %.2f s)\n", radius,
        dabCount / seconds, coveredPixels / 1e6 / seconds, dabCount / passes, passes, seconds);

    mypaint_brush_unref(brush);
    mypaint_surface_unref(surface);
    free(events);
    return 0;
}
