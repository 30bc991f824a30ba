#!/usr/bin/env python3
"""Benchmark `steady-dice calibrate` on synthetic clips with known truth: offset error (ms), vertical
field-of-view error (%), mount error (degrees) and seconds per clip, with their medians.

    scripts/maintainer/calibrate-bench.py [--binary .build/release/steady-dice] [--size 640x480] [--duration 20] [--work DIR]
                               [--gyro-noise DEG/S] [--gyro-bias X,Y,Z] [--lossy] [--broad DIR]

Each case makes a clip with `steady-dice calibration-clip` (a BROAD trial's reference attitude turning
a textured panorama through a known camera, mount and offset; the gyroscope made from that attitude),
then times `steady-dice calibrate` on it and compares its file with the truth file. `--gyro-noise` and
`--gyro-bias` give every clip's gyroscope white noise and a bias (°/s) as a real one has; `--lossy` writes
H.264 .mp4 clips instead of lossless FFV1, as cameras record. Build the release
binary first (`swift build -c release --product steady-dice`). Python standard library only.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
import time

BROAD = "/work/shared/data/broad"
# trial, start (s), vertical fov (deg), offset (s), mount (w, x, y, z)
CASES = [
    ("02_undisturbed_slow_rotation_B", 100, 40, 0.5, (1, 0, 0, 0)),
    ("02_undisturbed_slow_rotation_B", 120, 55, -0.5, (0.9990482, 0.0436194, 0, 0)),
    ("02_undisturbed_slow_rotation_B", 40, 70, 0.137, (0.7071068, 0, 0, 0.7071068)),
    ("02_undisturbed_slow_rotation_B", 80, 60, -0.283, (0.9, 0.1, -0.3, 0.2)),
    ("05_undisturbed_slow_rotation_with_breaks_B", 160, 50, 0.021, (0.5, 0.5, 0.5, 0.5)),
    ("07_undisturbed_fast_rotation_B", 80, 65, -0.777, (0.2, 0.9, 0.1, -0.3)),
]


def read_calibration(path):
    text = open(path, encoding="utf-8").read()
    data = re.search(r"camera_matrix:.*?data: \[(.*?)\]", text, re.S).group(1)
    k = [float(v) for v in data.replace("\n", " ").split(",")]
    height = int(re.search(r"image_height: (\d+)", text).group(1))
    mount = [float(v) for v in re.search(r"imu_to_camera: \[(.*?)\]", text, re.S).group(1).replace("\n", " ").split(",")]
    offset = float(re.search(r"^time_offset_s: (\S+)", text, re.M).group(1))
    fov = 2 * math.degrees(math.atan(height / 2 / k[4]))
    return fov, mount, offset


def median(values):
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/steady-dice")
    parser.add_argument("--size", default="640x480")
    parser.add_argument("--duration", type=float, default=20)
    parser.add_argument("--work", default=None)
    parser.add_argument("--broad", default=BROAD, help="folder holding the BROAD trials (.csv.xz)")
    parser.add_argument("--gyro-noise", default="0")
    parser.add_argument("--gyro-bias", default="0,0,0")
    parser.add_argument("--lossy", action="store_true")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="calibrate-bench-")
    rows = []
    for n, (trial, start, fov, offset, mount) in enumerate(CASES):
        clip, log, truth, found = (os.path.join(work, f"case{n}{ext}") for ext in (".mp4" if args.lossy else ".mkv", ".csv", "-truth.yaml", "-found.yaml"))
        norm = math.sqrt(sum(v * v for v in mount))
        mount = [v / norm for v in mount]
        subprocess.run([args.binary, "calibration-clip", "--trial", f"{args.broad}/{trial}.csv.xz", "--start", str(start),
                        "--duration", str(args.duration), "--fov", str(fov), "--time-offset", str(offset),
                        "--mount", ",".join(f"{v:.7f}" for v in mount), "--size", args.size, "--seed", str(n + 1),
                        "--gyro-noise", args.gyro_noise, "--gyro-bias", args.gyro_bias,
                        "--video", clip, "--log", log, "--truth", truth], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        began = time.monotonic()
        subprocess.run([args.binary, "calibrate", "--video", clip, "--log", log, "--output", found], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seconds = time.monotonic() - began
        true_fov, true_mount, true_offset = read_calibration(truth)
        found_fov, found_mount, found_offset = read_calibration(found)
        dot = min(1.0, abs(sum(a * b for a, b in zip(true_mount, found_mount))))
        row = (abs(found_offset - true_offset) * 1000, abs(found_fov / true_fov - 1) * 100,
               math.degrees(2 * math.acos(dot)), seconds)
        rows.append(row)
        print(f"{trial} at {start} s, fov {fov}°, offset {offset} s: offset error {row[0]:.3f} ms, "
              f"fov error {row[1]:.3f} %, mount error {row[2]:.3f}°, {row[3]:.1f} s", flush=True)
    print("median: offset error %.3f ms, fov error %.3f %%, mount error %.3f°, %.1f s per clip"
          % tuple(median([r[i] for r in rows]) for i in range(4)))
    print("worst:  offset error %.3f ms, fov error %.3f %%, mount error %.3f°, %.1f s per clip"
          % tuple(max(r[i] for r in rows) for i in range(4)))


if __name__ == "__main__":
    sys.exit(main())
