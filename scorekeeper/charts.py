"""Charts drawn on the server as inline SVG: no script, no outside service.
Lines differ by colour and by dash, so they read in black-and-white print too."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from xml.sax.saxutils import escape

from markupsafe import Markup

COLOURS = ("#0b6e4f", "#c2410c", "#1d4ed8", "#a21caf", "#4d7c0f", "#b45309")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "1 2")
WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 58, 14, 40, 34
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


def grid(ticks: Sequence[int], y: Scale, suffix: str = "") -> list[str]:
    """Horizontal grid lines with their values at the left."""
    return [
        hline(y(t), width=1.5 if t == 0 else 0.6) + text(LEFT - 6, y(t) + 4, f"{t}{suffix}", "end")
        for t in ticks
    ]


def line(
    points: Sequence[tuple[float, float]], n: int, name: str, filled: Sequence[bool] = ()
) -> str:
    """Series ``n``: a polyline and a dot per point (hollow where ``filled`` says so)."""
    colour, dash = COLOURS[n % len(COLOURS)], DASHES[n % len(DASHES)]
    path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
    parts = [
        f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5" '
        f'stroke-dasharray="{dash}"><title>{escape(name)}</title></polyline>'
    ]
    for i, (px, py) in enumerate(points):
        fill = colour if not filled or filled[i] else "none"
        parts.append(
            f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3.5" fill="{fill}" stroke="{colour}"/>'
        )
    return "".join(parts)


def legend(names: Sequence[str]) -> str:
    parts, left = [], LEFT
    for n, name in enumerate(names):
        colour, dash = COLOURS[n % len(COLOURS)], DASHES[n % len(DASHES)]
        shown = name if len(name) <= 22 else name[:21] + "…"
        parts.append(
            f'<line x1="{left}" x2="{left + 22}" y1="14" y2="14" stroke="{colour}" '
            f'stroke-width="3" stroke-dasharray="{dash}"/>' + text(left + 27, 18, shown, "start")
        )
        left += 40 + 7 * len(shown)
    return "".join(parts)


def svg(title: str, parts: list[str]) -> Markup:
    label = escape(title, {'"': "&quot;"})
    return Markup(
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{label}" font-size="13" fill="currentColor">'
        f"<title>{escape(title)}</title>{''.join(parts)}</svg>"
    )


def scales(count: int, low: float, high: float) -> tuple[Scale, Scale]:
    span_x, span_y = max(count, 1), (high - low) or 1

    def x(i: float) -> float:
        return LEFT + i * (WIDTH - LEFT - RIGHT) / span_x

    def y(v: float) -> float:
        return TOP + (high - v) * (HEIGHT - TOP - BOTTOM) / span_y

    return x, y


def running_totals(
    sides: Sequence[str],
    series: dict[str, list[int]],
    first_round: int = 0,
    marks: Sequence[tuple[int, str]] = (),
    title: str = "Running totals",
) -> Markup:
    """One line per side through its totals after each round (``series[side][0]``
    is the total before the first round), with horizontal marks such as the target
    or the opening thresholds."""
    values = [v for side in sides for v in series[side]] + [m for m, _ in marks] + [0]
    step = nice_step(max(values) - min(values) or 100)
    low = math.floor(min(values) / step) * step
    high = math.ceil(max(values) / step) * step or step
    count = len(series[sides[0]]) - 1
    x, y = scales(count, low, high)
    parts = grid(range(low, high + 1, step), y)
    for i in range(0, count + 1, max(1, count // 12)):
        parts.append(text(x(i), HEIGHT - BOTTOM + 16, first_round + i))
    parts.append(text(WIDTH - RIGHT, HEIGHT - 4, "round", "end"))
    for value, label in marks:
        parts.append(hline(y(value), "#b91c1c", 1.2, "6 4"))
        parts.append(text(WIDTH - RIGHT - 2, y(value) - 4, label, "end", "#b91c1c"))
    for n, side in enumerate(sides):
        parts.append(line([(x(i), y(v)) for i, v in enumerate(series[side])], n, side))
    parts.append(legend(sides))
    return svg(title, parts)


def win_rate(results: Sequence[dict], title: str = "Win rate over time") -> Markup:
    """A player's running win rate, game by game; a dot per game, filled if won."""
    if not results:
        return Markup("")
    rates, won = [], 0
    for i, game in enumerate(results, start=1):
        won += game["won"]
        rates.append(100 * won / i)
    x, y = scales(len(rates) - 1, 0, 100)
    parts = grid(range(0, 101, 25), y, "%")
    for i in sorted({0, len(rates) - 1}):
        parts.append(text(x(i), HEIGHT - BOTTOM + 16, results[i]["date"]))
    points = [(x(i), y(v)) for i, v in enumerate(rates)]
    parts.append(line(points, 0, "win rate", [bool(g["won"]) for g in results]))
    parts.append(legend(["running win rate (filled dot: a game won)"]))
    return svg(title, parts)
