"""Draw the app's PNG icons from the design of static/icon.svg: a white diamond on
a rounded green square. Reproducible (same bytes every run) and dependency-free:
the PNGs are written with zlib and struct.

    .venv/bin/python scripts/make_icons.py     # rewrites static/icons/*.png

- ``icon-192.png``, ``icon-512.png`` (purpose "any"): the SVG's rounded square, transparent
  corners;
- ``maskable-192.png``, ``maskable-512.png`` (purpose "maskable"): green to every edge, the
  diamond inside the safe zone (the central circle of 80% diameter);
- ``apple-touch-icon.png`` (180x180): green to every edge (iOS rounds the corners).
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
GREEN = (0x0B, 0x6E, 0x4F)  # the SVG's fill, and style.css's --accent
WHITE = (0xFF, 0xFF, 0xFF)
SAMPLES = 4  # sub-pixel samples per axis, for smooth edges

# In units of the icon's side (icon.svg is 32 units: diamond 16,5 24,16 16,27 8,16; rx 6).
SVG_DIAMOND = (8 / 32, 11 / 32)  # half-width, half-height
SVG_RADIUS = 6 / 32
SAFE_DIAMOND = (0.21, 0.29)  # every corner of the diamond at most 0.29 from the centre < 0.4


def inside_rounded_square(x: float, y: float, radius: float) -> bool:
    dx, dy = max(radius - x, 0.0, x - (1 - radius)), max(radius - y, 0.0, y - (1 - radius))
    return dx * dx + dy * dy <= radius * radius


def inside_diamond(x: float, y: float, half: tuple[float, float]) -> bool:
    return abs(x - 0.5) / half[0] + abs(y - 0.5) / half[1] <= 1


def pixel(px: int, py: int, size: int, radius: float, half: tuple[float, float]) -> bytes:
    """One RGBA pixel: the share of its samples in the square, and in the diamond."""
    square = diamond = 0
    for i in range(SAMPLES):
        for j in range(SAMPLES):
            x, y = (px + (i + 0.5) / SAMPLES) / size, (py + (j + 0.5) / SAMPLES) / size
            if radius == 0 or inside_rounded_square(x, y, radius):
                square += 1
                diamond += inside_diamond(x, y, half)
    if not square:
        return b"\0\0\0\0"
    mix = diamond / square
    rgb = (round(g + (w - g) * mix) for g, w in zip(GREEN, WHITE, strict=True))
    return bytes([*rgb, round(255 * square / SAMPLES**2)])


def draw(size: int, radius: float, half: tuple[float, float]) -> bytes:
    """The icon as PNG bytes (8-bit RGBA, no interlace, no timestamps)."""
    rows = b"".join(
        b"\0" + b"".join(pixel(px, py, size, radius, half) for px in range(size))
        for py in range(size)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


ICONS = {
    "icon-192.png": (192, SVG_RADIUS, SVG_DIAMOND),
    "icon-512.png": (512, SVG_RADIUS, SVG_DIAMOND),
    "maskable-192.png": (192, 0, SAFE_DIAMOND),
    "maskable-512.png": (512, 0, SAFE_DIAMOND),
    "apple-touch-icon.png": (180, 0, SVG_DIAMOND),
}


def main(out: Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, (size, radius, half) in ICONS.items():
        (out / name).write_bytes(draw(size, radius, half))
        print(f"{out / name} ({size}x{size})")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
