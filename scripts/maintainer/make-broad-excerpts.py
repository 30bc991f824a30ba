#!/usr/bin/env python3
"""Writes the BROAD excerpts the tests keep in the repository, from the trials in ../shared/data/broad
(or the folder given with --data), and with --check verifies instead that each committed excerpt holds
exactly what this script makes. Each excerpt is: an attribution line, a line describing the trial's
columns, the header, then the trial's data rows FIRST to LAST (1-based, counted after the header) with
only the columns kept; values are copied as text, unchanged. Prints, for each, the source file's sha256,
the rows, and the sha256 of the excerpt's text (uncompressed: xz's output can differ between versions,
the text cannot). Run from the repository root; needs only Python 3.
"""
import argparse
import hashlib
import lzma
import sys
from pathlib import Path

CITATION = ('D. Laidig, M. Caruso, A. Cereatti, T. Seel, "BROAD - A Benchmark for Robust Inertial Orientation '
            'Estimation", Data 6(7), 2021, doi:10.3390/data6070072, licensed CC BY 4.0 '
            '(https://creativecommons.org/licenses/by/4.0/)')

EXCERPTS = [
    {
        "output": "Tests/RawLogTests/Fixtures/broad_01_excerpt.csv.xz",
        "trial": "01_undisturbed_slow_rotation_A",
        "rows": (8157, 13656),
        "columns": "t,gx,gy,gz,ax,ay,az,mx,my,mz,qw,qx,qy,qz,moving",
        "what": "rows 8157-13656",
        "description": None,  # the trial's own description line
    },
    {
        "output": "Sources/SteadyDiceAssets/examples/broad_02_excerpt.csv.xz",
        "trial": "02_undisturbed_slow_rotation_B",
        "rows": (28001, 38858),
        "columns": "t,gx,gy,gz,ax,ay,az,qw,qx,qy,qz",
        "what": "rows 28001-38858, columns t, gyroscope, accelerometer and reference quaternion",
        "description": ("# BROAD trial 02_undisturbed_slow_rotation_B; IMU 285.714286 Hz; gyr rad/s, acc m/s^2 (sensor frame); "
                        "q = reference orientation sensor->ENU (optical, nan when lost)"),
    },
]


def excerpt_text(data: Path, spec) -> tuple[str, str]:
    source = data / f"{spec['trial']}.csv.xz"
    raw = source.read_bytes()
    lines = lzma.decompress(raw).decode("utf-8").split("\n")
    comment, header, rows = lines[0], lines[1], lines[2:]
    assert comment.startswith("# ") and header.startswith("t,"), f"{source}: not a BROAD trial CSV"
    names = header.split(",")
    kept = spec["columns"].split(",")
    index = [names.index(name) for name in kept]
    first, last = spec["rows"]
    out = [f"# Excerpt ({spec['what']}) of BROAD trial {spec['trial']}, from {CITATION}. Converted to CSV and cut; values unchanged.",
           spec["description"] or comment, spec["columns"]]
    for row in rows[first - 1:last]:
        fields = row.split(",")
        out.append(",".join(fields[i] for i in index))
    assert len(out) - 3 == last - first + 1, f"{source} has fewer than {last} rows"
    return "\n".join(out) + "\n", hashlib.sha256(raw).hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default="../shared/data/broad", help="the folder holding the BROAD trials")
    parser.add_argument("--check", action="store_true", help="verify the committed excerpts instead of writing them")
    args = parser.parse_args()
    status = 0
    for spec in EXCERPTS:
        text, source_sha = excerpt_text(Path(args.data), spec)
        text_sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
        output = Path(spec["output"])
        if args.check:
            committed = lzma.decompress(output.read_bytes()).decode("utf-8")
            same = committed == text
            status |= 0 if same else 1
            verdict = "matches" if same else "DIFFERS from what this script makes"
        else:
            output.write_bytes(lzma.compress(text.encode("utf-8"), preset=9 | lzma.PRESET_EXTREME))
            verdict = "written"
        first, last = spec["rows"]
        print(f"{output}: {verdict}; source {spec['trial']}.csv.xz (sha256 {source_sha}), rows {first}-{last} "
              f"({last - first + 1}), columns {spec['columns']}; text sha256 {text_sha}")
    return status


if __name__ == "__main__":
    sys.exit(main())
