// Opening an OpenCV FileStorage file for reading and the numbers read from it, for cvfilestorage.cpp's readers
// (private: not in include/).
#pragma once

#include "cvshim_guard.hpp"

#include <opencv2/core.hpp>

#include <cmath>
#include <cstddef>
#include <limits>
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

// A number read from a FileStorage file, every NaN made the one quiet NaN. OpenCV's parsers give `.nan` (and `nan`)
// as a NaN with its own sign and payload bits, which Swift prints as `-nan(0x3ffffffffffff)`: every value a reader
// hands on passes here, so a message shows `nan`.
inline double canonical(double value) {
    return std::isnan(value) ? std::numeric_limits<double>::quiet_NaN() : value;
}

inline double readNumber(const cv::FileNode &node) {
    return canonical(double(node));
}

// A matrix of doubles (CV_64F) with every NaN made the one quiet NaN, as `canonical`.
inline void canonicalize(cv::Mat &m) {
    for (auto it = m.begin<double>(); it != m.end<double>(); ++it) *it = canonical(*it);
}

} // namespace cvshim
