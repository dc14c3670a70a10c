"""Every built-in game runs as an event, with its house rules (a saved rule set, a
lower target, deals a turn), and the form refuses a combination the tables could
not play, with the reason beside the field concerned and nothing stored."""

import json
import re

import pytest

from scorekeeper.data.connection import connect

PAIRS = "Ann & Bea\nCy & Di\nEd & Flo\nGus & Hal"
TEN = "\n".join(["Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo"])


def make_event(client, **change):
    form = {
        "name": "Tuesday club",
        "day": "2026-11-24",
        "variant": "hand-and-foot",
        "movement": "mitchell",
        "first_turn": "list",
        "turns": "2",
        "deals": "0",
        "target": "0",
        "win": "2",
        "draw": "1",
        "loss": "0",
        "bye": "win",
        "minutes": "0",
        "entries": PAIRS,
        **change,
    }
    return client.post("/events/new", data=form)


def first_game(app, client, made):
    """Start turn 1 of the event just made; its first table's game as stored."""
    assert made.status_code == 302, made.get_data(as_text=True)
    desk = made.headers["Location"]
    assert client.post(f"{desk}/start").status_code == 302
    assert "Turn 1 started" in client.get(desk).get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    try:
        found = db.execute(
            "SELECT variant, sides, players, options FROM games g JOIN "
            "event_games eg ON eg.game_id = g.id ORDER BY eg.table_no"
        ).fetchone()
    finally:
        db.close()
    variant, sides, players, options = found
    return variant, json.loads(sides), players, json.loads(options)


# the form's changes; the game every table plays: variant, sides, players, options
ACCEPTED = [
    pytest.param(
        {"variant": "classic", "target": "2000"},
        ("classic", 2, 4, {"target": 2000}),
        id="Canasta to 2000",
    ),
    pytest.param(
        {"variant": "weeping", "movement": "swiss"},
        ("weeping", 2, 4, {}),
        id="Weeping, a whole game, Swiss",
    ),
    pytest.param(
        {"variant": "samba-foot", "deals": "2"},
        ("samba-foot", 2, 4, {"rounds": 2}),
        id="Samba-foot, 2 deals a turn",
    ),
    pytest.param(
        {"variant": "hand-and-foot", "deals": "1", "movement": "swiss", "first_turn": "draw"},
        ("hand-and-foot", 2, 4, {"rounds": 1}),
        id="Hand and Foot, 1 deal, Swiss drawn",
    ),
    pytest.param(
        {"variant": "five-person", "movement": "rotating", "entries": TEN},
        ("five-person", 5, 5, {}),
        id="Five-person, five alone at a table",
    ),
    pytest.param(
        {"variant": "classic", "movement": "howell", "turns": "3"},
        ("classic", 2, 4, {}),
        id="Canasta, a complete Howell of four pairs",
    ),
    pytest.param(
        {"variant": "classic", "movement": "rotating", "entries": TEN[:-7]},
        ("classic", 2, 4, {}),
        id="Canasta, rotating partners",
    ),
]


@pytest.mark.parametrize(("change", "expected"), ACCEPTED)
def test_every_game_runs_as_an_event(app, client, change, expected):
    variant, sides, players, options = first_game(app, client, make_event(client, **change))
    assert (variant, len(sides), players, options) == expected


def test_a_saved_rule_set_is_the_events_house_rules(app, client):
    page = client.get("/events/new").get_data(as_text=True)
    (choice,) = re.findall(r'<option value="(set-\d+)">Standard Canasta</option>', page)
    made = make_event(client, variant=choice, target="3000")
    variant, _, _, options = first_game(app, client, made)
    assert variant == "classic" and options["target"] == 3000
    assert options["red_threes_all_bonus"] == 800 and options["going_out"] == 100


# the form's changes; the field the reason stands beside; the reason
REFUSED = [
    pytest.param(
        {"variant": "classic", "deals": "2"},
        "deals",
        "ends at a target score",
        id="Canasta by deals",
    ),
    pytest.param(
        {"variant": "weeping", "deals": "1"},
        "deals",
        "ends at a target score",
        id="Weeping by deals",
    ),
    pytest.param(
        {"variant": "five-person"},
        "movement",
        "is not played by two sides of 2",
        id="Five-person in pairs",
    ),
    pytest.param(
        {"variant": "five-person", "movement": "rotating", "entries": "Ann\nBea\nCy"},
        "turns",
        "needs at least 5 players",
        id="Five-person, three players",
    ),
    pytest.param(
        {"variant": "samba-foot", "target": "2000"},
        "target",
        "ends after a number of deals",
        id="Samba-foot to a target",
    ),
    pytest.param(
        {"movement": "swiss", "turns": "3"},
        "turns",
        "can promise 2 turns",
        id="Swiss of 4, 3 turns",
    ),
    pytest.param(
        {"movement": "howell", "turns": "4"},
        "turns",
        "a Howell has at most 3 turns",
        id="Howell of 4, 4 turns",
    ),
    pytest.param(
        {"movement": "howell", "entries": "Ann & Bea\nCy & Di"},
        "turns",
        "a Howell is for 3 to 16 pairs",
        id="Howell of 2",
    ),
    pytest.param(
        {"variant": "classic", "target": "7"},
        "target",
        "multiples of 5",
        id="a target not in fives",
    ),
]


@pytest.mark.parametrize(("change", "field", "reason"), REFUSED)
def test_a_combination_the_tables_cannot_play_is_refused_beside_its_field(
    client, change, field, reason
):
    refused = make_event(client, **change)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    (said,) = re.findall(rf'<span class="error" id="{field}-error">([^<]*)</span>', page)
    assert reason in said
    assert 'value="Tuesday club"' in page  # what was typed stays
    assert "Tuesday club" not in client.get("/events").get_data(as_text=True)
