"""The event changed under way through its pages: an entry keeping a table, the
event edited; bad input is a 400 with the field's error and what was typed, and
nothing stored; a change of the event points is asked first."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import changes, events
from scorekeeper.data.games import rounds
from tests.web.test_events import make_event
from tests.web.test_words import text

EDIT = {
    "turns": "2",
    "minutes": "0",
    "deals": "1",
    "rules": "",
    "scale": "wdl",
    "win": "2",
    "draw": "1",
    "loss": "0",
    "reason": "the hall closes early",
}


@pytest.fixture
def desk(client):
    made = make_event(client)
    assert made.status_code == 302
    return made.headers["Location"]


@pytest.fixture
def stored(app, desk):
    """The event as stored, and its history, read afresh."""

    def read():
        db = connect(app.config["DATABASE"])
        try:
            event_id = int(desk.rsplit("/", 1)[1])
            return events.event(db, event_id), changes.history(db, event_id)
        finally:
            db.close()

    return read


def field_error(page, name):
    """The error shown beside the field ``name`` (None: none)."""
    found = re.search(rf'<span class="error" id="{name}-error">([^<]*)</span>', page)
    return found.group(1) if found else None


def test_the_edit_page_starts_from_the_event_as_it_is(client, desk):
    page = client.get(f"{desk}/edit").get_data(as_text=True)
    assert re.search(r'name="turns"[^>]*value="2"', page)
    assert re.search(r'name="deals"[^>]*value="1"', page)
    assert "As they are" in page and "Reason (kept in the event" in page


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"turns": ""}, "turns", "This field is required."),
        ({"turns": "4"}, "turns", "the most turns without a rematch is 3"),
        ({"turns": "0"}, "turns", "Number must be between 1 and 50."),
        ({"minutes": "many"}, "minutes", None),
        ({"deals": "-1"}, "deals", "Number must be between 0 and 50."),
        ({"reason": ""}, "reason", "Say why, for the event"),
        ({"rules": "set-999"}, "rules", "Not a valid choice."),
        (
            {"scale": "vp", "table-0-margin": "50", "table-0-winner": "10", "table-0-loser": "10"},
            "table-0-margin",
            "The first row starts at margin 0.",
        ),
        ({}, "turns", "nothing to change"),
    ],
)
def test_bad_input_is_refused_beside_its_field_and_nothing_stored(
    client, desk, stored, change, field, message
):
    before = stored()
    sent = {**EDIT, **change}
    answer = client.post(f"{desk}/edit", data=sent)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400
    assert field_error(page, field) is not None
    if message:
        assert message in field_error(page, field)
    if (
        change.get(field) and field != "rules"
    ):  # what was typed is kept (a choice not offered is not)
        assert f'value="{change[field]}"' in page
    assert stored() == before


def test_new_event_points_after_a_turn_are_asked_first(app, client, desk, stored):
    client.post(f"{desk}/start")
    db = connect(app.config["DATABASE"])
    try:
        for table in events.tables(db, stored()[0]["id"], 1):
            one, other = table["sides"]
            rounds.add_round(db, table["game_id"], {one: {"meld_points": 100}, other: {}})
    finally:
        db.close()
    before = stored()
    sent = {**EDIT, "win": "3"}
    asked = client.post(f"{desk}/edit", data=sent)
    page = asked.get_data(as_text=True)
    assert asked.status_code == 200 and "every finished turn is rescored" in page
    assert 'name="confirmed" type="hidden" value="yes"' in page and 'value="3"' in page
    assert stored() == before
    done = client.post(f"{desk}/edit", data={**sent, "confirmed": "yes"})
    assert done.status_code == 302
    found, history = stored()
    assert found["scale"]["win"] == 3
    assert history[0]["action"] == "edited" and history[0]["reason"] == "the hall closes early"
    desk_page = client.get(desk).get_data(as_text=True)
    assert "changed for the turns not started" in desk_page
    said = client.get(f"{desk}/history").get_data(as_text=True)
    assert "The event edited: the event points" in said


def test_turns_and_minutes_before_the_start_need_no_asking(client, desk, stored):
    answer = client.post(f"{desk}/edit", data={**EDIT, "turns": "3", "minutes": "40"})
    assert answer.status_code == 302
    found, history = stored()
    assert (found["turns"], found["minutes"], len(found["plan"])) == (3, 40, 3)
    assert history[0]["detail"]["changed"] == ["turns", "minutes"]


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"table": "4"}, "table", "table: from 1 to 3"),
        ({"table": "x"}, "table", None),
        ({"entry": "9"}, "entry", "Not a valid choice."),
        ({"reason": ""}, "reason", "Say why, for the event"),
    ],
)
def test_a_table_kept_refused_beside_its_field(client, desk, stored, change, field, message):
    before = stored()
    sent = {"entry": "2", "table": "1", "reason": "the stairs", **change}
    answer = client.post(f"{desk}/keep-table", data=sent)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400
    assert field_error(page, field) is not None
    if message:
        assert message in field_error(page, field)
    assert stored() == before


def test_a_table_kept_moves_the_plan_of_the_turns_left(client, desk, stored):
    client.post(f"{desk}/start")
    answer = client.post(
        f"{desk}/keep-table", data={"entry": "2", "table": "1", "reason": "the stairs"}
    )
    assert answer.status_code == 302
    found, history = stored()
    assert found["kept"] == {2: 1}
    assert any(2 in side for side in found["plan"][1].tables[0])  # turn 2, table 1
    page = client.get(desk).get_data(as_text=True)
    assert "From turn 2 on the plan has the change." in page
    said = client.get(f"{desk}/history").get_data(as_text=True)
    assert "Ed &amp; Flo keeps table 1 from turn 2" in said


def test_the_guide_cards_and_table_cards_follow_a_table_kept(client, desk):
    """Six pairs, three tables. During turn 1 Ed & Flo (North-South at table 3)
    keep table 1: in turn 2 tables 1 and 3 exchange numbers."""
    client.post(f"{desk}/start")
    sent = {"entry": "2", "table": "1", "reason": "the stairs"}
    assert client.post(f"{desk}/keep-table", data=sent).status_code == 302
    page = text(client.get(f"{desk}/guide-cards"))
    third = page.split("Table 3 ")[1]
    assert "3 Ed & Flo → turn 2: table 1, North-South" in third
    cards = text(client.get(f"{desk}/cards"))
    assert "Some pairs keep a table: the guide cards say where each goes next" in cards
