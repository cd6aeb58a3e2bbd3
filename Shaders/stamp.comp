#version 450
// Stamps many strokes into one paint tile in a single dispatch. Each workgroup owns a 16×16 cell of the tile and
// walks the tile's list of stamps (binned on the CPU, in stroke order), staged 256 at a time in shared memory and
// skipping those that miss the cell, with its pixel held in registers: a stroke's body ("over") and glow halo ("max") build up privately, as the raster
// path's wet layers do, and are composited onto the paint at the stroke's opacity when the next stroke begins —
// so the tile is read and written once per dispatch, however many dabs land on it.
//
// Small dabs go another way. A stroke's stamps share one colour (only their strength — flow, pressure, mask —
// differs), and "over" of one colour is a product of what each stamp lets through, a halo's "max" a maximum: within
// a stroke the order does not matter. So a staged chunk of one stroke's stamps that cover little of the cell is
// stamped all at once: the invocations share out the (stamp, pixel) pairs the stamps cover and add each pair's
// −log2(1 − α) to its pixel's total in fixed point (integer sums, the same in any order), or raise the pixel's
// halo. Walking the stamps one by one, a small dab would keep all 256 invocations of the cell for a few pixels.

layout(local_size_x = 16, local_size_y = 16) in;

// The batch's work, one buffer seen two ways: floats for stamps and strokes, words for cell lists.
layout(set = 0, binding = 0, std430) readonly buffer Floats { vec4 floats[]; };
layout(set = 0, binding = 1, std430) readonly buffer Words { uint words[]; };
layout(set = 0, binding = 2) uniform sampler2DArray brushTextures;
layout(set = 0, binding = 3, rgba16) uniform image2D tile;

// Whether any stroke of the dispatch has a textured brush: the round-only kernel never samples (a CPU device
// would run the sampling for every pixel, masked or not).
layout(constant_id = 0) const bool textured = false;

layout(push_constant) uniform Push {
    vec2 origin;      // document position of the tile's top-left pixel
    float scale;      // tile pixels per document pixel
    uint stampBase;   // index in floats of stamp 0 (three vec4 each)
    uint strokeBase;  // index in floats of stroke 0 (two vec4 each)
    uint cellBase;    // index in words of this tile's (first entry, count)
    uint entryBase;   // index in words of entry 0 (the stamp lists, each cell's in stroke order)
} push;

// A stamp: floats[base] = centre x, y (document px), cos(angle)/radius, sin(angle)/radius;
//          floats[base + 1] = premultiplied colour × flow;
//          floats[base + 2] = texture slot, stroke index, 1 for a glow halo, radius in tile pixels.
// A stroke: opacity, 1 to erase, hardness of the procedural round, texture layer (0: round; n: from layer n − 1);
//           how much the paper's tooth shows (0: none), the paper's layer, two unused.

// The paper's tooth at a document position: bilinear between texel centres, one texel a document pixel, repeating
// every 256 (as stamp.frag and Sources/CStamping/mlstamp.c sample it).
float paperTooth(vec2 position, int layer) {
    vec2 t = position - 0.5;
    vec2 low = floor(t);
    vec2 f = t - low;
    ivec2 i = ivec2(low);
    float a = texelFetch(brushTextures, ivec3(i & 255, layer), 0).r;
    float b = texelFetch(brushTextures, ivec3((i + ivec2(1, 0)) & 255, layer), 0).r;
    float c = texelFetch(brushTextures, ivec3((i + ivec2(0, 1)) & 255, layer), 0).r;
    float d = texelFetch(brushTextures, ivec3((i + ivec2(1, 1)) & 255, layer), 0).r;
    return mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
}

// How much of a stamp reaches the document `position`, 0…1: its brush texture or procedural round, and the paper.
float maskAt(vec2 position, vec4 placement, vec4 extra, vec4 stroke, vec4 strokeGrain) {
    vec2 offset = position - placement.xy;
    vec2 local =
        vec2(placement.z * offset.x + placement.w * offset.y, placement.z * offset.y - placement.w * offset.x);
    float mask;
    if (textured && stroke.w > 0.5) {
        vec2 texel = local * 0.5 + 0.5;
        bool inside = all(greaterThanEqual(texel, vec2(0.0))) && all(lessThanEqual(texel, vec2(1.0)));
        // The level a rasterised quad of this size would sample.
        float level = max(log2(float(textureSize(brushTextures, 0).x) / max(2.0 * extra.w, 1e-3)), 0.0);
        mask = inside ? textureLod(brushTextures, vec3(texel, stroke.w - 1.0 + extra.x), level).r : 0.0;
    } else {
        float distance = length(local);
        float rim = clamp((1.0 - distance) * max(extra.w, 0.5) + 0.5, 0.0, 1.0);
        float knee = clamp(stroke.z, 0.0, 1.0);
        float falloff = knee >= 1.0 ? 1.0 : clamp((1.0 - distance) / (1.0 - knee), 0.0, 1.0);
        mask = rim * falloff;
    }
    if (strokeGrain.x > 0.0) mask *= 1.0 - strokeGrain.x * (1.0 - paperTooth(position, int(strokeGrain.y)));
    return mask;
}

vec4 composite(vec4 paint, vec4 wet, vec4 stroke) {
    vec4 source = wet * stroke.x;
    return stroke.y > 0.5 ? paint * (1.0 - source.a) : source + paint * (1.0 - source.a);
}

// Stamps staged for the workgroup, 256 at a time: each invocation loads one, and whether it reaches the cell.
shared vec4 stagedPlacement[256];
shared vec4 stagedColor[256];
shared vec4 stagedExtra[256];
shared bool stagedHits[256];
// Small dabs: each staged stamp's pixels in the cell (x, y, width − 1, height − 1, four bits each), the running
// total of their counts and the chunk's, each pixel's totals, and the colours of the run's body and halo.
shared uint stagedSpan[256];
shared uint coverage[256];
shared uint chunkPairs;
shared uint bodyLoss[256];
shared uint haloPeak[256];
shared vec4 runBodyColour;
shared vec4 runHaloColour;
// Fixed point of the losses: 256 stamps of at most 24 (α = 1 − 2⁻²⁴) stay below 2³².
const float lossScale = 524288.0;
const float largestLoss = 24.0;

void main() {
    uint first = push.entryBase + words[push.cellBase];
    uint count = words[push.cellBase + 1u];
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    vec2 position = push.origin + (vec2(pixel) + 0.5) / push.scale;
    // The cell in tile pixels, to skip the stamps that miss it.
    vec2 cellLow = vec2(gl_WorkGroupID.xy * 16u);
    vec2 cellHigh = cellLow + 16.0;
    vec4 paint = imageLoad(tile, pixel);
    vec4 body = vec4(0.0);
    vec4 halo = vec4(0.0);
    bool touched = false;
    uint current = 0xffffffffu;
    vec4 stroke = vec4(1.0, 0.0, 1.0, 0.0);
    vec4 strokeGrain = vec4(0.0);
    uint me = gl_LocalInvocationIndex;
    bodyLoss[me] = 0u;
    haloPeak[me] = 0u;
    for (uint chunk = 0u; chunk < count; chunk += 256u) {
        uint mine = chunk + me;
        if (me == 0u) chunkPairs = 0u;
        stagedSpan[me] = 0u;
        coverage[me] = 0u;
        barrier();
        if (mine < count) {
            uint base = push.stampBase + words[first + mine] * 3u;
            vec4 placement = floats[base];
            vec4 extra = floats[base + 2u];
            // How far paint reaches, in tile pixels: a texture's rotated square, or the disc and its rim.
            vec2 centre = (placement.xy - push.origin) * push.scale;
            bool isTextured = textured && floats[push.strokeBase + uint(extra.y) * 2u].w > 0.5;
            float reach = isTextured ? extra.w * 1.4144 + 1.5 : extra.w + 1.0;
            bool hits = !(any(lessThan(centre + reach, cellLow)) || any(greaterThan(centre - reach, cellHigh)));
            stagedHits[me] = hits;
            stagedPlacement[me] = placement;
            stagedColor[me] = floats[base + 1u];
            stagedExtra[me] = extra;
            if (hits) {
                // The cell's pixels whose centres the stamp may reach.
                ivec2 low = clamp(ivec2(floor(centre - reach - cellLow)), ivec2(0), ivec2(15));
                ivec2 high = clamp(ivec2(floor(centre + reach - cellLow)), ivec2(0), ivec2(15));
                uvec2 size = uvec2(high - low) + 1u;
                stagedSpan[me] = uint(low.x) | uint(low.y) << 4 | (size.x - 1u) << 8 | (size.y - 1u) << 12;
                coverage[me] = size.x * size.y;
                atomicAdd(chunkPairs, size.x * size.y);
            }
        }
        barrier();
        uint staged = min(count - chunk, 256u);
        // One stroke (the lists are in stroke order) whose stamps cover on average under half the cell.
        bool oneStroke = stagedExtra[0].y == stagedExtra[staged - 1u].y;
        if (oneStroke && chunkPairs > 0u && chunkPairs <= staged * 128u) {
            uint pairs = chunkPairs;
            // Where each stamp's pairs begin: an inclusive running total of the counts.
            for (uint step = 1u; step < 256u; step <<= 1) {
                uint before = me >= step ? coverage[me - step] : 0u;
                barrier();
                coverage[me] += before;
                barrier();
            }
            uint strokeIndex = uint(stagedExtra[0].y);
            if (strokeIndex != current) {
                if (current != 0xffffffffu) paint = composite(composite(paint, halo, stroke), body, stroke);
                body = vec4(0.0);
                halo = vec4(0.0);
                current = strokeIndex;
                stroke = floats[push.strokeBase + current * 2u];
                strokeGrain = floats[push.strokeBase + current * 2u + 1u];
            }
            touched = true;
            if (mine < count && stagedHits[me] && stagedColor[me].a > 0.0) {
                // Any stamp's colour is the run's (they differ only in strength); all writers write the same.
                vec4 colour = stagedColor[me] / stagedColor[me].a;
                if (stagedExtra[me].z > 0.5) runHaloColour = colour; else runBodyColour = colour;
            }
            for (uint pair = me; pair < pairs; pair += 256u) {
                // The stamp whose pairs hold this one: the first whose running total passes it.
                uint low = 0u;
                uint high = staged - 1u;
                while (low < high) {
                    uint middle = (low + high) >> 1;
                    if (coverage[middle] > pair) high = middle; else low = middle + 1u;
                }
                uint span = stagedSpan[low];
                uint width = (span >> 8 & 15u) + 1u;
                uint inSpan = pair - (low > 0u ? coverage[low - 1u] : 0u);
                uvec2 cellPixel = uvec2((span & 15u) + inSpan % width, (span >> 4 & 15u) + inSpan / width);
                vec2 at = push.origin + (cellLow + vec2(cellPixel) + 0.5) / push.scale;
                vec4 extra = stagedExtra[low];
                float strength = stagedColor[low].a * maskAt(at, stagedPlacement[low], extra, stroke, strokeGrain);
                if (strength <= 0.0) continue;
                uint pixelIndex = cellPixel.y * 16u + cellPixel.x;
                if (extra.z > 0.5) {
                    atomicMax(haloPeak[pixelIndex], floatBitsToUint(strength));
                } else {
                    float loss = min(-log2(max(1.0 - strength, 0.0)), largestLoss);
                    atomicAdd(bodyLoss[pixelIndex], uint(loss * lossScale + 0.5));
                }
            }
            barrier();
            if (bodyLoss[me] > 0u) {
                float covered = 1.0 - exp2(-float(bodyLoss[me]) / lossScale);
                body = runBodyColour * covered + body * (1.0 - covered);
                bodyLoss[me] = 0u;
            }
            if (haloPeak[me] > 0u) {
                halo = max(halo, runHaloColour * uintBitsToFloat(haloPeak[me]));
                haloPeak[me] = 0u;
            }
            barrier();
            continue;
        }
        for (uint index = 0u; index < staged; index++) {
            if (!stagedHits[index]) continue;
            touched = true;
            vec4 placement = stagedPlacement[index];
            vec4 extra = stagedExtra[index];
            uint strokeIndex = uint(extra.y);
            if (strokeIndex != current) {
                if (current != 0xffffffffu) paint = composite(composite(paint, halo, stroke), body, stroke);
                body = vec4(0.0);
                halo = vec4(0.0);
                current = strokeIndex;
                stroke = floats[push.strokeBase + current * 2u];
                strokeGrain = floats[push.strokeBase + current * 2u + 1u];
            }
            vec4 source = stagedColor[index] * maskAt(position, placement, extra, stroke, strokeGrain);
            if (extra.z > 0.5) {
                halo = max(halo, source);
            } else {
                body = source + body * (1.0 - source.a);
            }
        }
        barrier();
    }
    if (!touched) return;
    paint = composite(composite(paint, halo, stroke), body, stroke);
    imageStore(tile, pixel, paint);
}
