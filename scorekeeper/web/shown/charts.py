"""Charts drawn on the server as inline SVG: no script, no outside service.
Lines differ by colour, by dash and by the shape of their markers (each side's look,
``sides.py``), so they read in greyscale and in black-and-white print too."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from markupsafe import Markup

from .sides import look, markers, shape

WIDTH, HEIGHT = 480, 300
LEFT, RIGHT, TOP, BOTTOM = 66, 10, 40, 34  # LEFT: room for "-10,000" at 15 px
# A glyph's width at 15 px, wide enough for the fonts phones draw with (DejaVu Sans's
# digits are 9.5 px; Roboto's and San Francisco's narrower): a digit, and anything else.
DIGIT, OTHER = 9.6, 5.6
Scale = Callable[[float], float]


def nice_step(span: float, ticks: int = 5) -> int:
    raw = max(span / ticks, 1)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw))


def text(x: float, y: float, content: object, anchor: str = "middle", fill: str = "") -> str:
    colour = f' fill="{fill}"' if fill else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{colour}>'
        f"{escape(str(content))}</text>"
    )


def hline(y: float, stroke: str = "#8884", width: float = 0.6, dash: str = "") -> str:
    return (
        f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="{stroke}" '
        f'stroke-width="{width}" stroke-dasharray="{dash}"/>'
    )


def grid(
    ticks: Sequence[int], y: Scale, suffix: str = "", number: Callable[[int], str] = str
) -> list[str]:
    """Horizontal grid lines with their values at the left."""
    return [
        hline(y(t), width=1.5 if t == 0 else 0.6)
        + text(LEFT - 6, y(t) + 4, f"{number(t)}{suffix}", "end")
        for t in ticks
    ]


def series(n: int, drawn: str) -> str:
    """Series ``n``'s drawing in its side's colour: the light shade written in, the
    page's stylesheet giving the dark one where the page is dark."""
    side = look(n)
    return f'<g class="side-{side.colour}" color="{side.light}">{drawn}</g>'


def line(
    points: Sequence[tuple[float, float]], n: int, name: str, filled: Sequence[bool] = ()
) -> str:
    """Series ``n``: a polyline and a marker of its side's shape per point (hollow
    where ``filled`` says so)."""
    side = look(n)
    at = [(f"{px:.1f}", f"{py:.1f}") for px, py in points]  # each written once
    path = " ".join([f"{x},{y}" for x, y in at])
    fills = [("currentColor" if f else "none") for f in filled] or ["currentColor"] * len(at)
    return series(
        n,
        (
            f'<polyline points="{path}" fill="none" stroke="currentColor" stroke-width="2.5" '
            f'stroke-dasharray="{side.dash}"><title>{escape(name)}</title></polyline>'
            + markers(side.shape, points, at, 4.5, fills)
        ),
    )


def legend(names: Sequence[str]) -> tuple[str, int]:
    """Swatches (the line's dash with its marker) and names, wrapped onto as many
    rows as they need; and the height they take, which the plot starts below."""
    parts, left, row = [], LEFT, 0
    for n, name in enumerate(names):
        side = look(n)
        shown = name if len(name) <= 24 else name[:23] + "…"
        width = 48 + 8 * len(shown)
        if left > LEFT and left + width > WIDTH:
            left, row = LEFT, row + 1
        top = 14 + 20 * row
        swatch = (
            f'<line x1="{left}" x2="{left + 30}" y1="{top}" y2="{top}" stroke="currentColor" '
            f'stroke-width="3" stroke-dasharray="{side.dash}"/>'
            + shape(side.shape, left + 15, top, 6)
        )
        parts.append(series(n, swatch) + text(left + 35, top + 5, shown, "start"))
        left += width
    return "".join(parts), 20 * (row + 1) + 12


def room_for(labels: Sequence[str]) -> int:
    """How far the scale's widest label reaches left of the drawing (0 when it fits
    in ``LEFT``): "-150,000" needs some 9 px more than "-10,000".

    >>> room_for(["0", "-10,000"]), room_for(["-150.000", "100.000"])
    (0, 9)
    """
    widths = (sum(DIGIT if c.isdigit() else OTHER for c in label) for label in labels)
    widest = max(widths, default=0)
    return max(0, math.ceil(widest + 6 - LEFT))


def svg(title: str, parts: list[str], height: float = HEIGHT, left: int = 0) -> Markup:
    """The chart, its view ``left`` px wider at the left for a long scale (the drawing
    keeps its coordinates; the whole is scaled to the width it is given)."""
    label = escape(title, {'"': "&quot;"})
    box = f"{-left} 0 {WIDTH + left} {height:.0f}"
    return Markup(
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="{box}" '
        f'role="img" aria-label="{label}" font-size="15" fill="currentColor">'
        f"<title>{escape(title)}</title>{''.join(parts)}</svg>"
    )


def scales(count: int, low: float, high: float, top: float = TOP) -> tuple[Scale, Scale]:
    """Round (or game) index to x, and score to y, for a plot starting at ``top``."""
    span_x, span_y = max(count, 1), (high - low) or 1

    def x(i: float) -> float:
        return LEFT + i * (WIDTH - LEFT - RIGHT) / span_x

    def y(v: float) -> float:
        return top + (high - v) * (HEIGHT - TOP - BOTTOM) / span_y

    return x, y


def running_totals(
    sides: Sequence[str],
    series: dict[str, list[int]],
    first_round: int = 0,
    marks: Sequence[tuple[int, str]] = (),
    title: str = "Running totals",
    axis: str = "round",
    number: Callable[[int], str] = str,
) -> Markup:
    """One line per side through its totals after each round (``series[side][0]``
    is the total before the first round), with horizontal marks such as the target
    or the opening thresholds. ``axis`` names the rounds; ``number`` writes a score
    as the page's language does (the caller translates every word)."""
    values = [v for side in sides for v in series[side]] + [m for m, _ in marks] + [0]
    step = nice_step(max(values) - min(values) or 100)
    low = math.floor(min(values) / step) * step
    high = math.ceil(max(values) / step) * step or step
    count = len(series[sides[0]]) - 1
    key, top = legend(sides)
    x, y = scales(count, low, high, top)
    bottom = top + HEIGHT - TOP - BOTTOM
    ticks = range(low, high + 1, step)
    parts = grid(ticks, y, number=number)
    for i in range(0, count + 1, max(1, count // 12)):
        parts.append(text(x(i), bottom + 18, first_round + i))
    parts.append(text(WIDTH - RIGHT, bottom + 32, axis, "end"))
    for value, _label in marks:
        parts.append(hline(y(value), "#b91c1c", 1.2, "6 4"))
    for value, label in legible(marks, y):
        parts.append(text(WIDTH - RIGHT - 2, y(value) - 4, label, "end", "#b91c1c"))
    for n, side in enumerate(sides):
        parts.append(line([(x(i), y(v)) for i, v in enumerate(series[side])], n, side))
    return svg(title, [*parts, key], bottom + BOTTOM, room_for([number(t) for t in ticks]))


def legible(marks: Sequence[tuple[int, str]], y: Scale) -> list[tuple[int, str]]:
    """The marks whose labels can be read: the last one given first (the target),
    then the others from the top down, each only if it clears those already placed
    (on a scale of tens of thousands, "opens 50", "opens 90" and "opens 120" would
    be written over each other; their lines are still drawn).

    >>> legible([(1500, "a"), (1510, "b"), (5000, "target")], lambda v: 1000 - v / 10)
    [(5000, 'target'), (1510, 'b')]
    """
    placed: list[tuple[int, str]] = []
    for value, label in [*marks[-1:], *sorted(marks[:-1], reverse=True)]:
        if all(abs(y(value) - y(other)) >= LABEL_GAP for other, _ in placed):
            placed.append((value, label))
    return placed


LABEL_GAP = 12  # px between two marks' labels (the text is 11 px high)


def win_rate(
    months: Sequence[dict[str, Any]],
    title: str = "Win rate over time",
    names: tuple[str, str] = ("running win rate", "win rate"),
) -> Markup:
    """A player's running win rate, month by month (``date``, ``games``, ``won``);
    a dot per month, filled when a game was won that month."""
    if not months:
        return Markup("")
    rates, played, won = [], 0, 0
    for month in months:
        played, won = played + month["games"], won + month["won"]
        rates.append(100 * won / played)
    key, top = legend([names[0]])
    x, y = scales(len(rates) - 1, 0, 100, top)
    bottom = top + HEIGHT - TOP - BOTTOM
    parts = grid(range(0, 101, 25), y, "%")
    for i, anchor in sorted({0: "start", len(rates) - 1: "end"}.items()):
        parts.append(text(x(i), bottom + 18, months[i]["date"], anchor))
    points = [(x(i), y(v)) for i, v in enumerate(rates)]
    parts.append(line(points, 0, names[1], [bool(m["won"]) for m in months]))
    return svg(title, [*parts, key], bottom + BOTTOM)


def rating_course(
    points: Sequence[dict[str, Any]],
    title: str = "Rating over time",
    names: tuple[str, str] = ("rating", "games"),
    number: Callable[[int], str] = str,
    day: Callable[[str], str] = str,
) -> Markup:
    """A player's shown rating after their games (``games``, ``date``, ``rating``),
    oldest first; the first and last game's dates below the axis, as ``day`` says them."""
    if not points:
        return Markup("")
    values = [p["rating"] for p in points]
    step = nice_step((max(values) - min(values)) or 100, 4)
    low, high = math.floor(min(values) / step) * step, math.ceil(max(values) / step) * step
    high = high if high > low else low + step
    key, top = legend([names[0]])
    first, last = points[0]["games"], points[-1]["games"]
    x, y = scales(max(last - first, 1), low, high, top)
    bottom = top + HEIGHT - TOP - BOTTOM
    parts = grid(range(low, high + 1, step), y, number=number)
    for p, anchor in ((points[0], "start"), (points[-1], "end")) if last > first else ():
        parts.append(text(x(p["games"] - first), bottom + 18, day(p["date"]), anchor))
    parts.append(text(WIDTH - RIGHT, bottom + 32, names[1], "end"))
    parts.append(line([(x(p["games"] - first), y(p["rating"])) for p in points], 0, names[0]))
    return svg(title, [*parts, key], bottom + BOTTOM)
