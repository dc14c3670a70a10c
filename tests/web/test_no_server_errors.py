"""Requests a phone or a browser can send that had answered 500: each is now a 4xx
that says why, with what was typed kept and nothing stored."""

import pytest

from scorekeeper.data.games.games import rounds_of
from scorekeeper.data.games.rounds import add_round
from scorekeeper.data.table import table
from tests.web import test_phones

at_table, db, part = test_phones.at_table, test_phones.db, test_phones.part  # the fixtures

JSON = {"Accept": "application/json"}
STALE = "This form is out of date"


def test_a_part_sent_against_a_draft_the_scorer_dropped_is_told_so(app, client, at_table, db):
    """The scorer removed the phone whose part this phone had seen: the part it saw is
    gone, the phone is told so (409), and its own numbers go in when sent again."""
    game, code, phones = at_table
    partner = app.test_client().post(f"/join/{code}", data={"who": "p2"})  # Bea, Ann's side
    bea = partner.location.rsplit("/", 1)[1]
    assert part(client, phones["ann"], s0_hand_points="60").status_code == 302
    ann = next(p for p in table.phones(db, game) if p["who"] == "Ann")
    assert table.remove_phone(db, game, ann["id"])
    sent = {"number": "1", "version": "1", "s0_hand_points": "70"}
    answer = client.post(f"/table/{bea}/part", data=sent, headers=JSON)
    assert answer.status_code == 409 and answer.json["gone"] is True
    page = client.post(f"/table/{bea}/part", data=sent)
    html = page.get_data(as_text=True)
    assert page.status_code == 409 and "no longer with the scorer" in html
    assert 'name="version" type="hidden" value="0"' in html and 'value="70"' in html
    assert table.drafts(db, game, 1) == {}
    again = client.post(f"/table/{bea}/part", data={**sent, "version": "0"}, headers=JSON)
    assert again.json == {"version": 1}
    assert table.drafts(db, game, 1)[0]["fields"] == {"s0_hand_points": "70"}


@pytest.mark.parametrize("button", ["preview", "save"])
def test_a_mistake_across_two_fields_is_shown_beside_the_field(client, make_game, db, button):
    """More canastas out of hand than canastas (a check the score makes, across two
    fields): Preview without the script shows it as Save does."""
    game = make_game("weeping")
    data = {"s0_canastas_from_hand": "1", "s1_meld_points": "50", button: "1"}
    response = client.post(f"/games/{game}/rounds/new", data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 400, html[-500:]
    assert "more than the 0 canastas this side has" in html
    assert 'name="s0_canastas_from_hand"' in html and 'value="1"' in html
    assert rounds_of(db, game) == []


WHITESPACE = [" ", "\t", "\n", "\r\n", "\u00a0", "  "]


@pytest.mark.parametrize("field", ["number", "version"])
@pytest.mark.parametrize("blank", WHITESPACE, ids=repr)
def test_whitespace_in_a_phones_hidden_number_or_version_is_refused(
    client, at_table, db, field, blank
):
    game, code, phones = at_table
    sent = {"number": "1", "version": "0", "s0_hand_points": "60", field: blank}
    response = client.post(f"/table/{phones['ann']}/part", data=sent)
    assert response.status_code == 400 and STALE in response.get_data(as_text=True)
    assert table.drafts(db, game, 1) == {}


@pytest.mark.parametrize("blank", WHITESPACE, ids=repr)
def test_whitespace_in_a_corrections_hidden_version_is_refused(client, make_game, db, blank):
    game = make_game()
    add_round(db, game, {"Ann & Bea": {"meld_points": 50}})
    data = {"number": "1", "version": blank, "s0_meld_points": "90"}
    response = client.post(f"/games/{game}/rounds/1/edit", data=data)
    assert response.status_code == 400 and STALE in response.get_data(as_text=True)
    assert rounds_of(db, game)[0]["entries"]["Ann & Bea"]["meld_points"] == 50


TURNED = ["\u202e001-", "table\u2066 talk", "mis\u200fdeal", "x\u061c"]


@pytest.mark.parametrize("note", TURNED, ids=repr)
def test_marks_that_turn_text_around_are_refused_in_notes(client, make_game, db, note):
    """A note that turns the text around could make a printout read "+1000" for a
    -100 adjustment: refused beside the field, as in names, in the form and the API."""
    game = make_game()
    adjusted = {"s0_adjustment": "100", "s0_adjustment_sign": "-", "s0_note": note}
    data = {"number": "1", "s0_meld_points": "120", **adjusted}
    form = client.post(f"/games/{game}/rounds/new", data=data)
    assert form.status_code == 400 and "turns the text around" in form.get_data(as_text=True)
    body = {"Ann & Bea": {"meld_points": 120, "adjustment": -100, "note": note}}
    api = client.post(f"/api/games/{game}/rounds", json=body)
    assert api.status_code == 400 and "turns the text around" in api.json["error"]
    evening = client.post("/evenings/1", data={"name": "Tuesday", "note": f"one\n{note}"})
    assert evening.status_code == 400 and "turn the text around" in evening.get_data(as_text=True)
    assert rounds_of(db, game) == []
    assert not list(db.query("SELECT 1 FROM evenings WHERE note LIKE '%one%'"))


def test_the_directors_desk_and_the_table_cards_are_never_kept_offline(client):
    """The app's offline copy (static/sw.js) keeps no page sent ``private``: the table
    cards carry the links that let a phone in, the desk the director's controls."""
    from tests.web.test_events import make_event

    desk = make_event(client).headers["Location"]
    cards = client.get(f"{desk}/cards").headers["Cache-Control"]
    assert "private" in cards and "no-store" in cards
    assert "private" in client.get(desk).headers["Cache-Control"]
    big_screen = client.get(f"{desk}/standings").headers["Cache-Control"]
    assert big_screen == "no-cache"  # shown to the room: kept offline as before
