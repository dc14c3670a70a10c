"""Sides told apart without colour, in a real headless browser at phone size (360x740): every side
keeps one colour and one shape wherever it appears (the totals, the rounds' table,
a round's details, the figures, the chart's legend and markers, the round screen),
and in greyscale screenshots the sides' marks still differ from each other while
one side's marks match wherever it appears."""

import io

import pytest
from PIL import Image, ImageChops, ImageOps, ImageStat

from tests.browser.waits import WAIT

SIDES = ["Ann", "Bea", "Cat", "Dee"]
ROUNDS = [  # hand and foot, four playing alone
    {"Ann": {"meld_points": 180, "natural_canastas": 1}, "Bea": {"meld_points": 95},
     "Cat": {"meld_points": 240, "mixed_canastas": 1}, "Dee": {"meld_points": 60}},
    {"Ann": {"meld_points": 120}, "Bea": {"meld_points": 310, "natural_canastas": 1},
     "Cat": {"meld_points": 45}, "Dee": {"meld_points": 150, "mixed_canastas": 1}},
    {"Ann": {"meld_points": 90, "mixed_canastas": 1}, "Bea": {"meld_points": 75},
     "Cat": {"meld_points": 205, "natural_canastas": 1}, "Dee": {"meld_points": 260}},
]  # fmt: skip


def four_sides_game(server):
    """A hand-and-foot game of four playing alone, three rounds in: its id."""
    status, created = server.json(
        "POST", "/api/games", {"variant": "hand-and-foot", "sides": SIDES, "players": 4}
    )
    assert status == 201, created
    for entries in ROUNDS:
        status, answer = server.json("POST", f"/api/games/{created['id']}/rounds", entries)
        assert status == 201, answer
    return created["id"]


@pytest.fixture
def board(browser, shared_server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{shared_server.url}/games/{four_sides_game(shared_server)}")
    page.wait_for_selector(".totals")
    yield page
    context.close()


def grey(locator):
    """An element's screenshot in greyscale."""
    return ImageOps.grayscale(Image.open(io.BytesIO(locator.screenshot(animations="disabled"))))


def figure(image, size=48):
    """What stands out of a greyscale image against its background (its corner's
    shade), cut to its own bounds and scaled to ``size`` px square, black on white:
    the mark's form as the eye sees it in greyscale, wherever it is drawn, however
    large and whatever is behind it."""
    ground = image.getpixel((0, 0))
    seen = image.point(lambda shade: 0 if abs(shade - ground) > 48 else 255)
    bounds = ImageOps.invert(seen).getbbox()
    assert bounds, "the mark does not stand out of its background in greyscale"
    return seen.crop(bounds).resize((size, size))


def apart(a, b):
    """How far two greyscale marks are apart: the mean difference (0 to 255) of
    their figures."""
    return ImageStat.Stat(ImageChops.difference(figure(a), figure(b))).mean[0]


def test_each_side_keeps_its_colour_and_shape_everywhere(board):
    places = {
        "totals": ".totals .side-mark",
        "rounds": "table.scores thead .side-mark",
        "figures": "table.figures thead .side-mark",
    }
    looks = {}
    for place, selector in places.items():
        marks = board.locator(selector)
        assert marks.count() == len(SIDES), place
        looks[place] = [
            (marks.nth(i).get_attribute("class"), marks.nth(i).get_attribute("data-shape"))
            for i in range(len(SIDES))
        ]
    assert looks["totals"] == looks["rounds"] == looks["figures"]
    assert len({c for c, _ in looks["totals"]}) == len({s for _, s in looks["totals"]}) == 4
    # the chart: a series per side in that side's colour class, its markers its shape
    series = board.locator("figure.chart-box svg polyline")
    assert series.count() == len(SIDES)
    for i, (colour, shape) in enumerate(looks["totals"]):
        group = series.nth(i).locator("xpath=..")
        assert group.get_attribute("class") == colour.split()[-1]
        marker = "circle" if shape == "circle" else "polygon"
        assert group.locator(marker).count() == len(ROUNDS) + 1
    dashes = {series.nth(i).get_attribute("stroke-dasharray") for i in range(len(SIDES))}
    assert len(dashes) == len(SIDES)


def test_in_greyscale_the_sides_marks_still_differ(board):
    totals = [grey(board.locator(".totals .side-mark").nth(i)) for i in range(len(SIDES))]
    header = [grey(board.locator("table.scores thead .side-mark").nth(i)) for i in range(4)]
    same = [apart(totals[i], header[i]) for i in range(len(SIDES))]
    others = [apart(totals[i], totals[j]) for i in range(4) for j in range(4) if i < j]
    assert max(same) < 20, same  # one side looks the same in both places (edges aside)
    assert min(others) > 40, others  # and every other side looks different
    # the chart's legend: each side's swatch (its dash and its marker), in greyscale
    swatches = board.locator("figure.chart-box svg > g")
    assert swatches.count() >= len(SIDES)
    legend = [grey(swatches.nth(swatches.count() - len(SIDES) + i)) for i in range(4)]
    pairs = [apart(legend[i], legend[j]) for i in range(4) for j in range(4) if i < j]
    assert min(pairs) > 25, pairs  # a dash and a shape each: well above one side's 20


def test_the_round_screen_marks_each_side_as_the_scoreboard_does(board):
    shapes = [
        board.locator(".totals .side-mark").nth(i).get_attribute("data-shape") for i in range(4)
    ]
    board.click("a:has-text('Enter round')")
    board.wait_for_selector("#round-form")
    legends = board.locator("fieldset.side-entry > legend .side-mark")
    live = board.locator("table.live .side-mark")
    assert [legends.nth(i).get_attribute("data-shape") for i in range(4)] == shapes
    assert [live.nth(i).get_attribute("data-shape") for i in range(4)] == shapes
    assert board.evaluate("document.documentElement.scrollWidth") <= 360
