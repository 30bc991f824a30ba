#include "cvshim.h"
#include "cvshim_guard.hpp"

#include <opencv2/core.hpp>
#include <opencv2/core/utils/logger.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <png.h>
// jpeglib.h needs size_t and FILE declared first.
#include <cstddef>
#include <cstdio>
#include <jpeglib.h>

#include <dlfcn.h>

#include <strings.h>

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

// OpenCV's imgcodecs and videoio are loaded at their first use, not linked: with the libraries they need (GDAL,
// GStreamer, HDF5...: about 240) they cost 0.15 CPU-seconds at every start of a program that links them, which
// most runs (help, a refused option, a calibration) never use. Only the constructors and the two free functions are
// looked up by name; everything else is a virtual call through the object OpenCV made.
namespace lazy {

struct Module {
    // OpenCV's library names carry its major and minor version: libopencv_videoio.so.406 for 4.6.
    explicit Module(const char *name)
        : soname("libopencv_" + std::string(name) + ".so." + std::to_string(CV_VERSION_MAJOR * 100 + CV_VERSION_MINOR)) {}
    std::string soname;
    std::once_flag once;
    void *handle = nullptr;
    std::string error;
};

Module imgcodecs("imgcodecs");
Module videoio("videoio");

// `name` in `module`, which is loaded on the first call; throws, naming the library, when it cannot be.
void *symbol(Module &module, const char *name) {
    std::call_once(module.once, [&] {
        module.handle = dlopen(module.soname.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (module.handle == nullptr) module.error = dlerror();
    });
    if (module.handle == nullptr) throw std::runtime_error("cannot load OpenCV's " + module.soname + ": " + module.error);
    void *found = dlsym(module.handle, name);
    if (found == nullptr) throw std::runtime_error(module.soname + " has no " + name + " (another OpenCV than the one built against?)");
    return found;
}

// The C1 (complete object) constructors, as `void (*)(T *)`.
template <typename T> T *make(Module &module, const char *constructor) {
    auto construct = reinterpret_cast<void (*)(T *)>(symbol(module, constructor));
    void *memory = ::operator new(sizeof(T));
    try {
        construct(static_cast<T *>(memory));
    } catch (...) {
        ::operator delete(memory);
        throw;
    }
    return static_cast<T *>(memory);
}

// The destructor is virtual: called through the object's own table, then the memory `make` took is freed.
template <typename T> void destroy(T *object) {
    if (object == nullptr) return;
    object->~T();
    ::operator delete(static_cast<void *>(object));
}

cv::VideoCapture *makeCapture() { return make<cv::VideoCapture>(videoio, "_ZN2cv12VideoCaptureC1Ev"); }
cv::VideoWriter *makeWriter() { return make<cv::VideoWriter>(videoio, "_ZN2cv11VideoWriterC1Ev"); }

cv::Mat imread(const std::string &path, int flags) {
    using Function = cv::Mat (*)(const std::string &, int);
    return reinterpret_cast<Function>(symbol(imgcodecs, "_ZN2cv6imreadERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEi"))(path, flags);
}

bool imencode(const std::string &extension, cv::InputArray image, std::vector<unsigned char> &bytes) {
    using Function = bool (*)(const std::string &, cv::InputArray, std::vector<unsigned char> &, const std::vector<int> &);
    auto function = reinterpret_cast<Function>(symbol(imgcodecs,
        "_ZN2cv8imencodeERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKNS_11_InputArrayERSt6vectorIhSaIhEERKSB_IiSaIiEE"));
    return function(extension, image, bytes, std::vector<int>());
}

// VideoWriter::fourcc, as OpenCV defines it.
int fourcc(char c1, char c2, char c3, char c4) {
    return (c1 & 255) + ((c2 & 255) << 8) + ((c3 & 255) << 16) + ((c4 & 255) << 24);
}

} // namespace lazy

struct cvs_capture {
    cv::VideoCapture *capture;
    cvs_capture() : capture(lazy::makeCapture()) {}
    ~cvs_capture() { lazy::destroy(capture); }
    cvs_capture(const cvs_capture &) = delete;
    cvs_capture &operator=(const cvs_capture &) = delete;
};

struct cvs_writer {
    cv::VideoWriter *writer;
    int width = 0;
    int height = 0;
    cvs_writer() : writer(lazy::makeWriter()) {}
    ~cvs_writer() { lazy::destroy(writer); }
    cvs_writer(const cvs_writer &) = delete;
    cvs_writer &operator=(const cvs_writer &) = delete;
};

namespace {

using cvshim::guarded;
using cvshim::setError;

// Copies a BGR, BGRA or grey 8-bit image into a new packed RGB buffer.
unsigned char *packRGB(const cv::Mat &source, int *width, int *height) {
    cv::Mat rgb;
    switch (source.channels()) {
    case 1: cv::cvtColor(source, rgb, cv::COLOR_GRAY2RGB); break;
    case 4: cv::cvtColor(source, rgb, cv::COLOR_BGRA2RGB); break;
    default: cv::cvtColor(source, rgb, cv::COLOR_BGR2RGB); break;
    }
    if (rgb.depth() != CV_8U) rgb.convertTo(rgb, CV_8UC3, rgb.depth() == CV_16U ? 1.0 / 257.0 : 1.0);
    size_t bytes = size_t(rgb.cols) * size_t(rgb.rows) * 3;
    auto *out = static_cast<unsigned char *>(std::malloc(bytes));
    if (out == nullptr) throw std::bad_alloc();
    for (int r = 0; r < rgb.rows; ++r) std::memcpy(out + size_t(r) * rgb.cols * 3, rgb.ptr(r), size_t(rgb.cols) * 3);
    *width = rgb.cols;
    *height = rgb.rows;
    return out;
}

// libpng's default error and warning handlers print to stderr ("libpng error: Read Error" for a truncated
// file), and OpenCV's PNG decoder keeps them. PNG files are therefore decoded here, with handlers that keep
// the message for the caller's error instead, and with OpenCV's conversions for IMREAD_COLOR: 16 bits
// stripped to 8, alpha dropped, palette and grey expanded to RGB.
struct PNGFailure {
    char message[256];
};

void pngError(png_structp png, png_const_charp message) {
    auto *failure = static_cast<PNGFailure *>(png_get_error_ptr(png));
    std::snprintf(failure->message, sizeof failure->message, "%s", message);
    png_longjmp(png, 1);
}

void pngWarning(png_structp, png_const_charp) {}

bool hasPNGSignature(const char *path) {
    FILE *file = std::fopen(path, "rb");
    if (file == nullptr) return false;
    unsigned char head[8];
    bool png = std::fread(head, 1, 8, file) == 8 && png_sig_cmp(head, 0, 8) == 0;
    std::fclose(file);
    return png;
}

// Plain C between setjmp and longjmp: no object with a destructor lives in this frame. Returns a malloc'd
// RGB buffer, or nullptr with `failure` filled.
unsigned char *readPNG(const char *path, int *width, int *height, PNGFailure *failure) {
    FILE *file = std::fopen(path, "rb");
    if (file == nullptr) {
        std::snprintf(failure->message, sizeof failure->message, "cannot open it");
        return nullptr;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, failure, pngError, pngWarning);
    png_infop info = png != nullptr ? png_create_info_struct(png) : nullptr;
    unsigned char *volatile pixels = nullptr;
    png_bytep *volatile rows = nullptr;
    if (png == nullptr || info == nullptr) {
        std::snprintf(failure->message, sizeof failure->message, "out of memory");
        png_destroy_read_struct(png != nullptr ? &png : nullptr, nullptr, nullptr);
        std::fclose(file);
        return nullptr;
    }
    if (setjmp(png_jmpbuf(png))) {
        std::free(rows);
        std::free(pixels);
        png_destroy_read_struct(&png, &info, nullptr);
        std::fclose(file);
        return nullptr;
    }
    png_init_io(png, file);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int colourType = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (depth == 16) png_set_strip_16(png);
    if (colourType & PNG_COLOR_MASK_ALPHA) png_set_strip_alpha(png);
    if (colourType == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if ((colourType & PNG_COLOR_MASK_COLOR) == 0 && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if ((colourType & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != size_t(w) * 3) png_error(png, "unexpected row layout after conversion to RGB");
    pixels = static_cast<unsigned char *>(std::malloc(size_t(w) * size_t(h) * 3));
    rows = static_cast<png_bytep *>(std::malloc(sizeof(png_bytep) * h));
    if (pixels == nullptr || rows == nullptr) png_error(png, "out of memory");
    for (png_uint_32 r = 0; r < h; ++r) rows[r] = pixels + size_t(r) * w * 3;
    png_read_image(png, rows);
    png_read_end(png, nullptr);
    std::free(rows);
    png_destroy_read_struct(&png, &info, nullptr);
    std::fclose(file);
    *width = int(w);
    *height = int(h);
    return pixels;
}

// A PNG written here rather than by OpenCV's imgcodecs, which would be loaded for it (see `lazy`), with OpenCV's
// settings for speed: the SUB filter, zlib's fastest level, run-length strategy. The bytes go to a malloc'd buffer.
struct PNGBytes {
    unsigned char *data;
    size_t size;
    size_t capacity;
};

void pngAppend(png_structp png, png_bytep bytes, png_size_t count) {
    auto *out = static_cast<PNGBytes *>(png_get_io_ptr(png));
    if (out->size + count > out->capacity) {
        size_t capacity = std::max(out->capacity * 2, out->size + count + 4096);
        auto *grown = static_cast<unsigned char *>(std::realloc(out->data, capacity));
        if (grown == nullptr) png_error(png, "out of memory");
        out->data = grown;
        out->capacity = capacity;
    }
    std::memcpy(out->data + out->size, bytes, count);
    out->size += count;
}

void pngFlush(png_structp) {}

// Plain C between setjmp and longjmp, as readPNG. True with the file's bytes in `out` (the caller frees out->data
// either way), false with `failure` filled.
bool writePNG(const unsigned char *rgb, int width, int height, PNGBytes *out, PNGFailure *failure) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, failure, pngError, pngWarning);
    png_infop info = png != nullptr ? png_create_info_struct(png) : nullptr;
    png_bytep *volatile rows = nullptr;
    if (png == nullptr || info == nullptr) {
        std::snprintf(failure->message, sizeof failure->message, "out of memory");
        png_destroy_write_struct(png != nullptr ? &png : nullptr, nullptr);
        return false;
    }
    if (setjmp(png_jmpbuf(png))) {
        std::free(rows);
        png_destroy_write_struct(&png, &info);
        return false;
    }
    png_set_write_fn(png, out, pngAppend, pngFlush);
    png_set_IHDR(png, info, png_uint_32(width), png_uint_32(height), 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_set_compression_level(png, 1);
    png_set_compression_strategy(png, 3);  // Z_RLE
    rows = static_cast<png_bytep *>(std::malloc(sizeof(png_bytep) * size_t(height)));
    if (rows == nullptr) png_error(png, "out of memory");
    for (int r = 0; r < height; ++r) rows[r] = const_cast<png_bytep>(rgb + size_t(r) * size_t(width) * 3);
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, nullptr);
    std::free(rows);
    png_destroy_write_struct(&png, &info);
    return true;
}

// libjpeg prints its warnings on stderr ("Premature end of JPEG file") and OpenCV keeps its handler, then
// hands out the cut-off picture with its missing rows grey. A JPEG is therefore read once here first, with
// handlers that keep the first warning or error: a file libjpeg warns about is refused, and only a clean
// one goes on to OpenCV's decoder (which also applies its EXIF orientation).
struct JPEGCheck {
    jpeg_error_mgr manager;
    std::jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    bool failed;
};

void jpegError(j_common_ptr info) {
    auto *check = reinterpret_cast<JPEGCheck *>(info->err);
    if (!check->failed) (*info->err->format_message)(info, check->message);
    check->failed = true;
    std::longjmp(check->jump, 1);
}

void jpegMessage(j_common_ptr info, int level) {
    auto *check = reinterpret_cast<JPEGCheck *>(info->err);
    if (level < 0 && !check->failed) {  // a warning: the picture would be wrong
        (*info->err->format_message)(info, check->message);
        check->failed = true;
    }
}

bool hasJPEGSignature(const char *path) {
    FILE *file = std::fopen(path, "rb");
    if (file == nullptr) return false;
    unsigned char head[3];
    bool jpeg = std::fread(head, 1, 3, file) == 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF;
    std::fclose(file);
    return jpeg;
}

// Plain C between setjmp and longjmp, as readPNG. True when libjpeg decodes the whole file without a word.
bool checkJPEG(const char *path, JPEGCheck *check) {
    FILE *file = std::fopen(path, "rb");
    if (file == nullptr) {
        std::snprintf(check->message, sizeof check->message, "cannot open it");
        return false;
    }
    jpeg_decompress_struct info;
    info.err = jpeg_std_error(&check->manager);
    check->manager.error_exit = jpegError;
    check->manager.emit_message = jpegMessage;
    check->failed = false;
    JSAMPLE *volatile row = nullptr;
    if (setjmp(check->jump)) {
        std::free(row);
        jpeg_destroy_decompress(&info);
        std::fclose(file);
        return false;
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    jpeg_start_decompress(&info);
    row = static_cast<JSAMPLE *>(std::malloc(size_t(info.output_width) * size_t(info.output_components)));
    if (row == nullptr) {
        std::snprintf(check->message, sizeof check->message, "out of memory");
        check->failed = true;
        std::longjmp(check->jump, 1);
    }
    while (info.output_scanline < info.output_height && !check->failed) {
        JSAMPROW rows[1] = {row};
        jpeg_read_scanlines(&info, rows, 1);
    }
    if (!check->failed) jpeg_finish_decompress(&info);
    std::free(row);
    jpeg_destroy_decompress(&info);
    std::fclose(file);
    return !check->failed;
}

} // namespace

extern "C" {

void cvs_quiet_logging(void) {
    guarded(nullptr, 0, 0, [&] {
        if (std::getenv("OPENCV_LOG_LEVEL") == nullptr) cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
        // Read by videoio when it first registers FFmpeg: -8 is AV_LOG_QUIET.
        setenv("OPENCV_FFMPEG_LOGLEVEL", "-8", 0);
        setenv("OPENCV_VIDEOIO_PRIORITY_GSTREAMER", "0", 0);
        return 0;
    });
}

void cvs_free(void *pixels) { std::free(pixels); }

int cvs_image_read_rgb(const char *path, unsigned char **pixels, int *width, int *height, char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        if (hasPNGSignature(path)) {
            PNGFailure failure{};
            *pixels = readPNG(path, width, height, &failure);
            if (*pixels != nullptr) return 0;
            // libpng's "Read Error": its reader found fewer bytes than the picture needs.
            bool cut = std::strcmp(failure.message, "Read Error") == 0;
            setError(err, errlen, cut ? std::string("cannot decode it as a PNG: the file ends before the picture does (cut off?)")
                                      : std::string("cannot decode it as a PNG: ") + failure.message);
            return -1;
        }
        if (hasJPEGSignature(path)) {
            JPEGCheck check{};
            if (!checkJPEG(path, &check)) {
                // libjpeg's JWRN_JPEG_EOF: the data stopped before the picture's last row.
                bool cut = std::strcmp(check.message, "Premature end of JPEG file") == 0;
                setError(err, errlen, cut ? std::string("cannot decode it as a JPEG: the file ends before the picture does (cut off?)")
                                          : std::string("cannot decode it as a JPEG: ") + check.message);
                return -1;
            }
        }
        cv::Mat image = lazy::imread(path, cv::IMREAD_COLOR);
        if (image.empty()) {
            setError(err, errlen, "cannot read or decode the image");
            return -1;
        }
        *pixels = packRGB(image, width, height);
        return 0;
    });
}

int cvs_image_encode_rgb(const char *extension, const unsigned char *pixels, int width, int height,
                         unsigned char **bytes, size_t *count, char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        if (strcasecmp(extension, ".png") == 0) {
            PNGFailure failure{};
            PNGBytes out{nullptr, 0, 0};
            if (writePNG(pixels, width, height, &out, &failure)) {
                *bytes = out.data;
                *count = out.size;
                return 0;
            }
            std::free(out.data);
            setError(err, errlen, std::string("cannot encode a PNG: ") + failure.message);
            return -1;
        }
        cv::Mat rgb(height, width, CV_8UC3, const_cast<unsigned char *>(pixels));
        cv::Mat bgr;
        cv::cvtColor(rgb, bgr, cv::COLOR_RGB2BGR);
        std::vector<unsigned char> encoded;
        if (!lazy::imencode(extension, bgr, encoded)) {
            setError(err, errlen, std::string("OpenCV cannot encode a '") + extension + "' picture");
            return -1;
        }
        auto *out = static_cast<unsigned char *>(std::malloc(encoded.size()));
        if (out == nullptr) throw std::bad_alloc();
        std::memcpy(out, encoded.data(), encoded.size());
        *bytes = out;
        *count = encoded.size();
        return 0;
    });
}

cvs_capture *cvs_capture_open_file(const char *path, char *err, size_t errlen) {
    return guarded(err, errlen, static_cast<cvs_capture *>(nullptr), [&]() -> cvs_capture * {
        auto *c = new cvs_capture();
        if (!c->capture->open(path, cv::CAP_ANY) || !c->capture->isOpened()) {
            delete c;
            setError(err, errlen, "cannot open it as a video (not a video, or no decoder for its format in this OpenCV)");
            return nullptr;
        }
        return c;
    });
}

cvs_capture *cvs_capture_open_camera(int index, const char *device, int width, int height, double fps,
                                     char *err, size_t errlen) {
    return guarded(err, errlen, static_cast<cvs_capture *>(nullptr), [&]() -> cvs_capture * {
        auto *c = new cvs_capture();
        bool opened = device != nullptr ? c->capture->open(device, cv::CAP_V4L2) : c->capture->open(index, cv::CAP_V4L2);
        if (!opened || !c->capture->isOpened()) {
            delete c;
            setError(err, errlen, "no camera could be opened there (absent, busy, or no permission)");
            return nullptr;
        }
        if (width > 0) c->capture->set(cv::CAP_PROP_FRAME_WIDTH, width);
        if (height > 0) c->capture->set(cv::CAP_PROP_FRAME_HEIGHT, height);
        if (fps > 0) c->capture->set(cv::CAP_PROP_FPS, fps);
        return c;
    });
}

int cvs_capture_read_rgb(cvs_capture *capture, unsigned char **pixels, int *width, int *height,
                         double *position_ms, char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        cv::Mat frame;
        if (!capture->capture->read(frame) || frame.empty()) return 0;
        double pos = capture->capture->get(cv::CAP_PROP_POS_MSEC);
        *position_ms = pos >= 0 ? pos : -1;
        *pixels = packRGB(frame, width, height);
        return 1;
    });
}

int cvs_capture_seek_frame(cvs_capture *capture, double frame, char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        if (!capture->capture->set(cv::CAP_PROP_POS_FRAMES, frame)) {
            setError(err, errlen, "the video backend cannot seek");
            return -1;
        }
        return 0;
    });
}

double cvs_capture_frame_count(cvs_capture *capture) {
    return guarded(nullptr, 0, -1.0, [&] { return capture->capture->get(cv::CAP_PROP_FRAME_COUNT); });
}

double cvs_capture_fps(cvs_capture *capture) {
    return guarded(nullptr, 0, -1.0, [&] { return capture->capture->get(cv::CAP_PROP_FPS); });
}

void cvs_capture_close(cvs_capture *capture) {
    guarded(nullptr, 0, 0, [&] {
        delete capture;
        return 0;
    });
}

cvs_writer *cvs_writer_open(const char *path, const char *fourcc, double fps, int width, int height,
                            char *err, size_t errlen) {
    return guarded(err, errlen, static_cast<cvs_writer *>(nullptr), [&]() -> cvs_writer * {
        if (std::strlen(fourcc) != 4) {
            setError(err, errlen, "a codec is four characters");
            return nullptr;
        }
        auto *w = new cvs_writer();
        w->width = width;
        w->height = height;
        int code = lazy::fourcc(fourcc[0], fourcc[1], fourcc[2], fourcc[3]);
        if (!w->writer->open(path, code, fps, cv::Size(width, height), true) || !w->writer->isOpened()) {
            delete w;
            setError(err, errlen, "cannot open a video writer for that file and codec");
            return nullptr;
        }
        return w;
    });
}

int cvs_writer_write_rgb(cvs_writer *writer, const unsigned char *pixels, char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        cv::Mat rgb(writer->height, writer->width, CV_8UC3, const_cast<unsigned char *>(pixels));
        cv::Mat bgr;
        cv::cvtColor(rgb, bgr, cv::COLOR_RGB2BGR);
        writer->writer->write(bgr);
        return 0;
    });
}

void cvs_writer_close(cvs_writer *writer) {
    guarded(nullptr, 0, 0, [&] {
        delete writer;
        return 0;
    });
}

} // extern "C"
