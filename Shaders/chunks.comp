#version 450
// Turns the stamps expand.comp made into the ones stamp.comp reads, in place (both 48 bytes), and works out how far
// each chunk of consecutive slots of one stroke's room reaches, in document pixels: the host lists a tile's
// chunks from those bounds, and each of the kernel's workgroups skips the chunks that miss its block. A slot past
// the stroke's stamps, or a stamp that covers nothing, is moved far off, where no block's test takes it.

// Slots in a chunk, one invocation each: 16, 32 or 64 (as stamp.comp's constant_id 2).
layout(constant_id = 0) const uint chunkStamps = 64u;
layout(local_size_x_id = 0) in;

// Stamps as made: (x, y, size, angle), (red, green, blue, alpha), (flow, texture slot bits, layer bits, unused);
// rewritten as the kernel's: (x, y, cos/radius, sin/radius), premultiplied colour × flow,
// (texture slot, stroke index, 1 for a glow halo, radius in tile pixels). The strokes (two vec4 each, MLStroke)
// follow at strokeBase.
layout(std430, binding = 0) buffer Stamps { vec4 values[]; };
// Each stroke's stamp count and flags (from expand.comp), then each chunk's bounds from boundsBase:
// lowest x, lowest y, highest x, highest y (float bits; low above high for a chunk with nothing to draw).
layout(std430, binding = 1) buffer Readback { uint words[]; };
struct Chunk {
    uint stroke, first, strokeFirst, unused;
};
layout(std430, binding = 2) readonly buffer Chunks { Chunk chunks[]; };

layout(push_constant) uniform Push {
    float scale;        // tile pixels per document pixel
    uint strokeBase;    // vec4 index of stroke 0 in values
    uint boundsBase;    // word index of chunk 0's bounds in words
    uint chunkCount;
    uint groupsPerRow;  // workgroups a row of the dispatch (a dispatch is at most 65,535 across)
} push;

// MaLiangCore's StampLayer.
const uint glowHalo = 1u, chartlet = 4u;
const uint countMask = (1u << 30) - 1u;
const float far = -1e30;

shared vec4 reach[64];  // room for the largest chunk

void main() {
    uint index = gl_WorkGroupID.y * push.groupsPerRow + gl_WorkGroupID.x;
    if (index >= push.chunkCount) return;  // the whole workgroup: no barrier waits
    Chunk chunk = chunks[index];
    uint lane = gl_LocalInvocationIndex;
    uint slot = chunk.first + lane;
    uint made = words[chunk.stroke] & countMask;
    vec4 stroke = values[push.strokeBase + chunk.stroke * 2u];
    vec4 placement = values[slot * 3u];
    vec4 color = values[slot * 3u + 1u];
    vec4 extra = values[slot * 3u + 2u];
    uint layer = floatBitsToUint(extra.z);
    float size = placement.z;
    bool drawn = slot - chunk.strokeFirst < made && layer != chartlet && size > 0.0 && !isinf(size)
        && !isnan(size) && !any(isinf(placement.xyw)) && !any(isnan(placement.xyw));
    vec4 bounds = vec4(1e30, 1e30, -1e30, -1e30);
    if (drawn) {
        float radius = size * 0.5;
        float alpha = color.a * extra.x;
        // Most stamps are not turned (as the host's binning spares them the sine and cosine).
        vec2 turn = placement.w == 0.0 ? vec2(1.0, 0.0) : vec2(cos(placement.w), sin(placement.w));
        values[slot * 3u] = vec4(placement.xy, turn / radius);
        values[slot * 3u + 1u] = vec4(color.rgb * alpha, alpha);
        values[slot * 3u + 2u] =
            vec4(float(floatBitsToUint(extra.y)), float(chunk.stroke), layer == glowHalo ? 1.0 : 0.0, radius * push.scale);
        // A texture fills its rotated square; a round stamp its disc and a rim under a pixel wide.
        float distance = stroke.w > 0.5 ? size * 0.7072 + 1.5 / push.scale : radius + 1.0 / push.scale;
        bounds = vec4(placement.xy - distance, placement.xy + distance);
    } else {
        values[slot * 3u] = vec4(far, far, 0.0, 0.0);
        values[slot * 3u + 2u] = vec4(0.0, float(chunk.stroke), 0.0, 0.0);
    }
    reach[lane] = bounds;
    barrier();
    for (uint width = chunkStamps / 2u; width > 0u; width >>= 1u) {
        if (lane < width) {
            vec4 other = reach[lane + width];
            reach[lane] = vec4(min(reach[lane].xy, other.xy), max(reach[lane].zw, other.zw));
        }
        barrier();
    }
    if (lane == 0u) {
        uint at = push.boundsBase + index * 4u;
        vec4 all = reach[0];
        words[at] = floatBitsToUint(all.x);
        words[at + 1u] = floatBitsToUint(all.y);
        words[at + 2u] = floatBitsToUint(all.z);
        words[at + 3u] = floatBitsToUint(all.w);
    }
}
