"""A club night's table at a finished game of turn 1, in a real browser (Debian's
chromium) at phone size: its scorer (the browser that opened the table's card) is
offered neither "Play again with the same players" nor "Remove this game"; the
scoreboard says the table's next game comes with the next turn and links the card,
which, once the director has started turn 2, leads on to the table's game of turn 2."""

import pytest
from playwright.sync_api import expect

from tests.browser.events_helpers import card_links, make_event, start_turn
from tests.browser.waits import WAIT


@pytest.fixture
def phones(browser):
    """New browsers at phone size (the director's, the table's), closed after the test."""
    made = []

    def phone():
        made.append(browser.new_context(viewport={"width": 360, "height": 740}))
        return made[-1].new_page()

    yield phone
    for context in made:
        context.close()


def test_a_finished_tables_scorer_goes_on_by_the_card_not_play_again(phones, live_server):
    desk = phones()
    desk.set_default_timeout(WAIT)
    errors = []
    desk.on("pageerror", lambda error: errors.append(str(error)))
    entries = "Ann & Bea\nCy & Di\nEd & Flo\nGus & Hal\nIda & Jo\nKit & Lu"
    desk_url = make_event(desk, live_server.url, entries, turns=2)
    links = card_links(desk, desk_url)
    desk.goto(desk_url)
    start_turn(desk, 1)

    from scorekeeper.data.connection import connect
    from scorekeeper.data.events import events
    from scorekeeper.data.games import rounds

    event_id = int(desk_url.rsplit("/", 1)[1])
    db = connect(live_server.database)
    try:  # every table plays its one deal
        for t in events.tables(db, event_id, 1):
            one, other = t["sides"]
            rounds.add_round(
                db, t["game_id"], {one: {"meld_points": 100}, other: {"meld_points": 50}}
            )
        first = events.current_game(db, event_id, 1, 1)
        games_before = db.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        db.close()
    table = phones()  # table 1's scorer, on its own phone
    table.set_default_timeout(WAIT)
    table.on("pageerror", lambda error: errors.append(str(error)))
    table.goto(links[0])
    with table.expect_navigation():
        table.click("text=Keep the score at table 1")
    assert table.url.endswith(f"/games/{first}")
    expect(table.locator("p.next-turn")).to_contain_text("comes with the next turn")
    expect(table.locator("button:has-text('Play again with the same players')")).to_have_count(0)
    expect(table.locator("text=Remove this game")).to_have_count(0)
    expect(table.locator("text=Rename")).to_be_visible()  # it scores the game all the same
    table.goto(f"{live_server.url}/")
    expect(table.locator("button:has-text('Play again with the same players')")).to_have_count(0)

    desk.goto(desk_url)
    start_turn(desk, 2)
    db = connect(live_server.database)
    try:
        second = events.current_game(db, event_id, 2, 1)
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] == games_before + 3
    finally:
        db.close()
    table.goto(f"{live_server.url}/games/{first}")
    with table.expect_navigation():
        table.click("text=Open table 1's card")
    with table.expect_navigation():
        table.click("text=Keep the score at table 1")
    assert table.url.endswith(f"/games/{second}")
    assert errors == []
