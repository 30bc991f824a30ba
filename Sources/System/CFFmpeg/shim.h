// FFmpeg's libraries (Debian's libavformat, libavcodec, libavutil, libswscale). Only CVideoFile uses
// them, loading them at its first file (video_file.c): this module brings their headers and version macros, no
// link flags.
#include <libavformat/version.h>
#include <libavcodec/version.h>
