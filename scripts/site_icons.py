"""The browser edition's icon: two cards of the course's deck fanned on a green card table.

A phone that puts the course on its home screen needs the icon as PNG (192 and 512 pixels, and
a "maskable" one whose edges may be cut to a circle or a squircle); a browser tab takes SVG.
The picture is made of a few filled shapes (rounded cards, a heart and a spade as curves), in
the ink and frame colours of kamplib's card drawing, written both ways here: as SVG paths, and
rasterised with 4×4 samples per pixel into a PNG by this file alone (no imaging library, no
font: the suits are curves, not glyphs).

    python scripts/site_icons.py DIR      # writes icon.svg, icon-192.png, icon-512.png, …
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kamplib.draw.cards import suit_color  # the deck's own inks

Point = tuple[float, float]
TABLE = "#1f6f43"  # the card table's felt; also the site's theme colour
CARD = "#ffffff"
FRAME = "#767676"  # kamplib.draw.cards' frame
SAMPLES = 4  # per pixel, in each direction


@dataclass(frozen=True)
class Shape:
    """A filled polygon (nonzero winding) in a 1 × 1 square, and its colour."""

    points: tuple[Point, ...]
    color: str


def _rounded_rect(x: float, y: float, w: float, h: float, r: float) -> list[Point]:
    points = []
    for cx, cy, start in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0),
                          (x + r, y + h - r, 90), (x + r, y + r, 180)):
        for step in range(13):
            angle = math.radians(start + 90 * step / 12)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def _heart(cx: float, cy: float, size: float, flip: bool = False) -> list[Point]:
    """The classic heart curve, ``size`` wide, centred on (cx, cy); ``flip`` points it up."""
    points = []
    for step in range(160):
        t = 2 * math.pi * step / 160
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        y = -y if not flip else y
        points.append((cx + x * size / 34, cy + (y + (2.5 if not flip else -2.5)) * size / 34))
    return points


def _turned(points: list[Point], about: Point, degrees: float) -> tuple[Point, ...]:
    angle = math.radians(degrees)
    c, s = math.cos(angle), math.sin(angle)
    ox, oy = about
    return tuple((ox + (x - ox) * c - (y - oy) * s, oy + (x - ox) * s + (y - oy) * c)
                 for x, y in points)


def shapes(maskable: bool = False) -> list[Shape]:
    """The picture: the table, then each card (frame, face, suit), back to front."""
    table = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)] if maskable else \
        _rounded_rect(0, 0, 1, 1, 0.19)
    out = [Shape(tuple(table), TABLE)]
    # the cards keep inside the middle 80 % (what a maskable icon promises to show)
    scale = 0.78 if maskable else 1.0
    w, h = 0.40 * scale, 0.56 * scale
    pivot = (0.5, 0.5 + 0.36 * scale)
    for turn, suit, dx in ((-13, "S", -0.09), (11, "H", 0.09)):
        x = 0.5 + dx * scale - w / 2
        y = 0.5 - h / 2 - 0.03 * scale
        frame = _rounded_rect(x, y, w, h, 0.035 * scale)
        face = _rounded_rect(x + 0.008, y + 0.008, w - 0.016, h - 0.016, 0.03 * scale)
        cx, cy = x + w / 2, y + h / 2
        if suit == "H":
            mark = _heart(cx, cy, w * 0.62)
        else:
            mark = _heart(cx, cy - h * 0.04, w * 0.62, flip=True)
            stem = [(cx - w * 0.025, cy - h * 0.02), (cx + w * 0.025, cy - h * 0.02),
                    (cx + w * 0.11, cy + h * 0.21), (cx - w * 0.11, cy + h * 0.21)]
            out_stem = Shape(_turned(stem, pivot, turn), suit_color(suit))
        out.append(Shape(_turned(frame, pivot, turn), FRAME))
        out.append(Shape(_turned(face, pivot, turn), CARD))
        out.append(Shape(_turned(mark, pivot, turn), suit_color(suit)))
        if suit == "S":
            out.append(out_stem)
    return out


# --- SVG -----------------------------------------------------------------------------------------

def svg(maskable: bool = False) -> str:
    paths = []
    for shape in shapes(maskable):
        d = "M" + "L".join(f"{x * 512:.1f} {y * 512:.1f}" for x, y in shape.points) + "Z"
        paths.append(f'<path fill="{shape.color}" d="{d}"/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" '
            'height="512">' + "".join(paths) + "</svg>\n")


# --- PNG -----------------------------------------------------------------------------------------

def _rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def coverage(points: tuple[Point, ...], size: int) -> list[float]:
    """How much of each pixel the polygon covers (0–1), row by row: SAMPLES scanlines per
    pixel row, each span's ends counted exactly across the pixels they cut."""
    cover = [0.0] * (size * size)
    edges = [((x0 * size, y0 * size), (x1 * size, y1 * size))
             for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True)
             if y0 != y1]
    weight = 1 / SAMPLES
    for row in range(size):
        for sample in range(SAMPLES):
            yy = row + (sample + 0.5) / SAMPLES
            crossings = []
            for (x0, y0), (x1, y1) in edges:
                if (y0 <= yy < y1) or (y1 <= yy < y0):
                    crossings.append((x0 + (yy - y0) * (x1 - x0) / (y1 - y0),
                                      1 if y1 > y0 else -1))
            crossings.sort()
            winding = 0
            start = 0.0
            for x, direction in crossings:
                before = winding
                winding += direction
                if before == 0 and winding != 0:
                    start = x
                elif before != 0 and winding == 0:
                    _span(cover, row * size, size, start, x, weight)
    return cover


def _span(cover: list[float], offset: int, size: int, a: float, b: float,
          weight: float) -> None:
    a, b = max(a, 0.0), min(b, float(size))
    if b <= a:
        return
    first, last = int(a), min(int(b), size - 1)
    if first == last:
        cover[offset + first] += (b - a) * weight
        return
    cover[offset + first] += (first + 1 - a) * weight
    for x in range(first + 1, last):
        cover[offset + x] += weight
    if last < size:
        cover[offset + last] += (b - last) * weight


def png(size: int, maskable: bool = False) -> bytes:
    """The icon as an RGBA PNG of ``size`` × ``size`` pixels."""
    red, green, blue, alpha = ([0.0] * (size * size) for _ in range(4))
    for shape in shapes(maskable):
        r, g, b = _rgb(shape.color)
        for i, c in enumerate(coverage(shape.points, size)):
            if c <= 0:
                continue
            c = min(c, 1.0)
            keep = 1 - c
            red[i] = r * c + red[i] * keep
            green[i] = g * c + green[i] * keep
            blue[i] = b * c + blue[i] * keep
            alpha[i] = c + alpha[i] * keep
    rows = bytearray()
    for y in range(size):
        rows.append(0)  # no filter
        for x in range(size):
            i = y * size + x
            a = alpha[i]
            if a > 0:  # colours were mixed premultiplied: undo it for PNG's straight alpha
                rows += bytes((round(red[i] / a), round(green[i] / a), round(blue[i] / a),
                               round(255 * a)))
            else:
                rows += b"\0\0\0\0"

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


# What the site ships: name -> (bytes, size in pixels or "any", purpose)
def icons() -> dict[str, bytes]:
    return {
        "icon.svg": svg().encode(),
        "icon-192.png": png(192),
        "icon-512.png": png(512),
        "icon-maskable-512.png": png(512, maskable=True),
        "apple-touch-icon.png": png(180, maskable=True),  # iOS rounds the corners itself
    }


def main(argv: list[str] | None = None) -> int:
    folder = Path((argv or sys.argv[1:])[0])
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in icons().items():
        (folder / name).write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
