#version 460
// Strokes into stamps on the device. One invocation reads one stroke's samples (its columns, as SampleColumns keeps
// them) and does what StrokeBuilder does with them: the samples that count, pressure from the speed for devices
// without one, taps, rotation unwrapped; MaLiang's midpoint curves flattened into straight pieces; arc-length
// spacing with the distance carried from piece to piece; the pressure curve, tilt and barrel, rotation, random
// angles and images from the stroke's seed, a glow's core, symmetry copies and a transform's placement. It writes
// the builder's stamps in the builder's order. Spacing is a recurrence (each step follows the size of the dab
// before), so a stroke is walked by one invocation; strokes run in parallel. Positions and distances are doubles as
// on the host; angles and sizes go through float functions, so stamps agree with the host's within float rounding.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 64) in;

// Brush flags (ExpansionBatch.Flag).
const uint kindMask = 3u;
// 0 paint and 2 erase differ only in their template (colour, layer): nothing here tells them apart.
const uint kindGlow = 1u, kindChartlet = 3u;
const uint relativeStep = 1u << 2;
const uint usesCurve = 1u << 3;
const uint pressureControlsFlow = 1u << 4;
const uint usesTilt = 1u << 5;
const uint tiltToAngle = 1u << 6;
const uint barrelToAngle = 1u << 7;
const uint rotationShift = 8u;  // 2 bits: fixed, random, ahead
const uint randomChartlets = 1u << 10;
const uint placed = 1u << 11;

// Sample presence bits (SampleColumns.Presence).
const uint hasPressure = 1u, hasTiltX = 2u, hasTiltY = 4u, hasRotation = 8u;
const uint absent = 0xFFFFFFFFu;  // a column no sample has
// How far, in pixels, the straight pieces a curve is walked along may stray from it (StrokeBuilder.flatness).
const double flatness = 0.1LF;

// Count flags.
const uint truncated = 1u << 31;  // over StrokeBuilder.stampLimit, as the host's builder
// The walk did not finish — more stamps than the room the host gave, or a loop stopped short (lavapipe ends every
// loop of an invocation after 65,535 turns in all) — so the stroke must be stamped on the host.
const uint unfinished = 1u << 30;

const uint stampLimit = 20000000u;
const double minimumStep = 0.25LF;
const double minimumRelativeStep = 0.01LF;  // a double literal: 0.01 as a float is not the host's 0.01
const float pi = 3.14159265358979323846;
const double dpi = 3.14159265358979323846LF;

// The layouts of Sources/CStamping/include/mlexpand.h.
struct Stroke {
    double baseSize, step, tiltToSize;
    double a, b, c, d, tx, ty, sizeScale, largestStretch;
    double forceOnTap;
    uint sampleBase, sampleCount, baseTimeLow, baseTimeHigh;
    uint pressureBase, tiltXBase, tiltYBase, rotationBase;
    uint presenceBase, presence, outputBase, capacity;
    uint curveBase, curveCount, copyBase, copyCount;
    uint flags, chartletCount, seedLow, seedHigh;
    float forceSensitive, flow, fixedAngle, coreScale;
    float red, green, blue, alpha;
    float coreRed, coreGreen, coreBlue, coreAlpha;
    uint layer, coreLayer;
};

struct Knot {
    double x, y, pressure, tiltX, tiltY, rotation;
};


struct Copy {
    double centerX, centerY, cosine, sine, turn;
    uint mirrored, unused;
};

struct Stamp {
    float x, y, size, angle, red, green, blue, alpha, flow;
    uint slot, layer, unused;
};

layout(std430, binding = 0) readonly buffer Strokes { Stroke strokes[]; };
// Per stroke: its xs and ys (float bits), then its times (µs after its base time), sampleCount each.
layout(std430, binding = 1) readonly buffer SampleWords { uint sampleWords[]; };
layout(std430, binding = 2) readonly buffer Curves { float curves[]; };
layout(std430, binding = 3) readonly buffer Copies { Copy copies[]; };
// Written and read back by the same invocation (copies, placement).
layout(std430, binding = 4) buffer Stamps { Stamp stamps[]; };
layout(std430, binding = 5) writeonly buffer Counts { uint counts[]; };
// The 16-bit columns (pressure, tilt x and y, rotation, presence), two to a word, each stroke's starting a word.
layout(std430, binding = 6) readonly buffer Halves { uint halves[]; };

layout(push_constant) uniform Push { uint strokeCount; };

Stroke s;
uint64_t random;
uint made;         // stamps written, relative to the stroke's output base
uint counted;      // stamps counted against the limit (copies included)
uint countFlags;
uint chartletIndex;
dvec2 direction;

float nextUnit() {
    random += 0x9E3779B97F4A7C15ul;
    uint64_t z = random;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ul;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBul;
    z = z ^ (z >> 31);
    return float(uint(z >> 40)) * (1.0 / 16777216.0);
}

float curveValue(double pressure) {
    uint last = s.curveCount - 1u;
    precise float position = float(min(max(pressure, 0.0LF), 1.0LF)) * float(last);
    uint index = min(uint(position), last - 1u);
    precise float fraction = position - float(index);
    float low = curves[s.curveBase + index];
    float high = curves[s.curveBase + index + 1u];
    precise float value = low + (high - low) * fraction;
    return value;
}

double leaning(double tiltX, double tiltY) { return min(sqrt(tiltX * tiltX + tiltY * tiltY), 90.0LF); }

double dabSize(float curve, double tiltX, double tiltY) {
    precise double size = s.baseSize;
    if (s.forceSensitive != 0.0) size *= double(s.forceSensitive == 1.0 ? curve : pow(curve, s.forceSensitive));
    if (s.tiltToSize != 0.0LF) size *= 1.0LF + s.tiltToSize * double(sin(float(leaning(tiltX, tiltY) * dpi / 180.0LF)));
    return size;
}

double stepAfter(double size) {
    if ((s.flags & placed) != 0u) size *= s.sizeScale;
    double step = (s.flags & relativeStep) != 0u ? s.step * size : s.step;
    step = max(max(step, minimumStep), size * minimumRelativeStep);
    return (s.flags & placed) != 0u ? step / s.largestStretch : step;
}

void write(Stamp stamp) {
    if (made < s.capacity) stamps[s.outputBase + made] = stamp;
    else countFlags |= unfinished;
    made++;
}

// One dab at (position, axes): its stamps written; returns its diameter, for the spacing.
double emitDab(dvec2 position, double pressure, double tiltX, double tiltY, double rotation) {
    float curve = (s.flags & usesCurve) != 0u ? curveValue(pressure) : 1.0;
    double size = dabSize(curve, tiltX, tiltY);
    float angle;
    uint rotationMode = (s.flags >> rotationShift) & 3u;
    if (rotationMode == 0u) angle = s.fixedAngle;
    else if (rotationMode == 1u) { precise float unit = nextUnit() * 2.0 - 1.0; angle = unit * pi; }
    else angle = atan(float(direction.y), float(direction.x));
    if ((s.flags & usesTilt) != 0u && (s.flags & tiltToAngle) != 0u && leaning(tiltX, tiltY) > 5.0LF)
        angle = atan(float(tiltY), float(tiltX));
    if ((s.flags & barrelToAngle) != 0u) angle += float(rotation * dpi / 180.0LF);

    if (size < 0.01LF) return size;
    uint kind = s.flags & kindMask;
    uint perDab = (kind == kindGlow ? 2u : 1u) * (1u + s.copyCount);
    if (counted + perDab > stampLimit) {
        countFlags |= truncated;
        return size;
    }
    counted += perDab;
    Stamp stamp = Stamp(float(position.x), float(position.y), float(size), angle, s.red, s.green, s.blue, s.alpha,
        s.flow, 0u, s.layer, 0u);
    if ((s.flags & pressureControlsFlow) != 0u) stamp.flow *= curve;
    if (kind == kindChartlet) {
        if ((s.flags & randomChartlets) != 0u) {
            stamp.slot = (uint(nextUnit() * float(s.chartletCount)) & 0xFFFFu) % s.chartletCount;
        } else {
            stamp.slot = chartletIndex;
            chartletIndex = (chartletIndex + 1u) % s.chartletCount;
        }
    }
    write(stamp);
    if (kind == kindGlow) {
        Stamp core = Stamp(stamp.x, stamp.y, stamp.size * s.coreScale, angle, s.coreRed, s.coreGreen, s.coreBlue,
            s.coreAlpha, stamp.flow, 0u, s.coreLayer, 0u);
        write(core);
    }
    return size;
}

Stamp copied(Stamp stamp, Copy copy) {
    double dx = double(stamp.x) - copy.centerX;
    double dy = copy.mirrored != 0u ? copy.centerY - double(stamp.y) : double(stamp.y) - copy.centerY;
    precise double x = copy.centerX + copy.cosine * dx - copy.sine * dy;
    precise double y = copy.centerY + copy.sine * dx + copy.cosine * dy;
    precise double angle = (copy.mirrored != 0u ? -double(stamp.angle) : double(stamp.angle)) + copy.turn;
    const double turn = 2.0LF * dpi;
    angle -= turn * trunc(angle / turn);
    stamp.x = float(x);
    stamp.y = float(y);
    stamp.angle = float(angle);
    return stamp;
}

void place(inout Stamp stamp) {
    double x = double(stamp.x), y = double(stamp.y);
    precise double placedX = s.a * x + s.c * y + s.tx;
    precise double placedY = s.b * x + s.d * y + s.ty;
    stamp.x = float(placedX);
    stamp.y = float(placedY);
    stamp.size = float(double(stamp.size) * s.sizeScale);
    double cosine = double(cos(stamp.angle)), sine = double(sin(stamp.angle));
    precise double along = s.a * cosine + s.c * sine;
    precise double across = s.b * cosine + s.d * sine;
    stamp.angle = atan(float(across), float(along));
}

// The batch made since `first`: the symmetry's copies appended copy by copy, then all of it placed. A loop that
// ends short marks the stroke unfinished.
void finishBatch(uint first) {
    uint end = min(made, s.capacity);
    if (s.copyCount > 0u) {
        uint c = 0u;
        for (; c < s.copyCount; c++) {
            Copy copy = copies[s.copyBase + c];
            uint i = first;
            for (; i < end; i++) write(copied(stamps[s.outputBase + i], copy));
            if (i < end) countFlags |= unfinished;
        }
        if (c < s.copyCount) countFlags |= unfinished;
    }
    if ((s.flags & placed) == 0u) return;
    uint last = min(made, s.capacity);
    uint i = first;
    for (; i < last; i++) {
        Stamp stamp = stamps[s.outputBase + i];
        place(stamp);
        stamps[s.outputBase + i] = stamp;
    }
    if (i < last) countFlags |= unfinished;
}

double distanceToNext;  // path distance from the end of what was walked to the next stamp

// Places stamps along a straight piece, continuing the spacing left over from the piece before.
void walkLine(Knot from, Knot to) {
    dvec2 start = dvec2(from.x, from.y);
    precise dvec2 delta = dvec2(to.x, to.y) - start;
    precise double length = sqrt(delta.x * delta.x + delta.y * delta.y);
    if (length > 0.0LF) direction = delta / length;
    // A stamp that lands within rounding error of the end belongs to this piece.
    double reach = length + 1e-9LF;
    while (distanceToNext <= reach && (countFlags & unfinished) == 0u) {
        double fraction = length > 0.0LF ? min(distanceToNext / length, 1.0LF) : 0.0LF;
        precise dvec2 position = start + delta * fraction;
        precise double pressure = from.pressure + (to.pressure - from.pressure) * fraction;
        precise double tiltX = from.tiltX + (to.tiltX - from.tiltX) * fraction;
        precise double tiltY = from.tiltY + (to.tiltY - from.tiltY) * fraction;
        precise double rotation = from.rotation + (to.rotation - from.rotation) * fraction;
        double size = emitDab(position, pressure, tiltX, tiltY, rotation);
        distanceToNext += stepAfter(size);
    }
    if (distanceToNext <= reach) countFlags |= unfinished;
    distanceToNext -= length;
}

// The point at t of the quadratic from `start` through `control` to `end`, with its axes, as the host works it out.
Knot onCurve(Knot start, Knot control, Knot end, double t) {
    double u = 1.0LF - t;
    precise double a = u * u, b = 2.0LF * u * t, c = t * t;
    Knot knot;
    precise double x = start.x * a + control.x * b + end.x * c;
    precise double y = start.y * a + control.y * b + end.y * c;
    precise double pressure = start.pressure * a + control.pressure * b + end.pressure * c;
    precise double tiltX = start.tiltX * a + control.tiltX * b + end.tiltX * c;
    precise double tiltY = start.tiltY * a + control.tiltY * b + end.tiltY * c;
    precise double rotation = start.rotation * a + control.rotation * b + end.rotation * c;
    knot.x = x;
    knot.y = y;
    knot.pressure = pressure;
    knot.tiltX = tiltX;
    knot.tiltY = tiltY;
    knot.rotation = rotation;
    return knot;
}

// A curve walked along straight pieces, enough that none strays more than `flatness` from it.
void walkCurve(Knot start, Knot control, Knot end) {
    // A quadratic's chord error over a parameter interval h is |p0 − 2c + p1|·h²/4.
    precise dvec2 bend = dvec2(start.x, start.y) - dvec2(control.x, control.y) * 2.0LF + dvec2(end.x, end.y);
    precise double bendLength = sqrt(bend.x * bend.x + bend.y * bend.y);
    int pieces = min(max(int(ceil(sqrt(bendLength / (4.0LF * flatness)))), 1), 256);
    Knot from = start;
    int piece = 1;
    for (; piece <= pieces && (countFlags & unfinished) == 0u; piece++) {
        Knot to = onCurve(start, control, end, double(piece) / double(pieces));
        walkLine(from, to);
        from = to;
    }
    if (piece <= pieces) countFlags |= unfinished;
}

uint half16(uint index) { return (halves[index >> 1] >> ((index & 1u) * 16u)) & 0xFFFFu; }

// Sample i as a knot (an axis the sample lacks is 0), whether it has a pressure, and its time.
Knot sampleKnot(uint i, out bool pressured, out uint64_t time) {
    uint n = s.sampleCount;
    uint presence = s.presenceBase == absent ? s.presence : half16(s.presenceBase + i);
    Knot knot;
    knot.x = double(uintBitsToFloat(sampleWords[s.sampleBase + i]));
    knot.y = double(uintBitsToFloat(sampleWords[s.sampleBase + n + i]));
    pressured = (presence & hasPressure) != 0u;
    knot.pressure = pressured ? double(half16(s.pressureBase + i)) / 65535.0LF : 0.0LF;
    knot.tiltX = (presence & hasTiltX) != 0u ? double(int(half16(s.tiltXBase + i) << 16) >> 16) / 256.0LF : 0.0LF;
    knot.tiltY = (presence & hasTiltY) != 0u ? double(int(half16(s.tiltYBase + i) << 16) >> 16) / 256.0LF : 0.0LF;
    knot.rotation = (presence & hasRotation) != 0u ? double(half16(s.rotationBase + i)) * 360.0LF / 65536.0LF : 0.0LF;
    time = (uint64_t(s.baseTimeLow) | (uint64_t(s.baseTimeHigh) << 32)) + uint64_t(sampleWords[s.sampleBase + 2u * n + i]);
    return knot;
}

double knotDistance(Knot a, Knot b) {
    precise double dx = b.x - a.x, dy = b.y - a.y;
    precise double squared = dx * dx + dy * dy;
    return sqrt(squared);
}

Knot midpoint(Knot a, Knot b) {
    Knot m;
    precise double x = (a.x + b.x) * 0.5LF, y = (a.y + b.y) * 0.5LF;
    precise double pressure = (a.pressure + b.pressure) * 0.5LF, tiltX = (a.tiltX + b.tiltX) * 0.5LF;
    precise double tiltY = (a.tiltY + b.tiltY) * 0.5LF, rotation = (a.rotation + b.rotation) * 0.5LF;
    m.x = x;
    m.y = y;
    m.pressure = pressure;
    m.tiltX = tiltX;
    m.tiltY = tiltY;
    m.rotation = rotation;
    return m;
}

// Swift's rounded(): to nearest, halves away from zero.
double roundedAway(double value) {
    double whole = trunc(value);
    return abs(value - whole) >= 0.5LF ? whole + sign(value) : whole;
}

// The pressure of a device without one, from the speed (SimulatedPressure): smoothed over samples.
bool smoothedSet;
double smoothed;

double speedPressure(double distance, double elapsedMicroseconds) {
    // A zero or backwards time step gives no speed information: keep the previous estimate.
    if (elapsedMicroseconds <= 0.0LF) return smoothedSet ? smoothed : 1.0LF;
    precise double speed = distance / (elapsedMicroseconds / 1000000.0LF);
    double clamped = min(max(isinf(speed) || isnan(speed) ? 5000.0LF : speed, 100.0LF), 5000.0LF);
    precise double raw = sqrt(1000.0LF / clamped) / sqrt(10.0LF);
    precise double next = smoothedSet ? smoothed + (raw - smoothed) * 0.4LF : raw;
    smoothed = next;
    smoothedSet = true;
    return next;
}

void main() {
    uint index = gl_GlobalInvocationID.x;
    if (index >= strokeCount) return;
    s = strokes[index];
    random = uint64_t(s.seedLow) | (uint64_t(s.seedHigh) << 32);
    made = 0u;
    counted = 0u;
    countFlags = 0u;
    chartletIndex = 0u;
    direction = dvec2(1.0LF, 0.0LF);
    distanceToNext = 0.0LF;
    smoothedSet = false;
    smoothed = 0.0LF;
    // The builder's state: the last two distinct samples, and what a tap and a first sample without pressure need.
    Knot previous, latest;
    bool hasPrevious = false, hasLatest = false;
    uint64_t latestTime = 0ul;
    bool firstPressurePending = false;
    bool hasTapPressure = false;
    double tapPressure = 0.0LF;
    uint i = 0u;
    for (; i < s.sampleCount && (countFlags & unfinished) == 0u; i++) {
        bool pressured;
        uint64_t time;
        Knot knot = sampleKnot(i, pressured, time);
        double samplePressure = knot.pressure;
        if (!pressured) {
            if (hasLatest) {
                double elapsed = time >= latestTime ? double(time - latestTime) : 0.0LF;
                knot.pressure = speedPressure(knotDistance(knot, latest), elapsed);
            } else {
                firstPressurePending = true;
                knot.pressure = s.forceOnTap;
            }
        }
        latestTime = time;
        if (!hasLatest) {
            latest = knot;
            hasLatest = true;
            hasTapPressure = pressured;
            tapPressure = samplePressure;
            continue;
        }
        knot.rotation += roundedAway((latest.rotation - knot.rotation) / 360.0LF) * 360.0LF;
        if (knotDistance(knot, latest) < 1e-9LF) {
            // Same place: only the axes changed (a pressure-only frame). Keep the newest values.
            latest.pressure = knot.pressure;
            latest.tiltX = knot.tiltX;
            latest.tiltY = knot.tiltY;
            latest.rotation = knot.rotation;
            if (pressured) {
                tapPressure = hasTapPressure ? max(tapPressure, samplePressure) : samplePressure;
                hasTapPressure = true;
            }
            continue;
        }
        uint batchStart = made;
        if (hasPrevious) {
            // The curve from the previous midpoint, through the latest sample, to the new midpoint.
            walkCurve(midpoint(previous, latest), latest, midpoint(latest, knot));
        } else {
            // Devices without pressure: the first sample takes the speed-based pressure of the second.
            if (firstPressurePending) {
                latest.pressure = knot.pressure;
                firstPressurePending = false;
            }
            // The stroke starts exactly at the first sample.
            walkLine(latest, midpoint(latest, knot));
        }
        finishBatch(batchStart);
        previous = latest;
        hasPrevious = true;
        latest = knot;
    }
    if (i < s.sampleCount) countFlags |= unfinished;
    // Pen-up: the rest of the path to the last sample, or a tap's single dab.
    if (hasLatest && (countFlags & unfinished) == 0u) {
        uint batchStart = made;
        if (hasPrevious) {
            walkLine(midpoint(previous, latest), latest);
        } else {
            double pressure = hasTapPressure ? tapPressure : s.forceOnTap;
            emitDab(dvec2(latest.x, latest.y), pressure, latest.tiltX, latest.tiltY, latest.rotation);
        }
        finishBatch(batchStart);
    }
    counts[index] = min(made, s.capacity) | countFlags;
}
