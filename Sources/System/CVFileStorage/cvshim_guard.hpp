// The OpenCV shims' exception boundary, shared by the .cpp files of CVFileStorage and CVShim (private: not in
// include/; CVShim reaches it through its header search path).
#pragma once

#include <opencv2/core.hpp>

#include <cstddef>
#include <cstring>
#include <exception>
#include <string>

namespace cvshim {

// Copies `message` into the caller's buffer, truncated and always NUL-terminated; no-op without a buffer.
inline void setError(char *err, size_t errlen, const std::string &message) {
    if (err == nullptr || errlen == 0) return;
    std::strncpy(err, message.c_str(), errlen - 1);
    err[errlen - 1] = '\0';
}

// Runs `body`, turning any exception into an error message and `failure`.
template <typename T, typename Body>
T guarded(char *err, size_t errlen, T failure, Body body) {
    try {
        return body();
    } catch (const cv::Exception &e) {
        // e.what() is several lines with the build's source path; the reason and the function say enough.
        setError(err, errlen, "OpenCV refused it: " + e.err + (e.func.empty() ? "" : " (in " + e.func + ")"));
    } catch (const std::exception &e) {
        setError(err, errlen, e.what());
    } catch (...) {
        setError(err, errlen, "unknown C++ exception");
    }
    return failure;
}

} // namespace cvshim
