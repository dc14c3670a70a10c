"""A turn not started, paired by the director by hand, whatever the movement: kept
in the plan and played as set, with a line in the event's history; a pairing the
tables could not play is refused with the reason beside each entry concerned and
nothing stored; a rematch is allowed, and said."""

import json
import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import events
from tests.web.test_event_undo import event_id_of
from tests.web.test_events import make_event

# Mitchell of six pairs, two turns: turn 1 seats 0-3, 1-4, 2-5; turn 2 0-5, 1-3, 2-4.
NAMES = ["Ann & Bea", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo", "Kit & Lu"]


def plan_of(app, event_id):
    db = connect(app.config["DATABASE"])
    try:
        found = events.event(db, event_id)
        history = [r["action"] for r in db.query("SELECT action FROM event_changes")]
        return [
            [list(map(list, t)) for t in turn.tables] + [turn.byes] for turn in found["plan"]
        ], history
    finally:
        db.close()


def page_of(client, desk, turn):
    return client.get(f"{desk}/turns/{turn}/pairing")


def send(client, desk, turn, seats, reason="a pair asked to meet the new members", **more):
    """Post the pairing: ``seats`` by entry number ("1-0": table 1, North-South)."""
    page = page_of(client, desk, turn).get_data(as_text=True)
    (basis,) = re.findall(r'name="basis" type="hidden" value="([^"]*)"', page)
    form = {f"seat-{e}": s for e, s in seats.items()} | {"reason": reason, "basis": basis}
    return client.post(f"{desk}/turns/{turn}/pairing", data=form | more)


def test_the_page_lists_the_planned_tables_and_starts_each_entry_at_its_seat(client, desk):
    page = page_of(client, desk, 1).get_data(as_text=True)
    assert "Table 1: Ann &amp; Bea – Gus &amp; Hal" in page
    assert re.search(r'<option selected value="1-1">Table 1, East-West</option>', page)
    assert 'name="seat-3"' in page and "Sits out (a bye)" in page
    assert "Pair turn 1 by hand" in client.get(desk).get_data(as_text=True)


def test_a_pairing_by_hand_is_kept_in_the_plan_played_and_in_the_history(app, client, desk):
    seats = {0: "1-0", 1: "1-1", 2: "2-0", 3: "2-1", 4: "3-0", 5: "3-1"}
    sent = send(client, desk, 1, seats)
    assert sent.status_code == 302
    plan, history = plan_of(app, event_id_of(desk))
    assert plan[0] == [[[0], [1]], [[2], [3]], [[4], [5]], []]
    assert plan[1] == [[[0], [5]], [[1], [3]], [[2], [4]], []]  # turn 2 as the movement had it
    assert history == ["paired"]
    page = client.get(sent.headers["Location"]).get_data(as_text=True)
    assert "Turn 1 is paired as you set it." in page and "A rematch" not in page
    said = client.get(f"{desk}/history").get_data(as_text=True)
    assert "Turn 1 paired by hand" in said and "a pair asked to meet the new members" in said
    assert client.post(f"{desk}/start").status_code == 302
    db = connect(app.config["DATABASE"])
    try:
        tables = events.tables(db, event_id_of(desk), 1)
    finally:
        db.close()
    assert [t["sides"] for t in tables] == [NAMES[0:2], NAMES[2:4], NAMES[4:6]]


def test_a_rematch_is_allowed_and_said(app, client, desk):
    seats = {0: "1-0", 1: "2-0", 2: "3-0", 3: "1-1", 4: "2-1", 5: "3-1"}  # turn 1 again
    sent = send(client, desk, 2, seats)
    assert sent.status_code == 302
    page = client.get(sent.headers["Location"]).get_data(as_text=True)
    assert "A rematch: Ann &amp; Bea and Gus &amp; Hal meet in turn 1 too." in page
    assert page.count("A rematch:") == 6  # three said on sending, three on the page
    plan, _ = plan_of(app, event_id_of(desk))
    assert plan[1] == plan[0]


# seats sent (the others as planned: 0-3, 1-4, 2-5), the entries with a reason beside
# them, what it says
REFUSED = [
    pytest.param(
        {0: "1-0", 1: "1-0"},
        [0, 1, 4],
        "table 1: more on this side than it takes (1)",
        id="a side twice, and the table left short",
    ),
    pytest.param({5: "bye"}, [2], "table 3 is not full: it seats 2, not 1", id="a table half full"),
    pytest.param({0: "4-0", 3: "4-1"}, [0, 3], "Not a valid choice", id="a table not there"),
    pytest.param({0: "1-7"}, [0], "Not a valid choice", id="a side not there"),
]


@pytest.mark.parametrize(("seats", "beside", "said"), REFUSED)
def test_a_pairing_the_tables_cannot_play_is_refused_beside_the_entry(
    app, client, desk, seats, beside, said
):
    before = plan_of(app, event_id_of(desk))
    planned = {0: "1-0", 3: "1-1", 1: "2-0", 4: "2-1", 2: "3-0", 5: "3-1"}
    refused = send(client, desk, 1, planned | seats)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    marked = re.findall(r'<span class="error" id="seat-(\d+)-error">([^<]*)</span>', page)
    if beside:
        assert {int(e) for e, _ in marked} == set(beside)
    assert any(said in text for _, text in marked)
    assert plan_of(app, event_id_of(desk)) == before  # nothing stored


def test_two_byes_leaving_a_table_empty_between_tables_used_names_the_later_one(client, desk):
    seats = {0: "1-0", 3: "1-1", 1: "bye", 4: "bye", 2: "3-0", 5: "3-1"}
    page = send(client, desk, 1, seats).get_data(as_text=True)
    marked = dict(re.findall(r'<span class="error" id="seat-(\d+)-error">([^<]*)</span>', page))
    assert set(marked) == {"2", "5"}
    assert "table 3 is used while a table before it is empty" in marked["2"]


def test_no_reason_a_stale_page_or_a_started_turn_is_refused(app, client, desk):
    planned = {0: "1-0", 3: "1-1", 1: "2-0", 4: "2-1", 2: "3-0", 5: "3-1"}
    before = plan_of(app, event_id_of(desk))
    no_reason = send(client, desk, 1, planned, reason=" ")
    assert no_reason.status_code == 400
    assert 'id="reason-error"' in no_reason.get_data(as_text=True)
    stale = send(client, desk, 1, planned, basis="not the plan")
    assert stale.status_code == 400
    assert "the plan changed meanwhile" in stale.get_data(as_text=True)
    assert plan_of(app, event_id_of(desk)) == before
    assert client.post(f"{desk}/start").status_code == 302
    started = page_of(client, desk, 1)
    assert started.status_code == 404 and "cannot be paired by hand" in started.get_data(
        as_text=True
    )
    assert page_of(client, desk, 3).status_code == 404  # the event has two turns


def test_a_swiss_next_turn_starts_from_the_standings_and_is_kept_as_set(app, client):
    desk = make_event(client, movement="swiss").headers["Location"]
    page = page_of(client, desk, 1).get_data(as_text=True)
    assert "Table 1: Ann &amp; Bea – Cy &amp; Di" in page  # by the list
    assert page_of(client, desk, 2).status_code == 404  # paired by the results of turn 1
    seats = {0: "3-1", 1: "bye", 2: "1-0", 3: "1-1", 4: "2-0", 5: "2-1"}  # a bye: table 3 short
    assert send(client, desk, 1, seats).status_code == 400
    seats = {0: "3-1", 1: "3-0", 2: "1-0", 3: "1-1", 4: "2-0", 5: "2-1"}
    assert send(client, desk, 1, seats).status_code == 302
    plan, _ = plan_of(app, event_id_of(desk))
    assert plan == [[[[2], [3]], [[4], [5]], [[1], [0]], []]]
    assert client.post(f"{desk}/start").status_code == 302
    plan, _ = plan_of(app, event_id_of(desk))
    assert len(plan) == 1 and plan[0][2] == [[1], [0]]


def test_tables_of_five_seat_five_alone_and_a_withdrawn_player_is_not_offered(app, client):
    players = "\n".join(["Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus"])
    made = make_event(
        client, variant="five-person", movement="rotating", entries=players, deals="0"
    )
    desk = made.headers["Location"]
    page = page_of(client, desk, 1).get_data(as_text=True)
    assert "Table 1, seat 5" in page and "North-South" not in page
    withdrawn = {"entry": "6", "reason": "went home"}
    assert client.post(f"{desk}/withdraw", data=withdrawn).status_code == 302
    page = page_of(client, desk, 1).get_data(as_text=True)
    assert 'name="seat-6"' not in page and 'name="seat-5"' in page
    seats = {0: "bye", 1: "1-0", 2: "1-1", 3: "1-2", 4: "1-3", 5: "1-4"}
    assert send(client, desk, 1, seats).status_code == 302
    plan, _ = plan_of(app, event_id_of(desk))
    assert plan[0] == [[[1], [2], [3], [4], [5]], [0]]


def test_the_history_and_the_stored_plan_are_json_the_start_reads(app, client, desk):
    send(client, desk, 2, {0: "1-0", 1: "1-1", 2: "2-0", 3: "2-1", 4: "3-0", 5: "3-1"})
    db = connect(app.config["DATABASE"])
    try:
        stored = json.loads(db.execute("SELECT plan FROM events").fetchone()[0])
        detail = json.loads(db.execute("SELECT detail FROM event_changes").fetchone()[0])
    finally:
        db.close()
    assert stored[1] == {"tables": [[[0], [1]], [[2], [3]], [[4], [5]]], "byes": []}
    assert detail == {"turn": 2, "rematches": 0}
