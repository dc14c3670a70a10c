"""Series and carry-over pages, and a player's own results: the figures shown are
the data layer's, bad input is shown beside its field with what was typed, and
nothing is stored from it; only a director changes anything."""

import re

import pytest

from scorekeeper.data import settings
from scorekeeper.data.connection import connect
from scorekeeper.data.events import changes, events, series
from scorekeeper.data.games import players
from scorekeeper.web.http import security
from tests.data import series_helpers


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


@pytest.fixture
def sessions(db):
    return series_helpers.two_sessions(db)


def direct(client, db, event_id):
    """This browser the event's director (as the browser that made it is)."""
    key = security.director_key(events.event(db, event_id))
    with client.session_transaction() as session:
        session["scorer"] = [f"{key}:{security.fingerprint(None)}"]


def new_series(client, sessions, **change):
    form = {
        "name": "Autumn ladder",
        "counting": "best",
        "best": "1",
        "counts": "place",
        "table": "10 8 6 4",
        "events": [str(e) for e in sessions],
        **change,
    }
    return client.post("/series/new", data=form)


def cells(page):
    """Each standings row of the series page: its cells' text."""
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    return [
        [
            re.sub(r"<[^>]+>", "", c).strip()
            for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r, re.S)
        ]
        for r in rows
    ]


def test_a_series_made_from_the_form_shows_its_standings(client, db, sessions):
    made = new_series(client, sessions)
    assert made.status_code == 302
    page = client.get(made.headers["Location"]).get_data(as_text=True)
    # By place, the best one of two: Ann 8 then 10 (the 10 counts), Gus 10 then 8;
    # Cy 6 then 4; Ivy 6 (the final only); Ed 4.
    assert cells(page)[:2] == [
        ["1", "Ann", "8", "10", "2", "10"],
        ["1", "Bea", "8", "10", "2", "10"],
    ]
    assert "<s>8</s>" in page and "<strong>10</strong>" in page  # dropped, counted
    assert ["7", "Ivy", "–", "6", "1", "6"] in cells(page)
    ann = next(p["id"] for p in players.all_players(db) if p["name"] == "Ann")
    assert f'href="/players/{ann}/results"' in page
    screen = client.get(made.headers["Location"] + "/screen").get_data(as_text=True)
    assert 'class="room-screen"' in screen and cells(screen) == cells(page)


@pytest.mark.parametrize(
    "change, field, message",
    [
        ({"name": ""}, "name", "This field is required."),
        ({"table": "10 eight"}, "table", "Give whole numbers"),
        ({"table": ""}, "table", "series points of each place"),
        ({"best": ""}, "best", "how many evenings count"),
        ({"best": "0"}, "best", "how many evenings count"),
        ({"events": ["999"]}, "events", "not a valid choice"),
    ],
)
def test_a_bad_series_is_shown_beside_the_field(client, db, sessions, change, field, message):
    refused = new_series(client, sessions, **change)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and message in page
    assert f'<span class="error" id="{field}-error">' in page
    if "table" in change:
        assert f'value="{change["table"]}"' in page  # what was typed, kept
    assert series.all_series(db) == []


def test_an_event_added_afterwards_needs_a_reason_and_a_director(app, client, db, sessions):
    first, final = sessions
    series_id = series.create_series(db, name="Ladder", counts="points", event_ids=[first])
    refused = client.post(f"/series/{series_id}", data={"event": str(final), "reason": ""})
    assert refused.status_code == 400 and 'id="reason-error"' in refused.get_data(as_text=True)
    assert len(series.series_events(db, series_id)) == 1
    added = client.post(f"/series/{series_id}", data={"event": str(final), "reason": "the final"})
    assert added.status_code == 302 and len(series.series_events(db, series_id)) == 2
    assert changes.history(db, final)[0]["reason"] == "the final"
    settings.set_app_passphrase_hash(db, security.hash_passphrase("club secret"))
    stranger = app.test_client()
    assert stranger.post("/series/new", data={"name": "Mine"}).status_code == 403
    assert stranger.post(f"/series/{series_id}", data={"event": "1"}).status_code == 403
    assert stranger.get(f"/series/{series_id}").status_code == 200  # everyone may watch


def test_a_carry_over_chosen_on_its_page_is_a_column_of_the_standings(client, db, sessions):
    first, final = sessions
    assert client.get(f"/events/{final}/carry").status_code == 403  # the director's alone
    direct(client, db, final)
    page = client.get(f"/events/{final}/carry").get_data(as_text=True)
    assert f'<option selected value="{first}">' in page and 'value="50"' in page
    refused = client.post(
        f"/events/{final}/carry", data={"source": first, "percent": "0", "reason": "more"}
    )
    assert refused.status_code == 400 and 'id="percent-error"' in refused.get_data(as_text=True)
    assert events.event(db, final)["carry_percent"] == 50
    done = client.post(
        f"/events/{final}/carry", data={"source": first, "percent": "100", "reason": "all of it"}
    )
    assert done.status_code == 302 and events.event(db, final)["carry_percent"] == 100
    board = client.get(f"/events/{final}/standings").get_data(as_text=True)
    assert "Carried" in board
    # All carried: the Bees 3 + 1, Gus & Hal 3 + 1, Ivy & Jo 0 + 2 (a margin of +50),
    # Cy & Di 2 + 0 (-50).
    assert [row[2:4] for row in cells(board)] == [["3", "4"], ["3", "4"], ["0", "2"], ["2", "2"]]
    rows = client.get(f"/events/{final}/standings.csv").get_data(as_text=True).splitlines()
    assert rows[:2] == [
        "Place,Entry,Players,Carried,Points,Played,Won,Byes,Margin,Turn 1,Turn 2",
        "1,The Bees,Bea & ann,3,4,1,0,0,0,1,",  # the turn's own point, the carried apart
    ]
    kept = client.get(f"/events/{final}/standings.json").get_json()["standings"]
    assert [(r["entry"], r["carried"], r["points"]) for r in kept][:2] == [
        ("The Bees", 3, 4),
        ("Gus & Hal", 3, 4),
    ]


def test_a_players_results_page_shows_the_standings_figures(client, db, sessions):
    first, final = sessions
    bea = next(p["id"] for p in players.all_players(db) if p["name"] == "Bea")
    board = client.get(f"/events/{final}/standings").get_data(as_text=True)
    assert f'<a href="/players/{bea}/results">Bea</a>' in board  # a name leads to it
    page = client.get(f"/players/{bea}/results").get_data(as_text=True)
    assert "Results of Bea" in page and "Place 1 of 4" in page and "Place 2 of 4" in page
    assert "event points: 2.5" in page and "carried: 1.5" in page
    assert "against Ed &amp; Flo" in page and "100 – 50" in page
    assert "Autumn" not in page and f'href="/players/{bea}/results"' in client.get(
        f"/players/{bea}"
    ).get_data(as_text=True)
    assert client.get("/players/9999/results").status_code == 404
