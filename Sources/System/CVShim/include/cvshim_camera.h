// Undistortion and the tests' projection oracles through OpenCV, in the same C style as cvshim.h:
// every function catches every C++ exception and reports it through `err`.
#pragma once
#include <stddef.h>

#include "cvfilestorage.h"  // cvs_intrinsics, which the undistorter takes

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cvs_undistorter cvs_undistorter;

/// Builds the undistortion maps once for pictures of the calibrated size; the undistorted picture
/// keeps the same camera matrix. NULL with err on failure.
cvs_undistorter *cvs_undistorter_create(const cvs_intrinsics *intrinsics, char *err, size_t errlen);
/// Undistorts one packed RGB picture (rows top first) of the calibrated size into `out` (same size),
/// bilinearly. 0 on success, -1 with err filled.
int cvs_undistorter_apply_rgb(cvs_undistorter *undistorter, const unsigned char *pixels, unsigned char *out,
                              char *err, size_t errlen);
void cvs_undistorter_free(cvs_undistorter *undistorter);


/// For the tests, an oracle that shares nothing with `cvs_undistorter` but OpenCV: undistorts one packed RGB
/// picture of `width` x `height` with maps OpenCV builds itself (cv::initUndistortRectifyMap, fixed-point maps,
/// the same camera matrix for the result) and cv::remap (bilinear, black outside), from a camera matrix
/// (row by row) and `distortion_count` coefficients given as numbers, not read from a file.
/// 0 on success, -1 with err filled.
int cvs_reference_undistort_rgb(const double camera_matrix[9], const double *distortion, int distortion_count,
                                int width, int height, const unsigned char *pixels, unsigned char *out,
                                char *err, size_t errlen);

/// Projects `count` points (x, y, z, packed) to pixels (u, v, packed) through OpenCV alone: for a camera
/// whose OpenCV frame is `camera_from_world` (a rotation, row by row, turned into OpenCV's rvec by
/// cv::Rodrigues; NULL: the points are in the camera's frame) at the origin, with `camera_matrix` (row by
/// row) and a lens: cv::projectPoints with `distortion_count` (0, 4, 5, 8 or 12) radial-tangential
/// coefficients, or, with `fisheye` 1, cv::fisheye::projectPoints with 4. An oracle for the tests: it
/// shares no code with `Lens` or the calibration solver. 0, or -1 with err filled.
int cvs_project_points(int fisheye, const double *camera_from_world, const double camera_matrix[9], const double *distortion,
                       int distortion_count, const double *points, int count, double *pixels, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
