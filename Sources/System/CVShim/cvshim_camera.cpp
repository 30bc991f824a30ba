#include "cvshim_camera.h"
#include "cvshim_guard.hpp"
#include "cvshim_storage.hpp"

#include <opencv2/calib3d.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <cstring>
#include <exception>
#include <string>
#include <vector>

struct cvs_undistorter {
    cv::Mat map1, map2;
    int width, height;
};

namespace {

using cvshim::guarded;
using cvshim::openForReading;
using cvshim::setError;

// A failure naming the key it is about.
struct KeyError {
    std::string message;
};

cv::Mat readMatrix(const cv::FileStorage &fs, const char *key) {
    cv::FileNode node = fs[key];
    if (node.empty() || node.isNone()) throw KeyError{std::string(key) + ": missing"};
    if (!node.isMap()) throw KeyError{std::string(key) + ": not a matrix (an opencv-matrix with rows, cols and data)"};
    cv::Mat m;
    try {
        node >> m;
    } catch (const cv::Exception &) {
        throw KeyError{std::string(key) + ": not a readable opencv-matrix"};
    }
    if (m.empty()) throw KeyError{std::string(key) + ": empty matrix"};
    cv::Mat d;
    m.convertTo(d, CV_64F);
    cvshim::canonicalize(d);
    return d;
}

int readInt(const cv::FileStorage &fs, const char *key) {
    cv::FileNode node = fs[key];
    if (node.empty() || node.isNone()) throw KeyError{std::string(key) + ": missing"};
    if (!node.isInt()) throw KeyError{std::string(key) + ": not an integer"};
    return int(node);
}

cv::Mat cameraMatrix(const cvs_intrinsics *in) {
    cv::Mat k(3, 3, CV_64F);
    for (int i = 0; i < 9; ++i) k.at<double>(i / 3, i % 3) = in->camera_matrix[i];
    return k;
}

} // namespace

extern "C" {

int cvs_intrinsics_read(const char *path, cvs_intrinsics *out, char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        cv::FileStorage fs;
        if (!openForReading(fs, path, err, errlen)) return -1;
        try {
            cv::Mat k = readMatrix(fs, "camera_matrix");
            if (k.rows != 3 || k.cols != 3) {
                throw KeyError{"camera_matrix: expected 3x3, found " + std::to_string(k.rows) + "x" + std::to_string(k.cols)};
            }
            for (int i = 0; i < 9; ++i) out->camera_matrix[i] = k.at<double>(i / 3, i % 3);
            cv::Mat d = readMatrix(fs, "distortion_coefficients");
            int n = int(d.total());
            if ((d.rows != 1 && d.cols != 1) || (n != 4 && n != 5 && n != 8 && n != 12 && n != 14)) {
                throw KeyError{"distortion_coefficients: expected 4, 5, 8, 12 or 14 values in one row or column, found "
                               + std::to_string(d.rows) + "x" + std::to_string(d.cols)};
            }
            d = d.reshape(1, 1);
            for (int i = 0; i < n; ++i) out->distortion[i] = d.at<double>(0, i);
            out->distortion_count = n;
            out->image_width = readInt(fs, "image_width");
            out->image_height = readInt(fs, "image_height");
            out->distortion_model[0] = 0;
            cv::FileNode model = fs["distortion_model"];
            if (!model.empty() && !model.isNone()) {
                if (!model.isString()) throw KeyError{"distortion_model: not a name (radial or fisheye)"};
                std::string name = std::string(model);
                if (name.size() >= sizeof out->distortion_model) throw KeyError{"distortion_model: not one of radial, fisheye"};
                std::strcpy(out->distortion_model, name.c_str());
            }
        } catch (const KeyError &e) {
            setError(err, errlen, e.message);
            return -1;
        }
        return 0;
    });
}

cvs_undistorter *cvs_undistorter_create(const cvs_intrinsics *intrinsics, char *err, size_t errlen) {
    return guarded(err, errlen, static_cast<cvs_undistorter *>(nullptr), [&]() -> cvs_undistorter * {
        auto *u = new cvs_undistorter();
        u->width = intrinsics->image_width;
        u->height = intrinsics->image_height;
        cv::Mat k = cameraMatrix(intrinsics);
        cv::Mat d(1, intrinsics->distortion_count, CV_64F, const_cast<double *>(intrinsics->distortion));
        // OpenCV's map builders take the source camera's fx, fy, cx, cy and ignore its skew K[0][1] (the new camera's
        // inverse does honour it): with a skew, the maps are built in floats and each source u moved by skew * y, y the
        // distorted normalised row (v - cy) / fy, before they are packed as OpenCV's fast fixed-point maps.
        const double skew = k.at<double>(0, 1);
        const int type = skew != 0 ? CV_32FC1 : CV_16SC2;
        try {
            if (std::strcmp(intrinsics->distortion_model, "fisheye") == 0) {
                cv::fisheye::initUndistortRectifyMap(k, d, cv::Mat::eye(3, 3, CV_64F), k, cv::Size(u->width, u->height), type,
                                                     u->map1, u->map2);
            } else {
                cv::initUndistortRectifyMap(k, d, cv::Mat(), k, cv::Size(u->width, u->height), type, u->map1, u->map2);
            }
            if (skew != 0) {
                const double fy = k.at<double>(1, 1), cy = k.at<double>(1, 2);
                for (int row = 0; row < u->height; ++row) {
                    float *us = u->map1.ptr<float>(row);
                    const float *vs = u->map2.ptr<float>(row);
                    for (int column = 0; column < u->width; ++column) us[column] += float(skew * (vs[column] - cy) / fy);
                }
                cv::Mat packed1, packed2;
                cv::convertMaps(u->map1, u->map2, packed1, packed2, CV_16SC2);
                u->map1 = packed1;
                u->map2 = packed2;
            }
        } catch (...) {
            delete u;
            throw;
        }
        return u;
    });
}

int cvs_undistorter_apply_rgb(cvs_undistorter *undistorter, const unsigned char *pixels, unsigned char *out,
                              char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        cv::Mat source(undistorter->height, undistorter->width, CV_8UC3, const_cast<unsigned char *>(pixels));
        cv::Mat target(undistorter->height, undistorter->width, CV_8UC3, out);
        cv::remap(source, target, undistorter->map1, undistorter->map2, cv::INTER_LINEAR, cv::BORDER_CONSTANT);
        return 0;
    });
}

void cvs_undistorter_free(cvs_undistorter *undistorter) {
    guarded(nullptr, 0, 0, [&] {
        delete undistorter;
        return 0;
    });
}

int cvs_reference_undistort_rgb(const double camera_matrix[9], const double *distortion, int distortion_count,
                                int width, int height, const unsigned char *pixels, unsigned char *out,
                                char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        cv::Mat k = cv::Mat(3, 3, CV_64F, const_cast<double *>(camera_matrix)).clone();
        cv::Mat d = cv::Mat(1, distortion_count, CV_64F, const_cast<double *>(distortion)).clone();
        // OpenCV's fixed-point maps (1/32 px), as remap uses for 8-bit pictures: float maps would shift
        // checker edges by up to half a step, 3 or 4 levels, for no gain in what the oracle tells.
        cv::Mat mapX, mapY;
        cv::initUndistortRectifyMap(k, d, cv::Mat(), k, cv::Size(width, height), CV_16SC2, mapX, mapY);
        cv::Mat source(height, width, CV_8UC3, const_cast<unsigned char *>(pixels));
        cv::Mat target(height, width, CV_8UC3, out);
        cv::remap(source, target, mapX, mapY, cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(0, 0, 0));
        return 0;
    });
}

int cvs_project_points(int fisheye, const double *camera_from_world, const double camera_matrix[9], const double *distortion,
                       int distortion_count, const double *points, int count, double *pixels, char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        cv::Mat rvec = cv::Mat::zeros(3, 1, CV_64F);
        if (camera_from_world != nullptr) {
            cv::Mat rotation = cv::Mat(3, 3, CV_64F, const_cast<double *>(camera_from_world)).clone();
            cv::Rodrigues(rotation, rvec);
        }
        cv::Mat tvec = cv::Mat::zeros(3, 1, CV_64F);
        cv::Mat k = cv::Mat(3, 3, CV_64F, const_cast<double *>(camera_matrix)).clone();
        cv::Mat d = distortion_count > 0 ? cv::Mat(1, distortion_count, CV_64F, const_cast<double *>(distortion)).clone() : cv::Mat();
        cv::Mat object(count, 1, CV_64FC3, const_cast<double *>(points));
        std::vector<cv::Point2d> image;
        if (fisheye) {
            cv::fisheye::projectPoints(object, image, rvec, tvec, k, d);
        } else {
            if (d.empty()) {
                cv::projectPoints(object, rvec, tvec, k, cv::noArray(), image);
            } else {
                cv::projectPoints(object, rvec, tvec, k, d, image);
            }
        }
        for (int i = 0; i < count; i++) {
            pixels[2 * i] = image[i].x;
            pixels[2 * i + 1] = image[i].y;
        }
        return 0;
    });
}

} // extern "C"
