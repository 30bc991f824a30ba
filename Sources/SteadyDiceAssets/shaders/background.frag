#version 330 core
in vec2 v_texcoord;

uniform sampler2D u_texture;
// The crop covers texels [0, cropSize) of a larger power-of-two texture; clamping to the centres of
// its outer texels keeps linear filtering from blending in the unused part.
uniform vec2 u_texcoordMin;
uniform vec2 u_texcoordMax;

out vec4 fragColor;

void main() {
    fragColor = vec4(texture(u_texture, clamp(v_texcoord, u_texcoordMin, u_texcoordMax)).rgb, 1.0);
}
