"""A club night in a real browser (Debian's chromium) at phone size: the director
makes an event and starts a turn; the turn's clock counts down on the desk, the big
screen and the table's scoreboard, and a pause from the desk reaches them."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.events_helpers import make_event, start_turn
from tests.browser.waits import WAIT


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    yield context
    context.close()


def test_the_clock_counts_down_everywhere_and_the_directors_pause_reaches_every_screen(
    context, live_server
):
    desk = context.new_page()
    desk.set_default_timeout(WAIT)
    errors = []
    desk.on("pageerror", lambda error: errors.append(str(error)))
    entries = "Ann & Bea\nCy & Di\nEd & Flo\nGus & Hal\nIda & Jo\nKit & Lu"
    make_event(desk, live_server.url, entries, turns=3, minutes=20)
    start_turn(desk, 1)
    board = context.new_page()
    board.goto(desk.url + "/standings")
    table = context.new_page()
    table.goto(live_server.url + desk.locator("ul.event-tables a").first.get_attribute("href"))
    for page in (desk, board, table):
        clock = page.locator("p.clock .time")
        expect(clock).to_be_visible()
        first = clock.inner_text()
        assert re.fullmatch(r"(20:00|19:[0-5]\d)", first)
        expect(clock).not_to_have_text(first)  # it counts down by itself
    desk.click("button:has-text('Pause')")
    expect(desk.locator("p.clock .state")).to_have_text("paused")
    for page in (board, table):  # within the clock's next question to the server
        expect(page.locator("p.clock .state")).to_have_text("paused", timeout=15000)
    held = board.locator("p.clock .time").inner_text()
    board.wait_for_timeout(1500)
    assert board.locator("p.clock .time").inner_text() == held  # a paused clock stands
    assert desk.evaluate("document.documentElement.scrollWidth") <= 360

    from scorekeeper.data.connection import connect
    from scorekeeper.data.events import events
    from scorekeeper.data.games import rounds

    db = connect(live_server.database)  # table 2 finishes: Ida & Jo win by 150
    try:
        event_id = int(desk.url.rsplit("/", 1)[1])
        game = events.current_game(db, event_id, 1, 2)
        rounds.add_round(db, game, {"Cy & Di": {"meld_points": 50},
                                    "Ida & Jo": {"meld_points": 200}})  # fmt: skip
    finally:
        db.close()
    leader = board.locator("table.standings tbody tr").first.locator("th")
    expect(leader).to_have_text("Ida & Jo", timeout=20000)  # the big screen keeps current
    assert errors == []
