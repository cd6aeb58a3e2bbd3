#version 450
// The stamp's coverage: a procedural round with hardness and a one-pixel antialiased rim, or an alpha mask.

layout(set = 0, binding = 0) uniform sampler2DArray brushTextures;

layout(push_constant) uniform Push {
    vec2 origin;
    vec2 targetSize;
    float scale;
    float hardness;
    float textureLayer;
    float grain;       // how much the paper's tooth shows (0: none)
    float grainLayer;  // the paper's layer in brushTextures
    float unused;
} push;

layout(location = 0) in vec2 uv;
layout(location = 1) in vec4 premultiplied;
layout(location = 2) in float slot;
layout(location = 3) in float radiusPixels;

layout(location = 0) out vec4 result;

// The paper's tooth at a document position: bilinear between texel centres, one texel a document pixel, repeating
// every 256 (Sources/CStamping/mlstamp.c and stamp.comp do the same).
float paperTooth(vec2 position) {
    vec2 t = position - 0.5;
    vec2 low = floor(t);
    vec2 f = t - low;
    ivec2 i = ivec2(low);
    int layer = int(push.grainLayer);
    float a = texelFetch(brushTextures, ivec3(i & 255, layer), 0).r;
    float b = texelFetch(brushTextures, ivec3((i + ivec2(1, 0)) & 255, layer), 0).r;
    float c = texelFetch(brushTextures, ivec3((i + ivec2(0, 1)) & 255, layer), 0).r;
    float d = texelFetch(brushTextures, ivec3((i + ivec2(1, 1)) & 255, layer), 0).r;
    return mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
}

void main() {
    float mask;
    if (push.textureLayer > 0.5) {
        vec2 texel = uv * 0.5 + 0.5;
        bool inside = all(greaterThanEqual(texel, vec2(0.0))) && all(lessThanEqual(texel, vec2(1.0)));
        mask = inside ? texture(brushTextures, vec3(texel, push.textureLayer - 1.0 + slot)).r : 0.0;
    } else {
        float distance = length(uv);
        // Coverage of the rim over one pixel, centred on the radius.
        float rim = clamp((1.0 - distance) * max(radiusPixels, 0.5) + 0.5, 0.0, 1.0);
        // Hardness: the fraction of the radius at full strength before a linear fall to the rim.
        float knee = clamp(push.hardness, 0.0, 1.0);
        float falloff = knee >= 1.0 ? 1.0 : clamp((1.0 - distance) / (1.0 - knee), 0.0, 1.0);
        mask = rim * falloff;
    }
    if (push.grain > 0.0) {
        vec2 position = push.origin + gl_FragCoord.xy / push.scale;
        mask *= 1.0 - push.grain * (1.0 - paperTooth(position));
    }
    result = premultiplied * mask;
}
