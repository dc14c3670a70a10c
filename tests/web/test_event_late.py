"""A late arrival and a substitute through the pages: refusals beside the field
with what was typed kept and nothing stored, a second tap harmless, the
standings and the event's history saying what happened."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import events
from tests.web.test_events import make_event


@pytest.fixture
def desk(client):
    made = make_event(client)
    assert made.status_code == 302
    return made.headers["Location"]


def entries(app, desk):
    db = connect(app.config["DATABASE"])
    try:
        return events.entries_of(db, int(desk.rsplit("/", 1)[1]))
    finally:
        db.close()


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "Name the pair or the player."),
        ("Ann &amp; Bea", "two entries have the same name"),
        ("Cy &amp; Zed", "Cy plays in this event already"),
        ("Zoe &amp; zoe", "Zoe is twice in Zoe &amp; zoe: each player once"),
        ("Solo", "every pair or team has the same number of players"),
    ],
)
def test_a_late_entry_refused_beside_its_field_with_what_was_typed(
    app, client, desk, typed, message
):
    typed = typed.replace("&amp;", "&")
    refused = client.post(f"{desk}/late", data={"entry": typed, "reason": "why not"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    field = re.search(r'<div class="field invalid">.*?</div>', page, re.S).group(0)
    assert 'name="entry"' in field and message in field
    assert 'value="why not"' in page
    assert len(entries(app, desk)) == 6


def test_a_late_pair_plays_from_the_next_turn_and_a_second_tap_changes_nothing(app, client, desk):
    client.post(f"{desk}/start")
    for _ in range(2):  # a double tap
        sent = client.post(f"{desk}/late", data={"entry": "Qu & Ro", "reason": "train late"})
        assert sent.status_code == 302
    page = client.get(desk).get_data(as_text=True)
    assert "Qu &amp; Ro plays from turn 2." in page
    assert 'Qu &amp; Ro <small class="entry-note">(plays from turn 2)</small>' in page
    assert [e["name"] for e in entries(app, desk)].count("Qu & Ro") == 1
    history = client.get(f"{desk}/history").get_data(as_text=True)
    assert history.count("Qu &amp; Ro joined, from turn 2") == 1 and "“train late”" in history


def test_no_late_entry_once_the_last_turn_has_started(app, client, desk):
    client.post(f"{desk}/start")
    db = connect(app.config["DATABASE"])
    try:
        event_id = int(desk.rsplit("/", 1)[1])
        db.execute("UPDATE events SET turns = 1 WHERE id = ?", [event_id])
    finally:
        db.close()
    refused = client.post(f"{desk}/late", data={"entry": "Qu & Ro"})
    assert refused.status_code == 400
    assert "the last turn has started" in refused.get_data(as_text=True)


def test_a_substitute_is_seated_and_the_standings_say_so(app, client, desk):
    client.post(f"{desk}/start")
    form = {"player": "0:Bea", "substitute": "Zed", "length": "turn", "reason": ""}
    for _ in range(2):
        assert client.post(f"{desk}/substitutes", data=form).status_code == 302
    page = client.get(desk).get_data(as_text=True)
    assert "Zed sits in for Bea from turn 1." in page
    assert "Zed for Bea (turn 1)" in page
    assert len(entries(app, desk)[0]["substitutes"]) == 1
    history = client.get(f"{desk}/history").get_data(as_text=True)
    assert history.count("Zed sat in for Bea (Ann &amp; Bea) at turn 1") == 1


@pytest.mark.parametrize(
    ("form", "field", "message"),
    [
        ({"player": "0:Bea", "substitute": ""}, "substitute", "Give the substitute"),
        ({"player": "0:Bea", "substitute": "Cy"}, "substitute", "Cy plays in this event"),
        ({"player": "0:Zed", "substitute": "Zed"}, "player", "Not a valid choice"),
    ],
)
def test_a_substitute_refused_beside_its_field(app, client, desk, form, field, message):
    refused = client.post(f"{desk}/substitutes", data={"length": "rest", **form})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    shown = re.search(r'<div class="field invalid">.*?</div>', page, re.S).group(0)
    assert f'name="{field}"' in shown and message in shown
    assert f'value="{form["substitute"]}"' in page or not form["substitute"]
    assert all(not e["substitutes"] for e in entries(app, desk))


def test_the_paper_the_cards_and_the_live_stamp_follow_a_late_pair_and_a_substitute(
    app, client, desk
):
    client.post(f"{desk}/start")
    client.post(f"{desk}/late", data={"entry": "Qu & Ro"})
    before = client.get(f"{desk}/standings").headers.get("ETag")
    assert before  # the big screen's poll: a substitute named changes it
    form = {"player": "2:Flo", "substitute": "Zed", "length": "rest"}
    client.post(f"{desk}/substitutes", data=form)
    assert client.get(f"{desk}/standings").headers.get("ETag") != before
    for path, said in [
        ("print", "Zed for Flo (from turn 1)"),
        ("scorecards", "(plays from turn 2)"),
        ("guide-cards", "Qu &amp; Ro"),
        ("cards", "planned afresh: each pair"),
    ]:
        page = client.get(f"{desk}/{path}")
        assert page.status_code == 200 and said in page.get_data(as_text=True), path
