#version 450
// One layer's tile composed onto the layers under it with its blend mode and opacity (W3C compositing and blending,
// source-over with a separable blend function). Drawn with quad.vert over a whole tile, writing the result as it is.

layout(set = 0, binding = 0) uniform sampler2D source;    // the layer's paint, premultiplied
layout(set = 1, binding = 0) uniform sampler2D backdrop;  // the layers under it, composed, premultiplied

layout(push_constant) uniform Push {
    vec4 cornersXY01;
    vec4 cornersXY23;
    vec2 targetSize;
    float opacity;  // the layer's opacity
    float mode;     // 0 normal, 1 multiply, 2 screen, 3 overlay (the slot quad.frag uses for dither)
    vec4 textureRect;
} push;

layout(location = 0) in vec2 texel;
layout(location = 0) out vec4 result;

void main() {
    vec4 s = texture(source, texel) * push.opacity;
    vec4 b = texture(backdrop, texel);
    vec3 cs = s.a > 0.0 ? s.rgb / s.a : vec3(0.0);
    vec3 cb = b.a > 0.0 ? b.rgb / b.a : vec3(0.0);
    int mode = int(push.mode + 0.5);
    vec3 mixed = cs;
    if (mode == 1) {
        mixed = cs * cb;
    } else if (mode == 2) {
        mixed = cs + cb - cs * cb;
    } else if (mode == 3) {
        // Hard light with the roles swapped: multiply where the backdrop is dark, screen where it is light.
        mixed = mix(2.0 * cs * cb, 1.0 - 2.0 * (1.0 - cs) * (1.0 - cb), step(0.5, cb));
    }
    result.rgb = s.rgb * (1.0 - b.a) + b.rgb * (1.0 - s.a) + s.a * b.a * clamp(mixed, 0.0, 1.0);
    result.a = s.a + b.a * (1.0 - s.a);
}
