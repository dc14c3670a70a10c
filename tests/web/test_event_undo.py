"""The director's undoing through the pages: asked first with what goes, a reason
required and kept, the event's history; only the director may."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import events
from scorekeeper.data.games import rounds
from tests.web.test_events import card_links


def event_id_of(desk):
    return int(desk.rsplit("/", 1)[1])


def test_the_director_undoes_a_turn_start_asked_first_with_what_goes(app, client, desk):
    client.post(f"{desk}/start")
    page = client.get(desk).get_data(as_text=True)
    assert "Undo the start of turn 1" in page
    asked = client.get(f"{desk}/undo-start").get_data(as_text=True)
    assert asked.count("<li><strong>Table ") == 3 and "Cy &amp; Di – Ida &amp; Jo" in asked
    refused = client.post(f"{desk}/undo-start", data={"reason": ""})
    assert refused.status_code == 400
    assert "Say why, for the event" in refused.get_data(as_text=True)
    long = "x" * 201
    refused = client.post(f"{desk}/undo-start", data={"reason": long})
    assert refused.status_code == 400 and f'value="{long}"' in refused.get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    try:
        assert events.event(db, event_id_of(desk))["turn"] == 1  # nothing changed yet
    finally:
        db.close()
    done = client.post(f"{desk}/undo-start", data={"reason": "wrong tables"})
    assert done.status_code == 302
    page = client.get(desk).get_data(as_text=True)
    assert "The start of turn 1 is undone" in page and "Start turn 1" in page
    history = client.get(f"{desk}/history").get_data(as_text=True)
    said = re.findall(r"<strong>([^<]+)</strong>(?:: “([^”]*)”)?", history)
    assert said == [("Start of turn 1 undone", "wrong tables"), ("Turn 1 started", "")]


def test_a_turn_under_way_is_not_undone_and_the_page_says_why(app, client, desk):
    client.post(f"{desk}/start")
    db = connect(app.config["DATABASE"])
    try:
        table = events.tables(db, event_id_of(desk), 1)[1]
        one, other = table["sides"]
        rounds.add_round(db, table["game_id"], {one: {"meld_points": 50}, other: {}})
    finally:
        db.close()
    assert "Undo the start" not in client.get(desk).get_data(as_text=True)
    asked = client.get(f"{desk}/undo-start").get_data(as_text=True)
    assert "table 2 has entered a round" in asked and "<form" not in asked.split("<main")[-1]
    refused = client.post(f"{desk}/undo-start", data={"reason": "try"})
    assert refused.status_code == 400
    assert "table 2 has entered a round" in refused.get_data(as_text=True)


def test_a_withdrawal_is_undone_from_the_withdrawals_page(client, desk):
    client.post(f"{desk}/start")
    client.post(f"{desk}/withdraw", data={"entry": "1", "reason": "unwell"})
    listed = client.get(f"{desk}/withdraw").get_data(as_text=True)
    assert "Cy &amp; Di</strong>: from turn 1, “unwell”" in listed
    assert f"{desk}/withdrawals/1/undo" in listed
    asked = client.get(f"{desk}/withdrawals/1/undo").get_data(as_text=True)
    assert "Cy &amp; Di plays on" in asked
    done = client.post(f"{desk}/withdrawals/1/undo", data={"reason": "better now"})
    assert done.status_code == 302
    assert "Cy &amp; Di</strong>: from turn" not in client.get(f"{desk}/withdraw").get_data(
        as_text=True
    )
    again = client.get(f"{desk}/withdrawals/1/undo").get_data(as_text=True)
    assert "Cy &amp; Di has not withdrawn" in again
    assert client.get(f"{desk}/withdrawals/99/undo").status_code == 404


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/undo-start"),
        ("POST", "/undo-start"),
        ("GET", "/withdrawals/1/undo"),
        ("POST", "/withdrawals/1/undo"),
        ("GET", "/history"),
    ],
)
def test_only_the_director_may_undo_or_read_the_history(app, client, desk, method, path):
    client.post(f"{desk}/start")
    stranger = app.test_client()
    answer = stranger.open(f"{desk}{path}", method=method, data={"reason": "mine now"})
    assert answer.status_code == 403
    db = connect(app.config["DATABASE"])
    try:
        assert events.event(db, event_id_of(desk))["turn"] == 1
    finally:
        db.close()


def test_the_director_deletes_an_event_asked_first_and_its_card_opens_nothing(app, client, desk):
    client.post(f"{desk}/start")
    link = card_links(client, desk)[0]
    asked = client.get(f"{desk}/delete").get_data(as_text=True)
    assert "its 3 games with their 0 rounds, to Removals" in asked
    assert "its 6 entries" in asked
    refused = client.post(f"{desk}/delete", data={"reason": " "})
    assert refused.status_code == 400 and client.get(desk).status_code == 200
    done = client.post(f"{desk}/delete", data={"reason": "a test event"})
    assert done.status_code == 302 and done.headers["Location"] == "/events"
    listed = client.get("/events").get_data(as_text=True)
    assert "Tuesday club is deleted; its 3 games are in Removals." in listed
    assert client.get(desk).status_code == 404
    assert client.get(link).status_code == 404
    removed = client.get("/removals").get_data(as_text=True)
    assert removed.count("(its event deleted)</strong>") == 3
