#version 330 core
in vec2 v_texcoord;

// The font atlas: glyph coverage in the red channel.
uniform sampler2D u_font;
uniform vec4 u_colour;
// 0 fills with u_colour (the panel); 1 takes the alpha from the glyph coverage (text).
uniform float u_textured;

out vec4 fragColor;

void main() {
    float coverage = mix(1.0, texture(u_font, v_texcoord).r, u_textured);
    fragColor = vec4(u_colour.rgb, u_colour.a * coverage);
}
