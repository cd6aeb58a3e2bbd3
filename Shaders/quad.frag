#version 450

layout(set = 0, binding = 0) uniform sampler2D source;  // premultiplied

layout(push_constant) uniform Push {
    vec4 cornersXY01;
    vec4 cornersXY23;
    vec2 targetSize;
    float opacity;
    float dither;
    vec4 textureRect;
} push;

layout(location = 0) in vec2 texel;
layout(location = 0) out vec4 result;

// 4×4 Bayer matrix, values 0..15.
const float bayer[16] = float[](0.0, 8.0, 2.0, 10.0, 12.0, 4.0, 14.0, 6.0, 3.0, 11.0, 1.0, 9.0, 15.0, 7.0, 13.0, 5.0);

void main() {
    vec4 color = texture(source, texel) * push.opacity;
    if (push.dither > 0.5) {
        ivec2 cell = ivec2(gl_FragCoord.xy) & 3;
        float offset = (bayer[cell.y * 4 + cell.x] + 0.5) / 16.0 - 0.5;
        color.rgb = clamp(color.rgb + offset / 255.0, vec3(0.0), vec3(color.a));
    }
    result = color;
}
