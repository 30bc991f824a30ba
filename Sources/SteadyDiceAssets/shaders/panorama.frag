#version 330 core
// An equirectangular panorama seen through a pinhole camera: each pixel's ray is turned into the
// world frame W and looked up by bearing and elevation (README, "Frames and the pipeline").

uniform sampler2D u_panorama;       // S wraps (GL_REPEAT), T clamps; linear filtering
uniform mat3 u_worldFromCamera;     // OpenCV camera frame C (X right, Y down, Z forward) to W
uniform vec4 u_intrinsics;          // fx, fy, cx, cy in OpenCV pixel coordinates of the viewport
uniform float u_skew;               // the camera matrix's K[0][1]: u = fx·x + skew·y + cx
uniform float u_viewportHeight;     // pixels

out vec4 fragColor;

const float PI = 3.14159265358979;

void main() {
    // OpenCV pixel coordinates: centres at integers, rows from the top.
    vec2 uv = vec2(gl_FragCoord.x - 0.5, u_viewportHeight - gl_FragCoord.y - 0.5);
    float y = (uv.y - u_intrinsics.w) / u_intrinsics.y;
    vec3 rayCamera = vec3((uv.x - u_intrinsics.z - u_skew * y) / u_intrinsics.x, y, 1.0);
    vec3 w = u_worldFromCamera * rayCamera;
    float horizontal = length(w.xy);
    // Straight up or down the bearing is undefined; any column of the clamped edge row is as good.
    float bearing = horizontal > 0.0 ? atan(-w.y, w.x) : 0.0;
    float elevation = atan(w.z, horizontal);
    vec2 st = vec2((bearing + PI) / (2.0 * PI), (0.5 * PI - elevation) / PI);
    // Level 0 only: the texture has no mipmaps, and the wrap from s = 1 to s = 0 must not be read
    // as a large derivative.
    fragColor = vec4(textureLod(u_panorama, st, 0.0).rgb, 1.0);
}
