#!/usr/bin/env python3
"""Makes models/demo-attitude.csv, the demo log the app plays by default, from a real recording.

Source: BROAD trial 01_undisturbed_slow_rotation_A (CC BY 4.0): D. Laidig, M. Caruso, A. Cereatti, T. Seel,
"BROAD - A Benchmark for Robust Inertial Orientation Estimation", Data 6(7), 2021, doi:10.3390/data6070072.
Its optical reference quaternion rotates the sensor frame into ENU. Taking the sensor as the device,
worldFromDevice = worldFromENU * q_ref, with worldFromENU = -90 degrees about Z (docs/conventions.md), so the
log is in xMagneticNorthZVertical (X north, Y west, Z up).

The script keeps the motion phase (moving = 1), skips rows where the optical reference was lost (nan),
resamples to about 30 Hz by keeping the first row at or after each 1/30 s step, keeps 60 s and re-bases t to 0.

Usage: scripts/maintainer/make-demo-log.py [BROAD_TRIAL.csv.xz] [OUTPUT.csv]
Only the Python standard library is needed.
"""
import csv
import lzma
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_INPUT = "/work/shared/data/broad/01_undisturbed_slow_rotation_A.csv.xz"
DEFAULT_OUTPUT = os.path.join(HERE, "..", "..", "models", "demo-attitude.csv")
RATE_HZ = 30.0
LENGTH_S = 60.0
# -90 degrees about Z, [w, x, y, z]: east -> -Y (Y is west), north -> +X.
WORLD_FROM_ENU = (math.sqrt(0.5), 0.0, 0.0, -math.sqrt(0.5))


def multiply(a, b):
    """Hamilton product a * b of [w, x, y, z] quaternions: b first, then a."""
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw)


def normalised(q):
    n = math.sqrt(sum(c * c for c in q))
    return tuple(c / n for c in q)


def read_motion_rows(path):
    """(t, q sensor->ENU) for every row of the motion phase with a valid reference quaternion."""
    with lzma.open(path, "rt", newline="") as f:
        reader = csv.DictReader(line for line in f if not line.startswith("#"))
        for row in reader:
            if row["moving"] != "1":
                continue
            q = tuple(float(row[k]) for k in ("qw", "qx", "qy", "qz"))
            if not all(math.isfinite(c) for c in q) or sum(c * c for c in q) < 0.5:
                continue
            yield float(row["t"]), q


def resample(rows):
    """The first row at or after each 1/RATE_HZ step, for LENGTH_S seconds from the first row."""
    start = None
    next_t = 0.0
    for t, q in rows:
        if start is None:
            start = t
        rel = t - start
        if rel > LENGTH_S + 1e-9:
            break
        if rel + 1e-9 >= next_t:
            yield rel, q
            next_t = (math.floor(rel * RATE_HZ + 1e-6) + 1) / RATE_HZ


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_INPUT
    output = sys.argv[2] if len(sys.argv) > 2 else DEFAULT_OUTPUT
    samples = list(resample(read_motion_rows(source)))
    if not samples:
        sys.exit(f"{source}: no rows in the motion phase with a valid reference quaternion")
    with open(output, "w", newline="\n") as out:
        out.write("# steady-dice demo attitude log, made by scripts/maintainer/make-demo-log.py from a real recording:\n")
        out.write("# BROAD trial 01_undisturbed_slow_rotation_A, optical reference orientation, motion phase,\n")
        out.write(f"# first {LENGTH_S:.0f} s resampled to about {RATE_HZ:.0f} Hz; sensor taken as the device.\n")
        out.write("# Laidig, Caruso, Cereatti, Seel, \"BROAD - A Benchmark for Robust Inertial Orientation\n")
        out.write("# Estimation\", Data 6(7), 2021, doi:10.3390/data6070072. Licence: CC BY 4.0\n")
        out.write("# (https://creativecommons.org/licenses/by/4.0/). Changed: converted from sensor->ENU\n")
        out.write("# to device->world (worldFromDevice = worldFromENU * q), resampled, cut, time re-based.\n")
        out.write("# frame: xMagneticNorthZVertical\n")
        out.write("t,qw,qx,qy,qz\n")
        for t, q in samples:
            w, x, y, z = normalised(multiply(WORLD_FROM_ENU, q))
            if w < 0:
                w, x, y, z = -w, -x, -y, -z
            out.write(f"{t:.4f},{w:.7f},{x:.7f},{y:.7f},{z:.7f}\n")
    print(f"{output}: {len(samples)} samples over {samples[-1][0]:.2f} s")


if __name__ == "__main__":
    main()
