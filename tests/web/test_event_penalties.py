"""Byes, penalties, named victory-point tables and handicaps from the pages: the
new event's form (bad input beside the field, what was typed kept, nothing stored),
a penalty given and removed from the desk with its reason (in the standings, on the
scorecard, in the history), and the standings' raw, handicap and net columns."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import events
from scorekeeper.data.games import rounds
from tests.web.test_events import make_event

HANDICAPPED = "Ann & Bea (+2)\nCy & Di\nEd & Flo (-1)\nGus & Hal\nIda & Jo\nKit & Lu (+3)"


@pytest.fixture
def started(app, client):
    made = make_event(client, scale="vp", named="burraco-3", handicap="points", entries=HANDICAPPED)
    desk = made.headers["Location"]
    client.post(f"{desk}/start")
    event_id = int(desk.rsplit("/", 1)[1])
    db = connect(app.config["DATABASE"])
    yield desk, event_id, db, events.tables(db, event_id, 1)
    db.close()


def finish(db, table, ns, ew):
    one, other = table["sides"]
    rounds.add_round(db, table["game_id"], {one: {"meld_points": ns}, other: {"meld_points": ew}})


def rows_of(page):
    """Each standings row's cells after the place: name, then the figures."""
    found = re.findall(r"<tr><td>\d+</td><th scope=\"row\">(.*?)</th>(.*?)</tr>", page)
    found = [(re.sub(r"<[^>]+>", "", name), cells) for name, cells in found]  # links left out
    cell = r'<td class="number[^"]*">(?:<strong>)?([^<]*)'
    return {name: re.findall(cell, cells) for name, cells in found}


@pytest.mark.parametrize(
    ("change", "field", "said"),
    [
        ({"bye": "fixed", "bye_worth": ""}, "bye_worth", "Say what a fixed bye is worth."),
        ({"bye": "fixed", "bye_worth": "5000"}, "bye_worth", "Number must be between"),
        ({"bye": "sometimes"}, "bye", "Not a valid choice"),
        ({"handicap": "luck"}, "handicap", "Not a valid choice"),
        ({"named": "fibur-9", "scale": "vp"}, "named", "Not a valid choice"),
        (
            {"handicap": "cards", "entries": HANDICAPPED.replace("(+2)", "(+20000)")},
            "entries",
            "at most 10000 either way",
        ),
    ],
    ids=[
        "fixed-bye-without-worth",
        "fixed-bye-too-big",
        "unknown-bye",
        "unknown-handicap",
        "unknown-named-table",
        "handicap-too-big",
    ],
)
def test_a_bad_new_event_is_refused_beside_the_field(client, change, field, said):
    refused = make_event(client, **change)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and said in page
    assert re.search(rf'<div class="field invalid">\s*<label for="{field}"', page), field
    assert "Tuesday club" not in client.get("/events").get_data(as_text=True)


@pytest.mark.parametrize(
    ("change", "stored"),
    [
        ({"bye": "fixed", "bye_worth": "7"}, ("fixed", 7, "", [0] * 6)),
        ({"bye": "average"}, ("average", 0, "", [0] * 6)),
        ({"handicap": "points", "entries": HANDICAPPED}, ("win", 0, "points", [2, 0, -1, 0, 0, 3])),
        (
            {"handicap": "cards", "entries": HANDICAPPED.replace("(+2)", "(+150)")},
            ("win", 0, "cards", [150, 0, -1, 0, 0, 3]),
        ),
        ({"handicap": "ratings"}, ("win", 0, "ratings", [0] * 6)),  # nobody rated: all level
    ],
    ids=["fixed-bye", "average-bye", "points-handicap", "cards-handicap", "ratings-handicap"],
)
def test_each_bye_and_handicap_is_kept_as_chosen(app, client, change, stored):
    made = make_event(client, **change)
    assert made.status_code == 302
    db = connect(app.config["DATABASE"])
    try:
        event_id = int(made.headers["Location"].rsplit("/", 1)[1])
        found = events.event(db, event_id)
        given = [e["handicap"] for e in events.entries_of(db, event_id)]
        assert (found["bye"], found["bye_worth"], found["handicap"], given) == stored
        assert "(" not in " ".join(e["name"] for e in events.entries_of(db, event_id))
    finally:
        db.close()


def test_a_named_table_is_the_scale(client, started):
    desk, event_id, db, tables = started
    for table, (ns, ew) in zip(tables, [(600, 50), (100, 100), (100, 45)], strict=True):
        finish(db, table, ns, ew)
    found = events.event(db, event_id)
    assert found["scale"]["named"] == "burraco-3"
    assert found["scale"]["table"][:2] == [[0, 10, 10], [55, 11, 9]]  # the rows, for the sheet
    lines = {line.entry: line for line in events.event_standings(db, found)}
    # Ann & Bea beat Gus & Hal by 550: 15-5 on the 3-deal table, then their handicaps
    assert (lines[0].raw, lines[0].handicap, lines[0].points) == (15, 2, 17)
    assert (lines[3].raw, lines[3].handicap, lines[3].points) == (5, 0, 5)
    # Ed & Flo beat Kit & Lu by 55: 11-9
    assert (lines[2].points, lines[5].points) == (10, 12)
    board = rows_of(client.get(f"{desk}/standings").get_data(as_text=True))
    assert board["Ann &amp; Bea"][:3] == ["15", "+2", "17"]  # raw, handicap, net
    assert board["Kit &amp; Lu"][:3] == ["9", "+3", "12"]


def test_a_penalty_from_the_desk_refused_then_given_then_removed(client, started):
    desk, event_id, db, tables = started
    finish(db, tables[0], 600, 50)
    url = f"{desk}/tables/{tables[0]['game_id']}"
    for bad, said in [
        (
            {"penalty-entry": "0", "penalty-points": "0", "penalty-reason": "slow play"},
            "Number must be between 1 and 1000",
        ),
        ({"penalty-entry": "0", "penalty-points": "2", "penalty-reason": ""}, "Say why"),
        (
            {"penalty-entry": "1", "penalty-points": "2", "penalty-reason": "not at this table"},
            "Not a valid choice",
        ),
    ]:
        refused = client.post(f"{url}/penalty", data=bad)
        page = refused.get_data(as_text=True)
        assert refused.status_code == 400 and said in page, bad
        assert f'value="{bad["penalty-reason"]}"' in page  # what was typed is kept
    assert events.penalties_of(db, event_id) == []  # nothing stored
    given = client.post(
        f"{url}/penalty",
        data={"penalty-entry": "0", "penalty-points": "3", "penalty-reason": "slow play"},
    )
    assert given.status_code == 302
    board = rows_of(client.get(f"{desk}/standings").get_data(as_text=True))
    assert board["Ann &amp; Bea"][:4] == ["15", "−3", "+2", "14"]  # raw, penalty, handicap, net
    cards = client.get(f"/events/{event_id}/scorecards").get_data(as_text=True)
    assert "(penalty −3)" in cards
    page = client.get(url).get_data(as_text=True)
    assert "Ann &amp; Bea: 3 off, “slow play”" in page
    history = client.get(f"/events/{event_id}/history").get_data(as_text=True)
    assert "The director gave Ann &amp; Bea a penalty of 3 at table 1 of turn 1" in history
    assert "slow play" in history
    penalty_id = db.execute("SELECT id FROM event_penalties").fetchone()[0]
    remove = f"{url}/penalties/{penalty_id}/remove"
    assert client.post(remove, data={"remove-reason": ""}).status_code == 400
    assert client.post(remove, data={"remove-reason": "the clock was wrong"}).status_code == 302
    assert events.penalties_of(db, event_id) == []
    history = client.get(f"/events/{event_id}/history").get_data(as_text=True)
    assert "removed the penalty of 3 given to Ann &amp; Bea in turn 1" in history
    assert "the clock was wrong" in history
    again = client.post(remove, data={"remove-reason": "twice"})
    assert again.status_code == 400 and "removed already" in again.get_data(as_text=True)


def test_the_results_sheet_shows_raw_penalty_handicap_and_net(client, started):
    desk, event_id, db, tables = started
    finish(db, tables[0], 600, 50)
    url = f"{desk}/tables/{tables[0]['game_id']}"
    form = {"penalty-entry": "0", "penalty-points": "3", "penalty-reason": "slow play"}
    assert client.post(f"{url}/penalty", data=form).status_code == 302
    sheet = client.get(f"/events/{event_id}/print").get_data(as_text=True)
    heads = re.findall(r'<th scope="col">([^<]+)</th>', sheet)
    assert heads[3:7] == ["Raw", "Penalty", "Handicap", "Net"]
    row = re.search(r"Ann &amp; Bea</th>(.*?)</tr>", sheet).group(1)
    assert re.findall(r'<td class="number">(?:<strong>)?([^<]*)', row)[:4] == [
        "15",
        "−3",
        "+2",
        "14",
    ]


def test_the_json_export_has_raw_penalty_and_handicap(client, started):
    desk, event_id, db, tables = started
    finish(db, tables[0], 600, 50)
    url = f"{desk}/tables/{tables[0]['game_id']}"
    form = {"penalty-entry": "0", "penalty-points": "3", "penalty-reason": "slow play"}
    client.post(f"{url}/penalty", data=form)
    rows = client.get(f"/events/{event_id}/standings.json").get_json()["standings"]
    ann = next(r for r in rows if r["entry"] == "Ann & Bea")
    assert (ann["raw"], ann["penalty"], ann["handicap"], ann["points"]) == (15, 3, 2, 14)
