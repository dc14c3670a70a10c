"""Each side's colour and shape (web/shown/sides.py): the stylesheet's colours are
the palette's, each with a WCAG contrast of at least 3:1 (graphics) against the
page and card backgrounds in light and in dark mode; the shapes and dashes of the
first sides all differ; the chart draws each side in its look."""

import re
from pathlib import Path

import pytest

from scorekeeper.web.shown import charts
from scorekeeper.web.shown.sides import DASHES, PALETTE, SHAPES, look, mark

CSS = (Path(__file__).parents[2] / "static" / "style.css").read_text()


def block(start):
    """The declarations of the first ``:root`` block after ``start`` in style.css."""
    rest = CSS[CSS.index(start) :]
    return rest[rest.index(":root") : rest.index("}", rest.index(":root"))]


def custom(declarations, name):
    """A custom property's colour as ``#rrggbb`` (``#fff`` written out)."""
    colour = re.search(rf"--{name}:\s*#([0-9a-fA-F]{{6}}|[0-9a-fA-F]{{3}})\b", declarations)
    digits = colour.group(1).lower()
    return "#" + (digits if len(digits) == 6 else "".join(d * 2 for d in digits))


def luminance(colour):
    """WCAG 2's relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


LIGHT = CSS[CSS.index(":root") : CSS.index("}")]  # the page's own colours, light
DARK = block("@media (prefers-color-scheme: dark)")
SIDES_LIGHT = block("/* Each side's colour")
SIDES_DARK = block("@media screen and (prefers-color-scheme: dark) { :root { --side-0")


def test_contrast_is_computed_as_wcag_says():
    assert round(contrast("#ffffff", "#000000"), 1) == 21.0
    assert round(contrast("#767676", "#ffffff"), 2) == 4.54  # WCAG's well-known grey


@pytest.mark.parametrize("n", range(len(PALETTE)), ids=[p[0] for p in PALETTE])
def test_each_sides_colour_has_3_to_1_against_the_page_in_light_and_dark(n):
    _, light, dark = PALETTE[n]
    assert custom(SIDES_LIGHT, f"side-{n}") == light
    assert custom(SIDES_DARK, f"side-{n}") == dark
    grounds = ("bg", "card", "lead", "win")  # the page, a card, the leader's, the winner's
    for ground in (*(custom(LIGHT, g) for g in grounds), "#ffffff"):  # white: print
        assert contrast(light, ground) >= 3, (light, ground)
    for ground in (custom(DARK, g) for g in grounds):
        assert contrast(dark, ground) >= 3, (dark, ground)


def test_the_first_sides_differ_in_shape_and_dash_and_none_share_colour_and_shape():
    firsts = [look(n) for n in range(len(PALETTE))]
    assert len({s.shape for s in firsts}) == len({s.dash for s in firsts}) == len(PALETTE)
    assert len({(look(n).colour, look(n).shape) for n in range(64)}) == 64
    assert len(SHAPES) == len(DASHES) == len(PALETTE)


def test_a_mark_is_its_sides_shape_in_its_colour_and_hidden_from_readers():
    drawn = mark(2)
    assert 'class="side-mark side-2"' in drawn and 'data-shape="triangle"' in drawn
    assert 'aria-hidden="true"' in drawn and f'color="{PALETTE[2][1]}"' in drawn


def test_the_chart_draws_each_side_in_its_colour_dash_and_shape():
    sides = ["Ann", "Bea", "Cat", "Dee"]
    svg = str(charts.running_totals(sides, {s: [0, 100 * i, 50] for i, s in enumerate(sides)}))
    for n in range(4):
        series = re.findall(rf'<g class="side-{n}" color="{PALETTE[n][1]}">(.*?)</g>', svg)
        assert len(series) == 2  # the legend's swatch and the line
        line = next(s for s in series if "<polyline" in s)
        assert f'stroke-dasharray="{look(n).dash}"' in line
        marker = "<circle" if look(n).shape == "circle" else "<polygon"
        assert line.count(marker) == 3  # a marker per point
