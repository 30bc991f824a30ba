#!/usr/bin/env python3
"""Compare two steady-dice attitude logs: median inclination and total difference, in degrees.

    scripts/compare-attitude.py FUSED.csv OWN.csv

FUSED is what `attitude fuse FOLDER` wrote (its `# start:` comment gives t = 0 on the recording's
clock); OWN is the producer's orientation file as `attitude convert` wrote it (times on the same
clock). Each FUSED row is paired with OWN's nearest row in time, within 20 ms. The inclination
difference is the angle between the two "up" directions in the device frame; the total difference
is the whole rotation between the two attitudes, meaningful only when both logs are in the same
north-referenced frame (compare `xMagneticNorthZVertical` with `xMagneticNorthZVertical`).
Python standard library only.
"""
import bisect
import math
import sys


def read(path):
    """(start, frame, times, quaternions) of a steady-dice attitude log."""
    start, frame, header, times, quaternions = 0.0, None, None, [], []
    with open(path, encoding="utf-8-sig") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            if line.startswith("#"):
                body = line[1:].strip()
                if body.startswith("start:"):
                    start = float(body[len("start:"):].split()[0])
                elif body.startswith("frame:"):
                    frame = body[len("frame:"):].strip()
                continue
            fields = [x.strip() for x in line.split(",")]
            if header is None:
                header = [x.lower() for x in fields]
                columns = [header.index(name) for name in ("t", "qw", "qx", "qy", "qz")]
                continue
            t, w, x, y, z = (float(fields[i]) for i in columns)
            times.append(t)
            quaternions.append((w, x, y, z))
    return start, frame, times, quaternions


def up_in_device(q):
    """The world's +Z in device coordinates: the third row of R(q)."""
    w, x, y, z = q
    n = math.sqrt(w * w + x * x + y * y + z * z)
    w, x, y, z = w / n, x / n, y / n, z / n
    return (2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))


def degrees_between(u, v):
    dot = sum(a * b for a, b in zip(u, v)) / math.sqrt(sum(a * a for a in u) * sum(b * b for b in v))
    return math.degrees(math.acos(max(-1.0, min(1.0, dot))))


def total_degrees(a, b):
    dot = abs(sum(p * q for p, q in zip(a, b))) / math.sqrt(sum(p * p for p in a) * sum(q * q for q in b))
    return math.degrees(2 * math.acos(min(1.0, dot)))


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    fused_start, fused_frame, fused_t, fused_q = read(sys.argv[1])
    own_start, own_frame, own_t, own_q = read(sys.argv[2])
    inclination, total = [], []
    for t, q in zip(fused_t, fused_q):
        clock = fused_start + t
        i = bisect.bisect_left(own_t, clock)
        candidates = [j for j in (i - 1, i) if 0 <= j < len(own_t)]
        if not candidates:
            continue
        j = min(candidates, key=lambda k: abs(own_t[k] - clock))
        if abs(own_t[j] - clock) > 0.02:
            continue
        inclination.append(degrees_between(up_in_device(q), up_in_device(own_q[j])))
        total.append(total_degrees(q, own_q[j]))
    if not inclination:
        sys.exit("no rows line up in time: is the first file from `attitude fuse FOLDER` and the second from `attitude convert`?")
    print(f"{len(inclination)} pairs; inclination median {median(inclination):.2f}°, "
          f"90th percentile {sorted(inclination)[int(0.9 * len(inclination))]:.2f}°")
    if fused_frame and fused_frame == own_frame and fused_frame != "xArbitraryZVertical":
        print(f"total ({fused_frame}) median {median(total):.2f}°")
    else:
        print(f"total not compared: frames {fused_frame} and {own_frame}")


if __name__ == "__main__":
    main()
