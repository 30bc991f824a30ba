// Video files read through FFmpeg's libraries, frame by frame, each with its presentation time.
// A plain C API: no FFmpeg type crosses it, and every failure is a message in `err` (NUL-terminated,
// truncated to `errlen`).
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vf_file vf_file;

/// What a file says about its video stream, before any frame is decoded.
typedef struct {
    /// The size frames are decoded at.
    int coded_width, coded_height;
    /// The size frames are handed out at: turned by `rotation`, and widened by the sample aspect ratio.
    int width, height;
    /// Degrees clockwise the decoded picture is turned to be shown upright (0, 90, 180 or 270), from the
    /// stream's display matrix (phones write one).
    int rotation;
    /// Width of a sample over its height (1 when the file says nothing).
    double sample_aspect_ratio;
    /// The count the container states, or 0 when it states none.
    int64_t frame_count;
    /// The stream's average frame rate, or 0 when unknown.
    double frames_per_second;
    /// Seconds, or 0 when unknown.
    double duration;
    /// Seconds per tick of the stream's clock: presentation times are multiples of it (Matroska: 1 ms).
    double time_base;
    /// The video decoder's name ("h264").
    char codec[32];
    /// Every stream, in order: "video h264, audio aac, data (gpmd)".
    char streams[256];
    /// The container's `firmware` tag (a GoPro's: "HD5.02.02.00.00"), or empty when it has none.
    char firmware[64];
} vf_info;

/// Opens `path` and its best video stream. NULL with err filled when it is not a video we can decode.
vf_file *vf_open(const char *path, vf_info *info, char *err, size_t errlen);

/// Decodes the next frame. Returns 1 with a frame: its presentation time in seconds from the stream's
/// start in *time, and, when `pixels` is not NULL, tightly packed RGB rows (top first) of info.width x
/// info.height in *pixels (free with vf_free). Returns 0 after the last frame, -1 with err filled
/// when the file cannot be read on (a cut-off or damaged file).
int vf_next(vf_file *file, uint8_t **pixels, double *time, char *err, size_t errlen);

/// Reads the video stream's packets without decoding them and returns every frame's presentation time,
/// seconds from the stream's start as vf_next gives them, in presentation order, in *times (free with
/// vf_free), their number in *count. For a file just opened: it reads the file to its end, after which
/// vf_next has nothing left. Returns 0, or -1 with err filled.
int vf_scan_times(vf_file *file, double **times, int64_t *count, char *err, size_t errlen);

/// One packet of a data stream: where its bytes sit in the buffer vf_read_data_stream returns, and when it
/// plays, in seconds on the video stream's timeline (0 at the video stream's start, as vf_next times frames).
typedef struct {
    double time;
    /// Seconds the packet covers (its MP4 sample duration), or 0 when the file states none.
    double duration;
    size_t offset, size;
} vf_data_packet;

/// Reads every packet of the first data stream whose codec tag is one of `tags` (four characters each, e.g.
/// "gpmd", "camm"; tried in order), without decoding any picture. Returns 1 with the tag found in `tag` (5
/// bytes), the packets in *packets and their bytes, one after another, in *bytes (free both with vf_free);
/// 0 when the file has no such stream (its streams described in `err`); -1 with err filled when the file
/// cannot be read. With `packets` NULL it only finds the stream: 1 with `tag` filled, reading no packet (the
/// packets of a camera's file are spread through all of it).
int vf_read_data_stream(const char *path, const char *const *tags, int tag_count, char tag[5],
                        vf_data_packet **packets, int64_t *count, uint8_t **bytes, size_t *byte_count,
                        char *err, size_t errlen);

void vf_free(void *pixels);
void vf_close(vf_file *file);

#ifdef __cplusplus
}
#endif
