// A plain C API over the parts of OpenCV steady-dice uses. Every function catches every C++
// exception and reports it through `err` (a NUL-terminated message, truncated to `errlen`), so
// no cv::Exception ever unwinds into Swift.
#pragma once
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Silences OpenCV's own log lines (backend probing warnings) unless OPENCV_LOG_LEVEL is set in the
/// environment, FFmpeg's (through OPENCV_FFMPEG_LOGLEVEL, unless set), and keeps videoio off the GStreamer
/// backend (OPENCV_VIDEOIO_PRIORITY_GSTREAMER=0, unless set), whose probing prints GStreamer's own warnings:
/// this API's error messages say what went wrong instead. Call before the first capture or writer; safe
/// to call more than once.
void cvs_quiet_logging(void);

/// Frees a pixel buffer returned by this API.
void cvs_free(void *pixels);

/// Reads an image file into tightly packed 8-bit RGB, rows top first. Returns 0 on success and
/// sets *pixels (free with cvs_free), *width and *height; returns -1 and fills err on failure.
int cvs_image_read_rgb(const char *path, unsigned char **pixels, int *width, int *height, char *err, size_t errlen);

/// Encodes tightly packed 8-bit RGB, rows top first, as an image file whose type follows `extension`
/// (".png" is lossless) in memory: the caller writes the bytes, so a failed write cannot go unseen.
/// Returns 0 and sets *bytes (free with cvs_free) and *count; -1 with err filled on failure.
int cvs_image_encode_rgb(const char *extension, const unsigned char *pixels, int width, int height,
                         unsigned char **bytes, size_t *count, char *err, size_t errlen);

typedef struct cvs_capture cvs_capture;

/// Opens a video file. Returns NULL with err filled when it cannot be opened.
cvs_capture *cvs_capture_open_file(const char *path, char *err, size_t errlen);
/// Opens a camera by index (V4L2), or by device path when `device` is not NULL. A requested
/// width, height or rate of 0 leaves the driver's default.
cvs_capture *cvs_capture_open_camera(int index, const char *device, int width, int height, double fps,
                                     char *err, size_t errlen);
/// Grabs and decodes the next frame into RGB (rows top first). Returns 1 with a frame (free
/// *pixels with cvs_free), 0 at the end of the stream, -1 with err filled on a failure.
/// *position_ms is the frame's position in the stream when the backend knows it, else -1.
int cvs_capture_read_rgb(cvs_capture *capture, unsigned char **pixels, int *width, int *height,
                         double *position_ms, char *err, size_t errlen);
/// Moves to a frame index (0 first). Returns 0 on success, -1 with err filled.
int cvs_capture_seek_frame(cvs_capture *capture, double frame, char *err, size_t errlen);
/// Frame count, rate, width and height as the backend reports them (<= 0 when unknown).
double cvs_capture_frame_count(cvs_capture *capture);
double cvs_capture_fps(cvs_capture *capture);
void cvs_capture_close(cvs_capture *capture);

typedef struct cvs_writer cvs_writer;

/// Opens a video writer with a four-character codec (e.g. "FFV1", "MJPG"). NULL with err on failure.
cvs_writer *cvs_writer_open(const char *path, const char *fourcc, double fps, int width, int height,
                            char *err, size_t errlen);
/// Appends one RGB frame (rows top first) of the writer's size. 0 on success, -1 with err filled.
int cvs_writer_write_rgb(cvs_writer *writer, const unsigned char *pixels, char *err, size_t errlen);
void cvs_writer_close(cvs_writer *writer);

#ifdef __cplusplus
}
#endif
