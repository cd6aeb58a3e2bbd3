#version 450
// One brush stamp as an instanced, rotated quad (a triangle strip of four vertices per instance).

layout(location = 0) in vec2 center;          // document pixels
layout(location = 1) in vec4 sizeAngleFlowSlot; // diameter (document px), angle (rad), flow, texture slot
layout(location = 2) in vec4 color;           // straight-alpha colour

layout(push_constant) uniform Push {
    vec2 origin;      // document position of the target's top-left pixel
    vec2 targetSize;  // target size in pixels
    float scale;      // target pixels per document pixel
    float hardness;   // procedural round stamp: 1 crisp, 0 soft
    float textureLayer; // 0: procedural round; n: the brush texture array from layer n − 1 (plus the stamp's slot)
    float grain;      // how much the paper's tooth shows (stamp.frag)
    float grainLayer;
    float unused;
} push;

layout(location = 0) out vec2 uv;        // stamp frame, the disc is the unit circle
layout(location = 1) out vec4 premultiplied;
layout(location = 2) out float slot;
layout(location = 3) out float radiusPixels;

void main() {
    vec2 corner = vec2(float(gl_VertexIndex & 1), float(gl_VertexIndex >> 1)) * 2.0 - 1.0;
    float radius = sizeAngleFlowSlot.x * 0.5;
    radiusPixels = radius * push.scale;
    // Grow the quad by a pixel so the antialiased rim is never clipped.
    vec2 local = corner * (1.0 + 1.0 / max(radiusPixels, 0.25));
    float c = cos(sizeAngleFlowSlot.y);
    float s = sin(sizeAngleFlowSlot.y);
    vec2 offset = vec2(c * local.x - s * local.y, s * local.x + c * local.y) * radius;
    vec2 pixel = (center + offset - push.origin) * push.scale;
    gl_Position = vec4(pixel / push.targetSize * 2.0 - 1.0, 0.0, 1.0);
    uv = local;
    premultiplied = vec4(color.rgb * color.a, color.a) * sizeAngleFlowSlot.z;
    slot = sizeAngleFlowSlot.w;
}
