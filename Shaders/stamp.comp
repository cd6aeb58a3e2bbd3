#version 450
// Stamps many strokes into one paint tile in a single dispatch. Each workgroup owns a 16×16 block of the tile and
// walks the list of stamps of the cell it lies in (binned on the CPU, in stroke order; a cell is the whole tile for
// large dabs, as small as the block for small ones), staged 256 at a time in shared memory and skipping those that
// miss the block, with its pixel held in registers: a stroke's body ("over") and glow halo ("max") build up
// privately, as the raster path's wet layers do, and are composited onto the paint at the stroke's opacity when the
// next stroke begins — so the tile is read and written once per dispatch, however many dabs land on it.
// Chunked (constant_id 1), the stamps were made on the device (expand.comp, chunks.comp) and the tile's work is the
// list of chunks of stamps whose bounds reach it: each workgroup gathers those that reach its block and stages
// 256 stamps of them at a time.

layout(local_size_x = 16, local_size_y = 16) in;

// The batch's work, one buffer seen two ways: floats for stamps and strokes, words for cell lists.
layout(set = 0, binding = 0, std430) readonly buffer Floats { vec4 floats[]; };
layout(set = 0, binding = 1, std430) readonly buffer Words { uint words[]; };
layout(set = 0, binding = 2) uniform sampler2DArray brushTextures;
layout(set = 0, binding = 3, rgba16) uniform image2D tile;

// Whether any stroke of the dispatch has a textured brush: the round-only kernel never samples (a CPU device
// would run the sampling for every pixel, masked or not).
layout(constant_id = 0) const bool textured = false;
// Whether the work is stamps the device made (expand.comp, chunks.comp), listed per tile by chunks of slots with
// each chunk's bounds, rather than stamp indices binned per cell on the host.
layout(constant_id = 1) const bool chunked = false;
// Chunked: slots in a chunk (16, 32 or 64, as chunks.comp's): smaller chunks reach fewer blocks they do not paint.
layout(constant_id = 2) const uint chunkStamps = 64u;

layout(push_constant) uniform Push {
    vec2 origin;      // document position of the tile's top-left pixel
    float scale;      // tile pixels per document pixel
    uint stampBase;   // index in floats of stamp 0 (three vec4 each)
    uint strokeBase;  // index in floats of stroke 0 (two vec4 each)
    uint cellBase;    // index in words of this tile's first cell's (first entry, count), the cells row by row;
                      // chunked: of the tile's list — its length, a bit for each block some chunk reaches (8
                      // words, row by row), then each chunk's first stamp and bounds (lowest x, y, highest x, y in
                      // document pixels, float bits), in stroke order
    uint entryBase;   // index in words of entry 0 (the stamp lists, each cell's in stroke order); chunked: unused
    uint cellsPerSide; // cells across the tile: 1, 2, 4, 8 or 16; chunked: unused
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

vec4 composite(vec4 paint, vec4 wet, vec4 stroke) {
    vec4 source = wet * stroke.x;
    return stroke.y > 0.5 ? paint * (1.0 - source.a) : source + paint * (1.0 - source.a);
}

// Stamps staged for the workgroup, 256 at a time: each invocation loads one and sets its bit in a mask when it
// reaches the block, so the pixels visit only those, in order (a large cell's stamps mostly miss a given block).
// Two masks in turn: one is cleared while the other is filled.
shared vec4 stagedPlacement[256];
shared vec4 stagedColor[256];
shared vec4 stagedShape[256];
shared uint stagedHitBits[2][8];
// Chunked: which of 256 listed chunks reach the block, and those chunks' first stamps in order.
shared uint chunkBits[8];
shared uint blockChunks[256];

// Each invocation's pixel and what builds up in it.
ivec2 pixel;
vec2 position;
// The block in tile pixels, to skip the stamps that miss it.
vec2 blockLow;
vec2 blockHigh;
vec4 paint;
vec4 body = vec4(0.0);
vec4 halo = vec4(0.0);
bool touched = false;
// The stroke whose stamps build up, by index (−1: none yet).
float current = -1.0;
vec4 stroke = vec4(1.0, 0.0, 1.0, 0.0);
vec4 strokeGrain = vec4(0.0);

void begin() {
    pixel = ivec2(gl_GlobalInvocationID.xy);
    position = push.origin + (vec2(pixel) + 0.5) / push.scale;
    blockLow = vec2(gl_WorkGroupID.xy * 16u);
    blockHigh = blockLow + 16.0;
    paint = imageLoad(tile, pixel);
}

// Stages the stamp at floats[base] in this invocation's place, its bit set in mask `parity` when it reaches the
// block. What its mask needs that is the same for every pixel is worked out here, once a stamp rather than once a
// pixel: a round's rim and softness scales (no division a pixel), a texture's layer and mip level.
void stage(uint base, uint parity) {
    vec4 placement = floats[base];
    vec4 extra = floats[base + 2u];
    vec4 owner = floats[push.strokeBase + uint(extra.y) * 2u];
    // How far paint reaches from the centre, in tile pixels: a texture's rotated square (within its circumscribed
    // circle), or the disc and its rim. The stamp reaches the block where the block's nearest point is that close:
    // the blocks in the corners of a large dab's square are passed, and a stamp passed there would add nothing.
    vec2 centre = (placement.xy - push.origin) * push.scale;
    bool isTextured = textured && owner.w > 0.5;
    float reach = isTextured ? extra.w * 1.4144 + 1.5 : extra.w + 1.0;
    vec2 gap = clamp(centre, blockLow, blockHigh) - centre;
    if (dot(gap, gap) <= reach * reach) {
        atomicOr(stagedHitBits[parity][gl_LocalInvocationIndex >> 5u], 1u << (gl_LocalInvocationIndex & 31u));
    }
    vec2 shape;
    if (isTextured) {
        // The level a rasterised quad of this size would sample.
        float level = max(log2(float(textureSize(brushTextures, 0).x) / max(2.0 * extra.w, 1e-3)), 0.0);
        shape = vec2(owner.w - 1.0 + extra.x, level);
    } else {
        float knee = clamp(owner.z, 0.0, 1.0);
        shape = vec2(max(extra.w, 0.5), knee >= 1.0 ? 0.0 : 1.0 / (1.0 - knee));
    }
    stagedPlacement[gl_LocalInvocationIndex] = placement;
    stagedColor[gl_LocalInvocationIndex] = floats[base + 1u];
    stagedShape[gl_LocalInvocationIndex] = vec4(shape, extra.z, extra.y);
}

// Stamps the staged stamps that reach the block into this pixel, in order.
void stampStaged(uint parity) {
    for (uint word = 0u; word < 8u; word++) {
        for (uint bits = stagedHitBits[parity][word]; bits != 0u; bits &= bits - 1u) {
            uint index = word * 32u + uint(findLSB(bits));
            touched = true;
            vec4 placement = stagedPlacement[index];
            // Mask scales or texture layer and level, 1 for a glow halo, stroke index.
            vec4 shape = stagedShape[index];
            if (shape.w != current) {
                if (current >= 0.0) paint = composite(composite(paint, halo, stroke), body, stroke);
                body = vec4(0.0);
                halo = vec4(0.0);
                current = shape.w;
                uint strokeBase = push.strokeBase + uint(current) * 2u;
                stroke = floats[strokeBase];
                strokeGrain = floats[strokeBase + 1u];
            }
            vec2 offset = position - placement.xy;
            vec2 local = vec2(
                placement.z * offset.x + placement.w * offset.y, placement.z * offset.y - placement.w * offset.x);
            float mask;
            if (textured && stroke.w > 0.5) {
                vec2 texel = local * 0.5 + 0.5;
                bool inside = all(greaterThanEqual(texel, vec2(0.0))) && all(lessThanEqual(texel, vec2(1.0)));
                mask = inside ? textureLod(brushTextures, vec3(texel, shape.x), shape.y).r : 0.0;
            } else {
                // How far within the disc's edge, in radii.
                float depth = 1.0 - length(local);
                float rim = clamp(depth * shape.x + 0.5, 0.0, 1.0);
                // A softness of 0 is a hard round: the rim alone.
                float falloff = shape.y > 0.0 ? clamp(depth * shape.y, 0.0, 1.0) : 1.0;
                mask = rim * falloff;
            }
            if (strokeGrain.x > 0.0) mask *= 1.0 - strokeGrain.x * (1.0 - paperTooth(position, int(strokeGrain.y)));
            vec4 source = stagedColor[index] * mask;
            if (shape.z > 0.5) {
                halo = max(halo, source);
            } else {
                body = source + body * (1.0 - source.a);
            }
        }
    }
}

// Composites the last stroke and writes the pixel, where anything reached it.
void finish() {
    if (!touched) return;
    paint = composite(composite(paint, halo, stroke), body, stroke);
    imageStore(tile, pixel, paint);
}

// The cell's list of stamp indices, staged 256 at a time.
void stampCell() {
    uvec2 cell = gl_WorkGroupID.xy / (16u / push.cellsPerSide);
    uint cellEntry = push.cellBase + 2u * (cell.y * push.cellsPerSide + cell.x);
    uint first = push.entryBase + words[cellEntry];
    uint count = words[cellEntry + 1u];
    // The whole workgroup leaves together: no barrier is left waiting.
    if (count == 0u) return;
    begin();
    if (gl_LocalInvocationIndex < 8u) stagedHitBits[0][gl_LocalInvocationIndex] = 0u;
    barrier();
    for (uint chunk = 0u; chunk < count; chunk += 256u) {
        uint parity = (chunk >> 8u) & 1u;
        // The other mask was last read before the barrier that ended the previous chunk.
        if (gl_LocalInvocationIndex < 8u) stagedHitBits[1u - parity][gl_LocalInvocationIndex] = 0u;
        uint mine = chunk + gl_LocalInvocationIndex;
        if (mine < count) stage(push.stampBase + words[first + mine] * 3u, parity);
        barrier();
        stampStaged(parity);
        barrier();
    }
    finish();
}

// The tile's list of chunks: 256 at a time, those whose bounds reach the block are gathered in order, then staged
// 256 stamps (256 / chunkStamps chunks) at a time.
void stampChunks() {
    uint count = words[push.cellBase];
    uint block = gl_WorkGroupID.y * 16u + gl_WorkGroupID.x;
    // The whole workgroup leaves together where no chunk reaches its block: no barrier is left waiting.
    if (count == 0u || (words[push.cellBase + 1u + (block >> 5u)] & (1u << (block & 31u))) == 0u) return;
    begin();
    uint lane = gl_LocalInvocationIndex;
    if (lane < 8u) {
        stagedHitBits[0][lane] = 0u;
        chunkBits[lane] = 0u;
    }
    barrier();
    uint parity = 0u;
    for (uint window = 0u; window < count; window += 256u) {
        uint entry = window + lane;
        bool reaches = false;
        uint first = 0u;
        if (entry < count) {
            uint at = push.cellBase + 9u + entry * 5u;
            vec2 low = vec2(uintBitsToFloat(words[at + 1u]), uintBitsToFloat(words[at + 2u]));
            vec2 high = vec2(uintBitsToFloat(words[at + 3u]), uintBitsToFloat(words[at + 4u]));
            low = (low - push.origin) * push.scale;
            high = (high - push.origin) * push.scale;
            reaches = !(any(lessThan(high, blockLow)) || any(greaterThan(low, blockHigh)));
            first = words[at];
        }
        if (reaches) atomicOr(chunkBits[lane >> 5u], 1u << (lane & 31u));
        barrier();
        uint rank = bitCount(chunkBits[lane >> 5u] & ((1u << (lane & 31u)) - 1u));
        uint total = 0u;
        for (uint word = 0u; word < 8u; word++) {
            uint bits = bitCount(chunkBits[word]);
            total += bits;
            if (word < (lane >> 5u)) rank += bits;
        }
        if (reaches) blockChunks[rank] = first;
        barrier();
        for (uint group = 0u; group < total; group += 256u / chunkStamps) {
            uint chunk = group + lane / chunkStamps;
            // The other mask was last read before the barrier that ended the previous group.
            if (lane < 8u) stagedHitBits[1u - parity][lane] = 0u;
            if (chunk < total) stage((blockChunks[chunk] + lane % chunkStamps) * 3u, parity);
            barrier();
            stampStaged(parity);
            barrier();
            parity = 1u - parity;
        }
        // Every rank was read before the barriers above.
        if (lane < 8u) chunkBits[lane] = 0u;
        barrier();
    }
    finish();
}

void main() {
    if (chunked) {
        stampChunks();
    } else {
        stampCell();
    }
}

