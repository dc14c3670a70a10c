"""A club night's table presses "Play again with the same players" in a real browser (Debian's
chromium) when its game of turn 1 is over; the director still starts turn 2 from
the desk, and the table's game of turn 2 is the event's, not the table's own."""

import pytest
from playwright.sync_api import expect

from tests.browser.events_helpers import make_event, start_turn
from tests.browser.waits import WAIT


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    yield context
    context.close()


def test_same_table_again_at_a_finished_table_leaves_the_next_turn_to_the_director(
    context, live_server
):
    desk = context.new_page()
    desk.set_default_timeout(WAIT)
    errors = []
    desk.on("pageerror", lambda error: errors.append(str(error)))
    entries = "Ann & Bea\nCy & Di\nEd & Flo\nGus & Hal\nIda & Jo\nKit & Lu"
    make_event(desk, live_server.url, entries, turns=2)
    start_turn(desk, 1)

    from scorekeeper.data.connection import connect
    from scorekeeper.data.events import events
    from scorekeeper.data.games import rounds

    event_id = int(desk.url.rsplit("/", 1)[1])
    db = connect(live_server.database)
    try:  # every table plays its one deal
        for t in events.tables(db, event_id, 1):
            one, other = t["sides"]
            rounds.add_round(
                db, t["game_id"], {one: {"meld_points": 100}, other: {"meld_points": 50}}
            )
        first = events.current_game(db, event_id, 1, 1)
    finally:
        db.close()
    table = context.new_page()
    table.set_default_timeout(WAIT)
    table.on("pageerror", lambda error: errors.append(str(error)))
    table.goto(f"{live_server.url}/games/{first}")
    table.click("button:has-text('Play again with the same players')")
    expect(table).not_to_have_url(f"{live_server.url}/games/{first}")
    own = int(table.url.rsplit("/", 1)[1])
    desk.goto(f"{live_server.url}/events/{event_id}")
    start_turn(desk, 2)
    db = connect(live_server.database)
    try:
        second = events.current_game(db, event_id, 2, 1)
    finally:
        db.close()
    assert second is not None and second != own
    expect(desk.locator(f"ul.event-tables a[href='/games/{second}']").first).to_be_visible()
    assert errors == []
