#include "cvshim_camera.h"
#include "cvshim_guard.hpp"

#include <opencv2/calib3d.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <cstring>
#include <vector>

struct cvs_undistorter {
    cv::Mat map1, map2;
    int width, height;
};

namespace {

using cvshim::guarded;

cv::Mat cameraMatrix(const cvs_intrinsics *in) {
    cv::Mat k(3, 3, CV_64F);
    for (int i = 0; i < 9; ++i) k.at<double>(i / 3, i % 3) = in->camera_matrix[i];
    return k;
}

} // namespace

extern "C" {

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
