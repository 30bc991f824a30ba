// Feature tracking and two views' turn through OpenCV, in the same C style as cvshim.h:
// every function catches every C++ exception and reports it through `err`.
#pragma once
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cvs_tracker cvs_tracker;

/// A tracker of corners from one frame to the next: Shi-Tomasi corners (goodFeaturesToTrack), pyramidal
/// Lucas-Kanade optical flow (calcOpticalFlowPyrLK), and a RANSAC homography keeping the consistent tracks.
cvs_tracker *cvs_tracker_create(int max_corners, char *err, size_t errlen);
/// Feeds the next packed RGB frame (rows top first). When a previous frame was fed, writes up to
/// `max_corners` point pairs (x0, y0, x1, y1 in pixels, OpenCV's pixel coordinates) that moved
/// consistently with one homography to `pairs` and their number to *pair_count; *corners is the number
/// of corners found in the previous frame. A picture whose longer side is over 2000 pixels is tracked at a whole
/// fraction of its size (4K at half); the pairs are still in the full picture's pixels. Returns 0 on success, -1
/// with err filled.
int cvs_tracker_push_rgb(cvs_tracker *tracker, const unsigned char *pixels, int width, int height,
                         float *pairs, int *pair_count, int *corners, char *err, size_t errlen);
void cvs_tracker_free(cvs_tracker *tracker);

typedef struct cvs_long_tracker cvs_long_tracker;

/// A tracker that follows each corner for as long as it lives: pyramidal Lucas-Kanade from each frame to the next,
/// kept only while tracking back returns it to within 0.5 px, and topped up with new Shi-Tomasi corners away from the
/// living ones once a quarter have died. Each corner keeps the number it was given when found, so the points seen in two frames far apart are
/// the ones with the same number in both.
cvs_long_tracker *cvs_long_tracker_create(int max_corners, char *err, size_t errlen);
/// Feeds the next packed RGB frame; writes the corners alive in it, up to `max_corners`: their numbers to `ids` and
/// their pixels (x, y, OpenCV's pixel coordinates, in the full picture) to `points`, and their count to *count.
/// Returns 0 on success, -1 with err filled.
int cvs_long_tracker_push_rgb(cvs_long_tracker *tracker, const unsigned char *pixels, int width, int height,
                              long long *ids, float *points, int *count, char *err, size_t errlen);
void cvs_long_tracker_free(cvs_long_tracker *tracker);

/// The rotation between two views of `count` points given as normalised image coordinates (x/z, y/z of each point's
/// ray in the camera's frame C), from their essential matrix (findEssentialMat, RANSAC with `threshold` in the same
/// normalised units) and recoverPose: X_b = R·X_a + t for a point X seen in view a and in view b. Writes R row by row
/// to `rotation` and the points that fit it to *inliers. Returns 0 on success, 1 when no essential matrix is found,
/// -1 with err filled.
int cvs_essential_rotation(const double *a, const double *b, int count, double threshold, double rotation[9], int *inliers,
                           char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
