"""Time called at a club night, on the director's pages: the desk shows the tables
finishing the deal in play, the director ends a table between deals with a reason
(refused beside the field without one, nothing stored), a table's next saved round
ends its game, and the desk, the printed results and the table's history say how
each game ended."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import events
from scorekeeper.data.games import games
from tests.web.test_events import make_event


@pytest.fixture
def timed(app, client):
    """Six pairs, a Mitchell of Canasta by time (30 minutes a turn), turn 1 started."""
    made = make_event(client, variant="classic", deals="0", minutes="30")
    desk = made.headers["Location"]
    client.post(f"{desk}/start")
    event_id = int(desk.rsplit("/", 1)[1])
    db = connect(app.config["DATABASE"])
    yield desk, [t["game_id"] for t in events.tables(db, event_id, 1)], db
    db.close()


def states(page):
    return re.findall(
        r'<li class="state-([a-z]+)"[^>]*><a href="/games/\d+">\s*<strong>Table (\d)', page
    )


def save(client, game, number, first, second):
    data = {"number": str(number), "s0_meld_points": str(first), "s1_meld_points": str(second)}
    return client.post(f"/games/{game}/rounds/new", data=data)


def test_time_called_on_the_desk_and_the_tables_ended_as_they_stand(client, timed):
    desk, (one, two, three), db = timed
    assert save(client, one, 1, 100, 50).status_code == 302  # before time
    assert client.post(f"{desk}/clock", data={"action": "add", "minutes": "-30"}).status_code == 302
    page = client.get(desk).get_data(as_text=True)
    assert sorted(states(page)) == [("finishing", "1"), ("finishing", "2"), ("finishing", "3")]
    assert "time: finishing the deal in play (1 saved)" in page
    refused = client.post(f"{desk}/tables/{two}/end", data={"reason": ""})
    assert refused.status_code == 400 and "Say why" in refused.get_data(as_text=True)
    assert not games.get_game(db, two)["finished"]  # nothing stored
    ended = client.post(f"{desk}/tables/{two}/end", data={"reason": "between deals"})
    assert ended.status_code == 302  # no round played: not "after round 0", as a tester read
    said = client.get(ended.location).get_data(as_text=True)
    assert "The game ended before any round: its totals are its result." in said
    again = client.post(f"{desk}/tables/{two}/end", data={"reason": "twice"})
    assert again.status_code == 400 and "over already" in again.get_data(as_text=True)
    assert save(client, one, 2, 80, 10).status_code == 302  # the deal in play: the last
    assert games.get_game(db, one)["finished"]
    board = client.get(f"/games/{one}").get_data(as_text=True)
    assert "It ended as it stood: time was called at the club night" in board
    save(client, one, 3, 80, 10)  # no deal after it
    assert games.get_game(db, one)["round_count"] == 2
    page = client.get(desk).get_data(as_text=True)
    assert "ended when time was called after round 2" in page
    assert "ended by the director before any round: between deals" in page
    assert ("finishing", "3") in states(page) and "1 of 3 finished" not in page
    printed = client.get(f"{desk}/print").get_data(as_text=True)
    assert "ended when time was called after round 2" in printed
    assert "ended by the director before any round: between deals" in printed
    exported = client.get(f"{desk}/standings.json").get_json()["ended"]
    assert exported == [
        {"turn": 1, "table": 1, "after_round": 2, "reason": None},
        {"turn": 1, "table": 2, "after_round": 0, "reason": "between deals"},
    ]
    history = client.get(f"/games/{one}/history").get_data(as_text=True)
    assert "The game ended when time was called after round 2" in history
    history = client.get(f"/games/{two}/history").get_data(as_text=True)
    assert "ended the game before any round" in history and "between deals" in history
