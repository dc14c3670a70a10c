"""A club night's table changes its game while the game is open to it: not once an
entry at it withdrew before it finished (its opponents have a bye), nor once a later
turn has started (the standings count its result), unless the director reopened the
table. The director always may; the table's scoreboard and phones say why not."""

import html

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games import rounds
from scorekeeper.data.table import table as phones
from tests.web.test_events import first_turn


@pytest.fixture
def night(app, client):
    """Turn 1 of a Mitchell of six pairs started by its director (``client``), one
    deal a table, and a browser that opened table 1's card."""
    desk, event_id, games, links = first_turn(app, client)
    table = app.test_client()
    assert table.get(links[0]).status_code == 302
    return desk, games, table


def save(browser, game, number, meld="50"):
    form = {"number": str(number), "s0_meld_points": meld, "key": f"{game}-{number}-{meld}"}
    return browser.post(f"/games/{game}/rounds/new", data=form)


def text(response):
    return html.unescape(response.get_data(as_text=True))


def test_a_table_whose_entry_withdrew_is_over_for_its_phones(app, client, night):
    """Found by a tester: after a withdrawal the desk said table 1 was over, while its
    scorer's screen still took rounds and its players' phones said nothing."""
    desk, games, table = night
    one = games[0]
    db = connect(app.config["DATABASE"])
    try:
        phones.set_settings(db, one, phones_enter=True, confirm_rounds=False)
        ann = phones.join(db, one, "Ann", 0)
    finally:
        db.close()
    assert "Your part of round 1" in text(table.get(f"/table/{ann}"))
    withdrawn = {"entry": "0", "reason": "Bea feels unwell"}  # Ann & Bea, at table 1
    assert client.post(f"{desk}/withdraw", data=withdrawn).status_code == 302
    refused = save(table, one, 1)
    said = "An entry at this table withdrew: its game is over, and its opponents have a bye."
    assert refused.status_code == 409 and said in text(refused)
    board = text(table.get(f"/games/{one}"))
    assert said in board and f"/games/{one}/rounds/new" not in board
    phone = text(table.get(f"/table/{ann}"))
    assert said in phone and "Your part of round 1" not in phone
    sent = {"number": "1", "s0_meld_points": "50"}
    part = table.post(f"/table/{ann}/part", data=sent, headers={"Accept": "application/json"})
    assert part.status_code == 409 and part.json == {"moved": True}
    assert rounds.changes(connect(app.config["DATABASE"]), one) == []  # nothing stored
    assert save(client, one, 1).status_code == 302  # the director still may


def test_a_table_changes_an_earlier_turns_game_only_when_the_director_reopens_it(
    app, client, night
):
    """Found by a tester: once turn 2 had started, table 1's scorer deleted a round of
    its turn-1 game, its finished result undone in the standings without a word at
    the desk."""
    desk, games, table = night
    one = games[0]
    assert save(table, one, 1).status_code == 302  # one deal: the game is over
    for game in games[1:]:
        assert save(client, game, 1).status_code == 302
    assert client.post(f"{desk}/start").status_code == 302  # turn 2
    refused = table.post(f"/games/{one}/rounds/1/delete", data={"version": "1"})
    said = "Turn 1 is over, and the standings count this game as it stands."
    assert refused.status_code == 409 and said in text(refused)
    assert table.get(f"/games/{one}/rounds/1/edit").status_code == 409
    board = text(table.get(f"/games/{one}"))
    assert said in board and "Correct round 1" not in board
    assert len(rounds.changes(connect(app.config["DATABASE"]), one)) == 1  # still there
    reopen = f"{desk}/tables/{one}/reopen"
    assert client.post(reopen, data={"reason": "they dispute round 1"}).status_code == 302
    assert table.get(f"/games/{one}/rounds/1/edit").status_code == 200
    assert "Correct round 1" in text(table.get(f"/games/{one}"))
    client.post(reopen, data={"reason": "it stands", "close": "1"})
    assert table.get(f"/games/{one}/rounds/1/edit").status_code == 409
    assert client.get(f"/games/{one}/rounds/1/edit").status_code == 200  # the director may
