"""Each side's colour and shape, kept wherever the side appears (scoreboard, round
screen, chart, print), so that sides are told apart without colour too.

Colours are the Okabe-Ito palette (safe for the common colour-vision deficiencies),
each in a light-mode shade and a dark-mode shade with a contrast of at least 3:1
(WCAG's minimum for graphics) against that mode's page and card backgrounds; the
stylesheet holds the same values as ``--side-<n>`` (a test checks both). A side's
shape and the dash of its chart line set it apart in greyscale and in print.

>>> [look(n).shape for n in range(5)]
['circle', 'diamond', 'triangle', 'square', 'star']
>>> look(8).colour == look(0).colour, look(8).shape == look(0).shape
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup

# (name, light-mode shade, dark-mode shade): Okabe-Ito, darkened where the light
# background needs it and lightened where the dark one does.
PALETTE = (
    ("blue", "#0072b2", "#3b95c8"),
    ("vermillion", "#d55e00", "#e0702a"),
    ("bluish green", "#009c72", "#009e73"),
    ("reddish purple", "#be719b", "#cc79a7"),
    ("orange", "#b87f00", "#e69f00"),
    ("sky blue", "#4590ba", "#56b4e9"),
    ("yellow", "#928b28", "#f0e442"),
    ("black", "#000000", "#8a8a8a"),
)
SHAPES = ("circle", "diamond", "triangle", "square", "star", "plus", "triangle-down", "hexagon")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "1 2", "12 4", "6 2 2 2")


@dataclass(frozen=True)
class Look:
    """How side ``index`` is drawn: its colour (light and dark shades), shape, dash."""

    index: int
    colour: int
    light: str
    dark: str
    shape: str
    dash: str


def look(n: int) -> Look:
    """Side ``n``'s look: colours and shapes cycle at different points, so the first
    64 sides each differ from every other in colour or shape."""
    colour = n % len(PALETTE)
    shape = (n + n // len(PALETTE)) % len(SHAPES)
    _, light, dark = PALETTE[colour]
    return Look(n, colour, light, dark, SHAPES[shape], DASHES[n % len(DASHES)])


def points(corners: int, x: float, y: float, r: float, turn: float = 0.0) -> str:
    """A regular polygon's corners around (x, y), the first straight up."""
    angles = (2 * math.pi * i / corners + turn for i in range(corners))
    return " ".join(f"{x + r * math.sin(a):.1f},{y - r * math.cos(a):.1f}" for a in angles)


def star(x: float, y: float, r: float) -> str:
    """A five-pointed star: outer corners at ``r``, inner at 0.45 r."""
    corners = []
    for i in range(10):
        a, d = math.pi * i / 5, r if i % 2 == 0 else 0.45 * r
        corners.append(f"{x + d * math.sin(a):.1f},{y - d * math.cos(a):.1f}")
    return " ".join(corners)


def plus(x: float, y: float, r: float) -> str:
    t = r / 3
    steps = [
        (-t, -r),
        (t, -r),
        (t, -t),
        (r, -t),
        (r, t),
        (t, t),
        (t, r),
        (-t, r),
        (-t, t),
        (-r, t),
        (-r, -t),
        (-t, -t),
    ]
    return " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in steps)


def paint(fill: str) -> str:
    return f'fill="{fill}" stroke="currentColor" stroke-width="1.2"'


def shape(name: str, x: float, y: float, r: float, fill: str = "currentColor") -> str:
    """One shape centred on (x, y), about ``2r`` across, in the current colour."""
    if name == "circle":
        return circles([(f"{x:.1f}", f"{y:.1f}")], r, [fill])
    corners = {
        "diamond": lambda: points(4, x, y, r),
        "triangle": lambda: points(3, x, y + r * 0.15, r * 1.1),
        "square": lambda: points(4, x, y, r, math.pi / 4),
        "star": lambda: star(x, y, r * 1.1),
        "plus": lambda: plus(x, y, r),
        "triangle-down": lambda: points(3, x, y - r * 0.15, r * 1.1, math.pi),
        "hexagon": lambda: points(6, x, y, r),
    }[name]()
    return f'<polygon points="{corners}" {paint(fill)}/>'


def markers(
    name: str,
    points: Sequence[tuple[float, float]],
    at: Sequence[tuple[str, str]],
    r: float,
    fills: Sequence[str],
) -> str:
    """``shape`` at each of ``points`` (``at``: their coordinates as a chart writes
    them, to one decimal), filled as ``fills`` says; what circles share is written
    once (a player's chart has a marker a month, some 150 on a busy player's page).

    >>> one = shape("circle", 1.04, 2, 5, "none")
    >>> markers("circle", [(1.04, 2)], [("1.0", "2.0")], 5, ["none"]) == one
    True
    """
    if name == "circle":
        return circles(at, r, fills)
    return "".join([shape(name, x, y, r, f) for (x, y), f in zip(points, fills, strict=True)])


def circles(at: Sequence[tuple[str, str]], r: float, fills: Sequence[str]) -> str:
    radius, paints = f"{r * 0.85:.1f}", {fill: paint(fill) for fill in set(fills)}
    return "".join(
        [
            f'<circle cx="{x}" cy="{y}" r="{radius}" {paints[f]}/>'
            for (x, y), f in zip(at, fills, strict=True)
        ]
    )


def mark(n: int) -> Markup:
    """Side ``n``'s mark beside its name: its shape in its colour (decorative: the
    name says who it is)."""
    side = look(n)
    return Markup(
        f'<svg class="side-mark side-{side.colour}" viewBox="0 0 16 16" width="16" '
        f'height="16" color="{side.light}" aria-hidden="true" focusable="false" '
        f'data-shape="{side.shape}">{shape(side.shape, 8, 8, 6.5)}</svg>'
    )
