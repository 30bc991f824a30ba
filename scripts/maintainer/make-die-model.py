#!/usr/bin/env python3
"""Writes models/die.obj and models/die.png: a unit cube (edge 1, centred at the origin) with
one 256x256 cell per face in a 768x512 texture atlas. Also writes models/box.obj and models/box.png:
the articles' red SceneKit box, 4 wide along X, 2 high along Y, 1 long along Z, centred at the origin,
drawn by the same pipeline (a one-colour texture, so the die's shaders light it unchanged).

Faces follow docs/frames.md: +Z shows 1, -Z 6, +X 2, -X 5, +Y 3, -Y 4. Each face is textured
so that, seen from outside, its cell's top edge points along the face's "up" axis below
(+Y for the Z faces, +Z for the side faces). Run from the repository root; needs numpy.
"""
import struct
import zlib
from pathlib import Path

import numpy as np

CELL = 256
SUPERSAMPLE = 4
# value: (normal, right, up) in model coordinates, right x up = normal.
FACES = {
    1: ((0, 0, 1), (1, 0, 0), (0, 1, 0)),
    6: ((0, 0, -1), (-1, 0, 0), (0, 1, 0)),
    2: ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    5: ((-1, 0, 0), (0, -1, 0), (0, 0, 1)),
    3: ((0, 1, 0), (-1, 0, 0), (0, 0, 1)),
    4: ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
}
# Pip centres in a face's own coordinates, (0, 0) top-left, (1, 1) bottom-right.
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.25, 0.5), (0.25, 0.78), (0.75, 0.22), (0.75, 0.5), (0.75, 0.78)],
}
IVORY = np.array([245, 240, 225], float)
EDGE = np.array([120, 110, 95], float)
PIP = np.array([25, 25, 35], float)
RED = np.array([200, 30, 30], float)
# SceneKit's UIColor.red: pure red.
BOX_RED = np.array([255, 0, 0], float)


def cell_origin(value):
    """Top-left pixel of a face's cell: 1 2 3 on the top row, 4 5 6 below."""
    index = value - 1
    return (index % 3) * CELL, (index // 3) * CELL


def draw_face(value):
    n = CELL * SUPERSAMPLE
    coords = (np.arange(n) + 0.5) / n
    u, v = np.meshgrid(coords, coords)  # u across, v down
    img = np.empty((n, n, 3))
    img[:] = IVORY
    border = np.minimum(np.minimum(u, 1 - u), np.minimum(v, 1 - v))
    img[border < 0.03] = EDGE
    radius = 0.16 if value == 1 else 0.09
    colour = RED if value == 1 else PIP
    for cu, cv in PIPS[value]:
        img[(u - cu) ** 2 + (v - cv) ** 2 < radius ** 2] = colour
    return img.reshape(CELL, SUPERSAMPLE, CELL, SUPERSAMPLE, 3).mean(axis=(1, 3))


def write_png(path, rgb):
    height, width, _ = rgb.shape
    raw = b"".join(b"\x00" + rgb[row].astype(np.uint8).tobytes() for row in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    Path(path).write_bytes(png)


def main():
    atlas = np.zeros((2 * CELL, 3 * CELL, 3))
    for value in FACES:
        x0, y0 = cell_origin(value)
        atlas[y0:y0 + CELL, x0:x0 + CELL] = draw_face(value)
    write_png("models/die.png", np.clip(np.rint(atlas), 0, 255))

    width, height = 3 * CELL, 2 * CELL
    lines = [
        "# steady-dice die: edge 1, centred at the origin, faces aligned with the model (= world) axes.",
        "# +Z 1, -Z 6, +X 2, -X 5, +Y 3, -Y 4. Texture: die.png (3x2 atlas). Made by scripts/maintainer/make-die-model.py.",
        "mtllib die.mtl",
    ]
    vertices, texcoords, normals, faces = [], [], [], []
    for value, (normal, right, up) in sorted(FACES.items()):
        nrm, r, u = (np.array(a, float) for a in (normal, right, up))
        x0, y0 = cell_origin(value)
        base = len(vertices)
        # Corners counter-clockwise seen from outside: bottom-left, bottom-right, top-right, top-left.
        for sr, su in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            vertices.append(0.5 * nrm + 0.5 * sr * r + 0.5 * su * u)
            px = x0 + (0 if sr < 0 else CELL)
            py = y0 + (CELL if su < 0 else 0)
            texcoords.append((px / width, 1 - py / height))  # OBJ: v = 0 at the image's bottom row
        normals.append(nrm)
        ni = len(normals)
        a, b, c, d = (base + k + 1 for k in range(4))
        faces.append(f"f {a}/{a}/{ni} {b}/{b}/{ni} {c}/{c}/{ni}")
        faces.append(f"f {a}/{a}/{ni} {c}/{c}/{ni} {d}/{d}/{ni}")
    lines += [f"v {x:g} {y:g} {z:g}" for x, y, z in vertices]
    lines += [f"vt {s:.6f} {t:.6f}" for s, t in texcoords]
    lines += [f"vn {x:g} {y:g} {z:g}" for x, y, z in normals]
    lines += ["usemtl die"] + faces
    Path("models/die.obj").write_text("\n".join(lines) + "\n")
    Path("models/die.mtl").write_text("newmtl die\nKd 1 1 1\nmap_Kd die.png\n")


def write_box():
    """The red box: SCNBox(width: 4, height: 2, length: 1) in model (= world) coordinates."""
    half = np.array([2.0, 1.0, 0.5])
    write_png("models/box.png", np.tile(BOX_RED, (4, 4, 1)))
    lines = [
        "# steady-dice box: the articles' SceneKit box, 4 along X, 2 along Y, 1 along Z, centred at the origin.",
        "# One colour (box.png). Made by scripts/maintainer/make-die-model.py.",
        "mtllib box.mtl",
    ]
    vertices, normals, faces = [], [], []
    for normal, right, up in FACES.values():
        nrm, r, u = (np.array(a, float) for a in (normal, right, up))
        base = len(vertices)
        for sr, su in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            vertices.append(half * (nrm + sr * r + su * u))
        normals.append(nrm)
        ni = len(normals)
        a, b, c, d = (base + k + 1 for k in range(4))
        faces.append(f"f {a}/1/{ni} {b}/1/{ni} {c}/1/{ni}")
        faces.append(f"f {a}/1/{ni} {c}/1/{ni} {d}/1/{ni}")
    lines += [f"v {x:g} {y:g} {z:g}" for x, y, z in vertices]
    lines += ["vt 0.5 0.5"]
    lines += [f"vn {x:g} {y:g} {z:g}" for x, y, z in normals]
    lines += ["usemtl box"] + faces
    Path("models/box.obj").write_text("\n".join(lines) + "\n")
    Path("models/box.mtl").write_text("newmtl box\nKd 1 1 1\nmap_Kd box.png\n")


if __name__ == "__main__":
    main()
    write_box()
