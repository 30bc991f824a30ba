#include "cvfilestorage.h"
#include "cvshim_guard.hpp"
#include "cvshim_storage.hpp"

#include <opencv2/core.hpp>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

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

// The sequence of `count` numbers under `key` into `out`: 1 when read, 0 when the file has no such key, -1 with err
// naming the key and what it holds (`names`, such as "w, x, y, z") when it is something else.
int readNumbers(const cv::FileStorage &fs, const char *key, int count, const char *names, double *out, char *err, size_t errlen) {
    cv::FileNode node = fs[key];
    if (node.empty() || node.isNone()) return 0;
    bool numbers = node.isSeq() && int(node.size()) == count;
    for (int i = 0; numbers && i < count; ++i) numbers = node[i].isReal() || node[i].isInt();
    if (!numbers) {
        setError(err, errlen, std::string(key) + ": expected " + std::to_string(count) + " numbers (" + names + ")");
        return -1;
    }
    for (int i = 0; i < count; ++i) out[i] = cvshim::readNumber(node[i]);
    return 1;
}

// A string value as one line of the text `cvs_calibration_read_notes` hands back: tabs and line breaks made spaces.
std::string oneLine(std::string text) {
    for (char &c : text) if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return text;
}

} // namespace

extern "C" {

void cvs_storage_free(void *buffer) { std::free(buffer); }

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

/// The keys of a whole calibration, in the order `steady-dice calibrate` writes them (warning aside).
static void writeOffsetClock(cv::FileStorage &fs, const cvs_camera_imu_calibration *c) {
    if (c->live_offset) {
        fs.writeComment("time_offset_clock: live: the offset pairs this rig's live clocks, not a clip and a log: the camera frame "
                        "timed t (CLOCK_MONOTONIC) shows the attitude imud delivered at t + time_offset_s");
        fs << "time_offset_clock" << "live";
    } else {
        fs << "time_offset_clock" << "clip";
    }
}

static void writeCalibration(cv::FileStorage &fs, const cvs_camera_imu_calibration *c) {
    if (!c->omit_camera) {
        cv::Mat k(3, 3, CV_64F, const_cast<double *>(c->camera_matrix));
        fs << "camera_matrix" << k;
        if (c->distortion_count > 0) {
            fs << "distortion_coefficients" << cv::Mat(1, c->distortion_count, CV_64F, const_cast<double *>(c->distortion));
        } else {
            fs << "distortion_coefficients" << cv::Mat::zeros(1, 5, CV_64F);
        }
        if (c->distortion_model != nullptr && c->distortion_model[0] != '\0') fs << "distortion_model" << std::string(c->distortion_model);
    }
    if (c->image_width > 0 && c->image_height > 0) {  // the picture's size, unless the rig has no camera to give it
        fs << "image_width" << c->image_width;
        fs << "image_height" << c->image_height;
    }
    if (!c->omit_mount) {
        fs.writeComment("imu_to_camera: the mount R (w, x, y, z) with v_D = R v_S; time_offset_s: log time = video time + offset");
        fs << "imu_to_camera" << "[:" << c->imu_to_camera[0] << c->imu_to_camera[1] << c->imu_to_camera[2]
           << c->imu_to_camera[3] << "]";
    }
    fs << "time_offset_s" << c->time_offset_s;
    writeOffsetClock(fs, c);
    if (c->has_readout) {
        fs.writeComment("rolling_shutter_readout_s: row y of the frame at video time t is seen at log time "
                        "t + time_offset_s + readout * (y / image_height - 1/2): the offset is the middle row's");
        fs << "rolling_shutter_readout_s" << c->readout_s;
        fs << "time_offset_refers_to" << "middle_row";
    }
    if (c->frames_total > 0) {  // a frame-pair fit's: none when the rates gave the offset alone
        fs << "residual_deg_per_s" << c->residual_deg_per_s;
        fs << "frames_used" << c->frames_used;
        fs << "frames_total" << c->frames_total;
    }
    if (c->has_turned) {
        fs.writeComment("turned_deg: degrees turned about the camera's x (tilt), y (pan), z (roll) over the frames used");
        fs << "turned_deg" << "[:" << c->turned_deg[0] << c->turned_deg[1] << c->turned_deg[2] << "]";
    }
    if (c->has_standard_errors) {
        fs.writeComment("standard_errors: one sigma from the fit, widened for the residuals' correlation from pair to pair");
        fs << "standard_errors" << "{";
        fs << "time_offset_ms" << c->time_offset_se_ms;
        // An infinite error is a quantity nothing narrowed (undetermined, and said why): left out.
        if (std::isfinite(c->vertical_fov_se_percent)) fs << "vertical_fov_percent" << c->vertical_fov_se_percent;
        if (std::isfinite(c->mount_se_deg[0]) && std::isfinite(c->mount_se_deg[1]) && std::isfinite(c->mount_se_deg[2])) {
            fs << "mount_deg" << "[:" << c->mount_se_deg[0] << c->mount_se_deg[1] << c->mount_se_deg[2] << "]";
        }
        if (c->has_readout) fs << "readout_ms" << c->readout_se_ms;
        if (c->distortion_se_count > 0 && !c->omit_camera) {
            fs << "distortion_coefficients" << "[:";
            for (int i = 0; i < c->distortion_se_count && i < 12; ++i) fs << c->distortion_se[i];
            fs << "]";
        }
        if (c->has_gyro_bias) {
            fs << "gyro_bias_deg_per_s" << "[:" << c->gyro_bias_se_deg_per_s[0] << c->gyro_bias_se_deg_per_s[1]
               << c->gyro_bias_se_deg_per_s[2] << "]";
        }
        fs << "}";
    }
    if (c->has_gyro_bias) {
        fs.writeComment("gyro_bias_deg_per_s: the gyroscope's constant bias about the IMU's x, y, z (what it reads at rest)");
        fs << "gyro_bias_deg_per_s" << "[:" << c->gyro_bias_deg_per_s[0] << c->gyro_bias_deg_per_s[1] << c->gyro_bias_deg_per_s[2] << "]";
    }
    if (c->undetermined_count > 0) {
        fs.writeComment("undetermined: what this clip does not determine (not written, or for imu_to_camera_x/y/z taken as no turn "
                        "about that camera axis; k1..k4 written as the lens needs them); not_determined: each one's standard error and why");
        fs << "undetermined" << "[:";
        for (int i = 0; i < c->undetermined_count; ++i) fs << std::string(c->undetermined_names[i]);
        fs << "]";
        fs << "not_determined" << "{";
        for (int i = 0; i < c->undetermined_count; ++i) fs << std::string(c->undetermined_names[i]) << std::string(c->undetermined_why[i]);
        fs << "}";
    }
}

int cvs_calibration_encode(const char *extension, const cvs_camera_imu_calibration *c, char **text, size_t *count,
                           char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        cv::FileStorage fs(extension, cv::FileStorage::WRITE | cv::FileStorage::MEMORY);
        if (!fs.isOpened()) {
            setError(err, errlen, std::string("OpenCV cannot write a '") + extension + "' file");
            return -1;
        }
        if (c->offset_only) {
            fs.writeComment("only the time offset is determined (log time = video time + offset); warning says why the rest is not");
            fs << "time_offset_s" << c->time_offset_s;
            writeOffsetClock(fs, c);
            if (c->has_standard_errors) {
                fs.writeComment("standard_errors: one sigma, from the rotation rates' correlation about the offset");
                fs << "standard_errors" << "{" << "time_offset_ms" << c->time_offset_se_ms << "}";
            }
            fs << "undetermined" << "[:" << "camera_matrix" << "imu_to_camera" << "]";
        } else {
            writeCalibration(fs, c);
        }
        if (c->warning != nullptr && c->warning[0] != '\0') fs << "warning" << std::string(c->warning);
        std::string encoded = fs.releaseAndGetString();
        auto *out = static_cast<char *>(std::malloc(encoded.size() + 1));
        if (out == nullptr) throw std::bad_alloc();
        std::memcpy(out, encoded.c_str(), encoded.size() + 1);
        *text = out;
        *count = encoded.size();
        return 0;
    });
}

int cvs_calibration_read_mount(const char *path, double imu_to_camera[4], int *has_mount, double *time_offset_s, int *live_offset,
                               int *middle_row, double gyro_bias_deg_per_s[3], int *has_gyro_bias, double *readout_s,
                               int *has_readout, char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        cv::FileStorage fs;
        if (!openForReading(fs, path, err, errlen)) return -1;
        int mount = readNumbers(fs, "imu_to_camera", 4, "w, x, y, z", imu_to_camera, err, errlen);
        if (mount < 0) return -1;
        *has_mount = mount;
        cv::FileNode offset = fs["time_offset_s"];
        if (offset.empty() || offset.isNone()) {
            setError(err, errlen, "time_offset_s: missing");
            return -1;
        }
        if (!offset.isReal() && !offset.isInt()) {
            setError(err, errlen, "time_offset_s: not a number");
            return -1;
        }
        *time_offset_s = cvshim::readNumber(offset);
        *live_offset = 0;
        cv::FileNode clock = fs["time_offset_clock"];
        if (!clock.empty() && !clock.isNone()) {
            std::string name = clock.isString() ? std::string(clock) : std::string();
            if (name != "live" && name != "clip") {
                setError(err, errlen, "time_offset_clock: expected clip or live");
                return -1;
            }
            *live_offset = name == "live" ? 1 : 0;
        }
        *middle_row = 0;
        cv::FileNode instant = fs["time_offset_refers_to"];
        if (!instant.empty() && !instant.isNone()) {
            std::string name = instant.isString() ? std::string(instant) : std::string();
            if (name != "middle_row") {
                setError(err, errlen, "time_offset_refers_to: expected middle_row");
                return -1;
            }
            *middle_row = 1;
        }
        int bias = readNumbers(fs, "gyro_bias_deg_per_s", 3, "x, y, z", gyro_bias_deg_per_s, err, errlen);
        if (bias < 0) return -1;
        *has_gyro_bias = bias;
        *has_readout = 0;
        cv::FileNode readout = fs["rolling_shutter_readout_s"];
        if (!readout.empty() && !readout.isNone()) {
            if (!readout.isReal() && !readout.isInt()) {
                setError(err, errlen, "rolling_shutter_readout_s: not a number of seconds");
                return -1;
            }
            *readout_s = cvshim::readNumber(readout);
            *has_readout = 1;
        }
        return 0;
    });
}

int cvs_calibration_read_notes(const char *path, char **undetermined, char **warning, double fit[3], int *has_fit,
                               double turned_deg[3], int *has_turned, char *err, size_t errlen) {
    return guarded(err, errlen, -1, [&] {
        *undetermined = nullptr;
        *warning = nullptr;
        cv::FileStorage fs;
        if (!openForReading(fs, path, err, errlen)) return -1;
        std::string lines;
        cv::FileNode names = fs["undetermined"];
        cv::FileNode whys = fs["not_determined"];
        if (!whys.empty() && !whys.isNone() && !whys.isMap()) {
            setError(err, errlen, "not_determined: expected a map of each undetermined name to why");
            return -1;
        }
        if (!names.empty() && !names.isNone()) {
            // OpenCV's XML writes a list of one name as that name alone, and reads it back as a string.
            std::vector<cv::FileNode> listed;
            if (names.isString()) {
                listed.push_back(names);
            } else if (names.isSeq()) {
                for (int i = 0; i < int(names.size()); ++i) listed.push_back(names[i]);
            } else {
                setError(err, errlen, "undetermined: expected a list of names");
                return -1;
            }
            for (const cv::FileNode &listedName : listed) {
                if (!listedName.isString()) {
                    setError(err, errlen, "undetermined: expected a list of names");
                    return -1;
                }
                std::string name = std::string(listedName);
                std::string why;
                if (!whys.empty() && !whys.isNone()) {
                    cv::FileNode node = whys[name];
                    if (!node.empty() && !node.isNone()) {
                        if (!node.isString()) {
                            setError(err, errlen, "not_determined: " + name + ": expected why, as text");
                            return -1;
                        }
                        why = std::string(node);
                    }
                }
                lines += oneLine(name) + "\t" + oneLine(why) + "\n";
            }
        }
        std::string said;
        cv::FileNode note = fs["warning"];
        if (!note.empty() && !note.isNone()) {
            if (!note.isString()) {
                setError(err, errlen, "warning: expected text");
                return -1;
            }
            said = std::string(note);
        }
        *has_fit = 0;
        const char *fitKeys[3] = {"residual_deg_per_s", "frames_used", "frames_total"};
        for (int i = 0; i < 3; ++i) {
            cv::FileNode node = fs[fitKeys[i]];
            fit[i] = 0;
            if (node.empty() || node.isNone()) continue;
            if (!node.isReal() && !node.isInt()) {
                setError(err, errlen, std::string(fitKeys[i]) + ": not a number");
                return -1;
            }
            fit[i] = cvshim::readNumber(node);
            *has_fit = 1;
        }
        int turned = readNumbers(fs, "turned_deg", 3, "x, y, z", turned_deg, err, errlen);
        if (turned < 0) return -1;
        *has_turned = turned;
        *undetermined = static_cast<char *>(std::malloc(lines.size() + 1));
        *warning = static_cast<char *>(std::malloc(said.size() + 1));
        if (*undetermined == nullptr || *warning == nullptr) {
            std::free(*undetermined);
            std::free(*warning);
            *undetermined = nullptr;
            *warning = nullptr;
            throw std::bad_alloc();
        }
        std::memcpy(*undetermined, lines.c_str(), lines.size() + 1);
        std::memcpy(*warning, said.c_str(), said.size() + 1);
        return 0;
    });
}

} // extern "C"
