#version 330 core
// The die, in model coordinates (= the world frame W). Lighting happens in view coordinates.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec2 a_texcoord;
layout(location = 2) in vec3 a_normal;

uniform mat4 u_projection;
uniform mat4 u_modelView;
// The lens the picture was taken through: 0 a pinhole (u_projection alone), 1 OpenCV's radial-tangential
// model, 2 OpenCV's fisheye model. With a lens, each vertex goes through it to its pixel (the mesh is
// finely cut, so straight edges bend as the lens bends them), and u_projection gives only depth.
uniform int u_lensModel;
// radial: (k1, k2, p1, p2), (k3, k4, k5, k6), (s1, s2, s3, s4); fisheye: (k1, k2, k3, k4) in u_k0.
uniform vec4 u_k0;
uniform vec4 u_k1;
uniform vec4 u_k2;
// fx, fy, cx, cy of the camera fitted to the viewport (OpenCV pixels), and the viewport's size.
uniform vec4 u_intrinsics;
// The camera matrix's skew K[0][1]: u = fx·x + skew·y + cx.
uniform float u_skew;
uniform vec2 u_viewport;
// Past this undistorted radius (radial: of x/z, y/z; fisheye: the angle from the axis) the lens model is
// continued in a straight line: beyond the picture's corners a polynomial fitted inside it can fold back
// or blow up, and would throw vertices that are out of view into it.
uniform float u_limit;

out vec2 v_texcoord;
out vec3 v_normalView;

// OpenCV's radial-tangential model at undistorted normalised coordinates p.
vec2 radialTangential(vec2 p) {
    float r2 = dot(p, p), r4 = r2 * r2, r6 = r4 * r2;
    float radial = (1.0 + u_k0.x * r2 + u_k0.y * r4 + u_k1.x * r6) / (1.0 + u_k1.y * r2 + u_k1.z * r4 + u_k1.w * r6);
    float dx = 2.0 * u_k0.z * p.x * p.y + u_k0.w * (r2 + 2.0 * p.x * p.x) + u_k2.x * r2 + u_k2.y * r4;
    float dy = u_k0.z * (r2 + 2.0 * p.y * p.y) + 2.0 * u_k0.w * p.x * p.y + u_k2.z * r2 + u_k2.w * r4;
    return p * radial + vec2(dx, dy);
}

// Distorted normalised coordinates of a ray in OpenCV's camera frame C (x right, y down, z forward).
vec2 distort(vec3 c) {
    if (u_lensModel == 2) {
        float r = length(c.xy);
        if (r <= 0.0) return vec2(0.0);
        float theta = atan(r, c.z);
        float scale = 1.0;
        if (theta > u_limit) { scale = theta / u_limit; theta = u_limit; }
        float t2 = theta * theta;
        float thetaD = theta * (1.0 + t2 * (u_k0.x + t2 * (u_k0.y + t2 * (u_k0.z + t2 * u_k0.w))));
        return c.xy * (thetaD * scale / r);
    }
    vec2 p = c.xy / c.z;
    float radius = length(p);
    float scale = 1.0;
    if (radius > u_limit) { scale = radius / u_limit; p *= u_limit / radius; }
    return scale * radialTangential(p);
}

void main() {
    v_texcoord = a_texcoord;
    // The model-view is a rotation plus a translation, so its upper 3x3 rotates normals too.
    v_normalView = mat3(u_modelView) * a_normal;
    if (u_lensModel == 0) {
        gl_Position = u_projection * u_modelView * vec4(a_position, 1.0);
        return;
    }
    vec4 eye = u_modelView * vec4(a_position, 1.0);
    vec4 clip = u_projection * eye;
    vec3 c = vec3(eye.x, -eye.y, -eye.z);
    // Behind the camera the radial model has no image: the near plane clips such a vertex anyway.
    if (u_lensModel == 1 && c.z <= 0.0) {
        gl_Position = clip;
        return;
    }
    vec2 d = distort(c);
    vec2 pixel = vec2(u_intrinsics.x * d.x + u_skew * d.y + u_intrinsics.z, u_intrinsics.y * d.y + u_intrinsics.w);
    vec2 ndc = vec2(2.0 * (pixel.x + 0.5) / u_viewport.x - 1.0, 1.0 - 2.0 * (pixel.y + 0.5) / u_viewport.y);
    gl_Position = vec4(ndc * clip.w, clip.z, clip.w);
}
