// Video files through FFmpeg's libraries: see include/video_file.h.
#include "video_file.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// FFmpeg's libraries are loaded at the first file opened, not linked: with the codecs' libraries behind them they
// cost about 0.03 CPU-seconds at every start of a program that links them (half of what a start costs), which most
// runs (help, a refused option, a log without a video) never use. Each function is looked up once, by its C name, in
// the library of the major version built against (libavformat.so.59 for FFmpeg 5.1), into a pointer of its own type;
// the calls below go through those pointers under the functions' own names.
#define FF_FUNCTIONS(X) \
    X(avutil, av_dict_get) X(avutil, av_display_rotation_get) X(avutil, av_fourcc_make_string) X(avutil, av_frame_alloc) \
    X(avutil, av_frame_free) X(avutil, av_frame_unref) X(avutil, av_get_media_type_string) \
    X(avutil, av_get_pix_fmt_name) X(avutil, av_log_set_level) X(avutil, av_strerror) \
    X(avcodec, av_packet_alloc) X(avcodec, av_packet_free) X(avcodec, av_packet_unref) \
    X(avcodec, avcodec_alloc_context3) X(avcodec, avcodec_find_decoder) X(avcodec, avcodec_free_context) \
    X(avcodec, avcodec_get_name) X(avcodec, avcodec_open2) X(avcodec, avcodec_parameters_to_context) \
    X(avcodec, avcodec_receive_frame) X(avcodec, avcodec_send_packet) \
    X(avformat, av_guess_sample_aspect_ratio) X(avformat, av_read_frame) X(avformat, av_stream_get_side_data) \
    X(avformat, avformat_close_input) X(avformat, avformat_find_stream_info) X(avformat, avformat_open_input) \
    X(swscale, sws_freeContext) X(swscale, sws_getCachedContext) X(swscale, sws_scale)

#define FF_STRING(x) #x
#define FF_SONAME(name, major) "lib" #name ".so." FF_STRING(major)

static struct {
#define FF_POINTER(library, function) __typeof__(function) *function;
    FF_FUNCTIONS(FF_POINTER)
#undef FF_POINTER
} ff;

static pthread_once_t ff_once = PTHREAD_ONCE_INIT;
static char ff_error[512];

static void ff_load_once(void) {
    struct { const char *soname; void *handle; } libraries[] = {
        {FF_SONAME(avutil, LIBAVUTIL_VERSION_MAJOR), NULL}, {FF_SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR), NULL},
        {FF_SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR), NULL}, {FF_SONAME(swscale, LIBSWSCALE_VERSION_MAJOR), NULL},
    };
    for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; ++i) {
        libraries[i].handle = dlopen(libraries[i].soname, RTLD_NOW | RTLD_LOCAL);
        if (!libraries[i].handle) {
            snprintf(ff_error, sizeof ff_error, "cannot load FFmpeg's %s: %s", libraries[i].soname, dlerror());
            return;
        }
    }
    void *avutil = libraries[0].handle, *avcodec = libraries[1].handle, *avformat = libraries[2].handle, *swscale = libraries[3].handle;
#define FF_LOOKUP(library, function) \
    ff.function = (__typeof__(ff.function))dlsym(library, #function); \
    if (!ff.function) { \
        snprintf(ff_error, sizeof ff_error, "FFmpeg's lib%s has no %s (another FFmpeg than the one built against?)", #library, #function); \
        return; \
    }
    FF_FUNCTIONS(FF_LOOKUP)
#undef FF_LOOKUP
}

/// Loads FFmpeg's libraries the first time; 0, or -1 with err saying which library or function is missing.
static int ff_load(char *err, size_t errlen) {
    pthread_once(&ff_once, ff_load_once);
    if (ff_error[0] == 0) return 0;
    if (err && errlen > 0) snprintf(err, errlen, "%s", ff_error);
    return -1;
}

// The calls below go through the pointers: one line for each of FF_FUNCTIONS (a macro cannot define macros; a name
// missing here would be an undefined symbol at link time, as the libraries are not linked).
#define av_dict_get ff.av_dict_get
#define av_display_rotation_get ff.av_display_rotation_get
#define av_fourcc_make_string ff.av_fourcc_make_string
#define av_frame_alloc ff.av_frame_alloc
#define av_frame_free ff.av_frame_free
#define av_frame_unref ff.av_frame_unref
#define av_get_media_type_string ff.av_get_media_type_string
#define av_get_pix_fmt_name ff.av_get_pix_fmt_name
#define av_log_set_level ff.av_log_set_level
#define av_strerror ff.av_strerror
#define av_packet_alloc ff.av_packet_alloc
#define av_packet_free ff.av_packet_free
#define av_packet_unref ff.av_packet_unref
#define avcodec_alloc_context3 ff.avcodec_alloc_context3
#define avcodec_find_decoder ff.avcodec_find_decoder
#define avcodec_free_context ff.avcodec_free_context
#define avcodec_get_name ff.avcodec_get_name
#define avcodec_open2 ff.avcodec_open2
#define avcodec_parameters_to_context ff.avcodec_parameters_to_context
#define avcodec_receive_frame ff.avcodec_receive_frame
#define avcodec_send_packet ff.avcodec_send_packet
#define av_guess_sample_aspect_ratio ff.av_guess_sample_aspect_ratio
#define av_read_frame ff.av_read_frame
#define av_stream_get_side_data ff.av_stream_get_side_data
#define avformat_close_input ff.avformat_close_input
#define avformat_find_stream_info ff.avformat_find_stream_info
#define avformat_open_input ff.avformat_open_input
#define sws_freeContext ff.sws_freeContext
#define sws_getCachedContext ff.sws_getCachedContext
#define sws_scale ff.sws_scale

struct vf_file {
    AVFormatContext *format;
    AVCodecContext *decoder;
    AVFrame *frame;
    AVPacket *packet;
    struct SwsContext *scaler;
    int stream;
    vf_info info;
    /// Width after the sample aspect ratio, before the rotation.
    int scaled_width;
    AVRational time_base;
    int64_t start;
    int draining;
    int64_t frames_out;
    double last_time;
};

static void fail(char *err, size_t errlen, const char *format, ...) {
    if (!err || errlen == 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(err, errlen, format, args);
    va_end(args);
}

static const char *reason(int code, char *buffer, size_t length) {
    av_strerror(code, buffer, length);
    return buffer;
}

void vf_free(void *pixels) { free(pixels); }

void vf_close(vf_file *file) {
    if (!file) return;
    sws_freeContext(file->scaler);
    av_frame_free(&file->frame);
    av_packet_free(&file->packet);
    avcodec_free_context(&file->decoder);
    avformat_close_input(&file->format);
    free(file);
}

static void describe_streams(AVFormatContext *format, char *out, size_t length) {
    out[0] = 0;
    for (unsigned i = 0; i < format->nb_streams; i++) {
        AVCodecParameters *p = format->streams[i]->codecpar;
        const char *type = av_get_media_type_string(p->codec_type);
        const char *name = avcodec_get_name(p->codec_id);
        char tag[AV_FOURCC_MAX_STRING_SIZE] = {0};
        char item[64];
        if (p->codec_id == AV_CODEC_ID_NONE && p->codec_tag) {
            av_fourcc_make_string(tag, p->codec_tag);
            snprintf(item, sizeof item, "%s%s (%s)", i ? ", " : "", type ? type : "unknown", tag);
        } else {
            snprintf(item, sizeof item, "%s%s %s", i ? ", " : "", type ? type : "unknown", name);
        }
        if (strlen(out) + strlen(item) + 1 < length) strcat(out, item);
    }
}

vf_file *vf_open(const char *path, vf_info *info, char *err, size_t errlen) {
    char why[128];
    if (ff_load(err, errlen) != 0) return NULL;
    // Our own messages say what went wrong; FFmpeg's log lines would only repeat it on stderr.
    av_log_set_level(AV_LOG_QUIET);
    vf_file *file = calloc(1, sizeof *file);
    if (!file) { fail(err, errlen, "out of memory"); return NULL; }
    int code = avformat_open_input(&file->format, path, NULL, NULL);
    if (code < 0) {
        fail(err, errlen, "cannot be opened as a video (%s)", reason(code, why, sizeof why));
        free(file);
        return NULL;
    }
    code = avformat_find_stream_info(file->format, NULL);
    if (code < 0) {
        fail(err, errlen, "cannot read its streams (%s)", reason(code, why, sizeof why));
        vf_close(file);
        return NULL;
    }
    // The first video stream that is not a cover picture.
    file->stream = -1;
    for (unsigned i = 0; i < file->format->nb_streams; i++) {
        AVStream *s = file->format->streams[i];
        if (s->codecpar->codec_type == AVMEDIA_TYPE_VIDEO && !(s->disposition & AV_DISPOSITION_ATTACHED_PIC)) {
            file->stream = (int)i;
            break;
        }
    }
    describe_streams(file->format, file->info.streams, sizeof file->info.streams);
    // A GoPro names its camera by its firmware (the MP4's udta FIRM box, which FFmpeg gives as "firmware").
    const AVDictionaryEntry *firmware = av_dict_get(file->format->metadata, "firmware", NULL, 0);
    if (firmware && firmware->value) snprintf(file->info.firmware, sizeof file->info.firmware, "%s", firmware->value);
    if (file->stream < 0) {
        fail(err, errlen, "holds no video stream (its streams: %s)", file->info.streams[0] ? file->info.streams : "none");
        vf_close(file);
        return NULL;
    }
    AVStream *stream = file->format->streams[file->stream];
    const AVCodec *codec = avcodec_find_decoder(stream->codecpar->codec_id);
    if (!codec) {
        fail(err, errlen, "no decoder for its video codec %s in this FFmpeg", avcodec_get_name(stream->codecpar->codec_id));
        vf_close(file);
        return NULL;
    }
    file->decoder = avcodec_alloc_context3(codec);
    file->frame = av_frame_alloc();
    file->packet = av_packet_alloc();
    if (!file->decoder || !file->frame || !file->packet) {
        fail(err, errlen, "out of memory");
        vf_close(file);
        return NULL;
    }
    avcodec_parameters_to_context(file->decoder, stream->codecpar);
    file->decoder->thread_count = 0;
    code = avcodec_open2(file->decoder, codec, NULL);
    if (code < 0) {
        fail(err, errlen, "cannot start its %s decoder (%s)", codec->name, reason(code, why, sizeof why));
        vf_close(file);
        return NULL;
    }
    vf_info *i = &file->info;
    i->coded_width = stream->codecpar->width;
    i->coded_height = stream->codecpar->height;
    if (i->coded_width <= 0 || i->coded_height <= 0) {
        fail(err, errlen, "its video stream states no picture size");
        vf_close(file);
        return NULL;
    }
    AVRational sar = av_guess_sample_aspect_ratio(file->format, stream, NULL);
    i->sample_aspect_ratio = (sar.num > 0 && sar.den > 0) ? av_q2d(sar) : 1;
    file->scaled_width = (int)lround(i->coded_width * i->sample_aspect_ratio);
    if (file->scaled_width < 1) file->scaled_width = 1;
    const int32_t *matrix = (const int32_t *)av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, NULL);
    i->rotation = 0;
    if (matrix) {
        double counterclockwise = av_display_rotation_get(matrix);
        if (!isnan(counterclockwise)) {
            // Frames are turned in quarter turns only: any other angle would be shown wrong without a word.
            double quarters = -counterclockwise / 90.0;
            if (fabs(quarters - round(quarters)) * 90.0 > 0.5) {
                fail(err, errlen, "its metadata turns the picture by %.1f° counterclockwise, not a multiple of 90°: only "
                     "quarter turns can be applied to its frames; turn it upright first (re-encode it with ffmpeg's rotate filter)",
                     fmod(fmod(counterclockwise, 360.0) + 360.0, 360.0));
                vf_close(file);
                return NULL;
            }
            long quarter = lround(quarters);
            i->rotation = (int)(((quarter % 4) + 4) % 4) * 90;
        }
    }
    int turned = i->rotation == 90 || i->rotation == 270;
    i->width = turned ? i->coded_height : file->scaled_width;
    i->height = turned ? file->scaled_width : i->coded_height;
    i->frame_count = stream->nb_frames > 0 ? stream->nb_frames : 0;
    AVRational rate = stream->avg_frame_rate.num > 0 ? stream->avg_frame_rate : stream->r_frame_rate;
    i->frames_per_second = (rate.num > 0 && rate.den > 0) ? av_q2d(rate) : 0;
    if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) {
        i->duration = stream->duration * av_q2d(stream->time_base);
    } else if (file->format->duration > 0) {
        i->duration = file->format->duration / (double)AV_TIME_BASE;
    }
    i->time_base = av_q2d(stream->time_base);
    snprintf(i->codec, sizeof i->codec, "%s", codec->name);
    file->time_base = stream->time_base;
    file->start = stream->start_time;
    if (info) *info = *i;
    return file;
}

/// Converts the decoded frame to RGB at the scaled size, then turns it by the rotation.
static int convert(vf_file *file, uint8_t **pixels, char *err, size_t errlen) {
    AVFrame *f = file->frame;
    vf_info *i = &file->info;
    if (f->width != i->coded_width || f->height != i->coded_height) {
        fail(err, errlen, "frame %lld is %dx%d, not %dx%d as the stream states", (long long)file->frames_out, f->width,
             f->height, i->coded_width, i->coded_height);
        return -1;
    }
    int w = file->scaled_width, h = i->coded_height;
    // Accurate rounding up to 1920x1080; above, it is most of a frame's cost (a 4K frame: 116 ms with it, 16 ms
    // without, on one core) for a difference of at most one in 255 on a channel.
    int accurate = (long long)w * h <= 1920LL * 1080 ? SWS_ACCURATE_RND : 0;
    file->scaler = sws_getCachedContext(file->scaler, f->width, f->height, f->format, w, h, AV_PIX_FMT_RGB24,
                                        SWS_BICUBIC | accurate | SWS_FULL_CHR_H_INT, NULL, NULL, NULL);
    if (!file->scaler) {
        fail(err, errlen, "cannot convert its pixel format %s to RGB", av_get_pix_fmt_name(f->format));
        return -1;
    }
    size_t size = (size_t)w * (size_t)h * 3;
    uint8_t *rgb = malloc(size);
    if (!rgb) { fail(err, errlen, "out of memory"); return -1; }
    uint8_t *planes[4] = {rgb, NULL, NULL, NULL};
    int strides[4] = {w * 3, 0, 0, 0};
    sws_scale(file->scaler, (const uint8_t *const *)f->data, f->linesize, 0, f->height, planes, strides);
    if (i->rotation == 0) { *pixels = rgb; return 0; }
    uint8_t *out = malloc(size);
    if (!out) { free(rgb); fail(err, errlen, "out of memory"); return -1; }
    int ow = i->width;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int tx, ty;
            switch (i->rotation) {
            case 90: tx = h - 1 - y; ty = x; break;           // clockwise
            case 180: tx = w - 1 - x; ty = h - 1 - y; break;
            default: tx = y; ty = w - 1 - x; break;           // 270 clockwise
            }
            memcpy(out + ((size_t)ty * ow + tx) * 3, rgb + ((size_t)y * w + x) * 3, 3);
        }
    }
    free(rgb);
    *pixels = out;
    return 0;
}

int vf_next(vf_file *file, uint8_t **pixels, double *time, char *err, size_t errlen) {
    char why[128];
    if (pixels) *pixels = NULL;
    for (;;) {
        int code = avcodec_receive_frame(file->decoder, file->frame);
        if (code == 0) {
            int64_t pts = file->frame->best_effort_timestamp;
            double seconds;
            if (pts == AV_NOPTS_VALUE) {
                // No time for this frame: one frame period after the last (or 0 for the first).
                double period = file->info.frames_per_second > 0 ? 1 / file->info.frames_per_second : 0;
                seconds = file->frames_out == 0 ? 0 : file->last_time + period;
            } else {
                if (file->start == AV_NOPTS_VALUE) file->start = pts;
                seconds = (pts - file->start) * av_q2d(file->time_base);
            }
            if (pixels && convert(file, pixels, err, errlen) != 0) {
                av_frame_unref(file->frame);
                return -1;
            }
            av_frame_unref(file->frame);
            if (time) *time = seconds;
            file->last_time = seconds;
            file->frames_out++;
            return 1;
        }
        if (code == AVERROR_EOF) return 0;
        if (code != AVERROR(EAGAIN)) {
            fail(err, errlen, "cannot decode frame %lld (%s)", (long long)file->frames_out, reason(code, why, sizeof why));
            return -1;
        }
        if (file->draining) return 0;
        code = av_read_frame(file->format, file->packet);
        if (code == AVERROR_EOF) {
            file->draining = 1;
            avcodec_send_packet(file->decoder, NULL);
            continue;
        }
        if (code < 0) {
            fail(err, errlen, "stopped reading after %lld frames (%s)", (long long)file->frames_out, reason(code, why, sizeof why));
            return -1;
        }
        if (file->packet->stream_index != file->stream) {
            av_packet_unref(file->packet);
            continue;
        }
        code = avcodec_send_packet(file->decoder, file->packet);
        av_packet_unref(file->packet);
        if (code < 0 && code != AVERROR(EAGAIN)) {
            fail(err, errlen, "cannot decode the data of frame %lld (%s)", (long long)file->frames_out,
                 reason(code, why, sizeof why));
            return -1;
        }
    }
}

static int compare_times(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int vf_scan_times(vf_file *file, double **times, int64_t *count, char *err, size_t errlen) {
    *times = NULL;
    *count = 0;
    size_t capacity = 1024, used = 0;
    int64_t *ticks = malloc(capacity * sizeof *ticks);
    if (!ticks) { fail(err, errlen, "out of memory"); return -1; }
    int64_t smallest = INT64_MAX;
    char why[128];
    for (;;) {
        int code = av_read_frame(file->format, file->packet);
        if (code == AVERROR_EOF) break;
        if (code < 0) {
            free(ticks);
            fail(err, errlen, "cannot read on after %zu frames (%s)", used, reason(code, why, sizeof why));
            return -1;
        }
        if (file->packet->stream_index == file->stream) {
            int64_t t = file->packet->pts != AV_NOPTS_VALUE ? file->packet->pts : file->packet->dts;
            if (t != AV_NOPTS_VALUE) {
                if (used == capacity) {
                    capacity *= 2;
                    int64_t *grown = realloc(ticks, capacity * sizeof *ticks);
                    if (!grown) { free(ticks); av_packet_unref(file->packet); fail(err, errlen, "out of memory"); return -1; }
                    ticks = grown;
                }
                ticks[used++] = t;
                if (t < smallest) smallest = t;
            }
        }
        av_packet_unref(file->packet);
    }
    int64_t start = file->start != AV_NOPTS_VALUE ? file->start : smallest;
    double *seconds = malloc((used > 0 ? used : 1) * sizeof *seconds);
    if (!seconds) { free(ticks); fail(err, errlen, "out of memory"); return -1; }
    for (size_t k = 0; k < used; k++) seconds[k] = (ticks[k] - start) * av_q2d(file->time_base);
    free(ticks);
    qsort(seconds, used, sizeof *seconds, compare_times);
    *times = seconds;
    *count = (int64_t)used;
    return 0;
}

int vf_read_data_stream(const char *path, const char *const *tags, int tag_count, char tag[5],
                        vf_data_packet **packets, int64_t *count, uint8_t **bytes, size_t *byte_count,
                        char *err, size_t errlen) {
    char why[128];
    if (packets) {
        *packets = NULL;
        *bytes = NULL;
        *count = 0;
        *byte_count = 0;
    }
    if (ff_load(err, errlen) != 0) return -1;
    av_log_set_level(AV_LOG_QUIET);
    AVFormatContext *format = NULL;
    int code = avformat_open_input(&format, path, NULL, NULL);
    if (code < 0) {
        fail(err, errlen, "cannot be opened as a video (%s)", reason(code, why, sizeof why));
        return -1;
    }
    code = avformat_find_stream_info(format, NULL);
    if (code < 0) {
        fail(err, errlen, "cannot read its streams (%s)", reason(code, why, sizeof why));
        avformat_close_input(&format);
        return -1;
    }
    int data = -1;
    for (int t = 0; t < tag_count && data < 0; t++) {
        if (strlen(tags[t]) != 4) continue;
        uint32_t wanted = MKTAG(tags[t][0], tags[t][1], tags[t][2], tags[t][3]);
        for (unsigned i = 0; i < format->nb_streams; i++) {
            if (format->streams[i]->codecpar->codec_tag == wanted) {
                data = (int)i;
                memcpy(tag, tags[t], 4);
                tag[4] = 0;
                break;
            }
        }
    }
    if (data < 0) {
        char streams[256];
        describe_streams(format, streams, sizeof streams);
        fail(err, errlen, "%s", streams[0] ? streams : "none");
        avformat_close_input(&format);
        return 0;
    }
    if (!packets) {
        avformat_close_input(&format);
        return 1;
    }
    // The video timeline's origin: the first picture stream's start, as vf_next counts frame times.
    double origin = 0;
    for (unsigned i = 0; i < format->nb_streams; i++) {
        AVStream *s = format->streams[i];
        if (s->codecpar->codec_type == AVMEDIA_TYPE_VIDEO && !(s->disposition & AV_DISPOSITION_ATTACHED_PIC)) {
            if (s->start_time != AV_NOPTS_VALUE) origin = s->start_time * av_q2d(s->time_base);
            break;
        }
    }
    for (unsigned i = 0; i < format->nb_streams; i++) {
        if ((int)i != data) format->streams[i]->discard = AVDISCARD_ALL;
    }
    AVRational base = format->streams[data]->time_base;
    size_t capacity = 64, used = 0, byte_capacity = 64 * 1024, byte_used = 0;
    vf_data_packet *list = malloc(capacity * sizeof *list);
    uint8_t *buffer = malloc(byte_capacity);
    AVPacket *packet = av_packet_alloc();
    if (!list || !buffer || !packet) {
        free(list); free(buffer); av_packet_free(&packet); avformat_close_input(&format);
        fail(err, errlen, "out of memory");
        return -1;
    }
    for (;;) {
        code = av_read_frame(format, packet);
        if (code == AVERROR_EOF) break;
        if (code < 0) {
            fail(err, errlen, "stopped reading its %s track after %zu packets (%s)", tag, used, reason(code, why, sizeof why));
            free(list); free(buffer); av_packet_free(&packet); avformat_close_input(&format);
            return -1;
        }
        if (packet->stream_index != data) { av_packet_unref(packet); continue; }
        int64_t ticks = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
        size_t size = packet->size > 0 ? (size_t)packet->size : 0;
        int grown = 1;
        if (used == capacity) {
            vf_data_packet *more = realloc(list, 2 * capacity * sizeof *list);
            if (more) { list = more; capacity *= 2; } else grown = 0;
        }
        while (grown && byte_used + size > byte_capacity) {
            uint8_t *more = realloc(buffer, 2 * byte_capacity);
            if (more) { buffer = more; byte_capacity *= 2; } else grown = 0;
        }
        if (!grown) {
            fail(err, errlen, "out of memory");
            free(list); free(buffer); av_packet_free(&packet); avformat_close_input(&format);
            return -1;
        }
        vf_data_packet *p = &list[used++];
        p->time = ticks == AV_NOPTS_VALUE ? NAN : ticks * av_q2d(base) - origin;
        p->duration = packet->duration > 0 ? packet->duration * av_q2d(base) : 0;
        p->offset = byte_used;
        p->size = size;
        if (size > 0) memcpy(buffer + byte_used, packet->data, size);
        byte_used += size;
        av_packet_unref(packet);
    }
    av_packet_free(&packet);
    avformat_close_input(&format);
    *packets = list;
    *count = (int64_t)used;
    *bytes = buffer;
    *byte_count = byte_used;
    return 1;
}
