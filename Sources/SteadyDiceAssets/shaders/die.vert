#version 330 core
// The die, in model coordinates (= the world frame W). Lighting happens in view coordinates.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec2 a_texcoord;
layout(location = 2) in vec3 a_normal;

uniform mat4 u_projection;
uniform mat4 u_modelView;

out vec2 v_texcoord;
out vec3 v_normalView;

void main() {
    v_texcoord = a_texcoord;
    // The model-view is a rotation plus a translation, so its upper 3x3 rotates normals too.
    v_normalView = mat3(u_modelView) * a_normal;
    gl_Position = u_projection * u_modelView * vec4(a_position, 1.0);
}
