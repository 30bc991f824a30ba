#!/usr/bin/env python3
"""Writes the "compass sky": an equirectangular panorama of a made-up world to look at without a camera.

Layout (README, "Frames and the pipeline"): bearing -180° to 180° from left to right, north (W's +X) in
the middle, east (+90°) three quarters across; elevation 90° to -90° from top to bottom, edge to edge.
Texel (i, j) has its centre at b = (i + 0.5)·360/W - 180, e = 90 - (j + 0.5)·180/H.

A blue sky over brown ground, a yellow horizon, a grid line every 15° of bearing and elevation, and
the bearings N, E, S, W written just above the horizon (S is split across the ±180° edge, as the
panorama wraps there). Python standard library only: the PNG writer is below.

    scripts/maintainer/make-compass-sky.py models/compass-sky.png [WIDTH]
"""
import struct
import sys
import zlib

# 5x7 glyphs, one string per row, '#' set.
GLYPHS = {
    "N": ["#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#", "#...#"],
    "E": ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
    "S": [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
    "W": ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "##.##", "#...#"],
}
GRID_DEGREES = 15


def write_png(path, width, height, rows):
    """Writes 8-bit RGB rows (bytes of width*3 each, top first) as a PNG file."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 (none) on every row
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def base_colour(elevation):
    """Sky above the horizon, ground below, both darker away from it."""
    if elevation >= 0:
        return mix((150, 195, 235), (25, 60, 140), elevation / 90)
    return mix((130, 100, 60), (50, 35, 20), -elevation / 90)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    path = sys.argv[1]
    width = int(sys.argv[2]) if len(sys.argv) == 3 else 2048
    height = width // 2
    degrees_per_texel = 360 / width
    line_half_width = 1.0 * degrees_per_texel  # grid lines about 2 texels wide

    def distance_to_grid(angle):
        r = angle % GRID_DEGREES
        return min(r, GRID_DEGREES - r)

    pixels = [bytearray(width * 3) for _ in range(height)]
    for j in range(height):
        e = 90 - (j + 0.5) * 180 / height
        base = base_colour(e)
        row = pixels[j]
        on_elevation_line = distance_to_grid(e) < line_half_width
        for i in range(width):
            b = (i + 0.5) * 360 / width - 180
            colour = base
            if abs(e) < 1.5 * degrees_per_texel * 1.5:
                colour = (250, 210, 40)  # the horizon, a little thicker
            elif on_elevation_line or (distance_to_grid(b) < line_half_width and abs(e) < 90 - GRID_DEGREES / 2):
                colour = mix(base, (255, 255, 255) if e > 0 else (230, 220, 200), 0.7)
            row[3 * i:3 * i + 3] = bytes(colour)

    # Letters 10° tall, centred on their bearing, their foot 2° above the horizon.
    scale = max(1, round(10 / degrees_per_texel / 7))
    foot = round((90 - 2) / 180 * height)
    for letter, bearing, colour in (("N", 0, (200, 30, 30)), ("E", 90, (20, 20, 20)), ("S", 180, (20, 20, 20)), ("W", -90, (20, 20, 20))):
        centre = round((bearing + 180) / 360 * width)
        left = centre - 5 * scale // 2
        top = foot - 7 * scale
        for gy, line in enumerate(GLYPHS[letter]):
            for gx, mark in enumerate(line):
                if mark != "#":
                    continue
                for y in range(top + gy * scale, top + (gy + 1) * scale):
                    for x in range(left + gx * scale, left + (gx + 1) * scale):
                        xx = x % width  # wraps at ±180°, where the panorama does
                        pixels[y][3 * xx:3 * xx + 3] = bytes(colour)

    write_png(path, width, height, [bytes(r) for r in pixels])
    print(f"wrote {path} ({width}x{height})")


if __name__ == "__main__":
    main()
