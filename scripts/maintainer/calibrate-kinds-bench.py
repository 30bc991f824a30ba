#!/usr/bin/env python3
"""Benchmark `steady-dice calibrate` on clips that look like real footage, one per kind, with known
truth, and on the shared real phone clip: offset error (ms), field-of-view error (%), mount error (°),
readout error (ms), k1 error where there is a lens, and seconds per clip.

    scripts/maintainer/calibrate-kinds-bench.py [--binary .build/release/steady-dice] [--size 640x480]
                                                [--duration 20] [--work DIR] [--shared ../shared]

Kinds: a plain global-shutter pinhole; a rolling shutter; a radial lens with a rolling shutter; a 120°
fisheye with a rolling shutter and motion blur; a variable frame rate (a folder of pictures with
frames.csv) with a rolling shutter; a camera that moves 3 cm in a 3 m room. Each is made by `steady-dice calibration-clip` from BROAD trial 02
(bundled excerpt: 98 s to 136 s) and calibrated with the matching `--lens`. The phone clip
(`shared/data/realcam/cc9pro`) is checked against the authors' camera matrix and axes and its
start-of-frame stamps. Build the release binary first (`swift build -c release --product steady-dice`).
Python standard library only.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
import time

MOUNT = (0.9659258, 0.0, 0.2588190, 0.0)
OFFSET = 0.04
# name, fov, calibration-clip options, --lens, readout (s), k1 or None, folder output
KINDS = [
    ("pinhole, global shutter", 60, [], "pinhole", 0.0, None, False),
    ("rolling shutter 20 ms", 60, ["--readout", "20"], "pinhole", 0.020, None, False),
    ("radial k1 -0.28, rolling 15 ms", 60, ["--lens", "radial", "--distortion", "-0.28,0.08,0,0", "--readout", "15"],
     "radial", 0.015, -0.28, False),
    ("fisheye 120°, rolling 10 ms, blur 8 ms", 120,
     ["--lens", "fisheye", "--distortion", "0.02,-0.01,0.005,-0.001", "--readout", "10", "--exposure", "8"],
     "fisheye", 0.010, 0.02, False),
    ("variable rate ±30 %, rolling 12 ms", 55, ["--frame-jitter", "0.3", "--readout", "12"], "pinhole", 0.012, None, True),
    ("translation 3 cm in a 3 m room", 60, ["--translation", "0.03", "--room-radius", "3"], "pinhole", 0.0, None, False),
]


def numbers(text, key):
    match = re.search(key + r":.*?data: \[(.*?)\]", text, re.S)
    return [float(v) for v in match.group(1).replace("\n", " ").split(",")] if match else []


def read_calibration(path):
    text = open(path, encoding="utf-8").read()
    k = numbers(text, "camera_matrix")
    distortion = numbers(text, "distortion_coefficients")
    fisheye = re.search(r"^distortion_model: \"?fisheye", text, re.M) is not None
    height = int(re.search(r"^image_height: (\d+)", text, re.M).group(1))
    mount = [float(v) for v in re.search(r"imu_to_camera: \[(.*?)\]", text, re.S).group(1).replace("\n", " ").split(",")]
    offset = float(re.search(r"^time_offset_s: (\S+)", text, re.M).group(1))
    readout = re.search(r"^rolling_shutter_readout_s: (\S+)", text, re.M)
    return {"fov": vertical_fov(height / 2 / k[4], distortion, fisheye), "mount": mount, "offset": offset,
            "readout": float(readout.group(1)) if readout else 0.0, "k1": distortion[0] if distortion else 0.0}


def vertical_fov(distorted, k, fisheye):
    """Twice the angle of the ray whose distorted normalised height is `distorted` (OpenCV's models)."""
    k = list(k) + [0.0] * 8
    if fisheye:
        theta = distorted
        for _ in range(50):
            t2 = theta * theta
            f = theta * (1 + t2 * (k[0] + t2 * (k[1] + t2 * (k[2] + t2 * k[3])))) - distorted
            d = 1 + t2 * (3 * k[0] + t2 * (5 * k[1] + t2 * (7 * k[2] + t2 * 9 * k[3])))
            theta -= f / d
        return 2 * math.degrees(theta)
    r = distorted  # on the vertical axis: no tangential term moves it sideways enough to matter here
    for _ in range(50):
        r2 = r * r
        f = r * (1 + k[0] * r2 + k[1] * r2 * r2 + k[4] * r2 ** 3) - distorted
        d = 1 + 3 * k[0] * r2 + 5 * k[1] * r2 * r2 + 7 * k[4] * r2 ** 3
        r -= f / d
    return 2 * math.degrees(math.atan(r))


def angle(a, b):
    dot = min(1.0, abs(sum(x * y for x, y in zip(a, b))) / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b)))
    return math.degrees(2 * math.acos(dot))


def run(command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def phone_clip(binary, shared, work):
    data = os.path.join(shared, "data/realcam/cc9pro")
    stamps = [float(line) for line in open(os.path.join(data, "framestamp.txt")) if line.strip()]
    first, last = 99, 201
    folder = os.path.join(work, "cc9pro")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "frames.csv"), "w") as out:
        out.write("t,filename\n")
        for i in range(first, last + 1):
            name = f"RE_frame-{i}.jpg"
            link = os.path.join(folder, name)
            if not os.path.exists(link):
                os.symlink(os.path.join(data, "frames", name), link)
            out.write(f"{stamps[i - 1]:.6f},{name}\n")
    log = os.path.join(work, "cc9pro.csv")
    first_sample = None
    with open(log, "w") as out:
        out.write("t,gx,gy,gz,ax,ay,az\n")
        for line in open(os.path.join(data, "gyro.txt")):
            try:
                v = [float(x) for x in line.strip().split(",")]
            except ValueError:
                continue
            if len(v) != 4:
                continue
            first_sample = v[3] if first_sample is None else first_sample
            out.write(f"{v[3]:.6f},{v[0]:.9f},{v[1]:.9f},{v[2]:.9f},0,0,9.81\n")
    found = os.path.join(work, "cc9pro.yaml")
    began = time.monotonic()
    run([binary, "calibrate", "--video", folder, "--log", log, "-o", found])
    seconds = time.monotonic() - began
    c = read_calibration(found)
    after = (c["offset"] - (stamps[first - 1] - first_sample)) * 1000
    authors_fov = 2 * math.degrees(math.atan(300 / 575.04))
    mount_error = angle(c["mount"], (math.sqrt(0.5), 0, 0, math.sqrt(0.5)))
    print(f"phone clip (cc9pro): offset {after:.1f} ms after the start-of-frame stamps (middle row), fov error "
          f"{abs(c['fov'] / authors_fov - 1) * 100:.2f} %, mount {mount_error:.2f}° from the authors' axes, readout "
          f"{c['readout'] * 1000:.1f} ms (a frame: 33 ms), {seconds:.1f} s", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/steady-dice")
    parser.add_argument("--size", default="640x480")
    parser.add_argument("--duration", type=float, default=20)
    parser.add_argument("--start", type=float, default=100)
    parser.add_argument("--work", default=None)
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../shared"))
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="calibrate-kinds-")
    print("| kind | offset error | fov error | mount error | readout error | k1 error | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for n, (name, fov, options, lens, readout, k1, folder) in enumerate(KINDS):
        clip = os.path.join(work, f"kind{n}") + ("/" if folder else ".mkv")
        log, truth, found = (os.path.join(work, f"kind{n}{ext}") for ext in (".csv", "-truth.yaml", "-found.yaml"))
        run([args.binary, "calibration-clip", "--trial", "broad_02_excerpt", "--start", str(args.start), "--duration",
             str(args.duration), "--fov", str(fov), "--time-offset", str(OFFSET), "--mount", ",".join(map(str, MOUNT)),
             "--size", args.size, "--video", clip, "--log", log, "--truth", truth] + options)
        began = time.monotonic()
        run([args.binary, "calibrate", "--video", clip, "--log", log, "--lens", lens, "-o", found])
        seconds = time.monotonic() - began
        c = read_calibration(found)
        k1_error = f"{abs(c['k1'] - k1):.4f}" if k1 is not None else "-"
        print(f"| {name} | {abs(c['offset'] - OFFSET) * 1000:.3f} ms | {abs(c['fov'] / fov - 1) * 100:.3f} % | "
              f"{angle(c['mount'], MOUNT):.3f}° | {abs(c['readout'] - readout) * 1000:.2f} ms | {k1_error} | {seconds:.1f} |",
              flush=True)
    phone_clip(args.binary, args.shared, work)


if __name__ == "__main__":
    sys.exit(main())
