#version 450
// A textured quad whose four corners (target pixels) come from the CPU: canvas tiles under the view transform,
// chartlets, and a stroke layer baked onto the canvas.

layout(push_constant) uniform Push {
    vec4 cornersXY01;  // corner 0 (x, y), corner 1 (x, y)
    vec4 cornersXY23;  // corner 2 (x, y), corner 3 (x, y)  (strip order: top-left, top-right, bottom-left, bottom-right)
    vec2 targetSize;
    float opacity;     // multiplies the premultiplied texel
    float dither;      // 1: add ordered dither of ±0.5/255 (8-bit targets)
    vec4 textureRect;  // where the quad's texture lies in the bound image: origin (u, v), size (u, v)
} push;

layout(location = 0) out vec2 texel;

void main() {
    vec2 corners[4] = vec2[](push.cornersXY01.xy, push.cornersXY01.zw, push.cornersXY23.xy, push.cornersXY23.zw);
    vec2 pixel = corners[gl_VertexIndex];
    gl_Position = vec4(pixel / push.targetSize * 2.0 - 1.0, 0.0, 1.0);
    texel = push.textureRect.xy + vec2(float(gl_VertexIndex & 1), float(gl_VertexIndex >> 1)) * push.textureRect.zw;
}
