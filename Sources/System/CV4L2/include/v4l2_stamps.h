#ifndef V4L2_STAMPS_H
#define V4L2_STAMPS_H

/// What a V4L2 capture device's buffer timestamps are, from the flags of its first buffer (VIDIOC_QUERYBUF
/// on a second handle: any handle may query a queue's buffers). Call once the capture has started.
typedef struct {
    /// 1 when the timestamps count CLOCK_MONOTONIC (V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC).
    int monotonic;
    /// 1 when they mark the start of exposure (V4L2_BUF_FLAG_TSTAMP_SRC_SOE), 0 the end of the frame
    /// (V4L2_BUF_FLAG_TSTAMP_SRC_EOF, the kernel's default).
    int start_of_exposure;
} v4l2_stamps;

/// Fills *out for the device at `path` (/dev/videoN). Returns 0, or the errno that stopped it.
int v4l2_stamps_query(const char *path, v4l2_stamps *out);

#endif
