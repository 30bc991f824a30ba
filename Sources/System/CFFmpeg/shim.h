// FFmpeg's libraries (Debian's libavformat, libavcodec, libavutil, libswscale). Only CVideoFile uses
// them: this module brings their link flags, and their version macros to anyone who wants them.
#include <libavformat/version.h>
#include <libavcodec/version.h>
