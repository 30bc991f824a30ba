// Opening an OpenCV FileStorage file for reading, shared by the readers in the shim's .cpp files
// (private: not in include/).
#pragma once

#include "cvshim_guard.hpp"

#include <opencv2/core.hpp>

#include <cstddef>
#include <string>

namespace cvshim {

// Opens `path` for reading as an OpenCV FileStorage file (YAML or XML). On failure fills `err` with the
// reason and returns false; the Swift caller's error names the file.
inline bool openForReading(cv::FileStorage &fs, const char *path, char *err, size_t errlen) {
    try {
        if (fs.open(path, cv::FileStorage::READ)) return true;
        setError(err, errlen, "cannot open it as an OpenCV FileStorage file (YAML or XML)");
    } catch (const cv::Exception &e) {
        // OpenCV's own reason is sometimes a parser's internal name ("buf"); say it only when it reads as a sentence.
        std::string reason = e.err.find(' ') != std::string::npos ? ": " + e.err : "";
        setError(err, errlen, "not an OpenCV FileStorage file (YAML or XML)" + reason);
    }
    return false;
}

} // namespace cvshim
