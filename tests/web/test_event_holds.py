"""The desk holds the turn for what is open: a round queried (its result waits
for the answer), a round waiting for the confirmation its table asks for, a table
reopened in any earlier turn (shown on the desk beside this turn's); a count on
top, what needs the director first."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import desk as event_desk, events
from scorekeeper.data.games import games, rounds
from scorekeeper.data.table import answers, table as phones
from tests.web.test_events import make_event


@pytest.fixture
def started(app, client):
    desk = make_event(client, turns="3").headers["Location"]
    client.post(f"{desk}/start")
    event_id = int(desk.rsplit("/", 1)[1])
    db = connect(app.config["DATABASE"])
    yield desk, event_id, db
    db.close()


def play(db, event_id, turn, skip=()):
    """Every table of the turn plays its one deal (North-South by 50), but ``skip``."""
    for t in events.tables(db, event_id, turn):
        if t["table_no"] not in skip:
            one, other = t["sides"]
            rounds.add_round(
                db, t["game_id"], {one: {"meld_points": 100}, other: {"meld_points": 50}}
            )


def start(client, desk):
    return client.post(f"{desk}/start", follow_redirects=True).get_data(as_text=True)


def test_a_count_on_top_and_what_needs_the_director_first(client, started):
    desk, event_id, db = started
    play(db, event_id, 1, skip=(3,))
    game = events.current_game(db, event_id, 1, 2)
    phones.set_settings(db, game, True, True)
    token = phones.join(db, game, "Ida", 1)
    answers.answer_round(db, phones.phone_of(db, token), 1, 1, "queried", "we had 150")
    page = client.get(desk).get_data(as_text=True)
    assert "1 of 3 finished" in page
    order = re.findall(r'<li class="state-([a-z]+)" data-table="(\d)"', page)
    assert order == [("queried", "2"), ("waiting", "3"), ("finished", "1")]


def test_a_queried_round_holds_the_turn_and_counts_once_answered(client, started):
    desk, event_id, db = started
    play(db, event_id, 1)
    game = events.current_game(db, event_id, 1, 1)
    phones.set_settings(db, game, True, False)  # phones enter: a correction is a query
    token = phones.join(db, game, "Ida", 1)
    answers.answer_round(db, phones.phone_of(db, token), 1, 1, "queried", "", fields={})
    played = {
        r["entry"]: r["played"]
        for r in client.get(f"{desk}/standings.json").get_json()["standings"]
    }
    assert played["Ann & Bea"] == 0 and played["Cy & Di"] == 1  # withheld until answered
    page = start(client, desk)
    assert "tables 1 are open" in page and "Turn 2 started" not in page
    answers.stands(db, game, 1, 1, "the sheet agrees")
    assert "Turn 2 started" in start(client, desk)


def test_a_round_waiting_for_confirmation_holds_the_turn_and_the_table_keeps_asking(
    client, started
):
    desk, event_id, db = started
    game = events.current_game(db, event_id, 1, 1)
    phones.set_settings(db, game, False, True)
    ann = phones.join(db, game, "Ann", 0)
    ida = phones.join(db, game, "Ida", 1)
    play(db, event_id, 1)
    assert "round 1 waiting for confirmation" in client.get(desk).get_data(as_text=True)
    assert "Turn 2 started" not in start(client, desk)
    answers.answer_round(db, phones.phone_of(db, ida), 1, 1, "confirmed")
    assert "Turn 2 started" not in start(client, desk)  # each side's numbers, by the other
    answers.answer_round(db, phones.phone_of(db, ann), 1, 1, "confirmed")
    assert "Turn 2 started" in start(client, desk)
    following = events.current_game(db, event_id, 2, 1)
    assert games.get_game(db, following)["confirm_rounds"] == 1  # it carries over


def test_a_table_reopened_in_an_earlier_turn_stays_on_the_desk_and_holds_the_next(client, started):
    desk, event_id, db = started
    play(db, event_id, 1)
    assert "Turn 2 started" in start(client, desk)
    first = events.current_game(db, event_id, 1, 2)
    event_desk.reopen(db, event_id, first, "they disagree")
    play(db, event_id, 2)
    page = client.get(desk).get_data(as_text=True)
    assert re.search(r'state-reopened" data-table="2"[^>]*>.*?\(turn 1\)', page, re.S)
    assert "3 of 3 finished" in page and "Start turn 3" not in page
    assert "tables 2 are open" in start(client, desk)
    event_desk.reopen(db, event_id, first, "settled", open_=False)
    assert "Turn 3 started" in start(client, desk)
