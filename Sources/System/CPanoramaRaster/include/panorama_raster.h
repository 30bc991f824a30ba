#ifndef PANORAMA_RASTER_H
#define PANORAMA_RASTER_H

#include <stdint.h>

/// Draws a picture by looking up an equirectangular panorama along each pixel's ray: the synthetic
/// calibration clip's camera with a lens, a rolling shutter and motion blur, where OpenGL's pinhole cannot.
///
/// - panorama: RGB8, pw x ph, row-major; column i at bearing (i + 0.5) * 360 / pw - 180 degrees, row j at
///   elevation 90 - (j + 0.5) * 180 / ph (steady-dice's PanoramaLayout), with a world direction
///   (cos e cos b, -cos e sin b, sin e).
/// - rays: width * height * 3 floats, the unit ray of each pixel in the camera's frame (row-major, x, y, z);
///   a NaN x marks a pixel the lens does not reach (drawn black).
/// - rotations: samples * height matrices of 9 doubles (row-major), world-from-camera for each row at each
///   of `samples` instants of its exposure: sample s of row y at rotations[(s * height + y) * 9].
/// - positions: NULL (the panorama is at infinity), or samples * height camera positions (3 doubles each,
///   in the world, laid out as `rotations`) inside a sphere of `radius` centred on the world's origin that
///   carries the panorama: each ray then starts at its position and looks the panorama up where it meets
///   the sphere, so translation shows as parallax.
/// - out: width * height * 3 bytes, each pixel the mean of its samples, looked up bilinearly (wrapping in
///   bearing, clamped in elevation).
void panorama_raster(const uint8_t *panorama, int pw, int ph, const float *rays, int width, int height,
                     const double *rotations, const double *positions, double radius, int samples, uint8_t *out);

#endif
