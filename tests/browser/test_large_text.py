"""Large text and a phone on its side: the bars of the round screen
that stay on screen (the totals bar at the top, the Save bar at the foot) take at
most a quarter of its height, and nothing in them is cut.

200% text is the root font-size doubled (17 px made 34 px), as in test_numbers.py; each
screen is measured with the form scrolled half-way, where a sticky bar is stuck."""

import importlib.util
from pathlib import Path

import pytest

# games with five-digit totals in every variant, and the measure of numbers on a page
spec = importlib.util.spec_from_file_location(
    "big_totals", Path(__file__).with_name("big_totals.py")
)
big = importlib.util.module_from_spec(spec)
spec.loader.exec_module(big)

SCREENS = [(320, 640, 2), (360, 740, 2), (430, 932, 2), (740, 360, 1), (740, 360, 2)]

COVERED = """() => {
  const sticky = [...document.querySelectorAll('.round-head, .buttons.sticky')]
    .filter(bar => ['sticky', 'fixed'].includes(getComputedStyle(bar).position));
  return sticky.map(bar => {
    const box = bar.getBoundingClientRect();
    return Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
  }).reduce((a, b) => a + b, 0);
}"""
FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
# One screen size in one call: the text size set, the form scrolled half-way, the
# page settled (its bars fitted again after the change of size), then what the bars
# cover and every number on the screen.
LOOK = (
    "async ({size, width}) => {\n"
    "  document.documentElement.style.fontSize = size;\n"
    "  window.scrollTo(0, document.querySelector('#side-1').offsetTop);\n"
    f"  await ({big.SETTLE})();\n"
    f"  return [({COVERED})(), ({big.MEASURE})(width)];\n"
    "}"
)


@pytest.mark.parametrize("variant", list(big.SEATS))
def test_the_bars_take_at_most_a_quarter_of_the_screen(browser, shared_server, variant):
    paths = big.store_games(shared_server.database, variant)
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True,
                                  is_mobile=True)  # fmt: skip
    page = context.new_page()
    page.goto(shared_server.url + paths[1])  # the round screen of the game going on
    big.type_a_round(page)
    root = float(page.evaluate("getComputedStyle(document.documentElement).fontSize")[:-2])
    found = []
    for width, height, times in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        covered, problems = page.evaluate(LOOK, {"size": f"{root * times}px", "width": width})
        where = f"{width}x{height} at {100 * times}% text"
        if covered > height / 4:
            found.append(f"{where}: the bars cover {covered:.0f} of {height} px")
        found += [f"{where}: {problem}" for problem in problems]
    context.close()
    assert not found, "\n".join(found)


def test_at_ordinary_text_the_totals_stay_in_sight_and_the_heading_scrolls_away(
    browser, shared_server
):
    paths = big.store_games(shared_server.database, "classic")
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    page.goto(shared_server.url + paths[1])
    big.type_a_round(page)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.evaluate(FRAMES)
    totals = page.locator("table.live").bounding_box()
    assert 0 <= totals["y"] < 60  # stuck at the top of the screen
    assert page.locator(".round-head h1").bounding_box()["y"] < 0  # scrolled away
    assert page.locator("button[name=save]").bounding_box()["y"] < 740
    assert page.evaluate(COVERED) <= 740 / 4
    context.close()
