// OpenCV's FileStorage files of a camera (the calibration file, OpenCV's camera file) read and written through
// OpenCV's core alone, in the same C style as cvshim.h: every function catches every C++ exception and reports it
// through `err`.
#pragma once
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Frees a buffer returned by this API.
void cvs_storage_free(void *buffer);

/// What an OpenCV calibration file holds. `distortion` has `distortion_count` values (4, 5, 8, 12 or 14).
typedef struct {
    double camera_matrix[9];   // row by row
    double distortion[14];
    int distortion_count;
    int image_width;
    int image_height;
    /// `distortion_model` as the file names it ("radial", "fisheye"), empty when it names none
    /// (OpenCV's own tools write none: their model is radial).
    char distortion_model[16];
} cvs_intrinsics;

/// Reads `camera_matrix`, `distortion_coefficients`, `image_width`, `image_height` and, when present,
/// `distortion_model` from an OpenCV
/// FileStorage file (YAML or XML). Returns 0 on success; -1 with err filled, naming the key, otherwise.
int cvs_intrinsics_read(const char *path, cvs_intrinsics *out, char *err, size_t errlen);

/// What `steady-dice calibrate` found, as written to an OpenCV FileStorage file.
typedef struct {
    double camera_matrix[9];   // row by row
    int image_width;
    int image_height;
    double imu_to_camera[4];   // w, x, y, z: v_D = R·v_S
    double time_offset_s;      // log time = video time + offset
    double residual_deg_per_s;
    int frames_used;
    int frames_total;
    const char *warning;       // NULL or empty: none
    int has_turned;            // 1: write turned_deg
    double turned_deg[3];      // degrees turned about the camera's x, y, z over the frames used
    int has_standard_errors;   // 1: write standard_errors
    double time_offset_se_ms;
    double vertical_fov_se_percent;
    double mount_se_deg[3];    // about the camera's x, y, z
    double distortion[12];     // the lens's coefficients in OpenCV's order (none: five zeros)
    int distortion_count;
    const char *distortion_model; // NULL: none written (radial, OpenCV's default); "fisheye"
    int has_readout;           // 1: write rolling_shutter_readout_s and what instant the offset refers to
    double readout_s;          // row y is seen at video time + offset + readout_s * (y / image_height - 1/2)
    double readout_se_ms;      // its standard error, when has_standard_errors
    int distortion_se_count;   // > 0 (with has_standard_errors): the estimated lens coefficients' standard errors, in order
    double distortion_se[12];
    int offset_only;           // 1: only time_offset_s is determined: no camera_matrix, no imu_to_camera, and
                               // `undetermined: [camera_matrix, imu_to_camera]` with the reason in `warning`
    int live_offset;           // 1: time_offset_clock: live (the offset pairs a live rig's arrival clocks); 0: clip
    int omit_camera;           // 1: the field of view is not determined: no camera_matrix, distortion_coefficients
    int omit_mount;            // 1: no axis of the mount is determined: no imu_to_camera
    int has_gyro_bias;         // 1: write gyro_bias_deg_per_s (and its standard errors, when has_standard_errors)
    double gyro_bias_deg_per_s[3];
    double gyro_bias_se_deg_per_s[3];
    int undetermined_count;    // > 0 (and not offset_only): `undetermined: [names]` and `not_determined: {name: why}`
    const char *const *undetermined_names;
    const char *const *undetermined_why;
} cvs_camera_imu_calibration;

/// Encodes the calibration as a cv::FileStorage file in memory (YAML for ".yaml"/".yml", XML for ".xml"),
/// with the lens's distortion coefficients (five zeros when distortion_count is 0). Returns 0 and sets *text (NUL-terminated; free with cvs_storage_free) and
/// *count (without the NUL); -1 with err filled on failure.
int cvs_calibration_encode(const char *extension, const cvs_camera_imu_calibration *calibration, char **text, size_t *count,
                           char *err, size_t errlen);

/// Reads `imu_to_camera` (4 numbers, w, x, y, z; *has_mount 0 when the file has none), `time_offset_s`, `time_offset_clock` (*live_offset 1 for
/// `live`, 0 for `clip` or none), `time_offset_refers_to` (*middle_row 1 for `middle_row`, 0 for none) and
/// `gyro_bias_deg_per_s` (3 numbers; *has_gyro_bias 0 when the file has none) and `rolling_shutter_readout_s`
/// (*has_readout 0 when the file has none) from an OpenCV FileStorage file, every NaN the one quiet NaN.
/// Returns 0 on success; -1 with err filled, naming the key, otherwise.
int cvs_calibration_read_mount(const char *path, double imu_to_camera[4], int *has_mount, double *time_offset_s, int *live_offset,
                               int *middle_row, double gyro_bias_deg_per_s[3], int *has_gyro_bias, double *readout_s,
                               int *has_readout, char *err, size_t errlen);

/// Reads what a calibration file says beside its numbers: `undetermined` (a list of names) with each one's line under
/// `not_determined` (a map of name to text), as "name<TAB>why<LF>" lines in *undetermined (why empty when not given;
/// tabs and line breaks in it made spaces); `warning` in *warning (empty when none); `residual_deg_per_s`, `frames_used`,
/// `frames_total` in fit[0..2] (*has_fit 0 when the file has none of them); `turned_deg` (*has_turned 0 when none).
/// Both strings are NUL-terminated; free them with cvs_storage_free. Returns 0 on success; -1 with err filled, naming the key.
int cvs_calibration_read_notes(const char *path, char **undetermined, char **warning, double fit[3], int *has_fit,
                               double turned_deg[3], int *has_turned, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
