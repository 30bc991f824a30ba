#version 330 core
in vec2 v_texcoord;
in vec3 v_normalView;

uniform sampler2D u_texture;
// 0 draws the die in colour; 1 draws it grey and dim (no live attitude).
uniform float u_greyed;

out vec4 fragColor;

// A head light from above-left of the viewer, in view coordinates, with enough ambient light that a
// face seen edge-on still shows its pips.
const vec3 lightView = normalize(vec3(-0.3, 0.5, 1.0));
const float ambient = 0.45;

void main() {
    vec3 albedo = texture(u_texture, v_texcoord).rgb;
    float diffuse = max(dot(normalize(v_normalView), lightView), 0.0);
    vec3 lit = albedo * (ambient + (1.0 - ambient) * diffuse);
    float luminance = dot(lit, vec3(0.299, 0.587, 0.114));
    fragColor = vec4(mix(lit, vec3(luminance * 0.6), u_greyed), 1.0);
}
