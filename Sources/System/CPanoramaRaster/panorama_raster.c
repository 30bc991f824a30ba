#include "panorama_raster.h"

#include <math.h>
#include <stddef.h>

static void lookup(const uint8_t *pano, int pw, int ph, double dx, double dy, double dz, double rgb[3]) {
    double bearing = atan2(-dy, dx) * 180.0 / M_PI;
    double elevation = atan2(dz, sqrt(dx * dx + dy * dy)) * 180.0 / M_PI;
    double fi = (bearing + 180.0) / 360.0 * pw - 0.5;
    double fj = (90.0 - elevation) / 180.0 * ph - 0.5;
    double i0 = floor(fi), j0 = floor(fj);
    double a = fi - i0, b = fj - j0;
    int ia = ((int)i0 % pw + pw) % pw, ib = (ia + 1) % pw;
    int ja = (int)j0, jb = ja + 1;
    if (ja < 0) ja = 0;
    if (jb < 0) jb = 0;
    if (ja > ph - 1) ja = ph - 1;
    if (jb > ph - 1) jb = ph - 1;
    const uint8_t *p00 = pano + 3 * ((long)ja * pw + ia), *p01 = pano + 3 * ((long)ja * pw + ib);
    const uint8_t *p10 = pano + 3 * ((long)jb * pw + ia), *p11 = pano + 3 * ((long)jb * pw + ib);
    for (int c = 0; c < 3; c++) {
        rgb[c] = (1 - b) * ((1 - a) * p00[c] + a * p01[c]) + b * ((1 - a) * p10[c] + a * p11[c]);
    }
}

void panorama_raster(const uint8_t *panorama, int pw, int ph, const float *rays, int width, int height,
                     const double *rotations, const double *positions, double radius, int samples, uint8_t *out) {
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            long p = (long)y * width + x;
            const float *r = rays + 3 * p;
            uint8_t *o = out + 3 * p;
            if (isnan(r[0]) || samples < 1) {
                o[0] = o[1] = o[2] = 0;
                continue;
            }
            double sum[3] = {0, 0, 0};
            for (int s = 0; s < samples; s++) {
                const double *m = rotations + ((long)s * height + y) * 9;
                double dx = m[0] * r[0] + m[1] * r[1] + m[2] * r[2];
                double dy = m[3] * r[0] + m[4] * r[1] + m[5] * r[2];
                double dz = m[6] * r[0] + m[7] * r[1] + m[8] * r[2];
                if (positions != NULL && radius > 0) {
                    // From the camera's position along the ray to the sphere (the position is inside it).
                    const double *o = positions + ((long)s * height + y) * 3;
                    double b = o[0] * dx + o[1] * dy + o[2] * dz;
                    double c = o[0] * o[0] + o[1] * o[1] + o[2] * o[2] - radius * radius;
                    double t = -b + sqrt(b * b - c);
                    dx = o[0] + t * dx; dy = o[1] + t * dy; dz = o[2] + t * dz;
                }
                double rgb[3];
                lookup(panorama, pw, ph, dx, dy, dz, rgb);
                sum[0] += rgb[0]; sum[1] += rgb[1]; sum[2] += rgb[2];
            }
            for (int c = 0; c < 3; c++) {
                double v = sum[c] / samples + 0.5;
                o[c] = (uint8_t)(v < 0 ? 0 : (v > 255 ? 255 : v));
            }
        }
    }
}
