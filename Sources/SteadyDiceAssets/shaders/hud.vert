#version 330 core
// HUD quads in window pixels, (0, 0) at the top-left corner, rows down.
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_texcoord;

uniform vec2 u_viewport;

out vec2 v_texcoord;

void main() {
    v_texcoord = a_texcoord;
    gl_Position = vec4(2.0 * a_position.x / u_viewport.x - 1.0, 1.0 - 2.0 * a_position.y / u_viewport.y, 0.0, 1.0);
}
