#version 450
// Stamps many strokes into one paint tile in a single dispatch. Each workgroup owns a 16×16 cell of the tile and
// walks the cell's list of stamps (binned on the CPU, in stroke order) with its pixel held in registers: a stroke's
// body ("over") and glow halo ("max") build up privately, as the raster path's wet layers do, and are composited
// onto the paint at the stroke's opacity when the next stroke begins — so the tile is read and written once per
// dispatch, however many dabs land on it.

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
    uint strokeBase;  // index in floats of stroke 0 (one vec4 each)
    uint cellBase;    // index in words of this tile's cell table: (first entry, count) per cell, row by row
    uint entryBase;   // index in words of entry 0 (the stamp lists, each cell's in stroke order)
} push;

// A stamp: floats[base] = centre x, y (document px), cos(angle)/radius, sin(angle)/radius;
//          floats[base + 1] = premultiplied colour × flow;
//          floats[base + 2] = texture slot, stroke index, 1 for a glow halo, radius in tile pixels.
// A stroke: opacity, 1 to erase, hardness of the procedural round, texture layer (0: round; n: from layer n − 1).

vec4 composite(vec4 paint, vec4 wet, vec4 stroke) {
    vec4 source = wet * stroke.x;
    return stroke.y > 0.5 ? paint * (1.0 - source.a) : source + paint * (1.0 - source.a);
}

void main() {
    uint cell = gl_WorkGroupID.y * 16u + gl_WorkGroupID.x;
    uint first = push.entryBase + words[push.cellBase + cell * 2u];
    uint count = words[push.cellBase + cell * 2u + 1u];
    if (count == 0u) return;
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    vec2 position = push.origin + (vec2(pixel) + 0.5) / push.scale;
    vec4 paint = imageLoad(tile, pixel);
    vec4 body = vec4(0.0);
    vec4 halo = vec4(0.0);
    uint current = uint(floats[push.stampBase + words[first] * 3u + 2u].y);
    vec4 stroke = floats[push.strokeBase + current];
    for (uint entry = first; entry < first + count; entry++) {
        uint base = push.stampBase + words[entry] * 3u;
        vec4 placement = floats[base];
        vec4 extra = floats[base + 2u];
        uint strokeIndex = uint(extra.y);
        if (strokeIndex != current) {
            paint = composite(composite(paint, halo, stroke), body, stroke);
            body = vec4(0.0);
            halo = vec4(0.0);
            current = strokeIndex;
            stroke = floats[push.strokeBase + current];
        }
        vec2 offset = position - placement.xy;
        vec2 local = vec2(placement.z * offset.x + placement.w * offset.y, placement.z * offset.y - placement.w * offset.x);
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
        vec4 source = floats[base + 1u] * mask;
        if (extra.z > 0.5) {
            halo = max(halo, source);
        } else {
            body = source + body * (1.0 - source.a);
        }
    }
    paint = composite(composite(paint, halo, stroke), body, stroke);
    imageStore(tile, pixel, paint);
}
