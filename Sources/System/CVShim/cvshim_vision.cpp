#include "cvshim_vision.h"
#include "cvshim_guard.hpp"

#include <opencv2/calib3d.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

#include <vector>

struct cvs_long_tracker {
    int maxCorners;
    long long nextId = 0;
    cv::Mat previous;
    std::vector<cv::Point2f> points;  // in the tracked (possibly shrunk) picture
    std::vector<long long> ids;
};

struct cvs_tracker {
    int maxCorners;
    cv::Mat previous;
    std::vector<cv::Point2f> previousCorners;
    // The last pair's homography: the next pair's motion is predicted with it (as if turning at the same rate).
    cv::Mat lastHomography;
};

namespace {

using cvshim::guarded;

// Corners at least 1/40 of the picture's height apart, so they spread over the whole picture.
std::vector<cv::Point2f> detect(const cv::Mat &gray, int maxCorners) {
    std::vector<cv::Point2f> corners;
    double spacing = std::max(4.0, gray.rows / 40.0);
    cv::goodFeaturesToTrack(gray, corners, maxCorners, 0.01, spacing, cv::noArray(), 5);
    return corners;
}

// Pictures whose longer side is over this many pixels are tracked at a whole fraction of their size (4K at half):
// corner detection and the optical flow's pyramids cost in proportion to the pixels, a 4K frame about 0.35 s, while
// the rotation a track measures is an angle, which a picture 2000 pixels across still resolves to a few hundredths
// of a degree.
constexpr int kLargestTrackedSide = 2000;

// The factor a picture is shrunk by for tracking: 1, 2, 3, ...
int trackingFactor(int width, int height) {
    int longer = std::max(width, height);
    return std::max(1, (longer + kLargestTrackedSide - 1) / kLargestTrackedSide);
}

// A packed RGB picture in grey at the size it is tracked: shrunk by `factor` (`trackingFactor`) after being cropped to
// whole multiples of it (at most factor − 1 columns and rows off the right and the bottom), so the shrink is exactly
// 1/factor and toFullPicture exact.
cv::Mat trackedGray(const unsigned char *pixels, int width, int height, int factor) {
    cv::Mat rgb(height, width, CV_8UC3, const_cast<unsigned char *>(pixels));
    cv::Mat full;
    cv::cvtColor(rgb, full, cv::COLOR_RGB2GRAY);
    if (factor == 1) return full;
    cv::Mat whole = full(cv::Rect(0, 0, width / factor * factor, height / factor * factor)), gray;
    cv::resize(whole, gray, cv::Size(width / factor, height / factor), 0, 0, cv::INTER_AREA);
    return gray;
}

// A point of the shrunk picture in the full picture's pixel coordinates (OpenCV's: pixel centres at whole numbers;
// cv::resize by 1/f puts the shrunk picture's pixel centre x at the full picture's (x + 0.5)·f − 0.5).
cv::Point2f toFullPicture(cv::Point2f p, int factor) {
    if (factor == 1) return p;  // exactly as tracked: float arithmetic would move it by its last bit
    return cv::Point2f((p.x + 0.5f) * factor - 0.5f, (p.y + 0.5f) * factor - 0.5f);
}

} // namespace

extern "C" {

cvs_tracker *cvs_tracker_create(int max_corners, char *err, size_t errlen) {
    return guarded(err, errlen, static_cast<cvs_tracker *>(nullptr), [&]() -> cvs_tracker * {
        auto *t = new cvs_tracker();
        t->maxCorners = max_corners;
        return t;
    });
}

int cvs_tracker_push_rgb(cvs_tracker *tracker, const unsigned char *pixels, int width, int height,
                         float *pairs, int *pair_count, int *corners, char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        *pair_count = 0;
        *corners = 0;
        const int factor = trackingFactor(width, height);
        cv::Mat gray = trackedGray(pixels, width, height, factor);
        if (!tracker->previous.empty() && tracker->previous.size() == gray.size()) {
            *corners = int(tracker->previousCorners.size());
            if (tracker->previousCorners.size() >= 8) {
                std::vector<cv::Point2f> moved, back;
                std::vector<unsigned char> status, backStatus;
                std::vector<float> error;
                cv::TermCriteria until(cv::TermCriteria::COUNT | cv::TermCriteria::EPS, 50, 0.001);
                int flags = 0;
                if (!tracker->lastHomography.empty()) {
                    cv::perspectiveTransform(tracker->previousCorners, moved, tracker->lastHomography);
                    flags = cv::OPTFLOW_USE_INITIAL_FLOW;
                }
                cv::calcOpticalFlowPyrLK(tracker->previous, gray, tracker->previousCorners, moved, status, error,
                                         cv::Size(21, 21), 4, until, flags);
                // Tracked back, a good track returns to where it started.
                back = tracker->previousCorners;
                cv::calcOpticalFlowPyrLK(gray, tracker->previous, moved, back, backStatus, error, cv::Size(21, 21), 4, until,
                                         cv::OPTFLOW_USE_INITIAL_FLOW);
                for (size_t i = 0; i < moved.size(); ++i) {
                    if (backStatus[i] && cv::norm(back[i] - tracker->previousCorners[i]) > 0.3) status[i] = 0;
                    if (!backStatus[i]) status[i] = 0;
                }
                std::vector<cv::Point2f> from, to;
                for (size_t i = 0; i < moved.size(); ++i) {
                    bool inside = moved[i].x >= 0 && moved[i].y >= 0 && moved[i].x <= gray.cols - 1 && moved[i].y <= gray.rows - 1;
                    if (status[i] && inside) {
                        from.push_back(tracker->previousCorners[i]);
                        to.push_back(moved[i]);
                    }
                }
                if (from.size() >= 8) {
                    std::vector<unsigned char> inlier;
                    cv::Mat h = cv::findHomography(from, to, cv::RANSAC, 1.0, inlier, 2000, 0.999);
                    tracker->lastHomography = h;
                    int n = 0;
                    for (size_t i = 0; i < from.size() && n < tracker->maxCorners; ++i) {
                        if (h.empty() || !inlier[i]) continue;
                        cv::Point2f a = toFullPicture(from[i], factor), b = toFullPicture(to[i], factor);
                        pairs[4 * n] = a.x;
                        pairs[4 * n + 1] = a.y;
                        pairs[4 * n + 2] = b.x;
                        pairs[4 * n + 3] = b.y;
                        ++n;
                    }
                    *pair_count = n;
                }
            }
        }
        if (*pair_count == 0) tracker->lastHomography.release();
        tracker->previous = gray;
        tracker->previousCorners = detect(gray, tracker->maxCorners);
        return 0;
    });
}

void cvs_tracker_free(cvs_tracker *tracker) {
    guarded(nullptr, 0, 0, [&] {
        delete tracker;
        return 0;
    });
}

cvs_long_tracker *cvs_long_tracker_create(int max_corners, char *err, size_t errlen) {
    return guarded(err, errlen, static_cast<cvs_long_tracker *>(nullptr), [&]() -> cvs_long_tracker * {
        auto *t = new cvs_long_tracker();
        t->maxCorners = max_corners;
        return t;
    });
}

int cvs_long_tracker_push_rgb(cvs_long_tracker *tracker, const unsigned char *pixels, int width, int height,
                              long long *ids, float *points, int *count, char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        *count = 0;
        const int factor = trackingFactor(width, height);
        cv::Mat gray = trackedGray(pixels, width, height, factor);
        std::vector<cv::Point2f> kept;
        std::vector<long long> keptIds;
        if (!tracker->previous.empty() && tracker->previous.size() == gray.size() && !tracker->points.empty()) {
            std::vector<cv::Point2f> moved, back;
            std::vector<unsigned char> status, backStatus;
            std::vector<float> error;
            cv::TermCriteria until(cv::TermCriteria::COUNT | cv::TermCriteria::EPS, 50, 0.001);
            cv::calcOpticalFlowPyrLK(tracker->previous, gray, tracker->points, moved, status, error, cv::Size(21, 21), 4, until);
            back = tracker->points;
            cv::calcOpticalFlowPyrLK(gray, tracker->previous, moved, back, backStatus, error, cv::Size(21, 21), 4, until,
                                     cv::OPTFLOW_USE_INITIAL_FLOW);
            for (size_t i = 0; i < moved.size(); ++i) {
                bool inside = moved[i].x >= 0 && moved[i].y >= 0 && moved[i].x <= gray.cols - 1 && moved[i].y <= gray.rows - 1;
                if (status[i] && backStatus[i] && inside && cv::norm(back[i] - tracker->points[i]) <= 0.5) {
                    kept.push_back(moved[i]);
                    keptIds.push_back(tracker->ids[i]);
                }
            }
        }
        // Topped up to the most corners with new ones, each away from the living ones by the detector's spacing, once
        // a quarter have died (finding corners costs more than following them).
        if (int(kept.size()) < tracker->maxCorners * 3 / 4) {
            double spacing = std::max(4.0, gray.rows / 40.0);
            cv::Mat mask(gray.size(), CV_8U, cv::Scalar(255));
            for (const auto &p : kept) cv::circle(mask, p, int(spacing), cv::Scalar(0), -1);
            std::vector<cv::Point2f> found;
            cv::goodFeaturesToTrack(gray, found, tracker->maxCorners - int(kept.size()), 0.01, spacing, mask, 5);
            for (const auto &p : found) {
                kept.push_back(p);
                keptIds.push_back(tracker->nextId++);
            }
        }
        tracker->previous = gray;
        tracker->points = kept;
        tracker->ids = keptIds;
        int n = 0;
        for (size_t i = 0; i < kept.size() && n < tracker->maxCorners; ++i, ++n) {
            cv::Point2f p = toFullPicture(kept[i], factor);
            ids[n] = keptIds[i];
            points[2 * n] = p.x;
            points[2 * n + 1] = p.y;
        }
        *count = n;
        return 0;
    });
}

void cvs_long_tracker_free(cvs_long_tracker *tracker) {
    guarded(nullptr, 0, 0, [&] {
        delete tracker;
        return 0;
    });
}

int cvs_essential_rotation(const double *a, const double *b, int count, double threshold, double rotation[9], int *inliers,
                           char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        *inliers = 0;
        std::vector<cv::Point2d> from, to;
        for (int i = 0; i < count; ++i) {
            from.emplace_back(a[2 * i], a[2 * i + 1]);
            to.emplace_back(b[2 * i], b[2 * i + 1]);
        }
        if (count < 5) return 1;
        cv::Mat identity = cv::Mat::eye(3, 3, CV_64F), mask;
        cv::Mat e = cv::findEssentialMat(from, to, identity, cv::RANSAC, 0.9999, threshold, mask);
        if (e.empty() || e.rows != 3 || e.cols != 3) return 1;
        cv::Mat r, t;
        *inliers = cv::recoverPose(e, from, to, identity, r, t, mask);
        for (int i = 0; i < 9; ++i) rotation[i] = r.at<double>(i / 3, i % 3);
        return 0;
    });
}

} // extern "C"
