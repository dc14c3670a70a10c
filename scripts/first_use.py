"""First use, counted: from the home page to round 1 saved, classic, four players.

    .venv/bin/python scripts/taps.py --first-use             # with and without names
    .venv/bin/python scripts/taps.py --first-use --keyboard  # 360x640, less the keyboard

A newcomer's first game through the pages as ``scripts/taps.py`` counts a round: every
tap, every keystroke (a name's letters, Return to the next name) and the scrolling
before each tap, on a touch phone at 360x740. The pages: the home page ("Start a new
game"), the variant ("Next"), the names and Start, then the scoreboard and the round
screen, where classic's typical round (``taps.TYPICAL``) is entered by the same driver
``taps.py`` uses. Two tables: one that types its four names (team by team, Return
between them; the last Return starts the game) and one that plays as "Us" and "Them".
The scroll is reported per page: the target is at most one screen on each.
"""

from __future__ import annotations

from typing import Any

from taps import (
    SHORT,
    TYPICAL,
    VIEWPORT,
    Counter,
    OneThumbScreen,
    expected_scores,
    phone,
    round_one_scores,
)

NAMES_BY_TEAM = ["Ann", "Bea", "Cat", "Dee"]  # typed team by team: Ann & Bea, Cat & Dee


def page_scroll(counter: Counter, pages: dict[str, float], page: str, since: float) -> float:
    """Book the scrolling done since ``since`` to ``page``; returns the new mark."""
    pages[page] = round(pages.get(page, 0) + counter.scroll_px - since)
    return counter.scroll_px


def first_game(browser: Any, base: str, named: bool, keyboard_px: int = 0) -> dict[str, Any]:
    """Home page to round 1 saved; the figures, checked against the ``score`` command."""
    viewport = SHORT if keyboard_px else VIEWPORT
    context, page = phone(browser, viewport)
    try:
        page.goto(base + "/")
        counter = Counter(page, keyboard_px=keyboard_px)
        counter.start()
        pages: dict[str, float] = {}
        mark = 0.0
        counter.tap(page.locator("a:has-text('Start a new game')"), "Start a new game")
        page.wait_for_selector("input[name=variant]")
        mark = page_scroll(counter, pages, "home", mark)
        counter.tap(page.locator("form.stack button[type=submit]").first, "Next")
        page.wait_for_selector("#seating-preview")
        mark = page_scroll(counter, pages, "variant", mark)
        if named:
            counter.tap(page.locator("input[data-seat]").first, "the first name")
            for n, name in enumerate(NAMES_BY_TEAM):
                counter.type(name)
                counter.press("Enter")  # the next name; after the last, Start
                if n == len(NAMES_BY_TEAM) - 1:
                    break
        else:
            counter.tap(page.locator(".start-bar button"), "Start the game")
        page.wait_for_selector(".totals")
        page.wait_for_load_state("load")
        mark = page_scroll(counter, pages, "names", mark)
        points = page.locator(".total .points")
        sides = [points.nth(i).get_attribute("data-side") for i in range(points.count())]
        round_ = TYPICAL["classic"]
        expected = expected_scores("classic", sides, 4, round_)
        screen = OneThumbScreen("counts first")
        screen.open_round(page, counter, round_)
        mark = page_scroll(counter, pages, "scoreboard", mark)
        page.wait_for_load_state("domcontentloaded")
        screen.drive_round(page, counter, "classic", round_)
        page.wait_for_selector("#round-1", state="attached")
        page_scroll(counter, pages, "round", mark)
        counter.stop()
        shown = round_one_scores(page, sides)
        if shown != expected:
            raise SystemExit(f"first use: the scoreboard shows {shown}, the round {expected}")
        figures = counter.figures(viewport["height"])
        said = "typed" if named else "none (Us, Them)"
        return {"names": said, **figures, "scroll_by_page": pages, "log": counter.log}
    finally:
        context.close()


def measure_first_use(browser: Any, base: str, keyboard_px: int = 0) -> list[dict[str, Any]]:
    return [first_game(browser, base, named, keyboard_px) for named in (True, False)]


def table(results: list[dict[str, Any]]) -> str:
    lines = [
        "| names | taps | keystrokes (of them Return) | scroll px (screens) | most on one page |",
        "|---|--:|--:|--:|--:|",
    ]
    for r in results:
        most = max(r["scroll_by_page"].items(), key=lambda item: item[1])
        scroll = f"{r['scroll_px']} ({r['screens']})"
        lines.append(
            f"| {r['names']} | {r['taps']} | {r['keystrokes']} ({r['next']}) "
            f"| {scroll} | {most[1]} px ({most[0]}) |"
        )
    return "\n".join(lines)
