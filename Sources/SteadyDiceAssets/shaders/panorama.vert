#version 330 core
// One triangle that covers the whole viewport; the fragment shader works from gl_FragCoord.
void main() {
    vec2 corner = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);
    gl_Position = vec4(corner, 0.0, 1.0);
}
