#include "v4l2_stamps.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int v4l2_stamps_query(const char *path, v4l2_stamps *out) {
    int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return errno;
    struct v4l2_buffer buffer;
    memset(&buffer, 0, sizeof buffer);
    buffer.index = 0;
    buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    buffer.memory = V4L2_MEMORY_MMAP;
    int status = 0;
    if (ioctl(fd, VIDIOC_QUERYBUF, &buffer) != 0) {
        status = errno;
    } else {
        out->monotonic = (buffer.flags & V4L2_BUF_FLAG_TIMESTAMP_MASK) == V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC;
        out->start_of_exposure = (buffer.flags & V4L2_BUF_FLAG_TSTAMP_SRC_MASK) == V4L2_BUF_FLAG_TSTAMP_SRC_SOE;
    }
    close(fd);
    return status;
}
